#!/usr/bin/env bash
# The debug overlay shows reuse happening (issue 15), in the real app under Xvfb
# (G_DEBUG=fatal-criticals), driven with xdotool and the debug bar's mnemonics:
#   overlay-reuse.png        Inbox, overlay on: before | after scrolling a few rows — numbered
#                            cells leave the top, wait in the pool, come back at the bottom
#   overlay-photos.png       the same on the photo grid
#   (slow motion, Alt+W: checked here in pixels; docs/screenshots/overlay-slow-motion.png
#    comes from the in-process GTK test's frames, see scripts/slide-sheet.sh, because
#    screen captures stall the X server and blur the timing)
#   overlay-pause-step.png   Engine panel: paused (Alt+U) | 1 s later | after Step (Alt+T)
#   overlay-chameleon.png    Engine panel on --rows 1000000: off | Chameleon layout (Alt+G, Alt+H) | off
# and checks that each action changes what it should (pixel comparisons of the crops).
#
#   scripts/gui-overlay.sh [OUT_DIR]      (default: docs/screenshots)
#
# Environment: POOLTABLE_BIN, SWIFT_BUILD_ARGS as for scripts/e2e-gui.sh.
set -uo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"
# shellcheck source=scripts/lib/gui-harness.sh
source "$REPO/scripts/lib/gui-harness.sh"
harness_need_display "$0" "$@"
harness_need_tools xdotool import compare convert
OUT="${1:-$REPO/docs/screenshots}"
WORK="$(mktemp -d /tmp/pooltable-overlay.XXXXXX)"
mkdir -p "$OUT"
harness_build_app
harness_app_env
export LANGUAGE=en LANG=C.UTF-8

W=1200; H=780
FAILED=0
pass() { echo "  PASS  $1"; }
fail() { echo "  FAIL  $1"; FAILED=$(( FAILED + 1 )); }
APP_PID=""
cleanup() { if [[ -n "$APP_PID" ]] && kill -0 "$APP_PID" 2>/dev/null; then kill "$APP_PID"; wait "$APP_PID" 2>/dev/null; fi; APP_PID=""; }
trap 'cleanup; rm -rf "$WORK"' EXIT

start_app() {   # start_app ARGS...: the app, its window focused, the overlay on
    "$BIN" "$@" >"$WORK/app.log" 2>&1 &
    APP_PID=$!
    WIN="$(timeout 20 xdotool search --sync --onlyvisible --name '^PoolTable$' 2>/dev/null | head -n 1)"
    [[ -n "$WIN" ]] || { fail "window appears ($*)"; return 1; }
    xdotool windowmove "$WIN" 0 0 windowsize "$WIN" $W $H
    timeout 5 xdotool windowfocus --sync "$WIN" 2>/dev/null || xdotool windowfocus "$WIN"
    xdotool mousemove 400 420
    sleep 0.8
    xdotool key ctrl+d
    sleep 0.8
}
alive() { kill -0 "$APP_PID" 2>/dev/null && pass "$1: the app is alive" || fail "$1: the app died ($(tail -n 3 "$WORK/app.log"))"; }
shot() { import -window root -crop ${W}x${H}+0+0 +repage "$WORK/$1.png"; }
# The Engine panel (top right of the overlay).
engine() { import -window root -crop 330x150+862+60 +repage "$WORK/$1.png"; }
differs() {   # differs A B: number of differing pixels
    compare -metric AE "$WORK/$1.png" "$WORK/$2.png" null: 2>&1 >/dev/null | awk '{ printf "%d", $1 + 0 }'
}
expect_change() {   # expect_change LABEL A B [MIN_PIXELS, default 200]
    local n; n="$(differs "$2" "$3")"; (( n > ${4:-200} )) && pass "$1 ($n px differ)" || fail "$1 (only $n px differ)"
}
# expect_close LABEL A B: at most a sliver differs (an animation's last frames under load).
expect_close() { local n; n="$(differs "$2" "$3")"; (( n < 1000 )) && pass "$1 ($n px differ)" || fail "$1 ($n px differ)"; }
expect_same() { local n; n="$(differs "$2" "$3")"; (( n == 0 )) && pass "$1" || fail "$1 ($n px differ)"; }
label() { convert "$WORK/$1.png" -gravity north -background '#222' -fill white -font DejaVu-Sans -pointsize 15 -splice 0x24 -annotate +0+3 "$2" "$WORK/$1-l.png"; }
# The Engine panel's last line: the engine clock's frame counter.
clockline() { import -window root -crop 330x16+862+186 +repage "$WORK/$1.png"; }
now_ms() { date +%s%3N; }
# slide NAME TITLE: toggles edit mode and shoots the zoomed rows at fixed offsets. The
# captures run in parallel (each started on schedule), so a slow capture on a busy machine
# does not push the next one back.
SLIDE_TIMES=(0 300 600 1200 1800 2400 3200)
slide() {
    local i t pids=()
    xdotool key ctrl+e
    for i in "${!SLIDE_TIMES[@]}"; do
        t=${SLIDE_TIMES[$i]}
        ( sleep "$(awk -v t="$t" 'BEGIN { print t / 1000 }')"
          import -window root -crop 580x230+140+225 +repage "$WORK/$1-$i.png" ) &
        pids+=($!)
    done
    wait "${pids[@]}"
    for i in "${!SLIDE_TIMES[@]}"; do label "$1-$i" "$2: ${SLIDE_TIMES[$i]} ms after Ctrl+E"; done
}

