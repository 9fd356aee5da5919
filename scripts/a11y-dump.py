#!/usr/bin/python3
"""Print a running application's accessibility tree as a screen reader sees it (AT-SPI).
Usage: scripts/a11y-dump.py APPNAME [--json]   (run inside the app's D-Bus session, with the app
started with GTK_A11Y=atspi; see docs/ACCESSIBILITY.md). Needs Debian's python3-pyatspi; run it
with /usr/bin/python3. Tests/PoolTableGtkTests/ColumnsGuiTests.swift uses it (POOLTABLE_ATSPI=1)."""
import sys, time, json
import pyatspi

def find_app(name, timeout=15.0):
    end = time.time() + timeout
    while time.time() < end:
        for app in pyatspi.Registry.getDesktop(0):
            if app is not None and app.name == name:
                return app
        time.sleep(0.2)
    return None

def walk(acc, depth=0):
    try:
        node = {"depth": depth, "role": acc.getRoleName(), "name": acc.name or "",
                "description": acc.description or "",
                "states": sorted(pyatspi.stateToString(s) for s in acc.getState().getStates())}
        try:
            e = acc.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
            node["extents"] = [e.x, e.y, e.width, e.height]
        except Exception:
            pass
        yield node
        for child in acc:
            if child is not None:
                yield from walk(child, depth + 1)
    except Exception as err:   # the object went away while we read it
        yield {"depth": depth, "role": "gone", "name": str(err), "description": "", "states": []}

if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    app = find_app(args[0] if args else "")
    if app is None:
        sys.exit("not on the AT-SPI bus; registered: %s" % [a.name for a in pyatspi.Registry.getDesktop(0) if a])
    nodes = list(walk(app))
    if "--json" in sys.argv:
        json.dump(nodes, sys.stdout, indent=1)
    else:
        for n in nodes:
            print("  " * n["depth"] + f"[{n['role']}] {n['name']!r}"
                  + (f" desc={n['description']!r}" if n["description"] else "")
                  + f" {','.join(n['states'])}")
