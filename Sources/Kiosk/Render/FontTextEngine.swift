// FontTextEngine: Text measured and drawn through the text team's FontLibrary (FreeType +
// HarfBuzz + fontconfig). Layouts are cached per (text, width) because layout asks for the
// same text several times per pass (stacks probe minimum, maximum and share) and again when
// drawing. The cache is bounded by bytes (ByteBudgetCache, clock eviction), not entries: 2048
// entries of "Tapped N times" held ≈ 2.8 MB, and the `views` soak's RSS grew 5.4 MB over 10⁶
// frames while this cache and the library's shaped-paragraph cache filled.

import Raster
#if canImport(Glibc)
import Glibc
#endif

final class FontTextEngine: TextDrawing {
    let library: FontLibrary
    private var fonts: [FontKey: Raster.Font] = [:]
    let layouts = ByteBudgetCache<LayoutKey, TextLayout>(budget: FontTextEngine.layoutCacheBudget)
    /// Budget of the layout cache. A 15-character label's layout weighs ≈ 1 400 bytes with its key
    /// (TextLayoutCacheTests), so 256 KiB holds ≈ 190 of them; the seed scenes cache 6–11 KB of
    /// text in all. With the shaped-paragraph cache's 256 KiB, the `views` soak's RSS grew 240 KiB
    /// over 10⁶ frames (5.4 MB with 2048 entries).
    static let layoutCacheBudget = 256 << 10
    /// Bytes the layout cache holds now (≤ `layoutCacheBudget`).
    var layoutCacheBytes: Int { locked { layouts.totalBytes } }

    struct FontKey: Hashable { var font: Font }
    struct LayoutKey: Hashable { var text: ResolvedText; var maxWidth: Double? }

    /// Serialises all use of the library and the caches. Kiosk does view work on one thread,
    /// but `shared` is one object per process and tests run hosts on many threads at once;
    /// FreeType and HarfBuzz objects must not be used concurrently (a HarfBuzz assertion fired
    /// in CI when two hosts shaped text at the same time). Uncontended it costs ~20 ns a call.
    private let lock = Locked(())

    init(library: FontLibrary) {
        self.library = library
    }

    @inline(__always) private func locked<T>(_ body: () -> T) -> T {
        lock.withLock { _ in body() }
    }

    /// The engine hosts share. Kiosk runs all view work on the main queue, so one library
    /// serves every screen of the process; nil when no font can be loaded (then text is
    /// measured and drawn by FixedAdvanceText, with a warning).
    static let shared: FontTextEngine? = {
        guard let library = try? FontLibrary(), (try? library.font(family: nil, size: 17)) != nil else { return nil }
        library.warningHandler = { Diagnostics.warn($0) }   // e.g. no colour emoji font (once)
        return FontTextEngine(library: library)
    }()

    /// The best engine available: fonts when fontconfig finds any, else fixed advances.
    static var best: TextDrawing {
        if let shared { return shared }
        Diagnostics.warn("no usable font found (install fonts-dejavu-core): text is drawn as boxes")
        return FixedAdvanceText()
    }

    func rasterFont(_ font: Font) -> Raster.Font? {
        if let f = fonts[FontKey(font: font)] { return f }
        let weight: FontWeight
        switch font.weight.value {
        case ..<150: weight = .ultraLight
        case ..<250: weight = .thin
        case ..<350: weight = .light
        case ..<450: weight = .regular
        case ..<550: weight = .medium
        case ..<650: weight = .semibold
        case ..<750: weight = .bold
        case ..<850: weight = .heavy
        default: weight = .black
        }
        let generic: String?
        switch font.design {
        case .default, .rounded: generic = nil
        case .serif: generic = "serif"
        case .monospaced: generic = "monospace"
        }
        var result = try? library.font(family: font.family ?? generic, size: Double(font.size), weight: weight, italic: font.isItalic)
        if result == nil, font.family != nil {
            Diagnostics.warn("font family \"\(font.family!)\" not found; using the system font")
            result = try? library.font(family: generic, size: Double(font.size), weight: weight, italic: font.isItalic)
        }
        if let result { fonts[FontKey(font: font)] = result }
        return result
    }

