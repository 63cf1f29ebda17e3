// TextScenes: the text workloads (d) of ../shared/bench/README.md, drawn exactly as
// cairo_bench.c draws them: seed 0xCAFEBABE, 200 strings of 54 characters, DejaVu Sans,
// x = frand(0, 1420), y = frand(size, 1080) as the baseline, colour frand(0.5, 1) ×3, opaque.
// `show_text` lays out (shapes) every string each frame; `show_glyphs` draws one layout made
// once, as a renderer with a layout cache does.
import Raster

enum TextScenes {
    static let text = "The quick brown fox jumps over the lazy dog 0123456789"
    static let fontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// One (d) scene: its label (character for character cairo_bench's), and a draw function
    /// that owns a fresh FontLibrary — so the harness's first run is the cold, first-frame cost.
    struct Scene {
        let name: String
        let fonts: FontLibrary
        let draw: (Canvas) -> Void
    }

    static func scenes() throws -> [Scene] {
        func make(_ size: Double, shaped: Bool) throws -> Scene {
            let fonts = try FontLibrary()
            let font = try fonts.font(path: fontPath, size: size)
            var cached: TextLayout? = nil
            let label = "(d) 200 strings x 54ch, \(Int(size))px \(shaped ? "show_glyphs" : "show_text")"
            return Scene(name: label, fonts: fonts) { canvas in
                var rng = XorShift32(0xCAFE_BABE)
                for _ in 0..<200 {
                    let x = rng.frand(0, 1420), y = rng.frand(size, 1080)
                    let color = Color(rng.frand(0.5, 1), rng.frand(0.5, 1), rng.frand(0.5, 1))
                    let layout: TextLayout
                    if shaped, let c = cached { layout = c } else { layout = fonts.layout(text, font: font) }
                    if shaped { cached = layout }
                    fonts.draw(layout, in: canvas, at: Point(x, y - layout.firstBaseline), paint: .solid(color))
                }
            }
        }
        return [try make(16, shaped: false), try make(16, shaped: true), try make(32, shaped: false)]
    }
}

/// xorshift32 as the README defines it.
struct XorShift32 {
    var state: UInt32
    init(_ seed: UInt32) { state = seed }
    mutating func frand(_ lo: Double, _ hi: Double) -> Double {
        state ^= state << 13; state ^= state >> 17; state ^= state << 5
        return lo + (hi - lo) * (Double(state) / 4294967296.0)
    }
}
