#!/usr/bin/python3
"""A screen-reader-like AT-SPI client for benchmarks: registers for every object, focus and
window event (as Orca does, which makes applications send them) and reads each event's
source name and role, until killed. Run with Debian's /usr/bin/python3 (python3-pyatspi)."""
import pyatspi

seen = 0


def on_event(event):
    global seen
    seen += 1
    try:   # what a screen reader asks about the object an event comes from
        if event.source is not None:
            _ = (event.source.name, event.source.getRoleName())
    except Exception:
        pass


pyatspi.Registry.registerEventListener(on_event, "object:", "focus:", "window:")
pyatspi.Registry.start()
