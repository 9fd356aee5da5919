#!/usr/bin/env bash
# Checks the translations (CI step c and `meson test translations`):
#
#   1. po/POTFILES and po/pooltable.pot are up to date with the sources
#      (scripts/update-po.sh --check: every tr()/trn() string is in the template);
#   2. every language in po/LINGUAS is complete: msgfmt --check --statistics reports
#      0 untranslated and 0 fuzzy messages, and every {placeholder} of a message is kept
#      by its translation;
#   3. the shortcuts window marks every title translatable;
#   4. the desktop entry and the AppStream metainfo, merged with the translations
#      (msgfmt --desktop / --xml, as meson install does), pass desktop-file-validate and
#      appstreamcli validate, and carry each language's strings.
#
# After adding or changing strings: scripts/update-po.sh, translate po/<lang>.po, rerun this.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tmp="$(mktemp -d /tmp/pooltable-i18n-check.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
fail=0

bash scripts/update-po.sh --check || fail=1

for lang in $(sed 's/#.*//' po/LINGUAS); do
    stats="$(LC_ALL=C msgfmt --check --statistics -o "$tmp/$lang.mo" "po/$lang.po" 2>&1)" || { echo "$stats"; fail=1; continue; }
    echo "po/$lang.po: $stats"
    if [[ "$stats" == *untranslated* || "$stats" == *fuzzy* ]]; then
        echo "error: po/$lang.po is incomplete; translate the untranslated/fuzzy messages:"
        msgattrib --only-fuzzy "po/$lang.po" | grep -E '^msgid' | head -n 20 || true
        msgattrib --untranslated "po/$lang.po" | grep -E '^msgid' | head -n 20 || true
        fail=1
    fi
    # Placeholders: every {name} of msgid must appear in msgstr (and no others).
    python3 - "po/$lang.po" <<'PY' || fail=1
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
def unq(block, key):
    m = re.findall(r'^' + re.escape(key) + r' ((?:"(?:[^"\\]|\\.)*"\s*)+)', block, re.M)
    return ["".join(re.findall(r'"((?:[^"\\]|\\.)*)"', x)) for x in m]
bad = 0
for block in text.split("\n\n"):
    ids = unq(block, "msgid") + unq(block, "msgid_plural")
    strs = unq(block, "msgstr") + [s for k in range(6) for s in unq(block, f"msgstr[{k}]")]
    if not ids or not ids[0]:
        continue
    want = set(re.findall(r"\{[A-Za-z]+\}", ids[0]))
    for s in strs:
        if s and set(re.findall(r"\{[A-Za-z]+\}", s)) != want:
            print(f"{sys.argv[1]}: placeholders differ: {ids[0]!r} -> {s!r}")
            bad = 1
sys.exit(bad)
PY
done

untranslatable=$(grep -E '<property name="title"' resources/gtk/help-overlay.ui | grep -vc 'translatable="yes"' || true)
if [[ "$untranslatable" != 0 ]]; then
    echo "error: resources/gtk/help-overlay.ui has $untranslatable title(s) without translatable=\"yes\""
    fail=1
fi

desktop=resources/io.github.pooltable.PoolTable.desktop
metainfo=resources/io.github.pooltable.PoolTable.metainfo.xml
msgfmt --desktop -d po --template "$desktop" -o "$tmp/$(basename "$desktop")"
msgfmt --xml -d po --template "$metainfo" -o "$tmp/$(basename "$metainfo")"
desktop-file-validate "$tmp/$(basename "$desktop")" && echo "desktop-file-validate (translated): OK" || fail=1
appstreamcli validate --no-net "$tmp/$(basename "$metainfo")" || fail=1
for lang in $(sed 's/#.*//' po/LINGUAS); do
    grep -q "^Comment\[$lang\]=" "$tmp/$(basename "$desktop")" || { echo "error: no Comment[$lang] in the merged desktop entry"; fail=1; }
    grep -q "<summary xml:lang=\"$lang\">" "$tmp/$(basename "$metainfo")" || { echo "error: no $lang summary in the merged metainfo"; fail=1; }
done

if [[ $fail != 0 ]]; then echo "translations: FAILED"; exit 1; fi
echo "translations: OK"
