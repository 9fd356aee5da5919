#!/usr/bin/env bash
# meson install script (see meson.build): strips the installed binary. Meson only strips
# targets it builds itself (`install --strip`), and the binary is built by SwiftPM.
#
#   meson-strip.sh RELATIVE_PATH_UNDER_PREFIX
set -euo pipefail
target="${MESON_INSTALL_DESTDIR_PREFIX:?run by meson install}/$1"
before=$(stat -c %s "$target")
strip --strip-all "$target"
echo "Stripped $target: $(( before / 1024 / 1024 )) MiB -> $(( $(stat -c %s "$target") / 1024 / 1024 )) MiB"
