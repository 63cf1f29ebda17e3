// Loading fonts: by path, by family through fontconfig, and every way that fails.
import Testing
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