echo "== Watch the pool: Inbox, overlay on, scroll a few rows"
if start_app --screen inbox; then
    shot reuse-before
    for _ in 1 2 3 4 5 6; do xdotool click 5; sleep 0.15; done
    sleep 1
    shot reuse-after
    expect_change "scrolling moves numbered cells" reuse-before reuse-after
    label reuse-before "before: each cell labelled with its number, in its colour"
    label reuse-after "after a few rows: cells that left the top were recycled and came back at the bottom (see the log)"
    convert "$WORK/reuse-before-l.png" "$WORK/reuse-after-l.png" -append -resize 75% +repage "$OUT/overlay-reuse.png"
    cp "$WORK/reuse-after.png" "$OUT/overlay-watch-the-pool.png"

    echo "== slow motion: the edit-mode slide (0.25 s) at normal speed and at 0.1x"
    slide normal "normal speed"
    # (Captures stall the X server for a moment, so the app's frames lag a little behind the
    # labels; the exact timing is checked in-process by ControllableTimeSourceTests.)
    expect_same "normal speed: the slide (0.25 s) is over by 1200 ms" normal-3 normal-6
    xdotool key ctrl+e; sleep 1
    xdotool key alt+w; sleep 0.8
    slide slow "slow motion (0.1x)"
    expect_change "slow motion: still moving between 600 and 1800 ms" slow-2 slow-4
    expect_close "slow motion: (nearly) over by 3200 ms, where normal speed ended" slow-6 normal-6
    convert \( "$WORK"/normal-{0,1,2,3,4,5,6}-l.png -append \) \( "$WORK"/slow-{0,1,2,3,4,5,6}-l.png -append \) \
        -background '#222' +append -resize 80% +repage "$WORK/overlay-slow-motion-app.png"
    sleep 1

    echo "== pause and step"
    xdotool key ctrl+e; sleep 0.6          # a slide back, in slow motion
    xdotool key alt+u; sleep 0.5
    engine paused-a; clockline clock-a
    sleep 1
    engine paused-b; clockline clock-b
    expect_same "paused: the frame counter holds for a second" clock-a clock-b
    xdotool key alt+t; sleep 1.2   # a mnemonic activates a button after 250 ms
    engine stepped; clockline clock-c
    expect_change "Step advances the frame counter" clock-b clock-c 10   # one digit
    label paused-a "paused"; label paused-b "1 s later"; label stepped "after Step (Alt+T)"
    convert "$WORK/paused-a-l.png" "$WORK/paused-b-l.png" "$WORK/stepped-l.png" +append +repage "$OUT/overlay-pause-step.png"
    xdotool key alt+u; sleep 0.3; xdotool key alt+w; sleep 3
    alive "inbox"
    cleanup
fi

echo "== the photo grid"
if start_app --screen photos; then
    for _ in 1 2 3 4 5 6 7 8 9 10; do xdotool click 5; sleep 0.15; done
    sleep 1
    shot photos
    convert "$WORK/photos.png" -resize 75% +repage "$OUT/overlay-photos.png"
    alive "photos"
    cleanup
fi

echo "== the Chameleon replica on a million rows"
if start_app --rows 1000000; then
    step() { xdotool click 5; sleep 1.5; }
    step; engine cham-off-1
    # The switch is in the debug bar's Diagnostics popover (Alt+G), mnemonic Alt+H.
    chameleon() { xdotool key alt+g; sleep 0.6; xdotool key alt+h; sleep 0.4; xdotool key Escape; }
    chameleon; sleep 1.5; step; engine cham-on
    chameleon; sleep 1.5; step; engine cham-off-2
    expect_change "Chameleon on changes the Engine panel" cham-off-1 cham-on
    expect_change "Chameleon off changes it back" cham-on cham-off-2
    label cham-off-1 "off"; label cham-on "Chameleon layout on"; label cham-off-2 "off again"
    convert "$WORK/cham-off-1-l.png" "$WORK/cham-on-l.png" "$WORK/cham-off-2-l.png" +append +repage "$OUT/overlay-chameleon.png"
    alive "--rows 1000000"
    cleanup
fi

if (( FAILED > 0 )); then echo "FAILED: $FAILED check(s)"; exit 1; fi
echo "all overlay GUI checks passed; screenshots in $OUT"
