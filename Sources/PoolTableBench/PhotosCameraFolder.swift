import CExif
import CGtk
import Foundation

/// `photos --camera`'s folder: `c00000.jpg`…, 4000x3000 JPEGs with the detail a camera's have
/// (gradients, noise, hard edges and rings: each decodes like a photo, not like flat colour),
/// every odd one with a 320x240 EXIF thumbnail (the picture scaled down) written by libexif.
/// Made once in /tmp, kept between runs; a marker file says it is whole.
///
/// Two variants are made from it (`--exif`): "camera", every file with a 160x120 EXIF
/// thumbnail as a camera embeds (made from the picture decoded at 1/8), and "none", no EXIF
/// block at all; "mixed" is the folder itself.
enum PhotosCameraFolder {
    static let width: Int32 = 4000, height: Int32 = 3000
    static func path(count: Int, exif: String = "mixed") -> String {
        "/tmp/pooltable-bench-camera-\(count)" + (exif == "mixed" ? "" : "-exif-" + exif)
    }
    static func file(_ i: Int, count: Int, exif: String = "mixed") -> String {
        path(count: count, exif: exif) + "/c" + String(format: "%05d", i) + ".jpg"
    }

    /// Makes the `exif` variant's folder (and the mixed one it is made from) if not whole;
    /// returns how many files were written.
    static func ensure(count: Int, exif: String) -> Int {
        var written = ensure(count: count)
        guard exif != "mixed" else { return written }
        let dir = path(count: count, exif: exif), marker = dir + "/.complete"
        if access(marker, F_OK) == 0 { return written }
        mkdir(dir, 0o755)
        let made = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: count) { i in
            let source = file(i, count: count), target = file(i, count: count, exif: exif)
            if access(target, F_OK) == 0 { return }
            guard let data = FileManager.default.contents(atPath: source) else { return }
            var bytes = [UInt8](data)
            // Drop the APP1 (EXIF) segment the mixed folder put right after SOI.
            if bytes.count > 6, bytes[2] == 0xff, bytes[3] == 0xe1 {
                let length = Int(bytes[4]) << 8 | Int(bytes[5])
                bytes.removeSubrange(2..<(4 + length))
            }
            if exif == "camera" {
                guard let small = gdk_pixbuf_new_from_file_at_scale(source, 160, 120, 0, nil) else { return }
                defer { g_object_unref(UnsafeMutableRawPointer(small)) }
                guard let segment = exifSegment(small, width: 160, height: 120) else { return }
                bytes.insert(contentsOf: segment, at: 2)
            }
            let tmp = target + ".part"
            let ok = bytes.withUnsafeBufferPointer { b in
                b.withMemoryRebound(to: CChar.self) { g_file_set_contents(tmp, $0.baseAddress, gssize(b.count), nil) != 0 }
            }
            if ok { rename(tmp, target); made.add(1) }
        }
        if let f = fopen(marker, "w") { fclose(f) }
        written += made.value
        return written
    }

    /// Makes the folder if it is not whole; returns how many files were written.
    static func ensure(count: Int) -> Int {
        let dir = path(count: count), marker = dir + "/.complete"
        if access(marker, F_OK) == 0 { return 0 }
        mkdir(dir, 0o755)
        let written = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: count) { i in
            let file = Self.file(i, count: count)
            if access(file, F_OK) == 0 { return }
            guard let picture = pixbuf(i) else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(picture)) }
            guard var bytes = encode(picture, quality: 90) else { return }
            if i % 2 == 1, let segment = exifSegment(picture) { bytes.insert(contentsOf: segment, at: 2) }   // after SOI
            let tmp = file + ".part"
            let ok = bytes.withUnsafeBufferPointer { b in
                b.withMemoryRebound(to: CChar.self) { g_file_set_contents(tmp, $0.baseAddress, gssize(b.count), nil) != 0 }
            }
            if ok { rename(tmp, file); written.add(1) }
        }
        if let f = fopen(marker, "w") { fclose(f) }
        return written.value
    }

    /// Picture `i`: a diagonal gradient tinted by `i`, concentric rings, a grid of hard-edged
    /// blocks, and per-pixel noise.
    static func pixbuf(_ i: Int) -> OpaquePointer? {
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Self.width, Self.height), let pixels = gdk_pixbuf_get_pixels(pixbuf) else { return nil }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), w = Int(Self.width), h = Int(Self.height)
        var state = UInt32(truncatingIfNeeded: i &* 2_654_435_761) | 1
        let tint = (i &* 37) & 0xff, cx = (i &* 613) % w, cy = (i &* 419) % h
        for y in 0..<h {
            let row = pixels + y * stride
            let dy = y - cy
            for x in 0..<w {
                state ^= state << 13; state ^= state >> 17; state ^= state << 5
                let noise = Int(state & 31)
                let block = ((x / 211) ^ (y / 157)) & 1 == 1 ? 70 : 0
                let dx = x - cx
                let ring = (dx * dx + dy * dy) >> 15 & 1 == 1 ? 60 : 0
                let p = row + x * 3
                p[0] = UInt8(truncatingIfNeeded: min(255, x * 150 / w + block + noise + tint / 4))
                p[1] = UInt8(truncatingIfNeeded: min(255, y * 150 / h + ring + noise))
                p[2] = UInt8(truncatingIfNeeded: min(255, (tint + block + ring) / 2 + noise))
            }
        }
        return pixbuf
    }

    static func encode(_ pixbuf: OpaquePointer, quality: Int) -> [UInt8]? {
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var names: [UnsafeMutablePointer<CChar>?] = [strdup("quality"), nil], values: [UnsafeMutablePointer<CChar>?] = [strdup("\(quality)"), nil]
        defer { free(names[0]); free(values[0]) }
        guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "jpeg", &names, &values, nil) != 0, let buffer else { return nil }
        defer { g_free(buffer) }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: Int(size)))
    }

    /// An APP1 "Exif" segment holding `picture` scaled to `width` x `height` as IFD1's thumbnail.
    static func exifSegment(_ picture: OpaquePointer, width: Int32 = 320, height: Int32 = 240) -> [UInt8]? {
        guard let small = gdk_pixbuf_scale_simple(picture, width, height, GDK_INTERP_BILINEAR) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(small)) }
        guard let thumbnail = encode(small, quality: 80), let data = exif_data_new() else { return nil }
        defer { exif_data_unref(data) }
        exif_data_set_byte_order(data, EXIF_BYTE_ORDER_INTEL)
        // libexif frees `data` with free() (its default allocator).
        let copy = malloc(thumbnail.count)!.assumingMemoryBound(to: UInt8.self)
        copy.update(from: thumbnail, count: thumbnail.count)
        data.pointee.data = copy
        data.pointee.size = UInt32(thumbnail.count)
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt32 = 0
        exif_data_save_data(data, &out, &size)
        guard let out, size > 0, size < 65_000 else { free(out); return nil }
        defer { free(out) }
        let length = Int(size) + 2
        return [0xff, 0xe1, UInt8(length >> 8), UInt8(length & 0xff)] + Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }
}
