#!/usr/bin/python3
"""Split Orca's debug log at the key marks written by inner.sh; print what Orca spoke per key.

As a module: `segments(out)` gives [(key, start time, [utterances])], segment 0 being
what Orca said before the first key ("(startup)")."""
import os
import re
import sys

LINE = re.compile(r"^(\d\d:\d\d:\d\d\.\d{6}) - (.*)")
SPEECH = re.compile(r"SPEECH OUTPUT: '(.*?)' ?\{")


def secs(t):
    h, m, s = t.split(":")
    return int(h) * 3600 + int(m) * 60 + float(s)


def marks(out):
    found = []
    for line in open(os.path.join(out, "marks.txt")):
        if line.startswith("MARK "):
            _, t, key = line.rstrip("\n").split(" ", 2)
            found.append((t, key))
    return found


def failures(out, message):
    """The times of Orca's own errors whose traceback ends with `message`: the time of the
    last time-stamped line before each (a traceback's lines carry none)."""
    found, last = [], None
    for line in open(os.path.join(out, "orca-debug.out"), errors="replace"):
        match = LINE.match(line)
        if match:
            last = match.group(1)
        elif line.startswith(message) and last:
            found.append(last)
    return found


def segments(out):
    """[(key, start, [utterance, ...], last log time or None)] in key order."""
    m = marks(out)
    said = {i: [] for i in range(len(m) + 1)}
    last = {}

    def segment(t):
        i = 0
        while i < len(m) and m[i][0] <= t:
            i += 1
        return i   # 0 = before the first mark

    for line in open(os.path.join(out, "orca-debug.out"), errors="replace"):
        match = LINE.match(line)
        if not match:
            continue
        t, rest = match.groups()
        last[segment(t)] = t
        s = SPEECH.search(rest)
        if s and rest.startswith("SPEECH OUTPUT"):
            said[segment(t)].append(s.group(1).strip())
    out_segments = [("(startup)", None, said[0], last.get(0))]
    for i, (t, key) in enumerate(m):
        out_segments.append((key, t, said[i + 1], last.get(i + 1)))
    return out_segments


def main(out):
    print("| # | key | Orca SPEECH OUTPUT (in order) | Orca busy (s) |\n|---|---|---|---|")
    for i, (key, start, said, last) in enumerate(segments(out)):
        text = " / ".join("'%s'" % x for x in said) or "*(silence)*"
        busy = "%.1f" % (secs(last) - secs(start)) if start and last else ""
        print("| %d | %s | %s | %s |" % (i, key, text, busy))


if __name__ == "__main__":
    main(sys.argv[1])
