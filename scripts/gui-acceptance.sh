#!/usr/bin/env bash
# GUI acceptance of edit mode (issue 4) and the debug overlay (issue 5): runs the real app
# under X (Xvfb when there is no display), drives it with xdotool as a user would, and
# checks the screenshots' pixels (and the window's subtitle, which the app reports on
# stderr when POOLTABLE_TRACE=1).
#
#   scripts/gui-acceptance.sh [--save-docs]
#
#   --save-docs   also copy the screenshots the docs show to docs/screenshots/
#                 (inbox.png, edit-mode.png, overlay.png, overlay-legacy-stale.png)
#
# Environment:
#   SWIFT_BUILD_ARGS   extra `swift build` arguments (e.g. "--scratch-path .build-overlay")
#   POOLTABLE_BIN      use this binary instead of building
#   SHOTS_DIR          where screenshots go (default: shots/gui-acceptance/)
#
# The frame-exact version of the edit-mode timing check (engine clock driven by hand) is the
# Swift test "Ctrl+E's animation, frame by frame" in Tests/PoolTableGtkTests; here the
# frames are taken in real time, so the check is: absent at the press, part-way ~120 ms
# after it, fully in after 300 ms.
set -uo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"

SAVE_DOCS=0
for arg in "$@"; do
    case "$arg" in
        --save-docs) SAVE_DOCS=1 ;;
        *) echo "usage: $0 [--save-docs]"; exit 2 ;;
    esac
done

# shellcheck source=lib/gui-harness.sh
source "$REPO/scripts/lib/gui-harness.sh"
harness_need_display "$0" "$@"
harness_need_tools xdotool import convert compare

