// AsyncImageCache: the last good image of each http(s) URL, on disk, so a screen shows it again
// when the network is gone (after a restart too) and a server can answer 304 to a revalidation.
//
// One file per URL in the cache folder: `<FNV-1a 64 of the URL, hex>.img`, holding a text header
// — `kiosk-async-image 1`, the URL, the ETag, the Last-Modified date, a blank line — then the
// image's bytes as served. Written only after the bytes decoded, to a temporary file renamed
// over the old one (atomic: a power cut leaves the old copy or the new). The URL in the header
// guards against hash collisions. Past `limit` bytes the least recently used files go (a 304 or a
// fallback counts as a use: the file's time is touched).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Raster

struct AsyncImageCache {
    let directory: String
    let limit: Int

    struct Entry: Equatable { var bytes: [UInt8]; var etag: String?; var lastModified: String? }

    static let magic = "kiosk-async-image 1"

    /// Folders already warned about: an unwritable one (a unit without CacheDirectory=) would
    /// otherwise warn at every load.
    private static let warned = Locked<Set<String>>([])
    private func warnOnce(_ message: String) {
        if Self.warned.withLock({ $0.insert(directory).inserted }) { Diagnostics.warn(message) }
    }

    func path(for url: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in url.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        let hex = String(h, radix: 16)
        return directory + "/" + String(repeating: "0", count: 16 - hex.count) + hex + ".img"
    }

    /// The cached copy of `url`, or nil (none, unreadable, another URL's, damaged).
    func read(_ url: String) -> Entry? {
        guard let data = Syscall.readFile(path(for: url), limit: 1 << 30) else { return nil }
        // Header: four lines and a blank one.
        var lines: [String] = []
        var i = 0, start = 0
        while lines.count < 5, i < data.count, i < 64 << 10 {
            if data[i] == 0x0A { lines.append(String(decoding: data[start..<i], as: UTF8.self)); start = i + 1 }
            i += 1
        }
        guard lines.count == 5, lines[0] == Self.magic, lines[1] == url, lines[4].isEmpty else { return nil }
        return Entry(bytes: Array(data[start...]), etag: lines[2].isEmpty ? nil : lines[2],
                     lastModified: lines[3].isEmpty ? nil : lines[3])
    }

    /// Keeps `bytes` (an image that decoded) as the copy of `url`. Failures warn and are otherwise ignored.
    func store(_ url: String, bytes: [UInt8], etag: String?, lastModified: String?) {
        guard makeDirectories(directory) else {
            warnOnce("AsyncImage: cannot create the cache folder \(directory) (\(String(cString: strerror(errno)))); images are not kept for offline use")
            return
        }
        func clean(_ s: String?) -> String { String((s ?? "").unicodeScalars.filter { $0 != "\n" && $0 != "\r" }) }
        let header = Array("\(Self.magic)\n\(url)\n\(clean(etag))\n\(clean(lastModified))\n\n".utf8)
        let final = path(for: url)
        do {
            try Syscall.writeFileAtomically(path: final, bytes: header + bytes, mode: 0o600)
        } catch {
            warnOnce("AsyncImage: cannot write \(final) (\(error)); images are not kept for offline use")
            return
        }
        trim(keeping: final)
    }

    /// Marks the copy of `url` as used now (least recently used files are removed first).
    func touch(_ url: String) { _ = utime(path(for: url), nil) }

    private func makeDirectories(_ dir: String) -> Bool {
        var prefix = dir.hasPrefix("/") ? "" : "."
        for part in dir.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST { return false }
        }
        return true
    }

    /// Removes the least recently used copies (never `keeping`) until the folder holds ≤ limit bytes.
    private func trim(keeping: String) {
        guard let d = opendir(directory) else { return }
        var files: [(path: String, size: Int, time: Int)] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasSuffix(".img") else { continue }
            let p = directory + "/" + name
            var st = stat()
            if stat(p, &st) == 0 { files.append((p, Int(st.st_size), Int(st.st_mtim.tv_sec))) }
        }
        closedir(d)
        var total = files.reduce(0) { $0 + $1.size }
        for f in files.sorted(by: { $0.time < $1.time }) where total > limit && f.path != keeping {
            if unlink(f.path) == 0 { total -= f.size }
        }
    }
}