    /// The last layouts handed out, compared with `==` before the hashed cache: hashing a key
    /// (its string, font and options) was ~3 700 instructions per lookup, 8.6 % of an `lvgl-8`
    /// frame at 1080p, where 88 labels of one text are measured and drawn each frame; an equal
    /// short string compares in a few instructions.
    private var recent: [(key: LayoutKey, layout: TextLayout)] = []
    private var recentNext = 0
    /// Layouts served from `recent` (the budgeted cache counts its own hits).
    private(set) var recentHits = 0
    static let recentCount = 8

    func layout(_ text: ResolvedText, maxWidth: Double?) -> TextLayout? {
        let key = LayoutKey(text: text, maxWidth: maxWidth)
        for i in recent.indices where recent[i].key == key { recentHits &+= 1; return recent[i].layout }
        if let l = layouts.lookup(key) { noteRecent(key, l); return l }
        // Layout asks for one text at several widths (the stack's probes, the placed width, the
        // drawn width + 0.5). Where the unwrapped layout fits, wrapping at that width breaks no
        // line (LineBreaker breaks only when a line's advances pass the width) and alignment
        // works within the widest line, so it is the same layout: reuse it. Measured on the
        // `views` scene: a changed label was laid out 5 times (97 allocations), now 2.
        if let maxWidth, maxWidth.isFinite, let unwrapped = layout(text, maxWidth: nil), !unwrapped.isTruncated,
           unwrapped.lines.allSatisfy({ $0.width + $0.trailingSpaceWidth <= maxWidth - 1e-6 }) {
            remember(unwrapped, for: key)
            return unwrapped
        }
        // A line limit the text does not reach changes nothing (Raster truncates only when more
        // lines follow): Text's fitting probe asks for lineLimit 1 of text already laid out.
        if let limit = text.lineLimit {
            var unlimited = text
            unlimited.lineLimit = nil
            if let l = layouts.lookup(LayoutKey(text: unlimited, maxWidth: maxWidth)), !l.isTruncated, l.lineCount <= max(1, limit) {
                remember(l, for: key)
                return l
            }
        }
        guard let font = rasterFont(text.font) else { return nil }
        let alignment: Raster.TextAlignment
        switch text.alignment {
        case .leading: alignment = .leading
        case .center: alignment = .center
        case .trailing: alignment = .trailing
        }
        let l: TextLayout
        if let runs = text.runs {
            // Styled runs: each in its own font, tracking and digit style (Raster's StyledText).
            var spans: [TextSpan] = []
            spans.reserveCapacity(runs.count)
            for run in runs where !run.range.isEmpty {
                guard let f = rasterFont(run.font) else { continue }
                spans.append(TextSpan(range: run.range, font: f, tracking: run.tracking, tabularDigits: run.tabularDigits))
            }
            l = library.layout(text.string, spans: spans, font: font, maxWidth: maxWidth, alignment: alignment,
                               lineLimit: text.lineLimit, lineSpacing: text.lineSpacing)
        } else {
            l = library.layout(text.string, font: font, maxWidth: maxWidth, alignment: alignment,
                               lineLimit: text.lineLimit, lineSpacing: text.lineSpacing)
        }
        remember(l, for: key)
        return l
    }

    /// Caches `layout` under `key`, weighed by its arrays and the key's string. A layout stored
    /// under two keys (the unwrapped one reused at a width) shares its arrays but is counted
    /// twice: the estimate errs high.
    private func remember(_ layout: TextLayout, for key: LayoutKey) {
        let cost = layout.estimatedBytes + heapBytes(of: key.text.string) + heapBytes(of: key.text.font.family ?? "")
            + (MemoryLayout<LayoutKey>.stride + 8) * 4 / 3 + MemoryLayout<LayoutKey>.stride + MemoryLayout<TextLayout>.stride + 16
        layouts.insert(key, layout, cost: cost)
        noteRecent(key, layout)
    }

    private func noteRecent(_ key: LayoutKey, _ layout: TextLayout) {
        if recent.count < FontTextEngine.recentCount { recent.append((key, layout)); return }
        recent[recentNext] = (key, layout)
        recentNext = (recentNext + 1) % FontTextEngine.recentCount
    }

