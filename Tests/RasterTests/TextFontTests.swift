// Loading fonts: by path, by family through fontconfig, and every way that fails.
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Raster

let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

@Suite struct TextFontTests {
    @Test func loadsByPathWithMetrics() throws {
        let fonts = try FontLibrary()
        let f = try fonts.font(path: dejaVuSans, size: 16)
        #expect(f.size == 16)
        #expect(f.familyName == "DejaVu Sans")
        // DejaVu Sans: ascender 1901, descender −483, height 2384 on a 2048 em (hhea).
        #expect(abs(f.ascent - 1901.0 / 2048 * 16) < 1e-9)
        #expect(abs(f.descent - 483.0 / 2048 * 16) < 1e-9)
        #expect(abs(f.lineHeight - 2384.0 / 2048 * 16) < 1e-9)
    }
}

@Suite struct TextFontErrorTests {
    @Test func loadsByFamilyWeightAndSlant() throws {
        let fonts = try FontLibrary()
        let regular = try fonts.font(family: "DejaVu Sans", size: 12)
        #expect(regular.path.hasSuffix("DejaVuSans.ttf"))
        let bold = try fonts.font(family: "dejavu sans", size: 12, weight: .bold)
        #expect(bold.path.hasSuffix("DejaVuSans-Bold.ttf"))
        let boldItalic = try fonts.font(family: "DejaVu Sans", size: 12, weight: .bold, italic: true)
        #expect(boldItalic.path.hasSuffix("DejaVuSans-BoldOblique.ttf"))
        let generic = try fonts.font(family: nil, size: 12)
        #expect(!generic.path.isEmpty)
        // Two sizes of one face share it.
        let big = try fonts.font(family: "DejaVu Sans", size: 40)
        #expect(big.face === regular.face)
    }

    @Test func unknownFamilyNamesWhatWasFound() throws {
        let fonts = try FontLibrary()
        do {
            _ = try fonts.font(family: "No Such Family Zz", size: 12)
            Issue.record("expected familyNotFound")
        } catch let FontError.familyNotFound(asked, found) {
            #expect(asked == "No Such Family Zz")
            #expect(found != nil)
            #expect(FontError.familyNotFound(asked: asked, found: found).description.contains("fc-list"))
        }
    }

    @Test func missingFileAndNonFont() throws {
        let fonts = try FontLibrary()
        #expect(throws: FontError.fileNotFound(path: "/nonexistent/x.ttf")) {
            try fonts.font(path: "/nonexistent/x.ttf", size: 12)
        }
        let path = "/tmp/kiosk-text-not-a-font.ttf"
        try writeFile(path, Array("hello, I am not a font".utf8))
        #expect { try fonts.font(path: path, size: 12) } throws: { e in
            if case FontError.notAFont(let p, _) = e { return p == path } else { return false }
        }
    }

    @Test(arguments: [0.0, -3, .nan, .infinity, 1e9])
    func invalidSizesThrow(size: Double) throws {
        let fonts = try FontLibrary()
        #expect(throws: FontError.self) { try fonts.font(path: dejaVuSans, size: size) }
        #expect(throws: FontError.self) { try fonts.font(family: "DejaVu Sans", size: size) }
    }

    /// Truncated copies of a real font either refuse to load or load and then lay out and draw
    /// without crashing (FreeType reads tables lazily; a missing glyph becomes an empty mask).
    @Test func truncatedFontsNeverCrash() throws {
        let bytes = try readFile(dejaVuSans)
        for (n, length) in [0, 4, 12, 100, 1000, 10_000, 100_000, bytes.count / 2, bytes.count - 1].enumerated() {
            let path = "/tmp/kiosk-text-truncated-\(n).ttf"
            try writeFile(path, Array(bytes.prefix(length)))
            let fonts = try FontLibrary()
            do {
                let f = try fonts.font(path: path, size: 16)
                let layout = fonts.layout("Hello, world — ÅÉÎ 123", font: f, maxWidth: 80)
                let surface = try Surface(width: 120, height: 80)
                let canvas = Canvas(surface)
                fonts.draw(layout, in: canvas, at: Point(2, 2), paint: .solid(.black))
                canvas.transform = .rotation(0.3)
                fonts.draw(layout, in: canvas, at: Point(2, 2), paint: .solid(.black))
            } catch let e as FontError {
                guard case .notAFont(let p, _) = e else { Issue.record("unexpected \(e)"); continue }
                #expect(p == path)
            }
        }
    }
}

/// Whole-file read/write through libc (Raster has no Foundation).
func readFile(_ path: String) throws -> [UInt8] {
    guard let f = fopen(path, "rb") else { throw FontError.fileNotFound(path: path) }
    defer { fclose(f) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&chunk, 1, chunk.count, f)
        if n <= 0 { break }
        out += chunk[0..<n]
    }
    return out
}

func writeFile(_ path: String, _ bytes: [UInt8]) throws {
    guard let f = fopen(path, "wb") else { throw FontError.fileNotFound(path: path) }
    defer { fclose(f) }
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
}
