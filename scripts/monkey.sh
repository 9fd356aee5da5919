#!/usr/bin/env bash
# GUI monkey test: the real app under X (Xvfb when there is no display) with every GTK
# critical fatal, on each screen, fed seeded random xdotool events — clicks, double clicks,
# drags, wheel, keys (Ctrl+E, Ctrl+D, Ctrl+A, Delete, Ctrl+Z, arrows, Page keys, Home/End,
# Escape, Space, Return, the screens' Alt mnemonics) and window resizes. Afterwards the app
# must be alive and still answer Ctrl+E with a changed screenshot.
#
#   scripts/monkey.sh                   # ~2,000 events over the four screens, random seed
#   MONKEY_SEED=12345 scripts/monkey.sh # replay a run (the seed is printed)
#
# Environment:
#   MONKEY_SEED        seed of the event sequence (default: random; printed)
#   MONKEY_EVENTS      total events over all screens (default 2000)
#   MONKEY_SCREENS     screens to visit (default "inbox news downloads huge")
#   MONKEY_DELAY_MS    pause after each event (default 6)
#   POOLTABLE_BIN      use this binary instead of building
#   SWIFT_BUILD_ARGS   extra `swift build` arguments (e.g. "--scratch-path .build-screens")
#   SHOTS_DIR          screenshots and app logs (default: shots/monkey)
#   MONKEY_KEEP_ON_FAIL leave an app that fails the final check running, to inspect it
#
# Exits non-zero if the app dies on any screen or stops answering Ctrl+E.
# Note: xdotool's --window option sends synthetic events that GTK ignores, so the window is
# focused by a real click and plain (XTest) events are sent to the screen.
set -uo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"

# shellcheck source=lib/gui-harness.sh
source "$REPO/scripts/lib/gui-harness.sh"
harness_need_display "$0" "$@"
harness_need_tools xdotool import compare

