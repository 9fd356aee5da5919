#!/usr/bin/env bash
# The app on Wayland, as GNOME desktops run it: a headless Weston (Debian's weston 10:
# headless backend, pixman renderer, desktop shell) on a private D-Bus session, no X display at
# all. scripts/wayland-check.py starts each screen there with GDK_BACKEND=wayland and
# G_DEBUG=fatal-criticals, reads its rows through AT-SPI, checks a screenshot is not blank
# and drives it through AT-SPI actions (Weston's headless backend has no seat: no keyboard or
# pointer can be injected).
#
#   scripts/wayland-check.sh [--only SCREEN ...]
#
# Environment: SWIFT_BUILD_ARGS, POOLTABLE_BIN (as the other GUI scripts); WAYLAND_LOGS (the
# app's logs, Weston's log and the screenshots; default ci-logs/wayland). Needs weston
# python3-pyatspi gir1.2-atspi-2.0 at-spi2-core dbus-x11 imagemagick. Exits non-zero if a
# check fails.
set -uo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"

# A private session bus: the accessibility bus and registry start on demand inside it, and
# a private XDG_RUNTIME_DIR from the start: the bus launcher, activated by the session bus,
# puts its socket there (without one, in ~/.cache/at-spi/bus, which every session of the
# user shares: an app could join another session's accessibility bus). Weston's socket
# goes there too.
if [[ -z "${POOLTABLE_WAYLAND_SESSION:-}" ]]; then
    command -v dbus-run-session >/dev/null || { echo "FAIL: dbus-run-session is missing (apt install dbus-x11)"; exit 1; }
    RUNTIME="$(mktemp -d /tmp/pooltable-wayland.XXXXXX)"
    chmod 700 "$RUNTIME"
    exec env POOLTABLE_WAYLAND_SESSION="$RUNTIME" XDG_RUNTIME_DIR="$RUNTIME" dbus-run-session -- bash "$0" "$@" \
        2> >(grep -v -e 'fd limit' -e 'Activating service' -e 'Successfully activated' -e 'SpiRegistry daemon' >&2)
fi

# shellcheck source=lib/gui-harness.sh
source "$REPO/scripts/lib/gui-harness.sh"
harness_need_tools weston weston-screenshooter convert compare identify
/usr/bin/python3 -c 'import pyatspi' 2>/dev/null || { echo "FAIL: python3-pyatspi is missing"; exit 1; }
harness_build_app

LOGS="${WAYLAND_LOGS:-$REPO/ci-logs/wayland}"
rm -rf "$LOGS"; mkdir -p "$LOGS"
RUNTIME="$POOLTABLE_WAYLAND_SESSION"
export XDG_RUNTIME_DIR="$RUNTIME"
unset DISPLAY WAYLAND_DISPLAY
# Weston's desktop shell, as a desktop has it (windows at their own size, decorated by GTK),
# on a plain black background with no panel: whatever is not black in a screenshot is the
# app's window. No on-screen keyboard client (weston-keyboard): nothing types through an
# input method here.
cat >"$RUNTIME/weston.ini" <<'INI'
[shell]
background-color=0xff000000
panel-position=none
locking=false
[input-method]
path=
INI

WESTON_PID=""
stop_weston() {
    if [[ -n "$WESTON_PID" ]] && kill -0 "$WESTON_PID" 2>/dev/null; then
        kill "$WESTON_PID"; wait "$WESTON_PID" 2>/dev/null
    fi
    rm -rf "$RUNTIME"
}
trap 'harness_cleanup; stop_weston' EXIT

echo "== weston $(weston --version 2>&1 | awk '{ print $2 }'): headless, pixman, desktop shell"
# --debug: the screenshooter protocol is offered to any client only with it;
# --idle-time=0: the output never blanks (a blanked output is never repainted, and a
# screenshot would wait for a repaint forever).
weston --backend=headless-backend.so --use-pixman --debug --idle-time=0 \
    --width=1280 --height=800 --socket=pooltable-wayland --config="$RUNTIME/weston.ini" \
    --log="$LOGS/weston.log" </dev/null >/dev/null 2>&1 &
WESTON_PID=$!
for _ in $(seq 100); do [[ -S "$RUNTIME/pooltable-wayland" ]] && break; sleep 0.1; done
[[ -S "$RUNTIME/pooltable-wayland" ]] || { echo "FAIL: weston did not start"; tail -n 20 "$LOGS/weston.log"; exit 1; }
export WAYLAND_DISPLAY=pooltable-wayland

echo "== the app on Wayland (AT-SPI, screenshots, AT-SPI actions)"
/usr/bin/python3 "$REPO/scripts/wayland-check.py" --bin "$BIN" --logs "$LOGS" "$@" 2>&1 \
    | grep -v -e 'fd limit' -e 'Activating service' -e 'Successfully activated' -e 'SpiRegistry daemon' \
              -e 'dbind-WARNING' -e '^$'
status=${PIPESTATUS[0]}
echo "screenshots: $LOGS/*.png"
exit "$status"
