import CGtk

/// Hands the C heap's free pages back to the system now and then (`malloc_trim`).
///
/// GTK's GL renderer on a software rasteriser (llvmpipe) allocates and frees several MiB
/// of frame buffers and bins every frame. glibc keeps what is freed for reuse, and once a
/// large block has been freed from its own mapping it raises its mmap threshold, so later
/// large blocks land in the main heap, which cannot shrink past the highest one still in
/// use. RSS then creeps up by steps (7.6 MiB over three minutes of scrolling with ticking
/// downloads, measured in issue 26) although nothing is leaked: the cairo renderer stays
/// flat, and the same soak with the heap trimmed every 5 or 30 s does not grow. A trim
/// keeps freed blocks free (no object is touched); it only returns their whole pages, so
/// the next frames fault a few pages back in (about 90 page faults a second at 30 s).
///
/// The app starts one trimmer for its lifetime; `pooltable-bench soak` trims before each
/// RSS sample (`--no-trim` to measure without).
@MainActor
@_spi(Interop) public enum HeapTrimmer {
    /// Seconds between trims once `start` has been called.
    @_spi(Interop) public static let defaultInterval: UInt32 = 30
    private static var source: UInt32 = 0

    /// Returns the free pages of every malloc arena to the system; true if any were.
    @discardableResult
    @_spi(Interop) public static func trim() -> Bool { malloc_trim(0) != 0 }

    /// Trims every `interval` seconds from now on (GLib's second-granular timer, so the
    /// wake-up is shared with others); calling it again changes nothing.
    @_spi(Interop) public static func start(interval: UInt32 = defaultInterval) {
        guard source == 0 else { return }
        source = g_timeout_add_seconds(max(1, interval), { _ in
            MainActor.assumeIsolated { _ = HeapTrimmer.trim() }
            return GLibConstant.sourceContinue
        }, nil)
    }
}
