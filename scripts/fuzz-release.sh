#!/usr/bin/env bash
# Runs both fuzzers (table and grid) in a release build, where POOLTABLE_INTERNAL_CHECKS is
# off: the engine does not trap on a broken invariant, so the fuzzers' own checks (and
# `invariantViolation()` through them) report it with the seed and operation to replay.
# Debug builds (`swift test`) trap first, at the entry point that broke the invariant.
# `swift test -c release` builds with testable imports (`swift build -c release` does not).
# Usage: scripts/fuzz-release.sh [OPS]   (operations per run; default 200000)
#        POOLTABLE_FUZZ_SEED=N scripts/fuzz-release.sh   replays one seed
set -euo pipefail
cd "$(dirname "$0")/.."
ops=${1:-${POOLTABLE_FUZZ_OPS:-200000}}
POOLTABLE_FUZZ_OPS=$ops swift test -c release --filter "PoolTableTests.FuzzTests" </dev/null
