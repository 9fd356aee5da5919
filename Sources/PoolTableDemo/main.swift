import Glibc
import PoolTableApp

// PoolTable: a GTK 4 app showing the PoolTable engine at work. The app lives in the
// PoolTableApp library (so GUI tests can drive its real window); this is only its entry.
// Top-level code runs on the main actor; GLib's main loop then owns the main thread.
let status = Application().run()
exit(status)
