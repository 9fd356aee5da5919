#!/bin/bash
# Runs inside `dbus-run-session -- xvfb-run -a ...` (see run.sh). The app's output is time-stamped for
# scripts/orca/check.py.
# usage: inner.sh OUTDIR KEYSFILE APP-COMMAND...
set -u
OUT=$1; KEYS=$2; shift 2
export XDG_RUNTIME_DIR=$OUT/xdg; mkdir -p -m 700 "$XDG_RUNTIME_DIR"
export GTK_A11Y=atspi GDK_BACKEND=x11 GSK_RENDERER=cairo NO_AT_BRIDGE=0
ts() { date +%H:%M:%S.%6N; }
quiet() {  # wait until Orca's debug log has stopped growing for 1.5 s (max 120 s)
  local last=-1 same=0 n=0 s
  while [ $n -lt 240 ]; do
    s=$(stat -c %s "$OUT/orca-debug.out" 2>/dev/null || echo 0)
    if [ "$s" = "$last" ]; then same=$((same+1)); [ $same -ge 3 ] && return; else same=0; last=$s; fi
    sleep 0.5; n=$((n+1))
  done; }

# 1. our own speech-dispatcher: private socket, "dummy" output module, no autospawn.
mkdir -p "$OUT/spdconf" "$OUT/spdlog"
cat > "$OUT/spdconf/speechd.conf" <<CONF
LogLevel 3
LogDir "$OUT/spdlog"
AudioOutputMethod "libao"
AddModule "dummy" "sd_dummy" ""
DefaultModule dummy
CONF
speech-dispatcher -s -t 0 -C "$OUT/spdconf" -c unix_socket -S "$OUT/spd.sock" \
    -P "$OUT/spd.pid" -L "$OUT/spdlog" >"$OUT/spd.out" 2>&1 & SPD=$!
export SPEECHD_SOCKET=$OUT/spd.sock SPEECHD_ADDRESS=unix_socket:$OUT/spd.sock
for i in $(seq 50); do [ -S "$OUT/spd.sock" ] && break; sleep 0.1; done

# 2. the application (each line of its output time-stamped, to be matched with the keys)
stamp() { while IFS= read -r line; do printf '%s %s\n' "$(ts)" "$line"; done; }
"$@" > >(stamp >"$OUT/app.log") 2>&1 & APP=$!
WIN=$(timeout 30 xdotool search --sync --onlyvisible --pid $APP | head -1)
[ -z "$WIN" ] && WIN=$(timeout 10 xdotool search --sync --onlyvisible --class . | head -1)
echo "window=$WIN" >"$OUT/marks.txt"

# 3. Orca with private prefs dir (defaults), debug log
rm -rf "$OUT/prefs"; mkdir -p "$OUT/prefs"
# (no --replace: in Orca 43 that SIGKILLs every other "orca" process of this uid)
PYTHONUNBUFFERED=1 /usr/bin/python3 "$(dirname "$0")/orca_lb.py" -u "$OUT/prefs" --debug-file="$OUT/orca-debug.out" \
    >"$OUT/orca.log" 2>&1 & ORCA=$!
for i in $(seq 150); do grep -q "ORCA: Starting registry" "$OUT/orca-debug.out" 2>/dev/null && break; sleep 0.2; done
sleep 3

# 4. focus the window, then play the keys (XTEST, so AT-SPI/Orca see real key events)
echo "MARK $(ts) focus" >>"$OUT/marks.txt"
xdotool windowfocus --sync "$WIN"; sleep 1; quiet
while read -r cmd arg; do
  case "$cmd" in
    ''|'#'*) ;;
    key)   echo "MARK $(ts) $arg" >>"$OUT/marks.txt"; xdotool key "$arg"; sleep 1; quiet ;;
    shot)  import -window root "$OUT/$arg.png" ;;
    sleep) sleep "$arg" ;;
    listen) /usr/bin/python3 true 12 >"$OUT/listen.txt" 2>&1 & sleep 1 ;;
    tree)  /usr/bin/python3 true >"$OUT/$arg.txt" 2>&1 ;;
  esac
done <"$KEYS"
sleep 2
echo "MARK $(ts) end" >>"$OUT/marks.txt"
kill $ORCA 2>/dev/null   # SIGTERM: Orca shuts down and flushes its debug file
for i in $(seq 40); do kill -0 $ORCA 2>/dev/null || break; sleep 0.25; done
kill -9 $ORCA 2>/dev/null
kill $APP 2>/dev/null; kill $SPD 2>/dev/null; wait 2>/dev/null
