#!/usr/bin/env bash
# Runs the headless test suites (engine and demo kit) under LeakSanitizer and reports the
# bytes leaked from allocations made by our code (stack frames in PoolTable* modules).
# Target: zero. Fails if the sanitizer gives no verdict.
#
# Leak detection needs no instrumentation, only the sanitizer's allocator and its scan at
# exit: the toolchain's AddressSanitizer runtime is preloaded into the ordinary debug test
# binary (the one `swift build --build-tests` made for CI's step a), so no second build
# with -sanitize=address is needed (it cost CI about five minutes). What this does not do is
# ASan's memory-error checking of instrumented code; the check is leaks, as it always was.
# (valgrind 3.19 crashes on Swift test binaries here — libdispatch's signal thread — so
# LeakSanitizer is used; scripts/lsan.supp lists the Swift runtime's false positives.)
# Usage: scripts/leak-check.sh   (builds the tests if needed; LEAK_CHECK_BIN=PATH runs that
#        test binary as it is)
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp /tmp/pooltable-lsan.XXXXXX)
runtime=$(ls "$(dirname "$(readlink -f "$(command -v swift)")")"/../lib/clang/*/lib/linux/libclang_rt.asan-x86_64.so 2>/dev/null | head -n1 || true)
[[ -n "$runtime" && -f "$runtime" ]] || { echo "leak-check: the toolchain's ASan runtime (libclang_rt.asan-x86_64.so) was not found"; exit 1; }
# LEAK_CHECK_BIN: a test binary already built (CI's step a); otherwise build it here.
binary="${LEAK_CHECK_BIN:-}"
if [[ -z "$binary" ]]; then
    swift build --build-tests 2>&1 </dev/null | (grep -E "error" || true)
    binary="$(swift build --show-bin-path </dev/null)/PoolTablePackageTests.xctest"
fi
[[ -x "$binary" ]] || { echo "leak-check: $binary was not built"; exit 1; }
echo "leak-check: $binary with $runtime preloaded"
set +e
# `swift test` runs the same binary with these arguments (`--testing-library swift-testing`).
POOLTABLE_FUZZ_OPS=${POOLTABLE_FUZZ_OPS:-20000} \
LD_PRELOAD="$runtime" \
ASAN_OPTIONS=detect_leaks=1:halt_on_error=0:atexit=1 \
LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=1" \
    "$binary" --testing-library swift-testing \
    --filter "PoolTableTests|PoolTableDemoKitTests" --skip "unregistered identifier" </dev/null >"$log" 2>&1
rc=$?
set -e
grep -E "Test run with" "$log" || { echo "leak-check: the tests did not run (log: $log)"; exit 1; }
# The preloaded runtime was there to the end: atexit=1 prints its allocator's exit stats
# (the leak scan runs at the same exit).
grep -q "AddressSanitizer exit stats" "$log" || { echo "leak-check: the sanitizer runtime did not run (log: $log)"; exit 1; }
# Bytes in leak reports whose stack passes through our modules.
ours=$(awk '/(Direct|Indirect) leak of/{b=$4; inrec=1; keep=0; next}
            inrec && /PoolTable/{keep=1}
            inrec && /^$/{if(keep) sum+=b; inrec=0}
            END{print sum+0}' "$log")
total=$( (grep -E "^SUMMARY: AddressSanitizer: .* leaked" "$log" || true) | awk '{s+=$3} END{print s+0}')
suppressed=$( (grep -A50 "Suppressions used" "$log" || true) | (grep -E "^ +[0-9]+ +[0-9]+ " || true) | awk '{s+=$2} END{print s+0}')
echo "leak-check: leaked from our code: ${ours} bytes; unsuppressed total: ${total} bytes; suppressed runtime false positives: ${suppressed} bytes (log: $log)"
if [ "$rc" -ne 0 ] && ! grep -q "LeakSanitizer" "$log"; then echo "leak-check: tests failed (rc $rc)"; exit 1; fi
[ "$ours" = "0" ]
