// EmbeddedFonts: the fallback fonts a fully static kiosk carries, for systems with no fonts at
// all (a bare kiosk image: fontconfig finds nothing, and text would draw as boxes). The static
// build links Debian's DejaVu Sans and DejaVu Sans Bold into the binary, gzip-compressed (+0.7 MB;
// uncompressed they were 1.4 MB and pushed the static kiosk over its 15 MiB budget); FontLibrary
// hands each to fontconfig as an application font through a memfd's /proc/self/fd path, so
// matching, weights and the FreeType faces work exactly as with installed files, and text looks
// the same as on the build machine, where fontconfig picks the same DejaVu files.
import CFontconfig
#if canImport(Glibc)
import Glibc
#endif

enum EmbeddedFonts {
    /// The fonts linked into this binary (none but in the static build).
    static var linked: [UnsafeRawBufferPointer] {
        guard let p = kiosk_embedded_fonts_blob() else { return [] }
        // The blob does not say its own length; the count and lengths inside bound it.
        return parse(UnsafeRawBufferPointer(start: p, count: Int.max / 2))
    }

    /// The fonts in `blob`: u32 count, then u32 length + bytes per font (little-endian). A
    /// length running past `blob` ends the list there (a malformed blob gives fewer fonts,
    /// never a read outside it).
    static func parse(_ blob: UnsafeRawBufferPointer) -> [UnsafeRawBufferPointer] {
        func u32(_ at: Int) -> Int? {
            guard at >= 0, at + 4 <= blob.count else { return nil }
            return Int(UInt32(littleEndian: blob.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
        }
        guard let count = u32(0), count <= 64 else { return [] }
        var out: [UnsafeRawBufferPointer] = []
        var at = 4
        for _ in 0..<count {
            guard let n = u32(at), n > 0, at + 4 + n <= blob.count else { break }
            out.append(UnsafeRawBufferPointer(rebasing: blob[(at + 4)..<(at + 4 + n)]))
            at += 4 + n
        }
        return out
    }

    /// Copies each font into a memfd (inflating a gzip-compressed one) and adds it to `config`
    /// as an application font. A font that does not inflate or that fontconfig refuses is left
    /// out. Returns the descriptors, which must stay open as long as faces may be opened from
    /// their paths.
    static func install(_ fonts: [UnsafeRawBufferPointer], into config: OpaquePointer) -> [Int32] {
        var fds: [Int32] = []
        for (i, font) in fonts.enumerated() {
            let fd = kiosk_memfd_create("kiosk-font-\(i)")
            guard fd >= 0 else { break }
            let written: Bool
            if isGzip(font) {
                written = kiosk_gunzip_to_fd(font.baseAddress!.assumingMemoryBound(to: UInt8.self), font.count, fd) > 0
            } else {
                var off = 0
                while off < font.count {
                    let n = write(fd, font.baseAddress! + off, font.count - off)
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 { break }
                    off += n
                }
                written = off == font.count
            }
            let path = "/proc/self/fd/\(fd)"
            guard written, FcConfigAppFontAddFile(config, path) != 0 else { close(fd); continue }
            fds.append(fd)
        }
        return fds
    }

    /// Whether `bytes` start a gzip stream (a font file never starts with 1F 8B).
    static func isGzip(_ bytes: UnsafeRawBufferPointer) -> Bool { bytes.count >= 18 && bytes[0] == 0x1F && bytes[1] == 0x8B }

    /// Fonts fontconfig found on the system (0 on a bare image).
    static func systemFontCount(_ config: OpaquePointer) -> Int {
        Int(FcConfigGetFonts(config, FcSetSystem)?.pointee.nfont ?? 0)
    }
}
