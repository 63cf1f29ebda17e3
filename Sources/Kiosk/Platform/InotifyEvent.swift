// InotifyEvent: decoding what `read()` returns on an inotify descriptor: whole `inotify_event`
// records (wd, mask, cookie, len, then a NUL-padded name of `len` bytes).

/// One inotify record.
struct InotifyEvent: Equatable, Sendable {
    var watch: Int32
    var mask: UInt32
    var name: String

    /// Every whole record in `bytes`; a truncated tail is ignored.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> [InotifyEvent] {
        var out: [InotifyEvent] = []
        var off = 0
        while bytes.count - off >= 16 {
            let wd = bytes.loadUnaligned(fromByteOffset: off, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: off + 4, as: UInt32.self)
            let len = Int(bytes.loadUnaligned(fromByteOffset: off + 12, as: UInt32.self))
            guard len <= bytes.count - off - 16 else { break }
            let name = UnsafeRawBufferPointer(rebasing: bytes[(off + 16)..<(off + 16 + len)]).prefix { $0 != 0 }
            out.append(InotifyEvent(watch: wd, mask: mask, name: String(decoding: name, as: UTF8.self)))
            off += 16 + len
        }
        return out
    }
}
