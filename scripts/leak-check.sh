#!/usr/bin/env bash
# Runs the headless test suites (engine and demo kit) under AddressSanitizer's
# LeakSanitizer and reports the bytes leaked from allocations made by our code (stack
# frames in PoolTable* modules). Target: zero. Fails if the sanitizer gives no verdict.
# (valgrind 3.19 crashes on Swift test binaries here — libdispatch's signal thread — so
# LeakSanitizer is used; scripts/lsan.supp lists the Swift runtime's false positives.)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-asan
log=$(mktemp /tmp/pooltable-lsan.XXXXXX)
echo "leak-check: building with -sanitize=address in $scratch …"
swift build --build-tests --sanitize=address --scratch-path "$scratch" 2>&1 | grep -E "error" && exit 1 || true
set +e
POOLTABLE_FUZZ_OPS=${POOLTABLE_FUZZ_OPS:-20000} \
ASAN_OPTIONS=detect_leaks=1:halt_on_error=0 \
LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=1" \
    swift test --sanitize=address --scratch-path "$scratch" --skip-build \
    --filter "PoolTableTests|PoolTableDemoKitTests" --skip "unregistered identifier" >"$log" 2>&1
rc=$?
set -e
grep -E "Test run with" "$log" || { echo "leak-check: the tests did not run (log: $log)"; exit 1; }
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
