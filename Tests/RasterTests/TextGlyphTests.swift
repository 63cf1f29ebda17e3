// Glyph bitmaps against FreeType's own rendering, the cache's byte bound, and drawing through
// Canvas (mask path and outline path agree; paint, opacity and clip apply).
import Testing
import CFreeType
@testable import Raster

/// FreeType's own rendering of one glyph, with a library and face opened here.
func freeTypeReference(path: String, size: Double, glyph: UInt32, phase: Int) -> (left: Int32, top: Int32, w: Int, h: Int, pixels: [UInt8]) {
    var lib: FT_Library?
    FT_Init_FreeType(&lib)
    var face: FT_Face?
    FT_New_Face(lib, path, 0, &face)
    defer { FT_Done_Face(face); FT_Done_FreeType(lib) }
    FT_Set_Char_Size(face, 0, FT_F26Dot6((size * 64).rounded()), 72, 72)
    let light = FT_Int32(FT_RENDER_MODE_LIGHT.rawValue) << 16
    FT_Load_Glyph(face, glyph, light | FT_Int32(FT_LOAD_NO_BITMAP))
    let slot = face!.pointee.glyph!
    FT_Outline_Translate(&slot.pointee.outline, FT_Pos(phase * 16), 0)
    FT_Render_Glyph(slot, FT_RENDER_MODE_LIGHT)
    let bm = slot.pointee.bitmap
    var out: [UInt8] = []
    for y in 0..<Int(bm.rows) { for x in 0..<Int(bm.width) { out.append(bm.buffer[y * Int(bm.pitch) + x]) } }
    return (slot.pointee.bitmap_left, slot.pointee.bitmap_top, Int(bm.width), Int(bm.rows), out)
}

