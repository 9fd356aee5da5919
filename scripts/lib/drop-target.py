#!/usr/bin/python3
"""Another application to drop files on (scripts/e2e-gui.sh): a GTK 4 window titled
"DropTarget" whose GtkDropTarget takes a GdkFileList (what a `text/uri-list` drag from a file
manager gives), prints "READY" once shown and "DROPPED <uri> ..." for a drop, then quits.
Needs python3-gi and gir1.2-gtk-4.0 (libgtk-4-dev depends on it)."""
import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, Gio, GLib, Gtk  # noqa: E402


def on_activate(app):
    win = Gtk.ApplicationWindow(application=app, title="DropTarget")
    win.set_default_size(400, 300)
    label = Gtk.Label(label="Drop files here")
    win.set_child(label)
    target = Gtk.DropTarget.new(Gdk.FileList, Gdk.DragAction.COPY)

    def on_drop(_target, value, _x, _y):
        print("DROPPED " + " ".join(f.get_uri() for f in value.get_files()), flush=True)
        GLib.timeout_add(200, app.quit)
        return True

    target.connect("drop", on_drop)
    label.add_controller(target)
    win.present()
    print("READY", flush=True)


app = Gtk.Application(application_id="org.pooltable.DropTarget", flags=Gio.ApplicationFlags.NON_UNIQUE)
app.connect("activate", on_activate)
app.run([])