SHOTS="${SHOTS_DIR:-$REPO/shots/gui-acceptance}"
mkdir -p "$SHOTS"
rm -f "$SHOTS"/*.png "$SHOTS"/*.log


# --------------------------------------------------------------------------
harness_build_app
harness_app_env
export POOLTABLE_TRACE=1     # the window reports its subtitle on stderr

# --------------------------------------------------------------------------
# Helpers

LOG=""
start_app() {  # start_app NAME [ENV=VALUE...] -- ARGS...
    local name="$1"; shift
    local envs=()
    while [[ $# -gt 0 && "$1" != "--" ]]; do envs+=("$1"); shift; done
    [[ "${1:-}" == "--" ]] && shift
    LOG="$SHOTS/$name.log"
    env "${envs[@]}" "$BIN" "$@" >"$LOG" 2>&1 &
    APP_PID=$!
    WIN="$(timeout 20 xdotool search --sync --onlyvisible --name '^PoolTable$' 2>/dev/null | head -n 1)"
    if [[ -z "$WIN" ]]; then fail "$name: window appears"; return 1; fi
    pass "$name: window appears"
    timeout 5 xdotool windowfocus --sync "$WIN" 2>/dev/null || xdotool windowfocus "$WIN"
    eval "$(xdotool getwindowgeometry --shell "$WIN")"   # WIDTH, HEIGHT
    sleep 1.0
}

shot() { import -window "$WIN" "$SHOTS/$1.png"; }

# The last value the window reported for KEY (POOLTABLE_TRACE lines on stderr).
trace() { grep "^pooltable-trace: $1=" "$LOG" | tail -n 1 | cut -d= -f2-; }

# wait_trace KEY VALUE [SECONDS]: polls the log until the window's last KEY line says VALUE
# (at most SECONDS, default 10): the line the check after it reads, not a fixed sleep.
wait_trace() {
    local key="$1" value="$2" seconds="${3:-10}" start=$SECONDS
    until [[ "$(trace "$key")" == "$value" ]] || (( SECONDS - start >= seconds )); do sleep 0.05; done
}

# pixels FILE X Y W H: "x y r g b" for every pixel of the rectangle.
pixels() {
    convert "$1" -crop "$4x$5+$2+$3" +repage -depth 8 txt:- 2>/dev/null | awk -v ox="$2" -v oy="$3" '
        NR > 1 { split($1, p, /[,:]/); gsub(/[()]/, "", $2); split($2, c, ","); print p[1] + ox, p[2] + oy, c[1], c[2], c[3] }'
}

# GTK Default's accent (#3584e4): the unread dots and the filled checkboxes.
is_accent='function accent(r, g, b) { return (r - 53)^2 < 900 && (g - 132)^2 < 900 && (b - 228)^2 < 900 }'

# dot_x FILE: the x of the first row's unread dot (accent pixels left of the sender name).
dot_x() {
    pixels "$1" 5 92 90 22 | awk "$is_accent"' accent($3, $4, $5) { s += $1; n++ } END { if (n) printf "%.1f", s / n; else print "nan" }'
}

# checked_rows FILE X: runs of accent-filled checkbox down column X of the table.
checked_rows() {
    pixels "$1" "$2" 60 1 $(( HEIGHT - 70 )) | awk "$is_accent"'
        { on = accent($3, $4, $5); if (on) run++; else { if (run >= 8) n++; run = 0 } }
        END { if (run >= 8) n++; print n + 0 }'
}

# overlay_column FILE X: along column X of an overlay screenshot, where the viewport
# outline is (first and last y of its blue), and how many prepared-tint (orange) and
# stale-mark (red) pixels lie above and below it, as "top bottom orangeAbove orangeBelow".
overlay_column() {
    pixels "$1" "$2" 55 1 $(( HEIGHT - 130 )) | awk '
        { y[NR] = $2; r[NR] = $3; g[NR] = $4; b[NR] = $5
          if (b[NR] > r[NR] + 120 && b[NR] > g[NR] + 60) { if (!top) top = $2; bottom = $2 } }
        END {
            for (i = 1; i <= NR; i++) {
                orange = r[i] > b[i] + 25 && r[i] >= g[i] && !(r[i] > 190 && g[i] < 70)
                if (orange && y[i] < top) above++
                if (orange && y[i] > bottom) below++
            }
            print top + 0, bottom + 0, above + 0, below + 0
        }'
}

# blue_left FILE Y: the first x of the viewport outline's blue on line Y (the zoomed table's left edge).
blue_left() {
    pixels "$1" 0 "$2" "$WIDTH" 1 | awk '$5 > $3 + 120 && $5 > $4 + 60 { print $1; found = 1; exit } END { if (!found) print 0 }'
}

# red_marks FILE X0 Y0 W H: pixels of the overlay's red "stale" badge in a rectangle.
red_marks() {
    pixels "$1" "$2" "$3" "$4" "$5" | awk '$3 > 190 && $4 < 70 && $5 < 70 { n++ } END { print n + 0 }'
}

# changed A B X Y W H: pixels that differ between two screenshots inside a rectangle.
changed() {
    local n
    convert "$SHOTS/$1.png" -crop "$5x$6+$3+$4" +repage "$SHOTS/crop-a.png"
    convert "$SHOTS/$2.png" -crop "$5x$6+$3+$4" +repage "$SHOTS/crop-b.png"
    n="$(compare -metric AE "$SHOTS/crop-a.png" "$SHOTS/crop-b.png" null: 2>&1 >/dev/null | awk '{print $1}')"
    rm -f "$SHOTS/crop-a.png" "$SHOTS/crop-b.png"
    awk -v n="$n" 'BEGIN { printf "%d", n + 0 }'
}

expect_alive() {
    if kill -0 "$APP_PID" 2>/dev/null; then pass "$1: app still running"
    else fail "$1: app died (see $LOG)"; tail -n 20 "$LOG" | sed 's/^/    /'; fi
}

quit_app() {
    xdotool key ctrl+q
    local i rc
    for (( i = 0; i < 20; i++ )); do kill -0 "$APP_PID" 2>/dev/null || break; sleep 0.25; done
    if kill -0 "$APP_PID" 2>/dev/null; then fail "$1: Ctrl+Q quits"; kill "$APP_PID" 2>/dev/null
    else wait "$APP_PID"; rc=$?; if (( rc == 0 )); then pass "$1: Ctrl+Q quits (exit 0)"; else fail "$1: exit status $rc after Ctrl+Q"; fi; fi
    APP_PID=""
    if grep -E -- '-(CRITICAL|WARNING) \*\*' "$LOG" >/dev/null; then fail "$1: GLib criticals/warnings in $LOG"; fi
}

# --------------------------------------------------------------------------
echo "== inbox: Ctrl+E's animation in real time (frames at 0, ~120, >= 300 ms)"
if start_app inbox --; then
    shot inbox
    x0="$(dot_x "$SHOTS/inbox.png")"
    # 0 ms: the frame as Ctrl+E is pressed. Then one screenshot ~120 ms after a press (the
    # animation runs 250 ms, ease-out: 86 % of the way at 120 ms), and one >= 300 ms after,
    # each from its own press (Escape and a pause in between), so that taking a screenshot
    # does not hold up the app's frames.
    cp "$SHOTS/inbox.png" "$SHOTS/edit-0ms.png"
    phase() {  # phase FILE: 0 = no checkbox column, 1 = fully in (from the unread dot's x)
        awk -v x="$(dot_x "$1")" -v a="$x0" -v b="$x1" 'BEGIN { if (x == "nan") print "nan"; else printf "%.2f", (x - a) / (b - a) }'
    }
    xdotool key ctrl+e
    sleep 0.6
    shot edit-final
    x1="$(dot_x "$SHOTS/edit-final.png")"
    echo "  note  unread dot of the first row: x = $x0 before, $x1 in edit mode"
    check "before Ctrl+E: no checkbox column, content at its normal place (dot x $x0 < 30)" awk -v a="$x0" 'BEGIN { exit !(a + 0 > 5 && a + 0 < 30) }'
    check "after Ctrl+E: content shifted by the checkbox column (dot moved $x0 → $x1, ~44 px)" \
        awk -v a="$x0" -v b="$x1" 'BEGIN { d = b - a; exit !(d > 40 && d < 48) }'
    mid_ok=0
    for attempt in 1 2 3; do
        xdotool key Escape
        sleep 0.6
        xdotool key ctrl+e
        sleep 0.12
        shot edit-120ms
        p="$(phase "$SHOTS/edit-120ms.png")"
        echo "  note  ~120 ms after Ctrl+E (attempt $attempt): phase $p (ease-out at 120 ms: 0.86)"
        if awk -v p="$p" 'BEGIN { exit !(p != "nan" && p > 0.05 && p < 0.98) }'; then mid_ok=1; break; fi
    done
    check "~120 ms: the checkbox column part-way in" test "$mid_ok" = 1
    xdotool key Escape
    sleep 0.6
    xdotool key ctrl+e
    sleep 0.32
    shot edit-300ms
    p="$(phase "$SHOTS/edit-300ms.png")"
    check "~320 ms: fully in (phase $p)" awk -v p="$p" 'BEGIN { exit !(p != "nan" && p > 0.98) }'
    check "subtitle says 0 selected in edit mode (got '$(trace subtitle)')" test "$(trace subtitle)" = "0 selected"

    echo "== inbox: keyboard and header-bar selection"
    total="$(grep '^pooltable-trace: subtitle=' "$LOG" | head -n 1 | cut -d= -f2 | awk '{ print $1 }')"
    xdotool key Down sleep 0.1 key space
    wait_trace subtitle "1 selected"
    check "Down, Space: the first row toggles ('$(trace subtitle)')" test "$(trace subtitle)" = "1 selected"
    xdotool key shift+Down sleep 0.1 key shift+Down
    wait_trace subtitle "3 selected"
    check "Shift+Down twice extends the range ('$(trace subtitle)')" test "$(trace subtitle)" = "3 selected"
    xdotool key ctrl+a
    wait_trace subtitle "$total selected"
    check "Ctrl+A selects all $total ('$(trace subtitle)')" test "$(trace subtitle)" = "$total selected"
    # The header bar's "Deselect All" (the Select All button's other face), by mouse.
    xdotool mousemove --window "$WIN" 131 27 click 1
    wait_trace subtitle "0 selected"
    check "Deselect All clears it ('$(trace subtitle)')" test "$(trace subtitle)" = "0 selected"
    # The click left keyboard focus on the table: Space still toggles the focused row.
    xdotool mousemove --window "$WIN" 450 400 key space
    wait_trace subtitle "1 selected"
    check "after clicking a header button, Space still reaches the table ('$(trace subtitle)')" test "$(trace subtitle)" = "1 selected"
    xdotool key Escape sleep 0.5 key ctrl+e
    sleep 0.6

    echo "== inbox: drag over the checkbox column"
    # From the first row's checkbox down to the fourth row, slowly, then release.
    xdotool mousemove --window "$WIN" 27 124 sleep 0.1 mousedown 1 sleep 0.05
    for y in $(seq 134 12 420); do xdotool mousemove --window "$WIN" 27 "$y" sleep 0.02; done
    mid_drag="$(trace subtitle)"
    xdotool mouseup 1
    sleep 0.5
    shot edit-mode
    rows="$(checked_rows "$SHOTS/edit-mode.png" 27)"
    check "the drag checked the 4 rows it passed ($rows checked boxes on screen)" test "$rows" = 4
    check "subtitle shows the count: '$(trace subtitle)'" test "$(trace subtitle)" = "4 selected"
    echo "  note  subtitle while the button was still down: '$mid_drag'"

    # A second drag into the bottom edge: the list auto-scrolls and the range keeps growing.
    xdotool mousemove --window "$WIN" 27 510 sleep 0.1 mousedown 1 sleep 0.05
    for y in $(seq 520 20 680); do xdotool mousemove --window "$WIN" 27 "$y" sleep 0.02; done
    xdotool mousemove --window "$WIN" 27 $(( HEIGHT - 8 )) sleep 1.2 mouseup 1
    sleep 0.5
    shot edit-autoscroll
    count="$(trace subtitle | awk '{ gsub(",", "", $1); print $1 + 0 }')"
    check "auto-scroll drag kept selecting past the bottom edge ($count selected in all)" test "$count" -gt 12

    expect_alive inbox

    echo "== debug overlay: prepared rows above and below the viewport, their checkboxes"
    xdotool key Escape
    sleep 0.5
    # Back to the top (the auto-scroll moved the list), then a little down, so that
    # prepared rows exist above the viewport too.
    xdotool mousemove --window "$WIN" 450 400 click --repeat 60 --delay 8 4
    sleep 0.4
    xdotool click --repeat 6 --delay 40 5
    sleep 0.6
    xdotool key ctrl+d
    sleep 0.8
    shot overlay-before
    xdotool key ctrl+e
    sleep 0.8
    shot overlay
    # The zoomed table is centred in the space left of the panels (panel width min(320, 42 %)).
    panel=$(( WIDTH * 42 / 100 < 320 ? WIDTH * 42 / 100 : 320 ))
    cx=$(( (WIDTH - panel - 20) / 2 ))
    read -r top bottom above below <<<"$(overlay_column "$SHOTS/overlay-before.png" "$cx")"
    echo "  note  viewport outline at y $top…$bottom along x = $cx; prepared-tint pixels: $above above, $below below"
    check "viewport outlined (blue at y $top and $bottom)" test $(( bottom - top )) -gt 100
    check "prepared rows tinted above the viewport ($above px)" test "$above" -gt 20
    check "prepared rows tinted below the viewport ($below px)" test "$below" -gt 20
    # Checkboxes: the left strip of the zoomed table changes above and below the outline.
    strip_x="$(blue_left "$SHOTS/overlay-before.png" $(( (top + bottom) / 2 )))"
    up="$(changed overlay-before overlay "$strip_x" 60 40 $(( top - 62 )))"
    down="$(changed overlay-before overlay "$strip_x" $(( bottom + 4 )) 40 $(( HEIGHT - 70 - bottom - 4 )))"
    check "Ctrl+E gave the prepared rows above the viewport their checkboxes ($up px changed)" test "$up" -gt 30
    check "Ctrl+E gave the prepared rows below the viewport their checkboxes ($down px changed)" test "$down" -gt 30
    reds="$(red_marks "$SHOTS/overlay.png" 0 55 $(( WIDTH - panel - 20 )) $(( HEIGHT - 130 )))"
    check "no stale marks with the legacy refresh off ($reds red px)" test "$reds" -lt 10

    echo "== debug overlay: legacy refresh (iOS 15 bug) leaves prepared rows stale"
    # The switch is in the debug bar's Diagnostics popover (Alt+G), mnemonic Alt+L; Escape
    # closes the popover (and stays there: edit mode is still on).
    xdotool key alt+g
    sleep 0.6
    xdotool key alt+l
    sleep 0.4
    xdotool key Escape
    sleep 0.4
    xdotool mousemove --window "$WIN" 450 400
    xdotool key ctrl+e
    sleep 0.8
    shot overlay-legacy-stale
    read -r top bottom _ _ <<<"$(overlay_column "$SHOTS/overlay-legacy-stale.png" "$cx")"
    red_up="$(red_marks "$SHOTS/overlay-legacy-stale.png" 0 55 $(( WIDTH - panel - 20 )) $(( top - 58 )))"
    red_down="$(red_marks "$SHOTS/overlay-legacy-stale.png" 0 $(( bottom + 3 )) $(( WIDTH - panel - 20 )) $(( HEIGHT - 70 - bottom - 3 )))"
    red_in="$(red_marks "$SHOTS/overlay-legacy-stale.png" 0 $(( top + 3 )) $(( WIDTH - panel - 20 )) $(( bottom - top - 6 )))"
    check "stale marks on the prepared rows above the viewport ($red_up red px)" test "$red_up" -gt 100
    check "stale marks on the prepared rows below the viewport ($red_down red px)" test "$red_down" -gt 100
    check "no stale marks inside the viewport ($red_in red px)" test "$red_in" -lt 10
    check "subtitle back to the screen's after leaving edit mode: '$(trace subtitle)'" test "$(trace editing)" = "false"
    # Scrolling them into view shows the wrong state: the bug, reproduced on demand.
    xdotool click --repeat 4 --delay 40 5
    sleep 0.6
    shot overlay-legacy-scrolled
    expect_alive overlay
    quit_app inbox
fi

# --------------------------------------------------------------------------
echo "== dark theme: long press, overlay and debug bar"
if start_app dark GTK_THEME=Default:dark --; then
    # A long press outside edit mode enters it with that row selected (the header follows).
    xdotool mousemove --window "$WIN" 450 124 mousedown 1 sleep 1.0 mouseup 1
    wait_trace editing true
    wait_trace subtitle "1 selected"
    check "long press: edit mode with the row selected (editing=$(trace editing), '$(trace subtitle)')" \
        test "$(trace editing):$(trace subtitle)" = "true:1 selected"
    shot long-press-dark
    xdotool key Escape
    sleep 0.5
    xdotool mousemove --window "$WIN" 450 400 click --repeat 6 --delay 40 5
    sleep 0.4
    xdotool key ctrl+d
    sleep 0.3
    xdotool key ctrl+e
    sleep 0.8
    shot overlay-dark
    expect_alive dark
    quit_app dark
fi

# --------------------------------------------------------------------------
if (( SAVE_DOCS )); then
    mkdir -p "$REPO/docs/screenshots"
    for f in inbox edit-mode overlay overlay-legacy-stale; do cp "$SHOTS/$f.png" "$REPO/docs/screenshots/$f.png"; done
    echo "== saved docs/screenshots/{inbox,edit-mode,overlay,overlay-legacy-stale}.png"
fi

echo
echo "== summary: ${#PASSED[@]} passed, ${#FAILED[@]} failed (screenshots in $SHOTS)"
if (( ${#FAILED[@]} > 0 )); then
    for f in "${FAILED[@]}"; do echo "  FAIL  $f"; done
    echo "GUI ACCEPTANCE FAIL"
    exit 1
fi
echo "GUI ACCEPTANCE PASS"
