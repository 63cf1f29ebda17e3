// The fallback fonts a static kiosk carries: the blob format (and malformed blobs), and a library
// whose fontconfig finds no fonts at all taking them as application fonts — matching regular and
// bold, and drawing text pixel for pixel as the library with installed fonts does.
import Testing
import CFontconfig
#if canImport(Glibc)
import Glibc
#endif
@testable import Raster

@Suite struct EmbeddedFontTests {
    static func blob(_ parts: [[UInt8]], count: UInt32? = nil, lengths: [UInt32]? = nil) -> [UInt8] {
        func le(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xff), UInt8(v >> 8 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 24)] }
        var out = le(count ?? UInt32(parts.count))
        for (i, p) in parts.enumerated() { out += le(lengths?[i] ?? UInt32(p.count)) + p }
        return out
    }

    @Test func parsesTheBlobAndStopsAtMalformedEntries() {
        let good = Self.blob([[1, 2, 3], [4, 5]])
        good.withUnsafeBytes { b in
            #expect(EmbeddedFonts.parse(b).map { Array($0) } == [[1, 2, 3], [4, 5]])
        }
        // The second length runs past the end: only the first font.
        Self.blob([[1, 2, 3], [9]], lengths: [3, 100]).withUnsafeBytes { b in
            #expect(EmbeddedFonts.parse(b).map { Array($0) } == [[1, 2, 3]])
        }
        // A count with nothing behind it, an absurd count, an empty or short blob.
        Self.blob([], count: 3).withUnsafeBytes { #expect(EmbeddedFonts.parse($0).isEmpty) }
        Self.blob([[1]], count: 1_000_000).withUnsafeBytes { #expect(EmbeddedFonts.parse($0).isEmpty) }
        [UInt8]([1, 0]).withUnsafeBytes { #expect(EmbeddedFonts.parse($0).isEmpty) }
        // Test builds link no fonts (the static build does).
        #expect(EmbeddedFonts.linked.isEmpty)
    }

    static func read(_ path: String) throws -> [UInt8] {
        guard let f = fopen(path, "rb") else { throw FontError.fileNotFound(path: path) }
        defer { fclose(f) }
        var out: [UInt8] = [], buf = [UInt8](repeating: 0, count: 65536)
        while true { let n = fread(&buf, 1, buf.count, f); if n <= 0 { break }; out += buf[0..<n] }
        return out
    }

    /// A fontconfig with no font directories: what a bare kiosk image gives.
    static func emptyConfig() -> OpaquePointer {
        let c = FcConfigCreate()!
        _ = FcConfigBuildFonts(c)
        return c
    }

    @Test func bareSystemWithoutFallbackHasNoFont() throws {
        let fonts = try FontLibrary(glyphCacheBytes: 1 << 20, fontconfig: Self.emptyConfig(), fallbackFonts: [])
        #expect(EmbeddedFonts.systemFontCount(fonts.fontconfig) == 0 && !fonts.usesEmbeddedFonts)
        #expect(throws: FontError.self) { try fonts.font(family: nil, size: 16) }
    }

    @Test func bareSystemUsesTheFallbackAndDrawsLikeInstalledFonts() throws {
        let regular = try Self.read("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        let bold = try Self.read("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
        let bare = try regular.withUnsafeBytes { r in try bold.withUnsafeBytes { b in
            try FontLibrary(glyphCacheBytes: 1 << 20, fontconfig: Self.emptyConfig(), fallbackFonts: [r, b])
        } }
        #expect(bare.usesEmbeddedFonts)
        let f = try bare.font(family: nil, size: 20)
        #expect(f.familyName == "DejaVu Sans" && f.path.hasPrefix("/proc/self/fd/"))
        let fb = try bare.font(family: "sans-serif", size: 20, weight: .bold)
        #expect(fb.path != f.path, "bold matched the bold file")
        #expect(try bare.font(family: "DejaVu Sans", size: 12).familyName == "DejaVu Sans")

        // Same text, same pixels as with the installed DejaVu files (the build machine's view).
        let installed = try FontLibrary()
        #expect(!installed.usesEmbeddedFonts)
        func draw(_ lib: FontLibrary, weight: FontWeight) throws -> Surface {
            let s = try Surface(width: 220, height: 40)
            s.clear(0xFFFF_FFFF)
            let font = try lib.font(family: "DejaVu Sans", size: 20, weight: weight)
            let layout = lib.layout("Tap the card 123", font: font, maxWidth: nil)
            lib.draw(layout, in: Canvas(s), at: Point(4, 6), paint: .solid(.black))
            return s
        }
        for w in [FontWeight.regular, .bold] {
            let a = try draw(bare, weight: w), b = try draw(installed, weight: w)
            #expect(a.samePixels(as: b), "\(w)")
        }
    }

    static func gzip(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: bytes.count + 1024)
        let n = bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { kiosk_gzip(src.baseAddress, src.count, $0.baseAddress, $0.count) }
        }
        return n > 0 ? Array(out[0..<n]) : []
    }

    /// The static build carries the fonts gzip-compressed: they inflate into the memfds and draw
    /// as the files do; a corrupt or truncated stream is left out, the others still install.
    @Test func compressedFallbackFontsInflateAndCorruptOnesAreLeftOut() throws {
        let regular = try Self.read("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        let packed = Self.gzip(regular)
        #expect(!packed.isEmpty && packed.count < regular.count * 6 / 10)
        var corrupt = packed
        corrupt[packed.count / 2] ^= 0xFF
        let truncated = Array(packed[0..<(packed.count / 3)])
        let lib = try corrupt.withUnsafeBytes { c in try truncated.withUnsafeBytes { t in try packed.withUnsafeBytes { p in
            #expect(EmbeddedFonts.isGzip(p) && !EmbeddedFonts.isGzip(UnsafeRawBufferPointer(rebasing: p[0..<10])))
            return try FontLibrary(glyphCacheBytes: 1 << 20, fontconfig: Self.emptyConfig(), fallbackFonts: [c, t, p])
        } } }
        #expect(lib.usesEmbeddedFonts)
        let f = try lib.font(family: nil, size: 20)
        #expect(f.familyName == "DejaVu Sans")
        let installed = try FontLibrary()
        func draw(_ lib: FontLibrary) throws -> Surface {
            let s = try Surface(width: 220, height: 40)
            s.clear(0xFFFF_FFFF)
            let layout = lib.layout("Tap the card 123", font: try lib.font(family: "DejaVu Sans", size: 20), maxWidth: nil)
            lib.draw(layout, in: Canvas(s), at: Point(4, 6), paint: .solid(.black))
            return s
        }
        #expect(try draw(lib).samePixels(as: try draw(installed)))
    }
}
