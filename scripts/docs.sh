#!/usr/bin/env bash
# Builds the DocC documentation of the two library modules (PoolTable, PoolTableGtk) with
# swift-docc-plugin and fails on any DocC warning (an unresolved symbol link, a parameter
# left undocumented, …) and on any public symbol without a doc comment
# (scripts/docs-coverage.py). Output: .build/plugins/Swift-DocC/outputs/*.doccarchive.
# Usage: scripts/docs.sh [LOG]   (LOG defaults to /tmp/pooltable-docs.log)
set -euo pipefail
cd "$(dirname "$0")/.."
log=${1:-/tmp/pooltable-docs.log}
start=$SECONDS
# Only the two library targets: the app, the demo kit and the benchmarks have no catalog.
# --disable-indexing skips the LMDB navigator index (an IDE's; nothing here reads it).
swift package generate-documentation --target PoolTable --target PoolTableGtk --disable-indexing \
    2>&1 </dev/null | tee "$log"
# SwiftPM's "prohibited flag(s)" notes about gtk4.pc are not DocC's.
warnings=$( (grep -E 'warning:' "$log" || true) | (grep -v 'prohibited flag' || true) )
if [[ -n "$warnings" ]]; then
    echo
    echo "error: the documentation build printed $(printf '%s\n' "$warnings" | wc -l) warning(s):"
    printf '%s\n' "$warnings"
    exit 1
fi
grep -q "Generated 2 documentation archives" "$log" || { echo "error: no documentation archives were generated"; exit 1; }
python3 scripts/docs-coverage.py PoolTable PoolTableGtk
echo "docs: 0 warnings, every public symbol documented ($(( SECONDS - start ))s)"
