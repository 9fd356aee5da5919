import CGtk
@_spi(Interop) import PoolTableGtk

/// One picture's load in the asynchronous peer: its GtkPicture, the list item it was bound
/// for, and the cancellable that unbinding cancels.
@MainActor
final class AsyncPictureLoad {
    let picture: UnsafeMutablePointer<GtkWidget>
    let item: OpaquePointer
    let cancellable: UnsafeMutablePointer<GCancellable>
    weak var child: PhotosChild?
    var cancelled = false

    init(picture: UnsafeMutablePointer<GtkWidget>, item: OpaquePointer, child: PhotosChild) {
        self.picture = picture
        self.item = item
        self.child = child
        cancellable = g_cancellable_new()
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(cancellable)) }

    /// The decoded picture (nil: cancelled or failed) lands in its GtkPicture as a texture.
    func finish(_ pixbuf: OpaquePointer?) {
        defer { if let pixbuf { g_object_unref(UnsafeMutableRawPointer(pixbuf)) } }
        guard !cancelled, let child else { return }
        if child.asyncLoads[item] === self { child.asyncLoads[item] = nil }
        guard let pixbuf, let upright = gdk_pixbuf_apply_embedded_orientation(pixbuf) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(upright)) }
        guard let texture = gdk_texture_new_for_pixbuf(upright) else { return }
        gtk_picture_set_paintable(OpaquePointer(picture), texture)
        g_object_unref(UnsafeMutableRawPointer(texture))
        child.asyncFinished += 1
    }
}

extension PhotosChild {
    /// The fair peer: GtkGridView (5 columns) of GtkPicture, each bind decoding its file off the
    /// main thread at the thumbnail's size (`gdk_pixbuf_new_from_stream_at_scale_async`, 140
    /// pixels high, in GIO's thread pool) into a GdkTexture; unbind cancels the load.
    /// With `--thumbnails DIR` (warm) it reads the photo's freedesktop thumbnail instead, the
    /// `large` PNG PoolTable wrote (as a GNOME app finds it: the MD5 of the URI), at the same
    /// size, when there is one (its Thumb::MTime is not checked: the bench's files do not change).
    ///
    /// gdk-pixbuf 2.42's `new_from_stream_at_scale_async` reads the stream asynchronously but
    /// feeds its loader from the read callbacks, on the main thread: the decoding runs in the
    /// main loop between frames (callgrind, docs/bench/PHOTOS.md). `threaded` (toolkit
    /// `gridview-thread`) decodes in GIO's thread pool instead (`g_task_run_in_thread` around
    /// `gdk_pixbuf_new_from_file_at_scale`), as an app that wants the main thread free would.
    func makeAsyncGridView(_ paths: [String], threaded: Bool = false) {
        let cache = options.thumbnails.map { ThumbnailCache(root: $0, application: "peer", version: "bench") }
        makePictureGrid(paths, bind: { [unowned self] picture, item, path in
            gtk_picture_set_paintable(OpaquePointer(picture), nil)
            var source = String(cString: path)
            if let cache, let original = ThumbnailCache.Original(path: source) {
                let thumbnail = cache.thumbnailPath(for: original, flavor: .large)
                if access(thumbnail, R_OK) == 0 { source = thumbnail; self.peerCacheReads += 1 }
            }
            if threaded {
                let load = AsyncPictureLoad(picture: picture, item: item, child: self)
                self.asyncLoads[item] = load
                let task = g_task_new(nil, load.cancellable, PhotosChild.threadLoaded, Unmanaged.passRetained(load).toOpaque())
                g_task_set_task_data(task, g_strdup(source), g_free)
                g_task_run_in_thread(task, PhotosChild.decodeInThread)
                g_object_unref(UnsafeMutableRawPointer(task))
                return
            }
            let file = g_file_new_for_path(source)
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            // Opening is synchronous (a local file); reading and decoding are not.
            guard let stream = g_file_read(file, nil, nil) else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
            let load = AsyncPictureLoad(picture: picture, item: item, child: self)
            self.asyncLoads[item] = load
            gdk_pixbuf_new_from_stream_at_scale_async(UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GInputStream.self),
                                                       -1, 140, 1, load.cancellable, PhotosChild.asyncLoaded,
                                                       Unmanaged.passRetained(load).toOpaque())
        }, unbind: { [unowned self] picture, item in
            if let load = self.asyncLoads.removeValue(forKey: item) {
                load.cancelled = true
                g_cancellable_cancel(load.cancellable)
                self.asyncCancelled += 1
            }
            gtk_picture_set_paintable(OpaquePointer(picture), nil)
        })
    }

    /// The async load's end, on the main thread: releases the retain taken at bind.
    static let asyncLoaded: GAsyncReadyCallback = { _, result, data in
        var error: UnsafeMutablePointer<GError>?
        let pixbuf = gdk_pixbuf_new_from_stream_finish(result, &error)
        if let error { g_error_free(error) }
        nonisolated(unsafe) let made = pixbuf, box = data
        MainActor.assumeIsolated {
            let load = Unmanaged<AsyncPictureLoad>.fromOpaque(box!).takeRetainedValue()
            load.finish(made)
        }
    }

    /// `gridview-thread`: on a GIO pool thread, the file (or cached thumbnail) decoded at 140
    /// pixels high, unless unbinding cancelled it first.
    static let decodeInThread: GTaskThreadFunc = { task, _, data, cancellable in
        guard let task, let path = data?.assumingMemoryBound(to: CChar.self) else { return }
        if let cancellable, g_cancellable_is_cancelled(cancellable) != 0 { return g_task_return_pointer(task, nil, nil) }
        var error: UnsafeMutablePointer<GError>?
        let pixbuf = gdk_pixbuf_new_from_file_at_scale(path, -1, 140, 1, &error)
        if let error { g_error_free(error) }
        g_task_return_pointer(task, pixbuf.map { UnsafeMutableRawPointer($0) }, g_object_unref)
    }

    /// `gridview-thread`: the decode's end, on the main thread.
    static let threadLoaded: GAsyncReadyCallback = { _, result, data in
        var error: UnsafeMutablePointer<GError>?
        let pixbuf = g_task_propagate_pointer(result, &error).map { OpaquePointer($0) }
        if let error { g_error_free(error) }
        nonisolated(unsafe) let made = pixbuf, box = data
        MainActor.assumeIsolated {
            let load = Unmanaged<AsyncPictureLoad>.fromOpaque(box!).takeRetainedValue()
            load.finish(made)
        }
    }
}
