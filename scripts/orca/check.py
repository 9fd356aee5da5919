#!/usr/bin/python3
"""Reads what Orca said per key (parse.py) beside what the app showed after each key (its
POOLTABLE_TRACE=1 lines in app.log, time-stamped by inner.sh) and checks that a screen
reader user was told the truth:

- startup: the screen's name is said once (no "Inbox panel. Inbox."), no toolkit type name;
- a navigation key (arrows, Home, End, Page keys) is never silent, moves on from the row
  said before it, and is heard as exactly the focused row's name, then its position with
  the focused row's number (no stale number, no number without its name); different rows
  are heard under different names;
- Ctrl+E is heard once: the focused row, not checked (edit mode starts with nothing
  selected), and "Edit mode on"; Escape says "Edit mode off";
- Space and Ctrl+A in edit mode are heard once: the focused row's checked state as the app
  has it, and the selection count as the subtitle shows it;
- Files (issue 34): a row inside a folder is heard with "level 2"; Tab is heard once as the
  column's title and the cell's text ("Name, a1.txt.", then "Size, 60 bytes.") before the
  row's position, and Shift+Tab back to the row drops them;
- Inbox (issue 34): Orca sees the swipe actions as the focused row's actions (its debug
  log lists an object's actions with its details: actions='row.archive row.delete ...').
- Carousels (issue 38, runs named carousel*, the Layout Gallery): each arrow or End is heard
  as the focused card's colour, then "Item N of 12, carousel"; Right and Left step N by one
  within the carousel; Up and Down, which enter another carousel, and End or Home from
  outside the carousels say that carousel's name first (its list: "Group paging. List with
  4 items."); Orca's debug log never shows its ancestor speech finding a list child missing.
- Search (issue 35, runs named search*): Ctrl+F is heard as the search entry; each letter
  typed is heard with the count of matches ("527 results") exactly as the subtitle shows it
  whenever the count changed, never a stale count; Escape is heard as the row that was
  focused before the search, in the whole list again.

usage: check.py RUN_DIR [RUN_DIR ...]     exit 1 on any failure; prints one line per check.
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import parse  # noqa: E402

NAVIGATION = {"Up", "Down", "Left", "Right", "Home", "End", "Page_Up", "Page_Down"}
# Orca echoes some keys as it hears them (key echo); those utterances are not the app's.
ECHO = {"left control", "right control", "left shift", "right shift", "left alt", "space",
        "escape", "page down", "page up", "return", "tab"}
POSITION = re.compile(r"^(?P<noun>.+?) (?P<number>[\d,]+) of (?P<count>[\d,]+)(?P<rest>.*?)\.?$")
CAROUSEL_ITEM = re.compile(r"^Item (\d+) of 12, carousel\.?$")
LIST_SIZE = re.compile(r"^List with \d+ items?\.?$")
RESULTS = re.compile(r"^[\d,]+ results?$")
TRACE = re.compile(r"^(\d\d:\d\d:\d\d\.\d{6}) pooltable-trace: (\w+)=(.*)$")


def grouped(n):
    return f"{n:,}"


def bare(text):
    """Text as compared: Orca ends a name with '.' and drops a trailing comma or space."""
    return text.rstrip(" .,")


def app_states(run):
    """[(time, {"rows": …, "subtitle": …})]: the app's state after each trace line."""
    states, current = [], {}
    for line in open(os.path.join(run, "app.log"), errors="replace"):
        m = TRACE.match(line.rstrip("\n"))
        if not m:
            continue
        t, key, value = m.groups()
        current = dict(current)
        current[key] = json.loads(value) if key == "rows" else value
        states.append((t, current))
    return states


def state_before(states, t):
    """The app's last state traced before time t (None: the end of the run)."""
    found = {}
    for when, state in states:
        if t is not None and when >= t:
            break
        found = state
    return found


