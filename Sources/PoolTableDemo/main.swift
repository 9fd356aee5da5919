import CGtk

// PoolTable: a GTK 4 app showing the PoolTable engine at work.
// Top-level code runs on the main actor; GLib's main loop then owns the main thread.
let status = Application().run()
exit(status)
