#!/usr/bin/env bash
# What a screen-reader user hears: the real Orca 43 (Debian 12) drives the Inbox, the
# Photos grid and Files (a small folder tree) key by key under Xvfb, and scripts/orca/check.py checks the transcript per key
# against what the app showed after it (POOLTABLE_TRACE=1): no silence after a navigation
# key, the focused row's name and number and no stale one, the checked state, and the
# edit-mode and selection-count announcements; on Files the level of a file in a folder and
# the column and value a Tab moves to; on the Inbox the swipe actions among the row's actions;
# searching the Inbox, the count of matches as the letters are typed (issue 35); in the
# Layout Gallery's carousels, each card's colour and place and the carousel entered (issue 38).
#
#   scripts/orca-check.sh            build (debug) if needed, run both screens, check
#   scripts/orca-check.sh --stock    also hear the stock GtkListView/GtkGridView peer (anchor.py)
#
# Environment: SWIFT_BUILD_ARGS, POOLTABLE_BIN (as the other GUI scripts); ORCA_LOGS (where
# the transcripts and Orca's debug logs go, default ci-logs/orca). Needs orca
# speech-dispatcher xvfb xauth xdotool dbus-x11 at-spi2-core python3-pyatspi (and python3-gi
# gir1.2-gtk-4.0 for --stock). Exits non-zero if a check fails. The harness is scripts/orca/
# (run.sh, inner.sh, parse.py, check.py; docs/ACCESSIBILITY.md, "Hear it", describes it).
set -uo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"
# shellcheck source=lib/gui-harness.sh
source "$REPO/scripts/lib/gui-harness.sh"
harness_need_tools orca speech-dispatcher xvfb-run xdotool dbus-run-session
/usr/bin/python3 -c 'import pyatspi' 2>/dev/null || { echo "FAIL: python3-pyatspi is missing"; exit 1; }
harness_build_app

LOGS="${ORCA_LOGS:-$REPO/ci-logs/orca}"
mkdir -p "$LOGS"
export ORCA_RUN_DIR="$LOGS"
# English, whatever the machine's locale: the checks read the English words.
APP=(env LANGUAGE=en LANG=C.UTF-8 POOLTABLE_TRACE=1 G_DEBUG=fatal-criticals "$BIN")

status=0
# The runs are started side by side and checked in order afterwards: each has its own D-Bus
# session, X server, speech-dispatcher socket, runtime dir and Orca prefs (run.sh, inner.sh),
# and each spends nearly all its time waiting for speech to go quiet after a key (1 s + 1.5 s
# of silence a key), not on the CPU. One after another they took 139 s of CI's 15 minutes.
runs=()
hear() {  # hear NAME TITLE KEYS ARGS...: starts the run in the background
    local name=$1 title=$2 keys=$3; shift 3
    bash "$REPO/scripts/orca/run.sh" "$name" "$keys" "${APP[@]}" "$@" >"$LOGS/$name.transcript" 2>&1 &
    runs+=("$name=$title=$!")
}
hear inbox Inbox "$REPO/scripts/orca/keys/inbox.keys" --screen inbox
hear photos Photos "$REPO/scripts/orca/keys/photos.keys" --screen photos
# Search on the Inbox (issue 35): the count of matches is heard as the letters are typed.
hear search Inbox "$REPO/scripts/orca/keys/search.keys" --screen inbox
# Files on a small tree (issue 34): a file inside a folder says its level, Tab its cells.
files_root="$(mktemp -d /tmp/pooltable-orca-files.XXXXXX)"
for folder in alpha beta; do mkdir -p "$files_root/$folder"; done
for f in alpha/a1.txt alpha/a2.txt alpha/a3.txt beta/b1.txt beta/b2.txt gamma.txt; do
    name=$(basename "$f"); printf '%s' "$name$name$name$name$name$name$name$name$name$name" >"$files_root/$f"
done
hear files Files "$REPO/scripts/orca/keys/files.keys" --files "$files_root"
hear carousel "Layout Gallery" "$REPO/scripts/orca/keys/carousel.keys" --screen layouts
for run in "${runs[@]}"; do
    IFS='=' read -r name title pid <<<"$run"
    wait "$pid" || true
    echo "== Orca: $name"
    cat "$LOGS/$name.transcript"
    if ! /usr/bin/python3 "$REPO/scripts/orca/check.py" "$LOGS/$name=$title"; then
        status=1
        echo "-- $name: what the app logged"; tail -n 20 "$LOGS/$name/app.log"
    fi
done
rm -rf "$files_root"

if [[ "${1:-}" == "--stock" ]]; then
    for kind in list grid; do
        echo "== Orca: stock GtkListView/GtkGridView ($kind)"
        keys="$REPO/scripts/orca/keys/inbox.keys"; [[ $kind == grid ]] && keys="$REPO/scripts/orca/keys/photos.keys"
        bash "$REPO/scripts/orca/run.sh" "stock-$kind" "$keys" /usr/bin/python3 "$REPO/scripts/orca/anchor.py" "$kind" || true
    done
fi
exit $status
