#!/usr/bin/env bash
# GUI end-to-end check: runs the real app under X (Xvfb when there is no display),
# drives it with xdotool, and checks with screenshots that every action shows.
#
#   scripts/e2e-gui.sh
#
# Environment:
#   SWIFT_BUILD_ARGS   extra `swift build` arguments (e.g. "--scratch-path .build-shell")
#   POOLTABLE_BIN      use this binary instead of building
#   SHOTS_DIR          where screenshots go (default: shots/)
#   MIN_CHANGED_PIXELS how many pixels an action must change (default 500)
#
# Every GTK critical is fatal (G_DEBUG=fatal-criticals), so a wrong call crashes the app
# and the "still alive" checks catch it. Exits non-zero if any check fails.
set -uo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"

# shellcheck source=lib/gui-harness.sh
source "$REPO/scripts/lib/gui-harness.sh"
harness_need_display "$0" "$@"
harness_need_tools xdotool import compare

SHOTS="${SHOTS_DIR:-$REPO/shots}"
MIN_CHANGED="${MIN_CHANGED_PIXELS:-500}"
mkdir -p "$SHOTS"
rm -f "$SHOTS"/*.png "$SHOTS"/*.log


# --------------------------------------------------------------------------
harness_build_app
harness_app_env

# --------------------------------------------------------------------------
# Helpers

# start_app NAME ARGS...: starts the app, waits for its window, focuses it.
start_app() {
    local name="$1"; shift
    "$BIN" "$@" >"$SHOTS/$name.log" 2>&1 &
    APP_PID=$!
    WIN="$(timeout 20 xdotool search --sync --onlyvisible --name '^PoolTable$' 2>/dev/null | head -n 1)"
    if [[ -z "$WIN" ]]; then
        fail "$name: window appears"
        return 1
    fi
    pass "$name: window appears"
    timeout 5 xdotool windowfocus --sync "$WIN" 2>/dev/null || xdotool windowfocus "$WIN"
    # Put the pointer over the table (below the header bar) for the wheel.
    xdotool mousemove --window "$WIN" 450 400
    wait_stable "$name-start" || { fail "$name: the first frames settle"; return 1; }
}

shot() {  # shot FILE: screenshot of the whole screen
    import -window root "$SHOTS/$1.png"
}

# changed BEFORE AFTER: number of pixels that differ between two screenshots.
changed() {
    local n
    n="$(compare -metric AE "$SHOTS/$1.png" "$SHOTS/$2.png" null: 2>&1 >/dev/null | awk '{print $1}')"
    awk -v n="$n" 'BEGIN { printf "%d", n + 0 }'
}

# expect_change LABEL BEFORE AFTER
expect_change() {
    local n
    n="$(changed "$2" "$3")"
    if (( n > MIN_CHANGED )); then pass "$1 ($n pixels changed)"; else fail "$1 (only $n pixels changed, want > $MIN_CHANGED)"; fi
}

# wait_for_change LABEL BEFORE AFTER [SECONDS]: screenshots until the picture differs from
# BEFORE by more than MIN_CHANGED pixels (at most SECONDS, default 15), then until it stops
# changing (wait_stable), kept as AFTER: the action's end state, not a frame mid-animation.
wait_for_change() {
    local label="$1" before="$2" after="$3" seconds="${4:-15}" n=0 start=$SECONDS
    while :; do
        shot "$after"
        n="$(changed "$before" "$after")"
        (( n > MIN_CHANGED || SECONDS - start >= seconds )) && break
        sleep 0.1
    done
    if (( n > MIN_CHANGED )); then
        wait_stable "$after"
        n="$(changed "$before" "$after")"
    fi
    if (( n > MIN_CHANGED )); then pass "$label ($n pixels changed)"; else fail "$label (only $n pixels changed in ${seconds}s)"; fi
}

# wait_stable NAME [SECONDS]: screenshots until two taken 0.15 s apart differ by at most
# MIN_CHANGED / 2 pixels (an animation, a scroll or a redraw over; the debug overlay's
# counters may still tick), kept as NAME. False after SECONDS (default 15).
wait_stable() {
    local name="$1" seconds="${2:-15}" n start=$SECONDS
    shot "$name"
    while (( SECONDS - start < seconds )); do
        sleep 0.15
        shot "$name.next"
        n="$(changed "$name" "$name.next")"
        mv "$SHOTS/$name.next.png" "$SHOTS/$name.png"
        (( n <= MIN_CHANGED / 2 )) && return 0
    done
    echo "  note  $name: still changing after ${seconds}s ($n pixels between two shots)"
    return 1
}

# wait_for_same LABEL REFERENCE AFTER [SECONDS]: screenshots until the picture is back to
# REFERENCE (fewer than MIN_CHANGED pixels differ), kept as AFTER.
wait_for_same() {
    local label="$1" ref="$2" after="$3" seconds="${4:-15}" n start=$SECONDS
    while :; do
        shot "$after"
        n="$(changed "$ref" "$after")"
        (( n < MIN_CHANGED || SECONDS - start >= seconds )) && break
        sleep 0.1
    done
    if (( n < MIN_CHANGED )); then pass "$label ($n pixels differ from the start)"; else fail "$label: $n pixels differ from the start after ${seconds}s"; fi
}

expect_alive() {
    if kill -0 "$APP_PID" 2>/dev/null; then pass "$1: app still running"; else fail "$1: app died (see $SHOTS/$1.log)"; sed 's/^/    /' "$SHOTS/$1.log" | tail -n 20; fi
}

# quit_app NAME: Ctrl+Q must end the app cleanly.
quit_app() {
    xdotool key ctrl+q
    local i
    for (( i = 0; i < 20; i++ )); do kill -0 "$APP_PID" 2>/dev/null || break; sleep 0.25; done
    if kill -0 "$APP_PID" 2>/dev/null; then
        fail "$1: Ctrl+Q quits"
        kill "$APP_PID" 2>/dev/null
    else
        wait "$APP_PID"
        local rc=$?
        if (( rc == 0 )); then pass "$1: Ctrl+Q quits (exit 0)"; else fail "$1: exit status $rc after Ctrl+Q"; fi
    fi
    APP_PID=""
    if grep -E -- '-(CRITICAL|WARNING) \*\*' "$SHOTS/$1.log" >/dev/null; then
        echo "  note  $1 printed GLib warnings:"
        grep -E -- '-(CRITICAL|WARNING) \*\*' "$SHOTS/$1.log" | sort -u | head -n 5 | sed 's/^/    /'
    fi
}

# --------------------------------------------------------------------------
echo "== inbox: edit mode, debug toggle, wheel scrolling"
if start_app inbox; then
    shot 01-inbox
    xdotool key ctrl+e
    wait_for_change "Ctrl+E enters edit mode" 01-inbox 02-edit

    xdotool key ctrl+d
    wait_for_change "Ctrl+D toggles debug" 02-edit 03-debug

    xdotool click --repeat 8 --delay 40 5
    wait_for_change "wheel scrolls the table" 03-debug 04-scrolled

    xdotool key Escape
    wait_for_change "Escape leaves edit mode" 04-scrolled 05-escape

    expect_alive inbox
    quit_app inbox
fi

# --------------------------------------------------------------------------
echo "== huge list: --rows 100000000, End"
if start_app huge --rows 100000000; then
    shot 10-huge
    xdotool key End
    wait_for_change "End jumps to the last of 100,000,000 rows" 10-huge 11-huge-end
    expect_alive huge
    quit_app huge
fi

# --------------------------------------------------------------------------
# The most rows --rows takes (TableView.maximumNumberOfRows(rowHeight: 48): 2^46 pixels of
# 48-pixel rows) and the first count beyond it (issue 26).
MAX_ROWS=1466015503701
echo "== the maximum row count: --rows $MAX_ROWS, End, Home, Page Down, Page Up"
if start_app huge-max --rows "$MAX_ROWS"; then
    # Home first, so that the picture to come back to has row 0 selected as Home leaves it.
    xdotool key Home
    # Home on the first row may change nothing but the selection: wait for the picture to
    # settle (whatever Home showed), not for a change.
    wait_stable 20-max-top || fail "Home: the picture settles"
    xdotool key End
    wait_for_change "End jumps to the last of $MAX_ROWS rows" 20-max-top 21-max-end
    # (Where the last row and its separator land, in GTK's pixels: the GUI test
    # "The app at the maximum row count" in Tests/PoolTableGtkTests.)
    expect_alive huge-max
    xdotool key Home
    wait_for_same "Home comes back to row 0" 20-max-top 22-max-home
    wait_stable 22-max-home || fail "Home: the picture settles"
    xdotool key Page_Down
    wait_for_change "Page Down moves a page" 22-max-home 23-max-pagedown
    xdotool key Page_Up
    wait_for_same "Page Up comes back to row 0" 20-max-top 24-max-pageup
    expect_alive huge-max
    quit_app huge-max
fi

echo "== one row beyond the maximum: --rows $((MAX_ROWS + 1)) is refused"
out="$(LANGUAGE=C LC_ALL=C.UTF-8 timeout 20 "$BIN" --rows "$((MAX_ROWS + 1))" 2>&1 </dev/null)"
rc=$?
if (( rc != 0 )) && grep -q -- "--rows must be at most $MAX_ROWS" <<<"$out"; then
    pass "--rows $((MAX_ROWS + 1)) exits $rc with: $out"
else
    fail "--rows $((MAX_ROWS + 1)): exit $rc, output: $out"
fi
if timeout 20 "$BIN" --rows "$MAX_ROWS" --version >/dev/null 2>&1 </dev/null; then
    pass "--rows $MAX_ROWS is accepted"
else
    fail "--rows $MAX_ROWS is refused"
fi

# --------------------------------------------------------------------------
# Issue 35: a file dragged out of Files lands in another application (a GTK 4 window with
# a GtkDropTarget for a GdkFileList, scripts/lib/drop-target.py) through X's drag and drop.
echo "== files: drag a file out to another application"
drop_root="$(mktemp -d /tmp/pooltable-e2e-drop.XXXXXX)"
echo "a note" >"$drop_root/note one.txt"
DROP_OUT="$SHOTS/drop-target.out"
if ! /usr/bin/python3 -c 'import gi; gi.require_version("Gtk", "4.0")' 2>/dev/null; then
    fail "files drag-out: python3-gi and gir1.2-gtk-4.0 are missing (the drop target)"
else
    /usr/bin/python3 "$REPO/scripts/lib/drop-target.py" >"$DROP_OUT" 2>&1 &
    DROP_PID=$!
    DROP_WIN="$(timeout 20 xdotool search --sync --onlyvisible --name '^DropTarget$' 2>/dev/null | head -n 1)"
    if [[ -n "$DROP_WIN" ]] && start_app files-drag --files "$drop_root"; then
        xdotool windowmove "$DROP_WIN" 800 300
        xdotool windowmove --sync "$WIN" 0 0 2>/dev/null || xdotool windowmove "$WIN" 0 0
        wait_stable 30-files-drag || fail "files drag-out: the window settles at the corner"
        # Press on the only row (below the header bar and the column titles), move past
        # GTK's drag threshold, across to the other window, and let go there.
        xdotool mousemove 150 99 mousedown 1
        for x in 160 180 240 400 600 800 900 1000; do xdotool mousemove "$x" 450; sleep 0.1; done
        shot 31-files-dragging
        xdotool mouseup 1
        want="file://$drop_root/note%20one.txt"
        for (( i = 0; i < 40; i++ )); do grep -q '^DROPPED' "$DROP_OUT" && break; sleep 0.25; done
        got="$(grep '^DROPPED' "$DROP_OUT" | head -n 1)"
        if [[ "$got" == "DROPPED $want" ]]; then
            pass "files drag-out: the other application got $want"
        else
            fail "files drag-out: the other application got '${got:-nothing}', wanted $want"
        fi
        expect_alive files-drag
        quit_app files-drag
    else
        fail "files drag-out: both windows appear"
    fi
    kill "$DROP_PID" 2>/dev/null; wait "$DROP_PID" 2>/dev/null
fi
rm -rf "$drop_root"

# --------------------------------------------------------------------------
echo
echo "== summary: ${#PASSED[@]} passed, ${#FAILED[@]} failed (screenshots in $SHOTS)"
if (( ${#FAILED[@]} > 0 )); then
    for f in "${FAILED[@]}"; do echo "  FAIL  $f"; done
    echo "E2E FAIL"
    exit 1
fi
echo "E2E PASS"
