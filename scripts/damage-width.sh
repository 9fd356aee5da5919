#!/usr/bin/env bash
# How wide a scrolled frame's damage is, light theme against dark (issue 26): the bench's
# PoolTable child (`pooltable-bench gui-one --toolkit pooltable`, cairo renderer, X11 under
# Xvfb) scrolls 100 frames of 37 px while scripts/damage/probe.c, LD_PRELOADed, logs the
# extents of every region GTK hands cairo_region_get_extents from libgtk-4: on X11 + cairo
# that is the frame's damage, passed to begin_frame once a frame (the 4x4 px probe frames and
# the first full frame are left out by keeping frames 500-650 px tall).
#
#   scripts/damage-width.sh [BENCH_BINARY]   (default: the debug build's pooltable-bench)
#
# Prints the median and mean damage width per theme and dark / light.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bench="${1:-.build/debug/pooltable-bench}"
[[ -x "$bench" ]] || { echo "no bench at $bench (swift build --product pooltable-bench)" >&2; exit 1; }
if [[ -z "${DISPLAY:-}" ]]; then exec xvfb-run -a -s "-screen 0 1280x800x24" "$0" "$@"; fi
work="$(mktemp -d /tmp/pooltable-damage.XXXXXX)"
trap 'rm -rf "$work"' EXIT
# shellcheck disable=SC2046
gcc -shared -fPIC -O2 -o "$work/probe.so" scripts/damage/probe.c $(pkg-config --cflags --libs cairo) -ldl
for theme in light dark; do
    gtk_theme=Adwaita; [[ $theme == dark ]] && gtk_theme=Adwaita:dark
    GTK_THEME=$gtk_theme GSK_RENDERER=cairo GDK_BACKEND=x11 DAMAGE_LOG="$work/$theme.log" LD_PRELOAD="$work/probe.so" \
        "$bench" gui-one --toolkit pooltable --frames 100 --rows 100000 >/dev/null 2>"$work/$theme.err"
done
python3 - "$work" <<'PY'
import statistics, sys
w = {}
for theme in ("light", "dark"):
    w[theme] = [int(l.split()[3]) for l in open(f"{sys.argv[1]}/{theme}.log") if 500 <= int(l.split()[4]) < 650]
    print(f"{theme}: {len(w[theme])} scrolled frames, damage width median {statistics.median(w[theme]):.0f} px, mean {statistics.mean(w[theme]):.1f} px")
print(f"dark / light: median {statistics.median(w['dark']) / statistics.median(w['light']):.2f}x, "
      f"mean {statistics.mean(w['dark']) / statistics.mean(w['light']):.2f}x")
PY
