// Colour emoji (issue 40): emoji sequences shape in the colour emoji font (Noto Color Emoji from
// fonts-noto-color-emoji, scripts/deps) as one glyph each, draw in their own colours at the
// text's size on its baseline, respect opacity, and — with no emoji font installed — fall back to
// outlines/.notdef with one warning.
import Testing
import CFontconfig
@testable import Raster
import TestSupport

@Suite struct TextEmojiTests {
    let fonts: FontLibrary
    init() throws { fonts = try FontLibrary() }

    static let line = "Hot 🔥 ok 👍🏽 👨‍👩‍👧 🇫🇷 1️⃣ ❤️ ⌚ done"

    func render(_ w: Int, _ h: Int, background: Color? = .white, _ body: (Canvas) throws -> Void) throws -> Surface {
        let s = try Surface(width: w, height: h)
        let c = Canvas(s)
        if let background { c.clear(background) }
        try body(c)
        return s
    }

    /// Pixels whose channels differ by more than 60 (clearly coloured, not grey).
    static func colouredPixels(_ s: Surface) -> Int {
        var n = 0
        for y in 0..<s.height {
            for x in 0..<s.width {
                let p = s.pixel(x: x, y: y)
                let hi = max(p.r, p.g, p.b), lo = min(p.r, p.g, p.b)
                if p.a > 128 && hi - lo > 60 { n += 1 }
            }
        }
        return n
    }

    @Test func emojiFontIsInstalledAndColour() throws {
        let face = try #require(fonts.emojiFace(), "no colour emoji font: scripts/deps installs fonts-noto-color-emoji")
        #expect(face.hasColor && face.covers(0x1F525))
        #expect(face.isColorBitmap && face.strikes.contains(109))   // Noto Color Emoji's CBDT strike
    }

    @Test(arguments: [16.0, 40])
    func goldenLineOfEmojiBesideLatin(size: Double) throws {
        let font = try fonts.font(family: "DejaVu Sans", size: size)
        let layout = fonts.layout(Self.line, font: font)
        let s = try render(Int(layout.size.width.rounded(.up)) + 12, Int(layout.size.height.rounded(.up)) + 10) {
            fonts.draw(layout, in: $0, at: Point(6, 5), paint: .solid(Color(0.05, 0.05, 0.1)))
        }
        #expect(Self.colouredPixels(s) > Int(size * size))
        expectGolden(s, "text-emoji-\(Int(size))")
    }

    @Test func sequencesAreOneGlyphInTheEmojiFont() throws {
        let emoji = try #require(fonts.emojiFace())
        let font = try fonts.font(family: "DejaVu Sans", size: 20)
        // ZWJ family, skin tone, flag, keycap, VS16, emoji presentation, tag sequence (Scotland).
        for text in ["👨‍👩‍👧", "👍🏽", "🇫🇷", "1️⃣", "❤️", "🔥", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "👩🏽‍💻"] {
            let layout = fonts.layout(text, font: font)
            #expect(layout.glyphCount == 1, "\(text): \(layout.glyphCount) glyphs")
            #expect(layout.runs.allSatisfy { $0.face === emoji }, "\(text)")
        }
        // The ZWJ family is one glyph, narrower than its three members side by side.
        let family = fonts.measure("👨‍👩‍👧", font: font), man = fonts.measure("👨", font: font)
        #expect(family > 0 && family < 1.5 * man)
        // Text presentation (U+FE0E) and plain digits stay in the text's font.
        for text in ["❤︎", "1", "#"] {
            #expect(fonts.layout(text, font: font).runs.allSatisfy { $0.face !== emoji }, "\(text)")
        }
        // Latin and the spaces around an emoji stay in DejaVu.
        let mixed = fonts.layout("Hot 🔥 ok", font: font)
        #expect(mixed.runs.count == 3)
        #expect(mixed.runs.map { $0.face === emoji } == [false, true, false])
        #expect(mixed.runs[0].glyphs.count == 4 && mixed.runs[2].glyphs.count == 3)   // "Hot ", " ok"
    }

    @Test func emojiPixelsAreColouredWhateverTheTextColour() throws {
        let font = try fonts.font(family: "DejaVu Sans", size: 32)
        let layout = fonts.layout("🔥", font: font)
        for ink in [Color.black, Color(0, 0, 1), Color.white] {
            let s = try render(60, 50) { fonts.draw(layout, in: $0, at: Point(4, 4), paint: .solid(ink)) }
            // Noto's fire is orange and yellow: mostly red > green > blue, nothing of the ink.
            var warm = 0
            for y in 0..<s.height { for x in 0..<s.width {
                let p = s.pixel(x: x, y: y)
                if Int(p.r) > Int(p.b) + 80 && p.g > 40 { warm += 1 }
            } }
            #expect(warm > 300, "\(ink): \(warm) warm pixels")
            #expect(Self.colouredPixels(s) > 300)
        }
    }

