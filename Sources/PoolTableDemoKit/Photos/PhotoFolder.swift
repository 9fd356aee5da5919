import Glibc

/// A folder of picture files as a photo library: found recursively, dated by the EXIF
/// capture time when the file has one (else its modification time), newest first in month
/// sections (`PhotoLibrary(files:)`). Plain file-system calls, no GTK: the app runs `scan`
/// on a worker thread.
public enum PhotoFolder {
    /// A picture file and when it was taken.
    public struct File: Hashable, Sendable {
        /// The file's path.
        public var path: String
        /// The EXIF capture time, else the modification time (wall clock, UTC).
        public var date: PhotoDate
        /// A picture file and when it was taken.
        public init(path: String, date: PhotoDate) { self.path = path; self.date = date }
    }

    /// File name endings read as pictures (case does not matter).
    public static let pictureExtensions: Set<String> = ["jpg", "jpeg", "png", "gif", "webp", "bmp", "tif", "tiff"]

    /// The pictures under `directory`, recursively (hidden entries and symbolic links to
    /// folders are skipped, so a link cycle cannot loop); at most `limit`. Entries that
    /// vanish while scanning are skipped; a folder that exists but cannot be opened (no
    /// permission) is listed itself, dated by its modification time, so the grid shows it
    /// as a picture that cannot be shown (with the reason) instead of hiding it. A folder
    /// that does not exist gives none.
    public static func scan(_ directory: String, limit: Int = 1_000_000) -> [File] {
        var files: [File] = []
        var folders = [directory]
        while let folder = folders.popLast(), files.count < limit {
            guard let dir = opendir(folder) else {
                let failure = errno
                var info = stat()
                if failure != ENOENT, stat(folder, &info) == 0 {
                    files.append(File(path: folder, date: PhotoDate(secondsSince1970: Int(info.st_mtim.tv_sec))))
                }
                continue
            }
            defer { closedir(dir) }
            while let entry = readdir(dir), files.count < limit {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                guard !name.hasPrefix(".") else { continue }
                let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: folders.append(path)
                case S_IFREG, S_IFLNK:
                    guard isPicture(name), stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                    let date = ExifDate.read(path) ?? PhotoDate(secondsSince1970: Int(info.st_mtim.tv_sec))
                    files.append(File(path: path, date: date))
                default: continue
                }
            }
        }
        return files
    }

    /// Whether a file name ends like a picture.
    public static func isPicture(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return pictureExtensions.contains(name[name.index(after: dot)...].lowercased())
    }
}

/// The capture time in a JPEG's EXIF block (DateTimeOriginal, else DateTime), read from the
/// file's first 128 KiB with nothing but the TIFF layout: no library knows more of it here
/// (gdk-pixbuf reads only the orientation).
public enum ExifDate {
    /// The file's EXIF capture time; nil when it is not a JPEG with one.
    public static func read(_ path: String) -> PhotoDate? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: 128 << 10)
        let n = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        return parse(bytes[..<n])
    }

    /// The capture time in a JPEG file's leading bytes.
    public static func parse(_ jpeg: ArraySlice<UInt8>) -> PhotoDate? {
        let b = Array(jpeg)
        guard b.count > 4, b[0] == 0xff, b[1] == 0xd8 else { return nil }
        var i = 2
        // Walk the markers before the image data to the APP1 "Exif" segment.
        while i + 4 <= b.count, b[i] == 0xff {
            let marker = b[i + 1], length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            if marker == 0xda || marker == 0xd9 || length < 2 { return nil }
            let start = i + 4, end = min(b.count, i + 2 + length)
            if marker == 0xe1, end - start > 14, Array(b[start..<start + 6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                return tiffDate(Array(b[(start + 6)..<end]))
            }
            i += 2 + length
        }
        return nil
    }

    /// DateTimeOriginal (0x9003, in the Exif IFD that 0x8769 points to), else DateTime (0x0132).
    static func tiffDate(_ t: [UInt8]) -> PhotoDate? {
        guard t.count >= 8 else { return nil }
        let little: Bool
        switch (t[0], t[1]) {
        case (0x49, 0x49): little = true
        case (0x4d, 0x4d): little = false
        default: return nil
        }
        func u16(_ o: Int) -> Int? {
            guard o >= 0, o + 2 <= t.count else { return nil }
            return little ? Int(t[o]) | Int(t[o + 1]) << 8 : Int(t[o]) << 8 | Int(t[o + 1])
        }
        func u32(_ o: Int) -> Int? {
            guard let a = u16(o), let c = u16(o + 2) else { return nil }
            return little ? a | c << 16 : a << 16 | c
        }
        /// The value offset of `tag` in the IFD at `ifd`.
        func entry(_ tag: Int, in ifd: Int) -> Int? {
            guard let count = u16(ifd), count < 1_000 else { return nil }
            for k in 0..<count where u16(ifd + 2 + 12 * k) == tag { return ifd + 2 + 12 * k + 8 }
            return nil
        }
        func date(at valueOffset: Int) -> PhotoDate? {
            guard let o = u32(valueOffset), o >= 0, o + 19 <= t.count else { return nil }
            return parseDate(Array(t[o..<o + 19]))
        }
        guard let ifd0 = u32(4) else { return nil }
        if let exifPointer = entry(0x8769, in: ifd0), let exif = u32(exifPointer),
           let original = entry(0x9003, in: exif), let d = date(at: original) { return d }
        if let modified = entry(0x0132, in: ifd0) { return date(at: modified) }
        return nil
    }

    /// "YYYY:MM:DD HH:MM:SS" as a wall-clock time; nil for anything else (cameras write
    /// blanks or zeros when they do not know).
    static func parseDate(_ s: [UInt8]) -> PhotoDate? {
        func number(_ r: Range<Int>) -> Int? {
            var v = 0
            for c in s[r] { guard c >= 0x30, c <= 0x39 else { return nil }; v = v * 10 + Int(c - 0x30) }
            return v
        }
        guard s.count == 19, let y = number(0..<4), let mo = number(5..<7), let d = number(8..<10),
              let h = number(11..<13), let mi = number(14..<16), let se = number(17..<19),
              y > 0, (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, se < 61 else { return nil }
        return PhotoDate(year: y, month: mo, day: d, hour: h, minute: mi, second: se)
    }
}