class Checker:
    def __init__(self, run):
        self.run = os.path.basename(run.rstrip("/"))
        self.failures = []
        self.passes = 0

    def expect(self, ok, what):
        if ok:
            self.passes += 1
        else:
            self.failures.append(what)
            print(f"  FAIL  {self.run}: {what}")

    def check(self, run, title):
        segs = parse.segments(run)
        states = app_states(run)
        self.expect(states, "the app traced its state (POOLTABLE_TRACE=1)")
        startup = segs[0][2]
        named = [u for u in startup if bare(u) == title or u.startswith(title + " ")]   # "Inbox panel." too
        self.expect(len(named) == 1, f"startup says the screen's name '{title}' once: {startup}")
        self.expect(not any("Gtk" in u for u in startup), f"startup says no toolkit type name: {startup}")
        # The row announced at startup: where the first key moves on from.
        last_number = next((int(m.group("number").replace(",", "")) for u in startup
                            if (m := POSITION.match(u))), None)
        names = {}   # name heard → the row number it was heard for
        search = {"before": None, "total": None, "counts": [], "subtitle": None}   # runs named search*
        carousel = None   # the last card heard in a carousel: (its number, its carousel's name)
        # Orca 43's ancestor speech fails when a list's child count (libatspi's cache) names a
        # child the app no longer has ("'NoneType' object has no attribute 'getRole'" in
        # _generateNumberOfChildren) and then drops the list's name: the app's proxies must
        # keep that count true (AccessibleProxy.export()), so any such failure is one.
        orca_child_errors = parse.failures(run, "AttributeError: 'NoneType' object has no attribute 'getRole'")
        if self.run.startswith("carousel"):
            self.expect(not orca_child_errors, "Orca never finds a list child missing (its debug log has "
                        f"'NoneType' object has no attribute 'getRole' at {orca_child_errors})")
        tabs = 0     # Tab presses so far: the cell focus moves Name, Size, … (Files)
        for i in range(1, len(segs)):
            key, start, said, _ = segs[i]
            if key in ("focus", "end"):
                continue
            end = segs[i + 1][1] if i + 1 < len(segs) else None
            state = state_before(states, end)
            rows = state.get("rows") or {}
            cursor = rows.get("cursor", 0)
            label = dict((n, t) for n, t in rows.get("rows", [])).get(cursor)
            heard = [u for u in said if u.lower() not in ECHO and not (len(u) == 1 and u.isalpha())]
            where = f"#{i} {key}: heard {heard}"
            if self.run.startswith("carousel") and key in NAVIGATION:
                carousel = self.check_carousel(key, heard, where, carousel)
                continue
            if self.run.startswith("search") and self.check_search(key, heard, state, rows, where, search, last_number):
                continue
            if key == "plus":
                self.expect(rows.get("cursor") in (0, last_number), f"{where}: expands the focused row in place")
                self.expect("expanded" in heard, f"{where}: says 'expanded'")
                continue
            if key in ("Tab", "shift+Tab"):
                tabs += 1 if key == "Tab" else -1
                column = (["", "Name", "Size", "Kind", "Modified"][tabs] if 0 <= tabs <= 4 else "?")
                value = bare(label.split(", ")[0]) if label and column == "Name" else None
                self.expect(len(heard) == 1, f"{where}: one utterance")
                said_first = heard[0] if heard else ""
                if column:
                    want = f"{column}, {value}." if value else f"{column}, "
                    self.expect(said_first.startswith(want), f"{where}: first the column and the cell's text '{want}'")
                else:
                    self.expect(bool(POSITION.match(said_first)), f"{where}: back on the row: its position only")
                numbers = [int(m.group("number").replace(",", "")) for u in heard
                           if (m := POSITION.match(u.split(". ", 1)[-1]))]
                self.expect(numbers == [cursor], f"{where}: the focused row's number {grouped(cursor)}")
                if self.run.startswith("files"):
                    self.expect(said_first.rstrip(".").endswith("level 2"), f"{where}: and its level, 'level 2'")
                continue
            if key in NAVIGATION:
                self.expect(heard, f"{where}: not silent")
                self.expect(cursor != 0 and cursor != last_number, f"{where}: moved on from row {last_number} (now {cursor})")
                self.expect(len(heard) == 2, f"{where}: one announcement, the focused row's name and its position")
                if heard:
                    self.expect(label is not None and bare(heard[0]) == bare(label),
                                f"{where}: first the focused row's name '{label}'")
                    other = names.setdefault(bare(heard[0]), cursor)
                    self.expect(other == cursor, f"{where}: a name of its own (row {grouped(other)} had it too)")
                numbers = [int(m.group("number").replace(",", "")) for u in heard if (m := POSITION.match(u))]
                self.expect(numbers == [cursor], f"{where}: the focused row's number {grouped(cursor)} and no other")
                if self.run.startswith("files") and label and not label.startswith(("alpha", "beta", "gamma")):
                    self.expect(len(heard) == 2 and bare(heard[1]).endswith("level 2"), f"{where}: a file in a folder says 'level 2'")
                last_number = cursor
                continue
            # (A silent key is checked on: each check below fails on "" rather than stopping.)
            said_first = heard[0] if heard else ""
            position = POSITION.match(said_first) if len(heard) == 1 else None
            self.expect(len(heard) == 1, f"{where}: one utterance")
            if key == "ctrl+e":
                self.expect(rows.get("editing") is True, f"{where}: edit mode is on")
                self.expect(rows.get("cursorSelected") is False, f"{where}: the cursor row is not carried into the selection")
                self.expect(position is not None and "not checked" in said_first and said_first.endswith("Edit mode on"),
                            f"{where}: the focused row, not checked, then 'Edit mode on'")
            elif key == "Escape":
                self.expect(rows.get("editing") is False, f"{where}: edit mode is off")
                self.expect(position is not None and said_first.endswith("Edit mode off"),
                            f"{where}: the focused row, then 'Edit mode off'")
            elif key in ("space", "ctrl+a"):
                subtitle = state.get("subtitle", "")
                checked = ", checked" if rows.get("cursorSelected") else ", not checked"
                self.expect(position is not None and checked in said_first,
                            f"{where}: says '{checked[2:]}' as the app has the focused row")
                self.expect(bool(subtitle) and said_first.endswith(subtitle), f"{where}: ends with the count '{subtitle}'")
            if position:
                number = int(position.group("number").replace(",", ""))
                self.expect(number == cursor, f"{where}: the focused row's number {grouped(cursor)}")


    def check_carousel(self, key, heard, where, last):
        """One key in the Layout Gallery's carousels; returns the card heard (number, carousel).
        Up and Down, and End or Home from outside a carousel, enter a carousel: its name first."""
        item = [m for u in heard if (m := CAROUSEL_ITEM.match(u))]
        self.expect(len(item) == 1 and heard and CAROUSEL_ITEM.match(heard[-1]),
                    f"{where}: ends with the card's place, 'Item N of 12, carousel'")
        if not item:
            return last
        number = int(item[0].group(1))
        self.expect(len(heard) >= 2 and heard[-2] and not CAROUSEL_ITEM.match(heard[-2]),
                    f"{where}: the card's colour before its place")
        lists = [heard[i - 1].rstrip(".") for i, u in enumerate(heard) if i and LIST_SIZE.match(u)]
        name = lists[0] if lists else (last[1] if last else None)
        if key in ("Up", "Down") or (key in ("End", "Home") and last is None):
            self.expect(len(lists) == 1 and (last is None or lists[0] != last[1]),
                        f"{where}: first the name of the carousel it enters (was {last and last[1]!r})")
        elif key in ("Left", "Right"):
            self.expect(not lists, f"{where}: no carousel name within the same carousel")
            step = 1 if key == "Right" else -1
            self.expect(last is not None and number == last[0] + step, f"{where}: card {last and last[0] + step} after card {last and last[0]}")
        return (number, name)

    def check_search(self, key, heard, state, rows, where, search, last_number):
        """The search keys of a search* run (True: the key was checked here)."""
        subtitle = state.get("subtitle", "")
        if key == "ctrl+f":
            search["before"], search["total"] = last_number, rows.get("count")
            self.expect(any(bare(u) == "Search entry" for u in heard), f"{where}: the search entry is heard")
            return True
        if len(key) == 1 and key.isalpha() and search["before"] is not None:
            counts = [bare(u) for u in heard if RESULTS.match(bare(u))]
            self.expect(len(counts) <= 1, f"{where}: at most one count")
            self.expect(bool(RESULTS.match(subtitle)), f"{where}: the subtitle counts the matches ('{subtitle}')")
            if counts:
                self.expect(counts[0] == subtitle, f"{where}: the count heard is the subtitle's '{subtitle}'")
                search["counts"].append(counts[0])
            else:
                self.expect(subtitle == search["subtitle"], f"{where}: silent only while the count stays '{search['subtitle']}' (now '{subtitle}')")
            self.expect(rows.get("count") == int(subtitle.split()[0].replace(",", "")) if RESULTS.match(subtitle) else False,
                        f"{where}: the list holds as many rows as the count says ({rows.get('count')})")
            search["subtitle"] = subtitle
            return True
        if key == "Escape" and search["before"] is not None:
            self.expect(bool(search["counts"]), "a count of matches was heard while typing")
            numbers = [int(m.group("number").replace(",", "")) for u in heard if (m := POSITION.match(u))]
            self.expect(rows.get("count") == search["total"], f"{where}: the whole list again ({rows.get('count')} of {search['total']})")
            self.expect(numbers == [search["before"]] and rows.get("cursor") == search["before"],
                        f"{where}: back on the row focused before the search, {search['before']}")
            self.expect(not any(RESULTS.match(bare(u)) for u in heard), f"{where}: no count after the search closed")
            search["before"] = None
            return True
        return False


