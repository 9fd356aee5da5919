#!/usr/bin/env bash
# The cost of accessibility: PoolTable's frame work while scrolling, without the
# accessibility bus (GTK_A11Y=none) and with the AT-SPI bridge on and a screen-reader-like
# client connected (scripts/a11y-listener.py: registered for every object, focus and
# window event, as Orca is). Same process setup as `pooltable-bench gui` (gui-one children).
#
#   scripts/a11y-bench.sh [--rows N] [--frames N] [--runs N]
#   (POOLTABLE_BENCH=path/to/pooltable-bench: use that build instead of building one)
#
# Prints each run's median and p95 frame work (frame clock before-paint to after-paint)
# and the ratio with / without. A benchmark, not a test: nothing is asserted.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"
rows=1000000 frames=600 runs=3
while [[ $# -gt 0 ]]; do
    case "$1" in
        --rows) rows="$2"; shift ;;
        --frames) frames="$2"; shift ;;
        --runs) runs="$2"; shift ;;
        *) echo "a11y-bench.sh: unknown argument: $1" >&2; exit 2 ;;
    esac
    shift
done

if [[ -z "${POOLTABLE_A11Y_SESSION:-}" ]]; then
    exec env POOLTABLE_A11Y_SESSION=1 dbus-run-session -- \
        xvfb-run -a -s "-screen 0 1280x800x24" bash "$0" --rows "$rows" --frames "$frames" --runs "$runs" \
        2> >(grep -v -e 'fd limit' -e 'Activating service' -e 'Successfully activated' -e 'SpiRegistry daemon' >&2)
fi

# POOLTABLE_BENCH: a pooltable-bench binary already built (else a release build here).
if [[ -n "${POOLTABLE_BENCH:-}" ]]; then
    BENCH="$POOLTABLE_BENCH"
else
    swift build -c release --product pooltable-bench 2>&1 | grep -v 'prohibited flag' | tail -n 1
    BENCH="$(swift build -c release --show-bin-path)/pooltable-bench"
fi
export GSK_RENDERER=cairo GDK_BACKEND=x11

# one LABEL ENV...: one gui-one child; prints "LABEL median p95" from its BENCH-RESULT line.
one() {
    local label="$1"; shift
    env "$@" "$BENCH" gui-one --toolkit pooltable --rows "$rows" --frames "$frames" 2>/dev/null \
        | sed -n 's/^BENCH-RESULT //p' \
        | /usr/bin/python3 -c '
import json, sys, statistics
r = json.loads(sys.stdin.read())
w = sorted(f["workMs"] for f in r["frames"])
print(sys.argv[1], round(statistics.median(w), 3), round(w[int(len(w) * 0.95) - 1], 3))' "$label"
}

listener=""
stop_listener() { [[ -n "$listener" ]] && kill "$listener" 2>/dev/null; wait "$listener" 2>/dev/null || true; listener=""; }
trap stop_listener EXIT

results=()
for (( i = 1; i <= runs; i++ )); do
    results+=("$(one none GTK_A11Y=none NO_AT_BRIDGE=1)")
    /usr/bin/python3 "$REPO/scripts/a11y-listener.py" &
    listener=$!
    sleep 1
    results+=("$(one atspi GTK_A11Y=atspi)")
    stop_listener
done
printf '%s\n' "${results[@]}" | /usr/bin/python3 -c '
import sys, statistics
runs = {}
for line in sys.stdin:
    label, median, p95 = line.split()
    runs.setdefault(label, []).append((float(median), float(p95)))
for label, values in runs.items():
    print(f"{label:6} median frame work per run (ms): {[m for m, _ in values]}  p95: {[p for _, p in values]}")
none = statistics.median(m for m, _ in runs["none"])
atspi = statistics.median(m for m, _ in runs["atspi"])
print(f"median of medians: none {none:.3f} ms, atspi + client {atspi:.3f} ms, ratio {atspi / none:.3f}")'
