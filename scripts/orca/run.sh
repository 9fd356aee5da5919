#!/bin/bash
# usage: run.sh NAME KEYSFILE APP-COMMAND...   -> ${ORCA_RUN_DIR:-/tmp/orca-run}/NAME/{orca-debug.out,marks.txt,transcript.md,app.log,*.png}
# The recipe for hearing what Orca 43 says per key (docs/ACCESSIBILITY.md, "Hear it").
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
NAME=$1; KEYS=$(realpath "$2"); shift 2
OUT=${ORCA_RUN_DIR:-/tmp/orca-run}/$NAME; rm -rf "$OUT"; mkdir -p "$OUT"
# The runtime dir is the run's own from the start, for the session bus too: the AT-SPI bus
# launcher it activates puts its socket there, and runs side by side (scripts/orca-check.sh)
# would otherwise share one socket path and lose their accessibility buses to each other.
mkdir -p -m 700 "$OUT/xdg"
XDG_RUNTIME_DIR=$OUT/xdg timeout 300 dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" \
    "$HERE/inner.sh" "$OUT" "$KEYS" "$@" >"$OUT/run.log" 2>&1
/usr/bin/python3 "$HERE/parse.py" "$OUT" >"$OUT/transcript.md"
cat "$OUT/transcript.md"
