#!/usr/bin/env bash
# What a tick damages (issue 36): the bench's `frames` script (`pooltable-bench gui-one
# --toolkit pooltable --script frames`, cairo renderer, X11 under Xvfb) ticks the 10 live
# rows at the top (each a bar 200 px wide, 20 px from the right edge, a live layer) while
# scripts/damage/probe.c, LD_PRELOADed, logs the extents of every region GTK hands
# cairo_region_get_extents from libgtk-4 (on X11 + cairo: the frame's damage). The child
# writes "step KIND" to the same log before each scripted frame, so each damage line is
# tied to its frame.
#
#   scripts/damage-tick.sh [BENCH_BINARY]   (default: the debug build's pooltable-bench)
#
# Prints the tick frames' damage (extents, rectangles; VERBOSE=1: every frame's) beside a
# scrolled frame's, and fails unless every tick frame's damage lies within the bars' column
# (x >= 560 and at most 220 px wide in the 800 px window).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bench="${1:-.build/debug/pooltable-bench}"
[[ -x "$bench" ]] || { echo "no bench at $bench (swift build --product pooltable-bench)" >&2; exit 1; }
if [[ -z "${DISPLAY:-}" ]]; then exec xvfb-run -a -s "-screen 0 1280x800x24" "$0" "$@"; fi
work="$(mktemp -d /tmp/pooltable-damage.XXXXXX)"
trap 'rm -rf "$work"' EXIT
# shellcheck disable=SC2046
gcc -shared -fPIC -O2 -o "$work/probe.so" scripts/damage/probe.c $(pkg-config --cflags --libs cairo) -ldl
GSK_RENDERER=cairo GDK_BACKEND=x11 DAMAGE_LOG="$work/damage.log" LD_PRELOAD="$work/probe.so" \
    "$bench" gui-one --toolkit pooltable --script frames --rows 2069 --downloads 10 --frames 20 >/dev/null 2>"$work/err"
python3 - "$work/damage.log" ${VERBOSE:+-v} <<'PY'
import statistics, sys
frames, kind = [], None
for line in open(sys.argv[1]):
    parts = line.split()
    if parts[0] == "step":
        kind = parts[1]
        frames.append((kind, []))
    elif frames:
        x, y, w, h, n = map(int, parts[1:6])
        frames[-1][1].append((x, y, w, h, n))
def extents(rects):
    x0 = min(r[0] for r in rects); y0 = min(r[1] for r in rects)
    x1 = max(r[0] + r[2] for r in rects); y1 = max(r[1] + r[3] for r in rects)
    return x0, y0, x1 - x0, y1 - y0
ticks = [extents(d) + (max(r[4] for r in d),) for k, d in frames if k == "tick" and d]
if "-v" in sys.argv: print("tick frames (x, y, w, h, rectangles):", ticks)
scrolls = [extents(d) for k, d in frames if k == "scroll" and d]
if not ticks:
    sys.exit("no tick frame damage logged")
print(f"tick frames: {len(ticks)} damaged; damage extents x {min(t[0] for t in ticks)}..{max(t[0] + t[2] for t in ticks)}, "
      f"width median {statistics.median(t[2] for t in ticks):.0f} px (max {max(t[2] for t in ticks)}), "
      f"height median {statistics.median(t[3] for t in ticks):.0f} px, rectangles up to {max(t[4] for t in ticks)}")
if scrolls:
    print(f"scroll frames: {len(scrolls)}; damage width median {statistics.median(s[2] for s in scrolls):.0f} px, "
          f"height median {statistics.median(s[3] for s in scrolls):.0f} px")
bad = [t for t in ticks if t[0] < 560 or t[2] > 220]
if bad:
    sys.exit(f"FAIL: {len(bad)} tick frames damaged outside the bars' column: {bad[:3]}")
print("OK: every tick frame damaged only the bars' column")
PY
