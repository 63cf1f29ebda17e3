// TextScenes: the text workloads (d) of ../shared/bench/README.md, drawn exactly as
// cairo_bench.c draws them: seed 0xCAFEBABE, 200 strings of 54 characters, DejaVu Sans,
// x = frand(0, 1420), y = frand(size, 1080) as the baseline, colour frand(0.5, 1) ×3, opaque.
// `show_text` lays out (shapes with HarfBuzz) every string every run; `show_glyphs` draws one
// layout made once, as a renderer with a layout cache does (cairo: pre-converted glyphs).
// Each scene owns a fresh FontLibrary, so the harness's `first` column is the cold cost
// (glyph rendering included), and `TextScenes.cacheReport` gives the glyph cache's bytes after.
#if canImport(Glibc)
import Glibc
#endif
import Raster

enum TextScenes {
    static let text = "The quick brown fox jumps over the lazy dog 0123456789"
    static let fontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// 27 single-codepoint emoji (one glyph each), for the (e) scene.
    static let emoji = "😀😂🥰😎🤔😴🔥🍕🍔🍟🌮🍣🍩🍪🎂🍺☕🌍🌈⚡🎉🎈🚀🚗🏠📷💡"
    /// Libraries of the scenes made so far, for the cache report.
    private static var libraries: [(label: String, fonts: FontLibrary)] = []

    /// The three (d) scenes, labelled character for character as cairo_bench prints them.
    /// Empty (with a note on stderr) when DejaVu Sans is missing.
    static func scenes() -> [Scene] {
        func make(_ size: Double, shaped: Bool) throws -> Scene {
            let fonts = try FontLibrary()
            let font = try fonts.font(path: fontPath, size: size)
            let label = "(d) 200 strings x 54ch, \(Int(size))px \(shaped ? "show_glyphs" : "show_text")"
            libraries.append((label, fonts))
            var cached: TextLayout? = nil
            return Scene(label: label) { canvas, probe in
                var r = BenchRandom(seed: 0xCAFE_BABE)
                for _ in 0..<200 {
                    let x = r.frand(0, Double(frameWidth) - 500), y = r.frand(size, Double(frameHeight))
                    // cairo_set_source_rgba(cr, frand, frand, frand, 1): gcc evaluates the arguments
                    // right to left, so blue takes the first number (see Scenes.swift).
                    let b = r.frand(0.5, 1), g = r.frand(0.5, 1), red = r.frand(0.5, 1)
                    let color = Color(red, g, b)
                    probe.draw {
                        let layout: TextLayout
                        if shaped, let c = cached { layout = c } else { layout = fonts.layout(text, font: font) }
                        if shaped { cached = layout }
                        fonts.draw(layout, in: canvas, at: Point(x, y - layout.firstBaseline), paint: .solid(color))
                    }
                }
            }
        }
        /// Issue 40's comparison: 200 strings of 27 colour emoji (Noto Color Emoji's CBDT
        /// bitmaps, scaled to 16 px and cached like any glyph), one layout drawn every run, beside
        /// the 54-character Latin `show_glyphs` scene; per glyph = median ÷ 5400 vs ÷ 10 800.
        func makeEmoji(_ size: Double) throws -> Scene? {
            let fonts = try FontLibrary()
            // No colour emoji font (fonts-noto-color-emoji): the scene would time outlines.
            guard access("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf", R_OK) == 0 else {
                fputs("raster-bench: emoji scene skipped: no /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf\n", stderr); return nil
            }
            let font = try fonts.font(path: fontPath, size: size)
            let label = "(e) 200 strings x 27 emoji, \(Int(size))px show_glyphs"
            libraries.append((label, fonts))
            let layout = fonts.layout(emoji, font: font)
            return Scene(label: label) { canvas, probe in
                var r = BenchRandom(seed: 0xCAFE_BABE)
                for _ in 0..<200 {
                    let x = r.frand(0, Double(frameWidth) - 500), y = r.frand(size, Double(frameHeight))
                    let b = r.frand(0.5, 1), g = r.frand(0.5, 1), red = r.frand(0.5, 1)
                    probe.draw { fonts.draw(layout, in: canvas, at: Point(x, y - layout.firstBaseline), paint: .solid(Color(red, g, b))) }
                }
            }
        }
        do {
            return [try make(16, shaped: false), try make(16, shaped: true), try make(32, shaped: false)] + [try makeEmoji(16)].compactMap { $0 }
        } catch {
            fputs("raster-bench: text scenes skipped: \(error)\n", stderr)
            return []
        }
    }

    /// One line per text scene: glyph cache bytes and entries after its runs.
    static func cacheReport() -> [String] {
        libraries.map { l in
            let s = l.fonts.glyphCacheStatistics
            return "\(l.label): glyph cache \(l.fonts.glyphCacheBytes) bytes, \(s.entries) glyphs, \(s.hits) hits, \(s.misses) misses"
        }
    }
}
