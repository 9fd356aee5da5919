#!/usr/bin/env bash
# One version everywhere: the last release in CHANGELOG.md (its first "## [x.y.z]" heading)
# must equal `pooltable --version`'s source (Application.version), meson's project version,
# the newest AppStream <release>, and, where the clone has tags, the newest tag reachable
# from HEAD. (LocalizationTests checks the built binary's --version against CHANGELOG.md.)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
changelog=$(grep -m1 -oE '^## \[[0-9]+\.[0-9]+\.[0-9]+\]' CHANGELOG.md | grep -oE '[0-9]+\.[0-9]+\.[0-9]+')
app=$(grep -oE 'static let version = "[^"]+"' Sources/PoolTableApp/App/Application.swift | grep -oE '[0-9][^"]*')
meson=$(grep -m1 -oE "^  version: '[^']+'" meson.build | grep -oE "[0-9][^']*")
appstream=$(grep -m1 -oE '<release version="[^"]+"' resources/io.github.pooltable.PoolTable.metainfo.xml | grep -oE '[0-9][^"]*')
tag=$(git describe --tags --abbrev=0 --match '[0-9]*.[0-9]*.[0-9]*' 2>/dev/null || echo "")
echo "CHANGELOG.md $changelog, --version $app, meson $meson, AppStream $appstream, tag ${tag:-(no tags in this clone)}"
fail=0
for pair in "Application.version:$app" "meson.build:$meson" "metainfo <release>:$appstream"; do
    [[ "${pair#*:}" == "$changelog" ]] || { echo "error: ${pair%%:*} says ${pair#*:}, CHANGELOG.md's last release is $changelog"; fail=1; }
done
if [[ -n "$tag" && "$tag" != "$changelog" ]]; then
    echo "error: the newest tag is $tag, CHANGELOG.md's last release is $changelog"; fail=1
fi
[[ -d "api/$changelog" ]] || { echo "error: no API baseline api/$changelog/ for the last release (scripts/api-break-check.sh --write-baseline $changelog)"; fail=1; }
exit $fail
