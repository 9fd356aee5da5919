#!/usr/bin/env bash
# Runs the GTK test suite as if the machine had been up for days (issue 17): a small
# LD_PRELOAD library adds UPTIME_EXTRA seconds (default 400000, about 4.6 days) to every
# CLOCK_MONOTONIC reading of the test process, so g_get_monotonic_time() and GTK's frame
# clock report that uptime. The GUI tests must pass whatever the uptime: a test that owns
# the animation clock uses a ManualTimeSource, never an offset from the frame clock.
# Usage: scripts/uptime-check.sh [extra-seconds]   (after `swift build --build-tests`)
# The environment passes through (CI runs it with GDK_SCALE=2 and UPTIME_SCREEN=3000x2000x24:
# one run of the suite for both conditions; UPTIME_SKIP leaves out tests neither affects).
set -euo pipefail
cd "$(dirname "$0")/.."
extra=${1:-${UPTIME_EXTRA:-400000}}
dir=$(mktemp -d /tmp/pooltable-uptime.XXXXXX)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/shim.c" <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>
/* clock_gettime with UPTIME_EXTRA seconds added to the clocks that count from boot. */
int clock_gettime(clockid_t id, struct timespec *ts) {
    static int (*real)(clockid_t, struct timespec *);
    static long extra = -1;
    if (!real) real = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
    if (extra < 0) { const char *e = getenv("UPTIME_EXTRA"); extra = e ? atol(e) : 0; }
    int r = real(id, ts);
    if (r == 0 && (id == CLOCK_MONOTONIC || id == CLOCK_MONOTONIC_RAW || id == CLOCK_MONOTONIC_COARSE || id == CLOCK_BOOTTIME))
        ts->tv_sec += extra;
    return r;
}
C
compiler=$(command -v clang || command -v cc)
"$compiler" -shared -fPIC -O2 -o "$dir/shim.so" "$dir/shim.c" -ldl
echo "uptime-check: GTK suite with the monotonic clock ${extra} s ahead (real uptime $(cut -d' ' -f1 /proc/uptime) s), GDK_SCALE=${GDK_SCALE:-1}"
# UPTIME_SKIP: a regular expression of tests to leave out (`swift test --skip`).
skip=()
if [[ -n "${UPTIME_SKIP:-}" ]]; then skip=(--skip "$UPTIME_SKIP"); fi
xvfb-run -a -s "-screen 0 ${UPTIME_SCREEN:-1280x800x24}" env UPTIME_EXTRA="$extra" LD_PRELOAD="$dir/shim.so" G_DEBUG=fatal-criticals \
    swift test --skip-build --filter "${UPTIME_FILTER:-PoolTableGtkTests}" "${skip[@]}" </dev/null
