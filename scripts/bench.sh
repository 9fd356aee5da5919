#!/usr/bin/env bash
# Runs the benchmarks in release and writes the results:
#
#   docs/bench/engine.json   engine-only figures (pooltable-bench engine --json)
#   docs/bench/gui.json      PoolTable vs GtkListView (pooltable-bench gui --json, under Xvfb)
#   docs/bench/soak.json     PoolTable soak: 500 downloads ticking while scrolling, RSS sampled
#   docs/bench/frames.png    the per-frame work chart
#   docs/bench/RESULTS.md    a Markdown table with the date, machine, renderer and command
#
#   scripts/bench.sh            full run (a few minutes + a 10-minute soak), writes docs/bench/
#   scripts/bench.sh --smoke    tiny counts, one renderer, a 5 s soak; writes to a temp dir
#                               unless --out is given: CI proves every mode still runs
#   scripts/bench.sh --soak-seconds N   the soak's length (default 600; smoke 5)
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
soak_seconds=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --smoke) smoke=1 ;;
        --out) out="$2"; shift ;;
        --soak-seconds) soak_seconds="$2"; shift ;;
        -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
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

[[ -z "$soak_seconds" ]] && { if [[ $smoke -eq 1 ]]; then soak_seconds=5; else soak_seconds=600; fi; }

# Runs a GUI mode on a fresh virtual display of a known size, whatever the caller's display is.
on_display() {
    if command -v xvfb-run >/dev/null 2>&1; then
        env -u GSK_RENDERER xvfb-run -a -s "-screen 0 1280x800x24" "$@"
    elif [[ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]]; then
        echo "bench.sh: xvfb-run not found; using the current display" >&2
        env -u GSK_RENDERER "$@"
    else
        echo "bench.sh: no display and no xvfb-run (apt-get install xvfb)" >&2
        exit 1
    fi
}

echo "bench.sh: gui" >&2
on_display "$bin" gui --json --chart "$out/frames.png" "${flags[@]}" >"$out/gui.json"

echo "bench.sh: soak (${soak_seconds} s)" >&2
on_display "$bin" soak --json --seconds "$soak_seconds" "${flags[@]}" >"$out/soak.json"

command="scripts/bench.sh${flags[*]:+ ${flags[*]}}  (= swift run -c release pooltable-bench engine --json${flags[*]:+ ${flags[*]}}; "
command+="xvfb-run -a -s \"-screen 0 1280x800x24\" swift run -c release pooltable-bench gui --json --chart frames.png${flags[*]:+ ${flags[*]}}; "
command+="... pooltable-bench soak --json --seconds ${soak_seconds}${flags[*]:+ ${flags[*]}})"
"$bin" report "$out/engine.json" "$out/gui.json" "$out/soak.json" --command "$command" --chart frames.png >"$out/RESULTS.md"

echo "bench.sh: wrote $out/engine.json, $out/gui.json, $out/soak.json, $out/frames.png, $out/RESULTS.md" >&2