def check_actions(checker, run, wanted):
    """Orca's debug log lists the focused row's actions (debug.actionsToString) with
    `wanted` among them."""
    listed, role = set(), None
    for line in open(os.path.join(run, "orca-debug.out"), errors="replace"):
        # An object's details: "app.name=… name=… role='list item'", then description,
        # states, relations and actions on lines of their own.
        if (m := re.search(r" role='([^']*)'", line)):
            role = m.group(1)
        elif (m := re.search(r"^\s+actions='([^']*)'", line)) and role == "list item":
            listed.add(m.group(1))
    has = [a for a in listed if set(wanted) <= set(a.split())]
    checker.expect(has, f"Orca lists a row's actions with {wanted}: it listed {sorted(listed)[:4]}")
    if has:
        print(f"  Orca's row actions: {has[0]}")


def main(argv):
    failures = 0
    for arg in argv:
        run, _, title = arg.partition("=")
        checker = Checker(run)
        checker.check(run, title)
        if os.path.basename(run.rstrip("/")).startswith("inbox"):
            check_actions(checker, run, ["row.archive", "row.delete"])
        print(f"  {'PASS' if not checker.failures else 'FAIL'}  {checker.run}: {checker.passes} checks passed, "
              f"{len(checker.failures)} failed")
        failures += len(checker.failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
