# Shared by the GUI scripts (e2e-gui.sh, gui-acceptance.sh, monkey.sh); source it.
#
#   harness_need_display "$0" "$@"   re-runs the script under xvfb-run when there is no display
#   harness_need_tools xdotool …     fails loudly when a tool is missing
#   pass / fail / check              record results in PASSED / FAILED
#   harness_build_app                builds the app (or takes POOLTABLE_BIN) and sets BIN
#   harness_app_env                  GTK settings for checks: fatal criticals, X11, no a11y bus
#   APP_PID                          killed on exit if still running

harness_need_display() {
    if [[ -z "${DISPLAY:-}" ]]; then
        if [[ -n "${POOLTABLE_HARNESS_XVFB:-}" ]]; then echo "FAIL: still no DISPLAY under xvfb-run"; exit 1; fi
        command -v xvfb-run >/dev/null || { echo "FAIL: no DISPLAY and no xvfb-run (apt install xvfb xauth)"; exit 1; }
        exec env POOLTABLE_HARNESS_XVFB=1 xvfb-run -a -s "-screen 0 1280x800x24" bash "$@"
    fi
}

harness_need_tools() {
    local tool
    for tool in "$@"; do
        command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing (apt install xdotool imagemagick)"; exit 1; }
    done
}

PASSED=()
FAILED=()
pass() { PASSED+=("$1"); echo "  PASS  $1"; }
fail() { FAILED+=("$1"); echo "  FAIL  $1"; }
check() {  # check LABEL COMMAND...: pass if the command succeeds
    local label="$1"; shift
    if "$@"; then pass "$label"; else fail "$label"; fi
}

harness_build_app() {
    if [[ -n "${POOLTABLE_BIN:-}" ]]; then
        BIN="$POOLTABLE_BIN"
    else
        echo "== build"
        # A failed build stops here: the binary from the last good build must not be tested.
        local log status
        log="$(mktemp /tmp/pooltable-build.XXXXXX)"
        # shellcheck disable=SC2086
        swift build ${SWIFT_BUILD_ARGS:-} --product pooltable >"$log" 2>&1
        status=$?
        if (( status != 0 )); then
            grep -v 'prohibited flag' "$log" | grep -E -A3 'error:' | head -n 40
            rm -f "$log"
            echo "FAIL: swift build --product pooltable failed (exit $status)"
            exit 1
        fi
        grep -v 'prohibited flag' "$log" | tail -n 3
        rm -f "$log"
        # shellcheck disable=SC2086
        BIN="$(swift build ${SWIFT_BUILD_ARGS:-} --show-bin-path)/pooltable"
    fi
    [[ -x "$BIN" ]] || { echo "FAIL: no app binary at $BIN"; exit 1; }
    echo "app: $BIN"
}

harness_app_env() {
    export G_DEBUG=fatal-criticals
    export GTK_A11Y=none         # no accessibility bus under Xvfb
    export NO_AT_BRIDGE=1
    export GDK_BACKEND=x11
}

APP_PID=""
harness_cleanup() {
    if [[ -n "$APP_PID" ]] && kill -0 "$APP_PID" 2>/dev/null; then kill "$APP_PID" 2>/dev/null; wait "$APP_PID" 2>/dev/null; fi
}
trap harness_cleanup EXIT
