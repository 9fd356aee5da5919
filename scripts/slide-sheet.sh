#!/usr/bin/env bash
# Makes docs/screenshots/overlay-slow-motion.png from the frames the GTK test
# "slow motion: the edit-mode slide takes ten times as many frame-clock seconds…" keeps
# (ControllableTimeSourceTests.swift): the widget's own picture at frame-clock times (a
# fixed step a tick, SteppedFrameClock) since Ctrl+E, normal speed on the left, slow motion
# on the right, each labelled with its time.
#
#   POOLTABLE_SCREENSHOTS=/tmp/slides xvfb-run -a swift test --skip-build --filter slowMotionPauseStep
#   scripts/slide-sheet.sh /tmp/slides [OUT.png]
set -euo pipefail
IN="$1"; OUT="${2:-$(cd "$(dirname "$0")/.." && pwd)/docs/screenshots/overlay-slow-motion.png}"
WORK="$(mktemp -d /tmp/pooltable-slides.XXXXXX)"; trap 'rm -rf "$WORK"' EXIT
column() {   # column NAME TITLE: the frames of one run, in time order, labelled
    local f ms files=()
    for f in $(ls "$IN"/slide-"$1"-*ms.png | sort -t- -k3 -n); do
        ms="$(basename "$f" .png | sed 's/.*-\([0-9]*\)ms/\1/')"
        convert "$f" -crop 440x280+60+130 +repage -gravity north -background '#222' -fill white -font DejaVu-Sans \
            -pointsize 14 -splice 0x22 -annotate +0+3 "$2: $ms ms after the toggle" "$WORK/$1-$ms.png"
        files+=("$WORK/$1-$ms.png")
    done
    convert "${files[@]}" -append "$WORK/$1.png"
}
column normal "normal speed"
column slow "slow motion (0.1x)"
convert "$WORK/normal.png" -background '#222' -gravity east -splice 8x0 "$WORK/normal-gap.png"
convert "$WORK/normal-gap.png" "$WORK/slow.png" -background '#222' -gravity north +append +repage "$OUT"
echo "$OUT"
