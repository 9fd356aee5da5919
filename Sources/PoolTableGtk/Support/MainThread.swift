import Glibc

/// Enters main-actor code from a C callback that GLib or GTK makes on the main thread,
/// without Swift's run-time executor check.
///
/// `MainActor.assumeIsolated` asks the runtime whether the main actor's executor is current
/// (`swift_task_isCurrentExecutor`, ~220 instructions), and the closure handed to it checks
/// once more on entry (seen in the release disassembly; the closure handed to this function
/// has no such check): a thunk that runs at every `items-changed` signal or every frame paid
/// both. GLib dispatches sources, signal emissions and tick callbacks of the default main
/// context on the thread running it, which in a GTK program is the main thread, where the
/// check can only succeed. So the hot thunks call this instead: the cast `assumeIsolated`
/// makes after its check, behind a cheaper one: the calling thread (`pthread_self()`) is
/// compared with the thread a first call proved to be the main actor's (by
/// `assumeIsolated`'s own check). A call from any other thread takes `assumeIsolated`'s
/// path and stops there, as `assumeIsolated` would: a signal emitted off the main thread
/// stays a clear crash, not undefined behaviour.
///
/// Use it only in a thunk GLib or GTK calls on the main thread, with `body` as small as
/// `assumeIsolated`'s would be. Anything that may run elsewhere (a worker's completion, a
/// dispatch queue) keeps `MainActor.assumeIsolated`.
@_unavailableFromAsync(message: "await the @MainActor closure instead")
@inline(__always)
func onMainThread<T: Sendable>(_ body: @MainActor () -> T) -> T {
    let thread = pthread_self()
    if thread != provenMainThread {
        // The first call, or another thread: the run-time check (it stops off the main actor).
        MainActor.preconditionIsolated("a GLib callback off the main thread")
        provenMainThread = thread
    }
    return withoutActuallyEscaping(body) { (isolated: @escaping @MainActor () -> T) -> T in
        unsafeBitCast(isolated, to: (() -> T).self)()
    }
}

/// The thread `MainActor.preconditionIsolated` last passed on in `onMainThread` (the main
/// thread, once a first callback arrived); 0 before. Written only on that thread, after the
/// check.
nonisolated(unsafe) private var provenMainThread: pthread_t = 0