SEED="${MONKEY_SEED:-$(( ($(date +%s%N) / 1000) % 1000000000 ))}"
TOTAL="${MONKEY_EVENTS:-2000}"
read -r -a SCREENS <<< "${MONKEY_SCREENS:-inbox news downloads huge}"
DELAY_MS="${MONKEY_DELAY_MS:-6}"
SHOTS="${SHOTS_DIR:-$REPO/shots/monkey}"
mkdir -p "$SHOTS"
rm -f "$SHOTS"/*.png "$SHOTS"/*.log

echo "== monkey seed: $SEED (replay with MONKEY_SEED=$SEED), $TOTAL events over: ${SCREENS[*]}"

# --------------------------------------------------------------------------
harness_build_app
harness_app_env

# The event sequence comes from bash's own generator, seeded: same seed, same events.
# Everything random runs in this shell (never in a $(...) subshell, which would reseed).
RANDOM=$SEED
rnd() { R=$(( RANDOM % $1 )); }               # R = 0 ..< $1 (small ranges only)

# Window geometry (absolute: without a window manager the window sits at its X position).
WX=0; WY=0; WW=900; WH=700
geometry() {
    local g
    g="$(xdotool getwindowgeometry --shell "$WIN" 2>/dev/null)" || return
    eval "$(echo "$g" | grep -E '^(X|Y|WIDTH|HEIGHT)=')"
    WX=$X; WY=$Y; WW=$WIDTH; WH=$HEIGHT
    # Keep the whole window on the screen (a click-drag in the header bar can move it).
    if (( WX != 0 || WY != 0 )); then
        xdotool windowmove "$WIN" 0 0 2>/dev/null
        sleep 0.1
        WX=0; WY=0
    fi
}

# A point inside the window where a monkey may click: the table (below the 46 px header
# bar) or the start of the header bar (Edit, Select All, Delete, the screen's own controls).
# Never the end of the header bar: the window's close button and the primary menu (Quit)
# live there, and the screen chooser would leave the screen under test.
point() {   # sets P="x y"; "point content" stays out of the header bar
    local x y
    rnd 8
    if (( R == 0 )) && [[ "${1:-}" != content ]]; then
        rnd $(( WW * 2 / 5 > 10 ? WW * 2 / 5 : 10 )); x=$(( WX + 6 + R ))
        rnd 32; y=$(( WY + 8 + R ))
    else
        rnd $(( WW > 30 ? WW - 24 : 10 )); x=$(( WX + 4 + R ))
        rnd $(( WH > 80 ? WH - 56 : 10 )); y=$(( WY + 52 + R ))
    fi
    P="$x $y"
}

KEYS=(ctrl+e ctrl+e ctrl+d ctrl+a Delete Delete ctrl+z ctrl+z Up Down Down Page_Up Page_Down Home End Escape
      space Return shift+Down shift+Up ctrl+Down alt+i alt+s alt+k alt+c)

# One random event: E = xdotool command words (appended to the batch), or "RESIZE".
event() {
    local r p q
    rnd 100; r=$R
    if (( r < 24 )); then                        # click (sometimes double, sometimes shift/ctrl)
        point; p=$P
        rnd 6
        case $R in
            0) point content; E="mousemove $P click --repeat 2 --delay 40 1" ;;   # no double click on the title bar
            1) E="mousemove $p keydown ctrl click --delay 10 1 keyup ctrl" ;;
            2) E="mousemove $p keydown shift click --delay 10 1 keyup shift" ;;
            *) E="mousemove $p click --delay 10 1" ;;
        esac
    elif (( r < 34 )); then                      # drag (in edit mode: drag-select, auto-scroll)
        point content; p=$P; point content; q=$P                # never drag the window by its header bar
        rnd 7
        E="mousemove $p mousedown 1 sleep 0.0$(( 1 + R )) mousemove $q sleep 0.01 mouseup 1"
    elif (( r < 56 )); then                      # wheel
        point; p=$P
        rnd 6; local clicks=$(( 1 + R ))
        rnd 2
        E="mousemove $p click --repeat $clicks --delay 5 $(( 4 + R ))"
    elif (( r < 97 )); then                      # keys
        rnd ${#KEYS[@]}
        E="key --delay 4 ${KEYS[$R]}"
    else
        E="RESIZE"
    fi
}

# Alive: the process runs and its window still exists.
alive() { kill -0 "$APP_PID" 2>/dev/null && xdotool getwindowname "$WIN" >/dev/null 2>&1; }
shot() { import -window root "$SHOTS/$1.png"; }
# The start of the header bar (Edit/Done, Select All, Delete, the screen's controls): only
# edit mode changes it, whatever runs in the table (e.g. downloads progressing).
header_shot() { import -window root -crop "$(( WW / 2 ))x46+$WX+$WY" +repage "$SHOTS/$1.png"; }
changed() {
    local n
    n="$(compare -metric AE "$SHOTS/$1.png" "$SHOTS/$2.png" null: 2>&1 >/dev/null | awk '{print $1}')"
    awk -v n="$n" 'BEGIN { printf "%d", n + 0 }'
}
# settle NAME SECONDS: header screenshots until two in a row are equal (the app has worked
# through the events queued for it), at most SECONDS.
settle() {
    local i
    header_shot "$1-settle-a"
    for (( i = 0; i < $2 * 4; i++ )); do
        sleep 0.25
        header_shot "$1-settle-b"
        if (( $(changed "$1-settle-a" "$1-settle-b") == 0 )); then return 0; fi
        mv "$SHOTS/$1-settle-b.png" "$SHOTS/$1-settle-a.png"
    done
    return 1
}

FAILED=()
SENT=0
PER_SCREEN=$(( TOTAL / ${#SCREENS[@]} ))
START=$SECONDS

for screen in "${SCREENS[@]}"; do
    echo "== $screen: $PER_SCREEN events"
    "$BIN" --screen "$screen" >"$SHOTS/$screen.log" 2>&1 &
    APP_PID=$!
    SCREEN_START=$SECONDS
    WIN="$(timeout 20 xdotool search --sync --onlyvisible --name '^PoolTable$' 2>/dev/null | head -n 1)"
    if [[ -z "$WIN" ]]; then FAILED+=("$screen: window never appeared"); harness_cleanup; continue; fi
    geometry
    # Focus the window with a real click into the table.
    xdotool mousemove $(( WX + WW / 2 )) $(( WY + WH / 2 )) click 1
    sleep 0.8

    sent=0
    dead=""
    while (( sent < PER_SCREEN )); do
        batch=()
        n=0
        while (( n < 20 && sent + n < PER_SCREEN )); do
            event
            e="$E"
            n=$(( n + 1 ))
            if [[ "$e" == "RESIZE" ]]; then
                # Flush what is queued, then resize and re-read the geometry.
                (( ${#batch[@]} > 0 )) && xdotool "${batch[@]}" 2>/dev/null
                batch=()
                rnd 840; w=$(( 360 + R )); rnd 480
                xdotool windowsize "$WIN" "$w" $(( 300 + R )) 2>/dev/null
                sleep 0.15
                geometry
                continue
            fi
            # shellcheck disable=SC2206
            batch+=($e sleep "0.0$(printf '%02d' $(( DELAY_MS < 99 ? DELAY_MS : 99 )))")
        done
        (( ${#batch[@]} > 0 )) && xdotool "${batch[@]}" 2>/dev/null
        sent=$(( sent + n ))
        (( sent % 100 == 0 )) && geometry
        if ! alive; then dead="after about $sent events"; break; fi
    done
    SENT=$(( SENT + sent ))
    echo "  $sent events in $(( SECONDS - SCREEN_START ))s"

    if [[ -n "$dead" ]]; then
        kill "$APP_PID" 2>/dev/null; wait "$APP_PID" 2>/dev/null; status=$?
        FAILED+=("$screen: the app died $dead (exit $status, seed $SEED)")
        echo "  FAIL  app died $dead (exit $status); log tail:"
        tail -n 15 "$SHOTS/$screen.log" | sed 's/^/        /'
        APP_PID=""
        continue
    fi

    # Still answering: let it work through what is queued, release anything held, close
    # whatever popped up; then Ctrl+E must change the picture (Edit ⇄ Done, the checkboxes).
    t=$SECONDS
    settle "$screen" 20 || echo "  note: the header bar still changed after 20 s"
    echo "  settled in $(( SECONDS - t ))s"
    xdotool keyup ctrl keyup shift keyup alt mouseup 1 2>/dev/null
    xdotool key Escape sleep 0.1 key Escape
    geometry
    sleep 0.5
    ok=""
    for attempt in 1 2; do
        geometry
        header_shot "$screen-header-before-$attempt"
        shot "$screen-before-$attempt"
        xdotool key ctrl+e
        for (( i = 0; i < 10; i++ )); do       # up to 5 s for the answer
            sleep 0.5
            geometry
            header_shot "$screen-header-after-$attempt"
            n="$(changed "$screen-header-before-$attempt" "$screen-header-after-$attempt")"
            (( n > 300 )) && break
        done
        shot "$screen-after-$attempt"
        # A window that vanished would change the picture too: it must still be there.
        if (( n > 300 )) && alive; then ok="$(changed "$screen-before-$attempt" "$screen-after-$attempt")"; break; fi
        # Focus may sit in a popover: click into the table and retry once.
        xdotool mousemove $(( WX + WW / 2 )) $(( WY + WH / 2 )) click --delay 10 1
        sleep 0.6
    done
    if ! alive; then
        FAILED+=("$screen: the app died at the final Ctrl+E check (seed $SEED)")
        echo "  FAIL  app died at the final check"
    elif [[ -n "$ok" ]]; then
        echo "  PASS  alive after $sent events; Ctrl+E changed $ok pixels"
    else
        FAILED+=("$screen: alive but Ctrl+E no longer changes the picture (seed $SEED)")
        echo "  FAIL  Ctrl+E changed only $n pixels"
        if [[ -n "${MONKEY_KEEP_ON_FAIL:-}" ]]; then echo "  (left running: pid $APP_PID, window $WIN)"; APP_PID=""; continue; fi
    fi
    harness_cleanup
    APP_PID=""
done

echo "== $SENT events sent in $(( SECONDS - START ))s (seed $SEED)"
if (( ${#FAILED[@]} > 0 )); then
    printf '  FAIL  %s\n' "${FAILED[@]}"
    exit 1
fi
echo "== monkey: PASS"
