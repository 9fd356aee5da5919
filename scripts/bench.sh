#!/usr/bin/env bash
# Runs the benchmarks in release and writes the results:
#
#   docs/bench/engine.json   engine-only figures (pooltable-bench engine --json)
#   docs/bench/gui.json      PoolTable vs GtkListView (pooltable-bench gui --json, under Xvfb)
#   docs/bench/frames.png    the per-frame work chart
#   docs/bench/RESULTS.md    a Markdown table with the date, machine, renderer and command
#
#   scripts/bench.sh            full run (a few minutes), writes docs/bench/
#   scripts/bench.sh --smoke    tiny counts, one renderer (seconds); writes to a temp dir
#                               unless --out is given: CI proves both modes still run
#   scripts/bench.sh --out DIR  write somewhere else
#   BENCH_SCRATCH=.build-bench scripts/bench.sh   build in a scratch path of its own
#
# Needs: swift, libgtk-4-dev, xvfb (xvfb-run) for the GUI half. A benchmark, not a test:
# nothing is asserted about speed.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

smoke=0
out=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --smoke) smoke=1 ;;
        --out) out="$2"; shift ;;
        -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
        *) echo "bench.sh: unknown argument: $1" >&2; exit 2 ;;
    esac
    shift
done
if [[ -z "$out" ]]; then
    if [[ $smoke -eq 1 ]]; then out="$(mktemp -d)"; else out="docs/bench"; fi
fi
mkdir -p "$out"

if ! command -v swift >/dev/null 2>&1 && [[ -x /opt/swift/usr/bin/swift ]]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

flags=()
[[ $smoke -eq 1 ]] && flags+=(--smoke)

# BENCH_SCRATCH: a SwiftPM scratch path of its own (default: the package's .build).
build=(swift build -c release)
[[ -n "${BENCH_SCRATCH:-}" ]] && build+=(--scratch-path "$BENCH_SCRATCH")
echo "bench.sh: building pooltable-bench (release)" >&2
"${build[@]}" --product pooltable-bench >&2
bin="$("${build[@]}" --show-bin-path)/pooltable-bench"

echo "bench.sh: engine" >&2
"$bin" engine --json "${flags[@]}" >"$out/engine.json"

echo "bench.sh: gui" >&2
gui=("$bin" gui --json --chart "$out/frames.png" "${flags[@]}")
if command -v xvfb-run >/dev/null 2>&1; then
    # A fresh virtual display of a known size, whatever the caller's display is.
    env -u GSK_RENDERER xvfb-run -a -s "-screen 0 1280x800x24" "${gui[@]}" >"$out/gui.json"
elif [[ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]]; then
    echo "bench.sh: xvfb-run not found; using the current display" >&2
    env -u GSK_RENDERER "${gui[@]}" >"$out/gui.json"
else
    echo "bench.sh: no display and no xvfb-run (apt-get install xvfb)" >&2
    exit 1
fi

command="scripts/bench.sh${flags[*]:+ ${flags[*]}}  (= swift run -c release pooltable-bench engine --json${flags[*]:+ ${flags[*]}}; "
command+="xvfb-run -a -s \"-screen 0 1280x800x24\" swift run -c release pooltable-bench gui --json --chart frames.png${flags[*]:+ ${flags[*]}})"
"$bin" report "$out/engine.json" "$out/gui.json" --command "$command" --chart frames.png >"$out/RESULTS.md"

echo "bench.sh: wrote $out/engine.json, $out/gui.json, $out/frames.png, $out/RESULTS.md" >&2
