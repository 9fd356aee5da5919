#!/usr/bin/env bash
# The News and Downloads screens in the real app (Xvfb when there is no display), driven
# with xdotool, with screenshots of the window for the docs:
#   news.png       the feed a moment after the ads arrived (inserted at rows 5, 12, 19, …)
#   news-jump.png  "Keep position" off, scrolled into the feed, Alt+I: before | after (the jump)
#   downloads.png  after "Start All" (Alt+S), scrolled into the list while bars fill
# and checks that each action changes the picture and the app stays alive
# (G_DEBUG=fatal-criticals). The frame-exact checks are the Swift tests in
# Tests/PoolTableGtkTests/ScreenGuiTests.swift; this is the app as a user sees it.
#
#   scripts/gui-screens.sh [OUT_DIR]      (default: docs/screenshots)
#
# Environment: POOLTABLE_BIN, SWIFT_BUILD_ARGS as for scripts/e2e-gui.sh.
set -uo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"
if [[ -z "${DISPLAY:-}" ]]; then
    if [[ -n "${POOLTABLE_SCREENS_XVFB:-}" ]]; then echo "FAIL: still no DISPLAY under xvfb-run"; exit 1; fi
    exec env POOLTABLE_SCREENS_XVFB=1 xvfb-run -a -s "-screen 0 1280x800x24" bash "$0" "$@"
fi
OUT="${1:-$REPO/docs/screenshots}"
WORK="$(mktemp -d /tmp/pooltable-screens.XXXXXX)"
mkdir -p "$OUT"

if [[ -n "${POOLTABLE_BIN:-}" ]]; then
    BIN="$POOLTABLE_BIN"
else
    # shellcheck disable=SC2086
    swift build ${SWIFT_BUILD_ARGS:-} --product pooltable 2>&1 | grep -v 'prohibited flag' | tail -n 2
    # shellcheck disable=SC2086
    BIN="$(swift build ${SWIFT_BUILD_ARGS:-} --show-bin-path)/pooltable"
fi
[[ -x "$BIN" ]] || { echo "FAIL: no app binary at $BIN"; exit 1; }
export G_DEBUG=fatal-criticals GTK_A11Y=none NO_AT_BRIDGE=1 GDK_BACKEND=x11

FAILED=0
pass() { echo "  PASS  $1"; }
fail() { echo "  FAIL  $1"; FAILED=$(( FAILED + 1 )); }
APP_PID=""
cleanup() { if [[ -n "$APP_PID" ]] && kill -0 "$APP_PID" 2>/dev/null; then kill "$APP_PID"; wait "$APP_PID" 2>/dev/null; fi; APP_PID=""; }
trap 'cleanup; rm -rf "$WORK"' EXIT

start_app() {   # start_app SCREEN: the app, its window focused, the pointer over the table
    "$BIN" --screen "$1" >"$WORK/$1.log" 2>&1 &
    APP_PID=$!
    WIN="$(timeout 20 xdotool search --sync --onlyvisible --name '^PoolTable$' 2>/dev/null | head -n 1)"
    [[ -n "$WIN" ]] || { fail "$1: window appears"; return 1; }
    xdotool windowmove "$WIN" 0 0 windowsize "$WIN" 900 700
    timeout 5 xdotool windowfocus --sync "$WIN" 2>/dev/null || xdotool windowfocus "$WIN"
    xdotool mousemove 450 400
}
shot() { import -window root -crop 900x700+0+0 +repage "$WORK/$1.png"; }
changed() {
    local n
    n="$(compare -metric AE "$WORK/$1.png" "$WORK/$2.png" null: 2>&1 >/dev/null | awk '{print $1}')"
    awk -v n="$n" 'BEGIN { printf "%d", n + 0 }'
}
expect_change() {   # expect_change LABEL BEFORE AFTER
    local n; n="$(changed "$2" "$3")"
    if (( n > 2000 )); then pass "$1 ($n pixels changed)"; else fail "$1 (only $n pixels changed)"; fi
}
alive() { if kill -0 "$APP_PID" 2>/dev/null; then pass "$1: still alive"; else fail "$1: the app died"; tail -n 20 "$WORK/$1.log"; fi; }

echo "== news"
if start_app news; then
    shot news-start                       # before the ad network answers (1 s after showing)
    sleep 2.2
    shot news-ads
    expect_change "ads arrive and are inserted at rows 5, 12, 19, …" news-start news-ads
    cp "$WORK/news-ads.png" "$OUT/news.png"
    # The jump the anchoring prevents: Keep position off, scroll into the feed, insert ads.
    xdotool key alt+k
    xdotool click --repeat 12 --delay 30 5
    sleep 0.8
    shot news-off-before
    xdotool key alt+i
    sleep 1
    shot news-off-after
    expect_change "with Keep position off, inserting ads moves the story being read" news-off-before news-off-after
    convert "$WORK/news-off-before.png" "$WORK/news-off-after.png" +append "$OUT/news-jump.png"
    alive news
    cleanup
fi

echo "== downloads"
if start_app downloads; then
    sleep 0.5
    shot downloads-start
    xdotool key alt+s
    sleep 1
    xdotool click --repeat 6 --delay 60 5
    sleep 1.5
    shot downloads-running
    expect_change "Start All, then scrolling: bars fill" downloads-start downloads-running
    sleep 1
    shot downloads-later
    expect_change "bars keep moving on the 100 ms downloader timer" downloads-running downloads-later
    cp "$WORK/downloads-later.png" "$OUT/downloads.png"
    alive downloads
    cleanup
fi

echo "== screenshots in $OUT: news.png news-jump.png downloads.png"
(( FAILED == 0 )) || { echo "== gui-screens: $FAILED check(s) failed"; exit 1; }
echo "== gui-screens: PASS"
