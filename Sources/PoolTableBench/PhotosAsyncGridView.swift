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
    func makeAsyncGridView(_ paths: [String]) {
        let cache = options.thumbnails.map { ThumbnailCache(root: $0, application: "peer", version: "bench") }
        makePictureGrid(paths, bind: { [unowned self] picture, item, path in
            gtk_picture_set_paintable(OpaquePointer(picture), nil)
            var source = String(cString: path)
            if let cache, let original = ThumbnailCache.Original(path: source) {
                let thumbnail = cache.thumbnailPath(for: original, flavor: .large)
                if access(thumbnail, R_OK) == 0 { source = thumbnail; self.peerCacheReads += 1 }
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
}