    @Test func opacityScalesEmojiAlpha() throws {
        let font = try fonts.font(family: "DejaVu Sans", size: 32)
        let layout = fonts.layout("🔥", font: font)
        let full = try render(60, 50, background: nil) { fonts.draw(layout, in: $0, at: Point(4, 4), paint: .solid(.black)) }
        let half = try render(60, 50, background: nil) { c in
            c.opacity = 0.5
            fonts.draw(layout, in: c, at: Point(4, 4), paint: .solid(.black))
        }
        var checked = 0
        for y in 0..<50 { for x in 0..<60 {
            let a = Int(full.premultipliedPixel(x: x, y: y) >> 24), b = Int(half.premultipliedPixel(x: x, y: y) >> 24)
            if a == 255 { #expect(abs(b - 128) <= 1); checked += 1 }
            if a == 0 { #expect(b == 0) }
        } }
        #expect(checked > 300)
    }

    /// The ink box of `text` drawn at `size` with its baseline at y = 100.
    func inkBox(_ text: String, size: Double) throws -> (top: Int, bottom: Int, left: Int, right: Int) {
        let font = try fonts.font(family: "DejaVu Sans", size: size)
        let layout = fonts.layout(text, font: font)
        let s = try render(400, 200, background: nil) { fonts.draw(layout, in: $0, at: Point(10, 100 - layout.firstBaseline), paint: .solid(.black)) }
        var top = Int.max, bottom = -1, left = Int.max, right = -1
        for y in 0..<s.height { for x in 0..<s.width where s.premultipliedPixel(x: x, y: y) >> 24 > 64 {
            top = min(top, y); bottom = max(bottom, y); left = min(left, x); right = max(right, x)
        } }
        return (top, bottom, left, right)
    }

    @Test(arguments: [16.0, 48])
    func emojiSitOnTheBaselineAtTheTextSize(size: Double) throws {
        let box = try inkBox("😀", size: size)
        let h = Double(box.bottom - box.top + 1), w = Double(box.right - box.left + 1)
        // About the em: Noto's face is ≈ 1.1 em tall and wide, with ≈ 0.1 em below the baseline.
        #expect(h > 0.85 * size && h < 1.3 * size, "height \(h) at \(size) px")
        #expect(w > 0.85 * size && w < 1.35 * size, "width \(w) at \(size) px")
        #expect(Double(box.bottom) > 100 - 0.05 * size && Double(box.bottom) < 100 + 0.3 * size, "bottom \(box.bottom)")
        // Its top is near a capital's top (DejaVu's cap height ≈ 0.73 em).
        let cap = try inkBox("H", size: size)
        #expect(abs(Double(box.top - cap.top)) < 0.35 * size, "emoji top \(box.top), H top \(cap.top)")
    }

    @Test func colourGlyphsAreCachedNotRedrawn() throws {
        let font = try fonts.font(family: "DejaVu Sans", size: 24)
        let layout = fonts.layout(Self.line, font: font)
        let s = try Surface(width: 600, height: 40)
        fonts.draw(layout, in: Canvas(s), at: Point(2, 2), paint: .solid(.black))
        let before = fonts.glyphCacheStatistics
        for _ in 0..<3 { fonts.draw(layout, in: Canvas(s), at: Point(2, 2), paint: .solid(.black)) }
        let after = fonts.glyphCacheStatistics
        #expect(after.misses == before.misses)
        #expect(after.hits - before.hits == 3 * layout.glyphCount)
    }

    @Test func rotatedAndHugeEmojiDrawAsImages() throws {
        let font = try fonts.font(family: "DejaVu Sans", size: 30)
        let layout = fonts.layout("🔥", font: font)
        let rotated = try render(80, 80) { c in
            c.transform = Affine.rotation(0.5, about: Point(40, 40))
            fonts.draw(layout, in: c, at: Point(20, 20), paint: .solid(.black))
        }
        #expect(Self.colouredPixels(rotated) > 200)
        let huge = try fonts.font(family: "DejaVu Sans", size: 300)    // above maxMaskSize
        let big = fonts.layout("🔥", font: huge)
        let s = try render(420, 400) { fonts.draw(big, in: $0, at: Point(10, 10), paint: .solid(.black)) }
        #expect(Self.colouredPixels(s) > 30_000)
    }

    /// A fontconfig that knows only DejaVu Sans: a system without an emoji font.
    static func configWithoutEmoji() throws -> OpaquePointer {
        let c = try #require(FcConfigCreate())
        let path = Array("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf".utf8) + [0]
        #expect(FcConfigAppFontAddFile(c, path) != 0)
        return c
    }

    @Test func withoutAnEmojiFontDrawsOutlinesAndWarnsOnce() throws {
        let bare = try FontLibrary(glyphCacheBytes: 1 << 20, fontconfig: Self.configWithoutEmoji(), fallbackFonts: [])
        var warnings: [String] = []
        bare.warningHandler = { warnings.append($0) }
        let font = try bare.font(family: "DejaVu Sans", size: 24)
        #expect(bare.emojiFace() == nil)
        for text in ["🔥 Hot", "❤️ ok", "😀", "👨‍👩‍👧"] {
            let layout = bare.layout(text, font: font)
            #expect(layout.runs.allSatisfy { !$0.face.hasColor })
            let s = try Surface(width: 200, height: 40)
            let c = Canvas(s)
            c.clear(.white)
            bare.draw(layout, in: c, at: Point(4, 4), paint: .solid(.black))
            var dark = 0
            for y in 0..<40 { for x in 0..<200 where s.pixel(x: x, y: y).r < 100 { dark += 1 } }
            #expect(dark > 20, "\(text) draws something (outline or .notdef box)")
            #expect(Self.colouredPixels(s) == 0)
        }
        // DejaVu has U+2764 HEAVY BLACK HEART: "❤️" falls back to its outline.
        #expect(bare.layout("❤️", font: font).runs.first?.glyphs.first != 0)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("emoji") == true)
    }
}
