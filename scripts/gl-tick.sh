#!/usr/bin/env bash
# What the GL renderer does in a tick frame against a tiny-damage frame (issue 36). Runs the
# bench's counted scripts (`pooltable-bench gui-one --toolkit pooltable --script ticks|tinies`,
# GSK_RENDERER=gl, X11 under Xvfb: Mesa's llvmpipe) under gdb, which logs every glViewport
# (one per render target: offscreen passes add more), glClear, glScissor, glDrawArrays (with its
# vertex count), texture upload (glTexImage2D, glTexSubImage2D) and llvmpipe shader compile
# (LLVMModuleCreateWithNameInContext), and the "step KIND" line the child writes before each
# scripted frame (DAMAGE_LOG), so each call is tied to its frame.
#
#   scripts/gl-tick.sh [BENCH_BINARY]   (default: the debug build's pooltable-bench; needs gdb)
#
# Prints each frame kind's GL work and fails if a tick frame does more than a tiny frame: an
# offscreen pass, a texture upload, a shader compile, a scissor, or more than 4 draws or 64
# vertices beyond it (the overlay scrollbar may be drawn in one and not the other).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bench="${1:-.build/debug/pooltable-bench}"
[[ -x "$bench" ]] || { echo "no bench at $bench (swift build --product pooltable-bench)" >&2; exit 1; }
command -v gdb >/dev/null || { echo "gdb is needed (apt-get install gdb)" >&2; exit 1; }
if [[ -z "${DISPLAY:-}" ]]; then exec xvfb-run -a -s "-screen 0 1280x800x24" "$0" "$@"; fi
work="$(mktemp -d /tmp/pooltable-gltick.XXXXXX)"
trap 'rm -rf "$work"' EXIT
cat >"$work/gdb" <<'EOF'
set pagination off
set breakpoint pending on
set print thread-events off
dprintf glViewport,"GL viewport %d %d %d %d\n",$rdi,$rsi,$rdx,$rcx
dprintf glClear,"GL clear\n"
dprintf glScissor,"GL scissor %d %d %d %d\n",$rdi,$rsi,$rdx,$rcx
dprintf glDrawArrays,"GL draw %d\n",$rdx
dprintf glTexImage2D,"GL upload %d %d\n",$rcx,$r8
dprintf glTexSubImage2D,"GL upload %d %d\n",$r8,$r9
dprintf LLVMModuleCreateWithNameInContext,"GL compile %s\n",(char *)$rdi
dprintf fputs,"STEP %s",(char *)$rdi
run
quit
EOF
for script in ticks tinies; do
    GSK_RENDERER=gl GDK_BACKEND=x11 GTK_A11Y=none DAMAGE_LOG="$work/steps.log" \
        gdb -q -batch -x "$work/gdb" --args "$bench" gui-one --toolkit pooltable --script "$script" \
        --rows 2069 --downloads 10 --frames 6 >"$work/$script.log" 2>&1
done
python3 - "$work/ticks.log" "$work/tinies.log" <<'PY'
import collections, sys
def frames(path):
    out, cur = [], None
    for line in open(path):
        p = line.split()
        if not p: continue
        if p[0] == "STEP" and len(p) > 2:
            cur = (p[2], collections.Counter()); out.append(cur)
        elif p[0] == "GL" and cur is not None:
            cur[1][p[1]] += 1
            if p[1] == "draw": cur[1]["vertices"] += int(p[2])
    return out
kinds = {}
for path in sys.argv[1:]:
    for kind, c in frames(path):
        if kind in ("tick", "tiny"): kinds.setdefault(kind, []).append(c)
if "tick" not in kinds or "tiny" not in kinds:
    sys.exit("no tick or tiny frame logged")
keys = ["viewport", "clear", "scissor", "draw", "vertices", "upload", "compile"]
for kind in ("tick", "tiny"):
    fs = kinds[kind]
    print(f"{kind}: {len(fs)} frames; per frame, most: " + ", ".join(f"{k} {max(f[k] for f in fs)}" for k in keys))
tiny = {k: max(f[k] for f in kinds["tiny"]) for k in keys}
bad = []
for f in kinds["tick"]:
    for k in ("viewport", "scissor", "compile"):
        if f[k] > tiny[k]: bad.append(f"{k} {f[k]} > {tiny[k]}")
    if f["upload"]: bad.append(f"upload {f['upload']}")
    if f["draw"] > tiny["draw"] + 4 or f["vertices"] > tiny["vertices"] + 64:
        bad.append(f"draws {f['draw']} / vertices {f['vertices']} against {tiny['draw']} / {tiny['vertices']}")
if bad:
    sys.exit("FAIL: a tick frame does more GL work than a tiny frame: " + "; ".join(sorted(set(bad))[:5]))
print("OK: a tick frame's GL work is a tiny frame's (no offscreen pass, upload or shader compile)")
PY
