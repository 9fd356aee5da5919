#!/usr/bin/python3
"""The app on Wayland: each screen under a headless Weston, read through AT-SPI, seen in a
screenshot, and driven. Run by scripts/wayland-check.sh, which starts Weston (headless
backend, pixman renderer, kiosk shell, --debug for the screenshooter) on a private D-Bus
session and sets WAYLAND_DISPLAY; DISPLAY is unset, so nothing can fall back to X11.

    /usr/bin/python3 scripts/wayland-check.py --bin PATH --logs DIR [--only SCREEN ...]

For each screen (Inbox, News, Downloads, Photos, Huge List) the app starts with
GDK_BACKEND=wayland and G_DEBUG=fatal-criticals, and:

  rows      the screen's list is on the AT-SPI bus and its visible items are exactly the rows
            the app traces (POOLTABLE_TRACE=1), named and described "Message 3 of 2,069"
            (scripts/a11y-check.py's comparison);
  shot      weston-screenshooter's picture of the output is not blank: the area under the
            header bar has many colours (text, photos) and a spread of light and dark;
  input     Weston's headless backend has no seat (no wl_seat global: no keyboard, pointer or
            touch can be injected), so input goes through the accessibility layer, as a
            switch-access or voice-control user's would: AT-SPI's "click" action on Edit puts
            the screen in edit mode (every visible item then says "not checked"), on
            Select All selects every row (the subtitle and each visible item say so, and a
            second screenshot differs from the first where the checkboxes came in), on Done
            leaves edit mode;
  alive     the app is still running (a GTK critical would have aborted it).

Screenshots go to DIR/<screen>.png and DIR/<screen>-edit.png. Exits non-zero if a check fails.
"""
import argparse
import glob
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import time

import pyatspi
from gi.repository import Atspi

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("a11y_check", os.path.join(HERE, "a11y-check.py"))
a11y = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(a11y)
Failure, expect = a11y.Failure, a11y.expect

# (--screen name, the list's accessible name, the row noun of its descriptions)
SCREENS = [("inbox", "Inbox", "Message"), ("news", "News", "Item"), ("downloads", "Downloads", "Download"),
           ("photos", "Photos", "Photo"), ("huge", "Huge List", "Row")]
HEADER = 50          # the header bar's height in the window (47 px with the default theme)


class WaylandApp(a11y.App):
    """The app on one screen under Weston; its AT-SPI root is found by process id."""

    def __init__(self, binary, screen, logs):
        self.log_path = os.path.join(logs, f"{screen}.log")
        self.log = open(self.log_path, "w")
        env = dict(os.environ, GDK_BACKEND="wayland", GTK_A11Y="atspi", G_DEBUG="fatal-criticals",
                   POOLTABLE_TRACE="1", LANGUAGE="en", LANG="C.UTF-8")
        for name in ("DISPLAY", "NO_AT_BRIDGE", "GSK_RENDERER"):
            env.pop(name, None)
        self.proc = subprocess.Popen([binary, "--screen", screen], env=env, stdout=self.log, stderr=subprocess.STDOUT)
        self.events = []
        self.root = None
        end = time.time() + 30
        while self.root is None and time.time() < end:
            expect(self.proc.poll() is None, f"the app exited ({self.proc.returncode}): {self.tail()}")
            for app in pyatspi.Registry.getDesktop(0):
                if app is not None and app.get_process_id() == self.proc.pid:
                    self.root = app
            time.sleep(0.2)
        expect(self.root is not None, "the app is not on the AT-SPI bus after 30 s")
        self.root.set_cache_mask(Atspi.Cache.NONE)
        self.wait_for(lambda: self.trace() is not None and self.trace()["rows"], "the app traces its rows", timeout=20)

    def tail(self):
        self.log.flush()
        with open(self.log_path, errors="replace") as f:
            lines = [line.rstrip() for line in f if not line.startswith("pooltable-trace:")]
        return " | ".join(lines[-3:])

    def close(self):
        if self.alive():
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


def screenshot(path):
    """The output as Weston composited it (weston-screenshooter writes into its working dir)."""
    work = tempfile.mkdtemp(prefix="pooltable-shot.")
    try:
        subprocess.run(["weston-screenshooter"], cwd=work, timeout=20, check=True, capture_output=True)
        shots = glob.glob(os.path.join(work, "wayland-screenshot-*.png"))
        expect(len(shots) == 1, f"weston-screenshooter wrote {shots}")
        shutil.move(shots[0], path)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def picture_stats(path):
    """The app's window in a screenshot (everything not the black desktop) and the area under
    its header bar: ((x, y, width, height) of the window, colours, standard deviation 0…1)."""
    rect = subprocess.run(["convert", path, "-fuzz", "1%", "-trim", "-format", "%X %Y %w %h", "info:"],
                          capture_output=True, text=True, check=True).stdout.split()
    x, y, w, h = (int(v) for v in rect)
    if w < 2 * HEADER or h < 2 * HEADER:
        return (x, y, w, h), 0, 0.0
    out = subprocess.run(["convert", path, "-crop", f"{w}x{h - HEADER}+{x}+{y + HEADER}", "+repage",
                          "-format", "%k %[fx:standard_deviation]", "info:"],
                         capture_output=True, text=True, check=True).stdout.split()
    return (x, y, w, h), int(out[0]), float(out[1])


