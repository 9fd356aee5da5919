#!/usr/bin/env bash
# The README's screenshots that no other script takes, from the real app under X (Xvfb when
# there is no display), driven with xdotool:
#   files.png                the Files screen (/usr/share) with two folders expanded
#   inbox-swipe-actions.png  an Inbox row dragged to the left: Archive and Delete revealed
#   downloads-move.png       Downloads in edit mode, a row lifted by its grip and held lower
#   overlay.png              the Inbox with the debug overlay on, after a few wheel clicks
# Each is cropped to the window and reduced to 256 colours. Look at them before committing.
# (inbox.png, edit-mode.png: scripts/gui-acceptance.sh --save-docs; news.png, downloads.png:
# scripts/gui-screens.sh; the rest of docs/screenshots: scripts/gui-overlay.sh and the tests.)
#
#   scripts/docs-screens.sh [OUT_DIR]      (default: docs/screenshots)
#
# Environment: POOLTABLE_BIN, SWIFT_BUILD_ARGS as for scripts/e2e-gui.sh.
set -uo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"
# shellcheck source=lib/gui-harness.sh
source "$REPO/scripts/lib/gui-harness.sh"
harness_need_display "$0" "$@"
harness_need_tools xdotool import convert
OUT="${1:-$REPO/docs/screenshots}"
mkdir -p "$OUT"
harness_build_app
harness_app_env
WORK="$(mktemp -d /tmp/pooltable-docs-screens.XXXXXX)"
trap 'stop_app; rm -rf "$WORK"' EXIT

APP_PID=""
start_app() {   # start_app WIDTH HEIGHT ARGS...: the app at 0,0, focused, the pointer over the table
    local width="$1" height="$2"; shift 2
    "$BIN" "$@" >"$WORK/app.log" 2>&1 &
    APP_PID=$!
    WIN="$(timeout 20 xdotool search --sync --onlyvisible --name '^PoolTable$' 2>/dev/null | head -n 1)"
    [[ -n "$WIN" ]] || { fail "window appears ($*)"; return 1; }
    xdotool windowmove "$WIN" 0 0 windowsize "$WIN" "$width" "$height"
    sleep 0.5
    timeout 5 xdotool windowfocus --sync "$WIN" 2>/dev/null || xdotool windowfocus "$WIN"
    xdotool mousemove 450 400
    sleep 1
}
stop_app() { if [[ -n "$APP_PID" ]] && kill -0 "$APP_PID" 2>/dev/null; then kill "$APP_PID"; wait "$APP_PID" 2>/dev/null; fi; APP_PID=""; }
shot() {   # shot NAME WIDTH HEIGHT
    import -window root -crop "${2}x${3}+0+0" +repage "$WORK/$1.png" \
        && convert "$WORK/$1.png" -dither None -colors 256 "PNG8:$OUT/$1.png" \
        && pass "$1.png" || fail "$1.png"
}

echo "== Files: two folders expanded"
if start_app 900 700 --screen files; then
    xdotool key Down sleep 0.3 key Right sleep 1.5 key Down sleep 0.2 key Down sleep 0.2 key Right sleep 1.5
    shot files 900 700
fi
stop_app

echo "== Inbox: a row swiped open"
if start_app 900 700 --screen inbox; then
    xdotool mousemove 700 220 sleep 0.2 mousedown 1 sleep 0.05
    for x in 680 660 640 620 600 580 560 540 520; do xdotool mousemove "$x" 222 sleep 0.03; done
    xdotool sleep 0.1 mouseup 1 sleep 1.0
    shot inbox-swipe-actions 900 700
fi
stop_app

echo "== Downloads: a row lifted by its grip"
if start_app 900 700 --screen downloads; then
    xdotool key alt+s sleep 1.5 key ctrl+e sleep 1
    xdotool mousemove 872 221 sleep 0.2 mousedown 1 sleep 0.3
    for y in 230 250 270 290 310 330 350 370 390 400; do xdotool mousemove 868 "$y" sleep 0.05; done
    sleep 0.8
    shot downloads-move 900 700
    xdotool mouseup 1
fi
stop_app

echo "== Inbox: the debug overlay"
if start_app 1100 720 --screen inbox; then
    xdotool key ctrl+d sleep 1.2 click --repeat 3 --delay 150 5 sleep 1.5
    shot overlay 1100 720
fi
stop_app

echo
echo "docs-screens: ${#PASSED[@]} passed, ${#FAILED[@]} failed (screenshots in $OUT)"
(( ${#FAILED[@]} == 0 ))
