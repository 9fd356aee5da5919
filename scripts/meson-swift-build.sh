#!/usr/bin/env bash
# Called by meson (see meson.build): builds a SwiftPM product in release mode
# with its own scratch path under meson's build dir and copies the binary out.
#
#   meson-swift-build.sh SOURCE_DIR SCRATCH_DIR PRODUCT OUTPUT
set -euo pipefail

if [[ $# -ne 4 ]]; then
    echo "usage: $0 SOURCE_DIR SCRATCH_DIR PRODUCT OUTPUT" >&2
    exit 2
fi
src="$1" scratch="$2" product="$3" output="$4"

if ! command -v swift >/dev/null 2>&1 && [[ -x /opt/swift/usr/bin/swift ]]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

# --static-swift-stdlib: the installed binary needs no Swift runtime.
swift build \
    --package-path "$src" \
    --scratch-path "$scratch" \
    -c release \
    --static-swift-stdlib \
    --product "$product"

bindir="$(swift build --package-path "$src" --scratch-path "$scratch" -c release --show-bin-path)"
install -m 0755 "$bindir/$product" "$output"
