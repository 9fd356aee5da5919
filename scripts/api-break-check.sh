#!/usr/bin/env bash
# The API-break check: compares the public API of the library products (PoolTable,
# PoolTableGtk) with the last release's, and fails unless every break that
# `swift package diagnose-api-breaking-changes` reports is named under "### Breaking" in
# the "[Unreleased]" section of CHANGELOG.md.
#
#   scripts/api-break-check.sh                 check against the last release in CHANGELOG.md
#   scripts/api-break-check.sh --write-baseline VERSION
#                                              at a release: write api/VERSION/ from HEAD
#
# The baseline of each release is committed in api/<version>/ (the API digester's JSON, one
# file per module, and COMMIT, the release's commit), so the check needs neither tags nor the
# release's commit in the clone (CI's clone may have no tags, or be shallow). With no
# baseline for the last release the check fails and says how to write one: it never passes
# without comparing. @_spi declarations are not public API: a declaration moved behind
# @_spi is reported as a break ("is now with @_spi") and must be listed like any other.
#
# Listing rule (scripts/api-breaks-listed.py): a break on `A.b(c:)` is listed when
# `A.b(c:)` or `A.b` appears in backticks under Breaking, or when a type that contains it,
# `A`, appears there and `A` itself is reported broken (moved behind @_spi, removed): naming a
# type that moved covers its members.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
PRODUCTS=(PoolTable PoolTableGtk)

if [[ "${1:-}" == "--write-baseline" ]]; then
    version="${2:?usage: --write-baseline VERSION}"
    sha=$(git rev-parse HEAD)
    tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
    swift package diagnose-api-breaking-changes HEAD --products "${PRODUCTS[@]}" \
        --baseline-dir "$tmp" --regenerate-baseline >/dev/null 2>&1 || true
    [[ -f "$tmp/$sha/PoolTable.json" ]] || { echo "error: the API digester wrote no baseline"; exit 1; }
    mkdir -p "api/$version"
    cp "$tmp/$sha/"*.json "api/$version/"
    echo "$sha" > "api/$version/COMMIT"
    echo "wrote api/$version/ from $sha"
    exit 0
fi

# The last release: the first "## [x.y.z]" heading of CHANGELOG.md.
release=$(grep -m1 -oE '^## \[[0-9]+\.[0-9]+\.[0-9]+\]' CHANGELOG.md | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' || true)
[[ -n "$release" ]] || { echo "error: CHANGELOG.md names no release (## [x.y.z])"; exit 1; }
base="api/$release"
for m in "${PRODUCTS[@]}"; do
    if [[ ! -f "$base/$m.json" ]]; then
        echo "error: no API baseline for release $release ($base/$m.json is missing)."
        echo "       Nothing was compared. At the release's commit run:"
        echo "       scripts/api-break-check.sh --write-baseline $release"
        exit 1
    fi
done

# The digester keys a baseline by the commit it was made from; hand it the committed
# baseline under HEAD's id so that it compares against it without checking anything out.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
head_sha=$(git rev-parse HEAD)
mkdir -p "$tmp/baseline/$head_sha"
cp "$base/"*.json "$tmp/baseline/$head_sha/"
echo "comparing the public API of ${PRODUCTS[*]} with release $release ($(cat "$base/COMMIT" 2>/dev/null | cut -c1-12))"
set +e
swift package diagnose-api-breaking-changes HEAD --products "${PRODUCTS[@]}" \
    --baseline-dir "$tmp/baseline" >"$tmp/report.txt" 2>&1
rc=$?
set -e
grep -E "API breakage|breaking changes detected|No breaking changes" "$tmp/report.txt" || true
if [[ $rc -ne 0 ]] && ! grep -q "API breakage" "$tmp/report.txt"; then
    echo "error: diagnose-api-breaking-changes failed (exit $rc):"; tail -n 30 "$tmp/report.txt"; exit 1
fi
python3 scripts/api-breaks-listed.py CHANGELOG.md "$tmp/report.txt"
