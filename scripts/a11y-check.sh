#!/usr/bin/env bash
# Accessibility check: the real app on a private D-Bus session with the accessibility bus,
# read back through AT-SPI by scripts/a11y-check.py (python3-pyatspi), driven with xdotool.
#
#   scripts/a11y-check.sh [--only CHECK_NAME ...]
#
# Environment: SWIFT_BUILD_ARGS, POOLTABLE_BIN (as the other GUI scripts); A11Y_LOGS (where
# the app's logs go, default ci-logs/). Needs python3-pyatspi gir1.2-atspi-2.0 at-spi2-core
# dbus-x11 xvfb xdotool. Exits non-zero if a check fails.
set -uo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"

# A private session bus (the accessibility bus and registry start on demand inside it) and
# a private X display.
if [[ -z "${POOLTABLE_A11Y_SESSION:-}" ]]; then
    command -v dbus-run-session >/dev/null || { echo "FAIL: dbus-run-session is missing (apt install dbus-x11)"; exit 1; }
    command -v xvfb-run >/dev/null || { echo "FAIL: xvfb-run is missing (apt install xvfb xauth)"; exit 1; }
    # (dbus-daemon's notes about fd limits and service activation are noise here.)
    exec env POOLTABLE_A11Y_SESSION=1 dbus-run-session -- \
        xvfb-run -a -s "-screen 0 1280x800x24" bash "$0" "$@" \
        2> >(grep -v -e 'fd limit' -e 'Activating service' -e 'Successfully activated' -e 'SpiRegistry daemon' >&2)
fi

# shellcheck source=lib/gui-harness.sh
source "$REPO/scripts/lib/gui-harness.sh"
harness_need_tools xdotool
# Debian's python, not a pyenv shim that cannot see dist-packages.
/usr/bin/python3 -c 'import pyatspi' 2>/dev/null || { echo "FAIL: python3-pyatspi is missing"; exit 1; }
harness_build_app

echo "== accessibility (AT-SPI)"
/usr/bin/python3 "$REPO/scripts/a11y-check.py" --bin "$BIN" --logs "${A11Y_LOGS:-$REPO/ci-logs}" "$@" 2>&1 \
    | grep -v -e 'fd limit' -e 'Activating service' -e 'Successfully activated' -e 'SpiRegistry daemon'
exit "${PIPESTATUS[0]}"