    func measure(_ text: ResolvedText, maxWidth: CGFloat?) -> TextMetrics {
        locked { unlockedMeasure(text, maxWidth: maxWidth) }
    }

    /// The layout of `text` (cached), for callers that read its glyph positions (caret stops).
    func lockedLayout(_ text: ResolvedText, maxWidth: Double?) -> TextLayout? {
        locked { layout(text, maxWidth: maxWidth) }
    }

    func draw(_ text: ResolvedText, width: Double, paint: Paint, canvas: Raster.Canvas) {
        locked { unlockedDraw(text, width: width, paint: paint, canvas: canvas) }
    }

    private func unlockedMeasure(_ text: ResolvedText, maxWidth: CGFloat?) -> TextMetrics {
        guard let l = layout(text, maxWidth: maxWidth) else {
            return FixedAdvanceText().measure(text, maxWidth: maxWidth)
        }
        // Whole pixels, so text boxes (and what is stacked after them) start on pixel edges.
        var width = l.size.width.rounded(.up)
        if let maxWidth, width > Double(maxWidth) { width = max(Double(maxWidth), l.size.width) }
        return TextMetrics(size: CGSize(width: width, height: l.size.height.rounded(.up)),
                           firstBaseline: l.firstBaseline, lastBaseline: l.lastBaseline)
    }

    private func unlockedDraw(_ text: ResolvedText, width: Double, paint: Paint, canvas: Raster.Canvas) {
        // Laid out at the width it was given; the half pixel absorbs the rounding above.
        guard let l = layout(text, maxWidth: width + 0.5) else {
            FixedAdvanceText().draw(text, width: width, paint: paint, canvas: canvas)
            return
        }
        let dx: Double
        switch text.alignment {
        case .leading: dx = 0
        case .center: dx = (width - l.size.width) / 2
        case .trailing: dx = width - l.size.width
        }
        guard let runs = text.runs else {
            library.draw(l, in: canvas, at: Raster.Point(dx, 0), paint: paint)
            return
        }
        drawStyled(l, runs: runs, at: dx, paint: paint, canvas: canvas)
    }

    /// Styled runs: backgrounds, then the glyphs in each run's colour, then underlines and
    /// strikethroughs (iOS draws them over the glyphs). Spans are the runs with a font, in order:
    /// the same filter as in `layout`.
    private func drawStyled(_ l: TextLayout, runs all: [ResolvedTextRun], at dx: Double, paint: Paint, canvas: Raster.Canvas) {
        let runs = all.filter { !$0.range.isEmpty && rasterFont($0.font) != nil }
        func run(_ i: Int) -> ResolvedTextRun? { runs.indices.contains(i) ? runs[i] : nil }
        func paintOf(_ c: Raster.Color?) -> Paint { c.map { Paint.solid($0) } ?? paint }
        let segments = l.segments
        for s in segments {
            guard let r = run(s.span), let bg = r.background, let f = rasterFont(r.font) else { continue }
            canvas.fill(Raster.Rect(x: dx + s.minX, y: s.baseline - f.ascent, width: s.maxX - s.minX, height: f.ascent + f.descent),
                        with: .solid(bg))
        }
        library.draw(l, in: canvas, at: Raster.Point(dx, 0)) { i in paintOf(run(i)?.color) }
        for s in segments {
            guard let r = run(s.span), r.underline || r.strikethrough else { continue }
            // Line thickness and positions from the size: 1/14 em thick (at least 1 px), the
            // underline 1/8 em below the baseline, the strikethrough at 0.3 em (the middle of
            // lower-case letters).
            let t = max(1, (s.size / 14).rounded())
            if r.underline {
                canvas.fill(Raster.Rect(x: dx + s.minX, y: (s.baseline + s.size / 8).rounded(), width: s.maxX - s.minX, height: t),
                            with: paintOf(r.underlineColor ?? r.color))
            }
            if r.strikethrough {
                canvas.fill(Raster.Rect(x: dx + s.minX, y: (s.baseline - s.size * 0.3 - t / 2).rounded(), width: s.maxX - s.minX, height: t),
                            with: paintOf(r.strikethroughColor ?? r.color))
            }
        }
    }
}
