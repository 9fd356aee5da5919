#!/usr/bin/env python3
"""Fails unless every break in a diagnose-api-breaking-changes report is listed under
"### Breaking" in the "[Unreleased]" section of CHANGELOG.md (rule: scripts/api-break-check.sh)."""
import re, sys

changelog, report = open(sys.argv[1]).read(), open(sys.argv[2]).read()

def unreleased_breaking(text):
    m = re.search(r'^## \[Unreleased\].*?$(.*?)(?=^## \[|\Z)', text, re.M | re.S)
    if not m:
        return ''
    b = re.search(r'^### Breaking.*?$(.*?)(?=^### |\Z)', m.group(1), re.M | re.S)
    return b.group(1) if b else ''

def bare(name):  # `A.b(c:)` -> `A.b`
    return re.sub(r'\(.*\)$', '', name.strip())

listed = set()
for code in re.findall(r'`([^`]+)`', unreleased_breaking(changelog)):
    listed.add(code.strip())
    listed.add(bare(code))

breaks = []
for line in report.splitlines():
    m = re.search(r'API breakage: (\w+) (\S+) (.*)$', line)
    if m:
        breaks.append((m.group(2), line.split('API breakage: ', 1)[1]))
reported = {bare(n) for n, _ in breaks}

def is_listed(name):
    if name in listed or bare(name) in listed:
        return True
    parts = bare(name).split('.')
    return any('.'.join(parts[:i]) in listed and '.'.join(parts[:i]) in reported
               for i in range(1, len(parts)))

missing = [text for name, text in breaks if not is_listed(name)]
print(f"{len(breaks)} break(s) reported, {len(breaks) - len(missing)} listed in CHANGELOG.md")
if missing:
    print(f"error: {len(missing)} API break(s) not listed under '### Breaking' in [Unreleased] of CHANGELOG.md:")
    for t in missing:
        print("  - " + t)
    print("Either keep the old API (an overload, a default implementation) or list each break with its migration.")
    sys.exit(1)