def differing_pixels(a, b):
    r = subprocess.run(["compare", "-metric", "AE", "-fuzz", "2%", a, b, "null:"], capture_output=True, text=True)
    return int(float(r.stderr.split()[0]))


def button(app, name):
    """The visible push or toggle button named `name` (the header bar's Edit, Select All, Done).
    (GTK 4.8 sets no SHOWING state: VISIBLE is what it has.)"""
    for acc in a11y.walk(app.root):
        if acc.getRole() in (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON) and acc.name == name \
                and a11y.states(acc).contains(pyatspi.STATE_VISIBLE):
            return acc
    raise Failure(f"no visible button {name!r}")


def click(app, name):
    """AT-SPI's click action on a button: input without a seat."""
    action = button(app, name).queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    expect("click" in names, f"button {name!r} has actions {names}, no click")
    expect(action.doAction(names.index("click")), f"the click on {name!r} was refused")
    app.pump(0.3)


def check_screen(binary, logs, screen, title, noun):
    app = WaylandApp(binary, screen, logs)
    notes = []
    try:
        lst = a11y.showing_list(app, title)
        shown = a11y.expect_rows_match(app, lst, noun)
        expect(len(shown) >= 3, f"only {len(shown)} items on screen")
        notes.append(f"{len(shown)} rows read ({shown[0].name[:40]!r}…)")

        app.pump(0.5)   # the first frame drawn since the rows were traced
        browse = os.path.join(logs, f"{screen}.png")
        screenshot(browse)
        (x, y, w, h), colours, spread = picture_stats(browse)
        expect(w >= 600 and h >= 400, f"no window in the screenshot: {w}x{h} at {x},{y} is not black")
        expect(colours >= 100 and spread >= 0.02,
               f"the window ({w}x{h}) is blank under its header bar: {colours} colours, spread {spread:.3f}")
        notes.append(f"window {w}x{h} in the shot, {colours} colours under its header bar")

        click(app, "Edit")
        app.wait_for(lambda: app.trace()["editing"], "edit mode after the click on Edit")
        # (The focused item's description may carry the announcement ". Edit mode on" too.)
        app.wait_for(lambda: all(a11y.own_description(i).endswith("not checked") for i in a11y.visible_items(lst)),
                     "every visible item says 'not checked' in edit mode")
        click(app, "Select All")
        # The count as the app has it now: News inserts its ads when they arrive, which may
        # be after the rows were first traced (2,000 stories, then 2,333 rows).
        def says_all_selected():
            return a11y.last_trace_value(app, "subtitle") == f"{app.trace()['count']:,} selected"
        app.wait_for(says_all_selected, "the subtitle says every row is selected")
        want = f"{app.trace()['count']:,} selected"
        app.wait_for(lambda: all(i.checked and i.selected for i in a11y.visible_items(lst)),
                     "every visible item checked and selected after Select All")
        app.pump(0.6)   # the checkbox slide (250 ms) is over
        edit = os.path.join(logs, f"{screen}-edit.png")
        screenshot(edit)
        changed = differing_pixels(browse, edit)
        expect(changed >= 2000, f"edit mode with every row selected looks like browsing ({changed} px differ)")
        click(app, "Done")
        app.wait_for(lambda: not app.trace()["editing"], "browsing again after the click on Done")
        notes.append(f"Edit, Select All ({want}, {changed} px changed), Done")
        expect(app.alive(), f"the app died: {app.tail()}")
    finally:
        app.close()
    return "; ".join(notes)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--logs", required=True)
    parser.add_argument("--only", action="append", default=[])
    args = parser.parse_args()
    os.makedirs(args.logs, exist_ok=True)
    failed = []
    for screen, title, noun in SCREENS:
        if args.only and screen not in args.only:
            continue
        start = time.time()
        try:
            detail = check_screen(args.bin, args.logs, screen, title, noun)
            print(f"  PASS  {screen}: {detail} ({time.time() - start:.1f} s)", flush=True)
        except Exception as err:   # a failed expectation or a broken AT-SPI call
            failed.append(screen)
            print(f"  FAIL  {screen}: {err}", flush=True)
    print(f"== wayland: {len(failed)} failed" + (f": {', '.join(failed)}" if failed else ""))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