@Suite struct TextGlyphTests {
    @Test func cachedBitmapsEqualFreeTypeRendering() throws {
        let fonts = try FontLibrary()
        for size in [10.0, 16, 31.5, 48] {
            let font = try fonts.font(path: dejaVuSans, size: size)
            for ch: Unicode.Scalar in ["a", "g", "W", "@", "ß"] {
                let glyph = font.face.glyphIndex(ch.value)
                for phase in 0..<4 {
                    let key = GlyphCache.key(face: font.face.id, size64: font.size64, glyph: glyph, phase: phase)
                    let ours = fonts.glyphCache.bitmap(key) {
                        GlyphRasterizer.render(face: font.face, size64: font.size64, glyph: glyph, phase: phase)
                    }
                    let ref = freeTypeReference(path: dejaVuSans, size: size, glyph: glyph, phase: phase)
                    #expect(ours.left == ref.left && ours.top == ref.top)
                    #expect(Int(ours.width) == ref.w && Int(ours.height) == ref.h)
                    var pixels: [UInt8] = []
                    for y in 0..<Int(ours.height) { for x in 0..<Int(ours.width) { pixels.append(ours.pixels![y * Int(ours.stride) + x]) } }
                    #expect(pixels == ref.pixels, "\(ch) at \(size) px, phase \(phase)")
                }
            }
        }
        // Phases really differ (the cache is not handing back phase 0 four times).
        let f = try fonts.font(path: dejaVuSans, size: 16)
        #expect(freeTypeReference(path: dejaVuSans, size: 16, glyph: f.face.glyphIndex(0x6C), phase: 0).pixels
                != freeTypeReference(path: dejaVuSans, size: 16, glyph: f.face.glyphIndex(0x6C), phase: 2).pixels)
    }

    @Test func cacheStaysWithinItsByteBudgetAndHits() throws {
        let fonts = try FontLibrary(glyphCacheBytes: 6000)
        let font = try fonts.font(path: dejaVuSans, size: 24)
        let surface = try Surface(width: 600, height: 60)
        let canvas = Canvas(surface)
        let layout = fonts.layout("ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz", font: font)
        fonts.draw(layout, in: canvas, at: Point(0, 0), paint: .solid(.black))
        #expect(fonts.glyphCacheBytes <= 6000)
        #expect(fonts.glyphCacheStatistics.entries > 0)
        let big = try FontLibrary()
        let f2 = try big.font(path: dejaVuSans, size: 24)
        let l2 = big.layout("abcabc", font: f2)
        big.draw(l2, in: canvas, at: Point(0, 0), paint: .solid(.black))
        let first = big.glyphCacheStatistics
        big.draw(l2, in: canvas, at: Point(0, 0), paint: .solid(.black))
        let second = big.glyphCacheStatistics
        #expect(second.misses == first.misses)
        #expect(second.hits == first.hits + 6)
    }

    @Test func lruEvictsLeastRecentlyUsed() {
        // Room for four 2×2 entries; an overflowing insertion frees a quarter of the budget
        // (one entry here), oldest use first.
        func make() -> GlyphBitmap {
            let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 4)
            p.initialize(repeating: 1, count: 4)
            return GlyphBitmap(left: 0, top: 0, width: 2, height: 2, stride: 2, pixels: p)
        }
        let probe = make()
        let cache = GlyphCache(capacityBytes: 4 * (GlyphCache.entryOverhead + probe.byteCount))
        probe.deallocate()
        for k: UInt64 in 1...4 { _ = cache.bitmap(k, render: make) }
        _ = cache.bitmap(1, render: make)          // 1 becomes most recent; 2 is now the oldest
        _ = cache.bitmap(5, render: make)          // evicts 2
        #expect(cache.count == 4 && cache.misses == 5 && cache.hits == 1)
        for k: UInt64 in [1, 3, 4, 5] { _ = cache.bitmap(k, render: make) }
        #expect(cache.misses == 5)
        _ = cache.bitmap(2, render: make)
        #expect(cache.misses == 6 && cache.bytes <= cache.capacityBytes)
        // Many more keys than fit: bounded, and every lookup still answers.
        for k: UInt64 in 10..<5000 { #expect(cache.bitmap(k, render: make).width == 2) }
        #expect(cache.bytes <= cache.capacityBytes && cache.count <= 4)
        cache.removeAll()
        #expect(cache.count == 0 && cache.bytes == 0)
    }

    @Test func spansCoverEveryInkedPixelOnce() throws {
        let fonts = try FontLibrary()
        var sawFull = false
        for size in [11.0, 16, 40] {
            let font = try fonts.font(path: dejaVuSans, size: size)
            for ch: Unicode.Scalar in ["o", "W", "@", "가", "i"] {
                let l = fonts.layout(String(ch), font: font)
                let run = l.runs[0]
                let b = GlyphRasterizer.render(face: run.face, size64: run.size64, glyph: run.glyphs[0], phase: 1)
                defer { b.deallocate() }
                let w = Int(b.stride), h = Int(b.height)
                #expect(w % 4 == 0 && w >= Int(b.width))
                var covered = [Bool](repeating: false, count: w * h)
                let spans = b.spans!
                for y in 0..<h {
                    var k = Int(spans[y])
                    while k < Int(spans[y + 1]) {
                        let x = Int(spans[k]), n = Int(spans[k + 1])
                        #expect(x >= 0 && x + abs(n) <= w)
                        if n > 0 { #expect(n % 4 == 0 || x + n == w || b.pixels![y * w + x + n] == 255) }
                        for i in x..<(x + abs(n)) {
                            #expect(!covered[y * w + i])
                            covered[y * w + i] = true
                            if n < 0 { #expect(b.pixels![y * w + i] == 255); sawFull = true }
                        }
                        k += 2
                    }
                }
                for i in 0..<(w * h) where b.pixels![i] != 0 { #expect(covered[i], "\(ch) pixel \(i)") }
            }
        }
        #expect(sawFull, "solid runs (Hangul bars at 40 px) are stored as such")
    }

    /// Ink (sum of alpha) of text drawn in black on transparent.
    func ink(_ s: Surface) -> Int {
        var sum = 0
        for y in 0..<s.height { for x in 0..<s.width { sum += Int(s.pixel(x: x, y: y).a) } }
        return sum
    }

    @Test func maskAndOutlinePathsAgree() throws {
        let fonts = try FontLibrary()
        let font = try fonts.font(path: dejaVuSans, size: 32)
        let layout = fonts.layout("Kiosk 가격", font: font)
        let a = try Surface(width: 240, height: 60), b = try Surface(width: 240, height: 60)
        fonts.draw(layout, in: Canvas(a), at: Point(4, 4), paint: .solid(.black))
        let cb = Canvas(b)
        cb.transform = .scale(1.002, 1.002)        // beyond the bitmap tolerance: outlines
        fonts.draw(layout, in: cb, at: Point(4, 4), paint: .solid(.black))
        let ia = ink(a), ib = ink(b)
        #expect(ia > 100_000)
        #expect(abs(Double(ia - ib)) / Double(ia) < 0.03, "mask \(ia) vs outline \(ib)")
        // Same ink box, to a pixel.
        func box(_ s: Surface) -> IntRect {
            var r = IntRect(x0: s.width, y0: s.height, x1: 0, y1: 0)
            for y in 0..<s.height { for x in 0..<s.width where s.pixel(x: x, y: y).a > 64 {
                r = IntRect(x0: min(r.x0, x), y0: min(r.y0, y), x1: max(r.x1, x + 1), y1: max(r.y1, y + 1)) } }
            return r
        }
        let ba = box(a), bb = box(b)
        #expect(abs(ba.x0 - bb.x0) <= 1 && abs(ba.y0 - bb.y0) <= 1 && abs(ba.x1 - bb.x1) <= 1 && abs(ba.y1 - bb.y1) <= 1)
    }

    @Test func opacityAndClipApplyToText() throws {
        let fonts = try FontLibrary()
        let font = try fonts.font(path: dejaVuSans, size: 24)
        let layout = fonts.layout("HHHH", font: font)
        let full = try Surface(width: 100, height: 40), half = try Surface(width: 100, height: 40), clipped = try Surface(width: 100, height: 40)
        fonts.draw(layout, in: Canvas(full), at: .zero, paint: .solid(.black))
        let ch = Canvas(half); ch.opacity = 0.5
        fonts.draw(layout, in: ch, at: .zero, paint: .solid(.black))
        let cc = Canvas(clipped); cc.clip = IntRect(x0: 0, y0: 0, x1: 30, y1: 40)
        fonts.draw(layout, in: cc, at: .zero, paint: .solid(.black))
        let f = ink(full), h = ink(half), c = ink(clipped)
        #expect(abs(Double(h) / Double(f) - 0.5) < 0.02)
        #expect(c > 0 && c < f / 2)
        for y in 0..<40 { for x in 30..<100 { #expect(clipped.pixel(x: x, y: y).a == 0) } }
    }

    @Test func gradientPaintShadesTextLikeAPath() throws {
        let fonts = try FontLibrary()
        let font = try fonts.font(path: dejaVuSans, size: 30)
        let layout = fonts.layout("████████", font: font)       // full blocks: solid ink
        let s = try Surface(width: Int(layout.size.width) + 4, height: 40)
        let g = LinearGradient(start: Point(0, 0), end: Point(Double(s.width), 0),
                               stops: [GradientStop(0, .red), GradientStop(1, .blue)])
        fonts.draw(layout, in: Canvas(s), at: Point(2, 2), paint: .linearGradient(g))
        let y = 2 + Int(layout.firstBaseline) - 8
        let left = s.pixel(x: 6, y: y), right = s.pixel(x: s.width - 6, y: y)
        #expect(left.a == 255 && right.a == 255)
        #expect(left.r > 200 && left.b < 60)
        #expect(right.b > 200 && right.r < 60)
    }

    @Test func rotatedTextTurnsAboutTheOrigin() throws {
        let fonts = try FontLibrary()
        let font = try fonts.font(path: dejaVuSans, size: 20)
        let layout = fonts.layout("IIIIIIIIII", font: font)
        let s = try Surface(width: 120, height: 120)
        let c = Canvas(s)
        c.transform = .rotation(Double.pi / 2, about: Point(60, 60))
        fonts.draw(layout, in: c, at: Point(60, 60), paint: .solid(.black))
        // A row of "I" along +x becomes a column going down (+y), left of x = 60.
        var rows = Set<Int>(), cols = Set<Int>()
        for y in 0..<120 { for x in 0..<120 where s.pixel(x: x, y: y).a > 128 { rows.insert(y); cols.insert(x) } }
        #expect(rows.min()! >= 58 && rows.max()! > 100)
        #expect(cols.max()! <= 61 && cols.min()! > 30)
    }
}

@Suite struct TextBlendReferenceTests {
    /// The reference: every glyph through Canvas.fillMask, positioned as the fast path does.
    func drawReference(_ fonts: FontLibrary, _ layout: TextLayout, _ canvas: Canvas, _ origin: Point, _ paint: Paint) {
        for run in layout.runs {
            for i in run.glyphs.indices {
                let dx = origin.x + run.xs[i] + canvas.transform.tx, dy = origin.y + run.ys[i] + canvas.transform.ty
                let q = Int((dx * 4 + 0.5).rounded(.down))
                let key = GlyphCache.key(face: run.face.id, size64: run.size64, glyph: run.glyphs[i], phase: q & 3)
                let b = fonts.glyphCache.bitmap(key) {
                    GlyphRasterizer.render(face: run.face, size64: run.size64, glyph: run.glyphs[i], phase: q & 3)
                }
                guard let p = b.pixels else { continue }
                canvas.fillMask(p, width: Int(b.width), height: Int(b.height), stride: Int(b.stride),
                                x: (q >> 2) + Int(b.left), y: Int((dy + 0.5).rounded(.down)) - Int(b.top), with: paint)
            }
        }
    }

    @Test func fastGlyphBlendingEqualsFillMask() throws {
        let fonts = try FontLibrary()
        let font = try fonts.font(path: dejaVuSans, size: 18)
        let layout = fonts.layout("Wavy glyphs, 가격 & السعر: 12,50 €", font: font, maxWidth: 180)
        for (color, opacity) in [(Color(0.9, 0.2, 0.1), 1.0), (Color(0.2, 0.6, 1, 0.55), 1.0), (Color(1, 1, 1), 0.3)] {
            let a = randomSurface(200, 70, seed: 7), b = randomSurface(200, 70, seed: 7)
            let ca = Canvas(a), cb = Canvas(b)
            ca.opacity = opacity; cb.opacity = opacity
            ca.transform = .translation(3.3, 1.6); cb.transform = .translation(3.3, 1.6)
            ca.clip = IntRect(x0: 10, y0: 5, x1: 170, y1: 66); cb.clip = ca.clip
            fonts.draw(layout, in: ca, at: Point(0.4, 0.2), paint: .solid(color))
            drawReference(fonts, layout, cb, Point(0.4, 0.2), .solid(color))
            #expect(a.samePixels(as: b))
        }
    }
}
