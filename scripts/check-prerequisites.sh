#!/usr/bin/env bash
# README's prerequisites are what CI installs for the tests: the packages of README.md's one
# `apt-get install` line must be exactly .ci/run's TEST_PACKAGES, as sets (order and
# repetition do not matter). Fails, naming the packages on one side only, when they differ,
# when README has no such line or more than one, or when .ci/run has no TEST_PACKAGES.
#
#   scripts/check-prerequisites.sh [README] [CI_SCRIPT]     (defaults: README.md, .ci/run)
#
# CI runs it in .ci/run's step c. Plain bash, no other tool.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
README="${1:-$REPO/README.md}"
CI="${2:-$REPO/.ci/run}"

fail() { echo "check-prerequisites: $*" >&2; exit 1; }
[[ -f "$README" ]] || fail "no $README"
[[ -f "$CI" ]] || fail "no $CI"

# README: every line that runs `apt-get install` (continuation lines joined first).
readme_text="$(sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$README")"
mapfile -t install_lines < <(grep -E '(^|[[:space:];&|`])apt-get([[:space:]]+-[^[:space:]]+)*[[:space:]]+install([[:space:]]|$)' <<<"$readme_text" || true)
(( ${#install_lines[@]} == 1 )) \
    || fail "$README must have exactly one \`apt-get install\` line, found ${#install_lines[@]}${install_lines:+: $(printf '\n  %s' "${install_lines[@]}")}"

readme_packages=()
seen_install=0
# Split the line into words; stop at a comment, a closing backtick or a shell operator.
read -r -a words <<<"${install_lines[0]}"
for w in "${words[@]}"; do
    if (( ! seen_install )); then
        [[ "$w" == install ]] && seen_install=1
        continue
    fi
    case "$w" in
        '#'*|'`'*|'&&'|'||'|';'|'|') break ;;
        -*) continue ;;                                   # apt-get options (-y, --no-install-recommends)
    esac
    w="${w%%\`*}"                                         # `... xdotool` in running text
    [[ -n "$w" ]] && readme_packages+=("$w")
done
(( ${#readme_packages[@]} > 0 )) || fail "README's \`apt-get install\` line names no package: ${install_lines[0]}"

# .ci/run: TEST_PACKAGES=( ... ), possibly over several lines, comments allowed.
ci_block="$(sed -n '/^[[:space:]]*TEST_PACKAGES=(/,/)/p' "$CI")"
[[ -n "$ci_block" ]] || fail "$CI has no TEST_PACKAGES=( … ) array"
ci_block="$(sed -e 's/#.*$//' <<<"$ci_block")"
ci_block="${ci_block#*TEST_PACKAGES=(}"
ci_block="${ci_block%%)*}"
read -r -a ci_packages <<<"$(tr '\n' ' ' <<<"$ci_block")"
(( ${#ci_packages[@]} > 0 )) || fail "$CI's TEST_PACKAGES is empty"

only_readme="$(comm -23 <(printf '%s\n' "${readme_packages[@]}" | sort -u) <(printf '%s\n' "${ci_packages[@]}" | sort -u))"
only_ci="$(comm -13 <(printf '%s\n' "${readme_packages[@]}" | sort -u) <(printf '%s\n' "${ci_packages[@]}" | sort -u))"
if [[ -n "$only_readme" || -n "$only_ci" ]]; then
    echo "check-prerequisites: README.md's apt-get line and .ci/run's TEST_PACKAGES differ" >&2
    [[ -n "$only_readme" ]] && echo "  only in README.md:             $(tr '\n' ' ' <<<"$only_readme")" >&2
    [[ -n "$only_ci" ]] && echo "  only in .ci/run TEST_PACKAGES: $(tr '\n' ' ' <<<"$only_ci")" >&2
    echo "  (README: ${install_lines[0]})" >&2
    exit 1
fi
echo "check-prerequisites: README.md and .ci/run's TEST_PACKAGES agree: $(printf '%s\n' "${ci_packages[@]}" | sort -u | tr '\n' ' ')"
