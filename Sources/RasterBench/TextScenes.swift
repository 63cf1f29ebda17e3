// TextScenes: the (d) workloads — 200 strings of 54 characters in DejaVu Sans, as
// cairo_bench.c's w_text: x = frand(0, W − 500), y = frand(size, H) is the baseline, colour
// frand(0.5, 1) ×3 opaque (gcc evaluates cairo_set_source_rgba's arguments right to left, so
// blue takes the first number). `show_text` lays out (shapes) every string on every run;
// `show_glyphs` draws one layout made before timing, as a renderer with a layout cache does.

import Raster

enum TextScenes {
    static let text = "The quick brown fox jumps over the lazy dog 0123456789"
    static let fontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// The three (d) scenes, or none (with a note on stderr) when the font cannot be loaded.
    static func all() -> [Scene] {
        do {
            let fonts = try FontLibrary()
            let f16 = try fonts.font(path: fontPath, size: 16), f32 = try fonts.font(path: fontPath, size: 32)
            let shaped16 = fonts.layout(text, font: f16)
            return [
                Scene(label: "(d) 200 strings x 54ch, 16px show_text") { c, p in strings(c, &p, fonts, f16, size: 16, layout: nil) },
                Scene(label: "(d) 200 strings x 54ch, 16px show_glyphs") { c, p in strings(c, &p, fonts, f16, size: 16, layout: shaped16) },
                Scene(label: "(d) 200 strings x 54ch, 32px show_text") { c, p in strings(c, &p, fonts, f32, size: 32, layout: nil) },
            ]
        } catch {
            print("text scenes skipped: \(error)")
            return []
        }
    }

    static func strings(_ c: Canvas, _ p: inout DrawProbe, _ fonts: FontLibrary, _ font: Font, size: Double,
                        layout shaped: TextLayout?) {
        var r = BenchRandom(seed: 0xCAFE_BABE)
        for _ in 0..<200 {
            let x = r.frand(0, Double(frameWidth - 500)), y = r.frand(size, Double(frameHeight))
            let b = r.frand(0.5, 1), g = r.frand(0.5, 1), red = r.frand(0.5, 1)     // gcc order
            let layout = shaped ?? fonts.layout(text, font: font)
            p.draw { fonts.draw(layout, in: c, at: Point(x, y - layout.firstBaseline), paint: .solid(Color(red, g, b))) }
        }
    }
}
