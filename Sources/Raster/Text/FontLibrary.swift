// FontLibrary: the one object that owns text resources — FreeType, fontconfig, open faces, the
// per-character fallback lists, the HarfBuzz buffer and the glyph cache. Not a global: make one
// per program (or per test) and pass it where text is laid out and drawn. Not thread-safe; kiosk
// renders on one thread.
import CFreeType
import CFontconfig
#if canImport(Glibc)
import Glibc
#endif

/// Loads fonts and owns every cache text needs.
///
///     let fonts = try FontLibrary()
///     let font = try fonts.font(family: "DejaVu Sans", size: 16)
///     let layout = fonts.layout("Hello, 세계", font: font, maxWidth: 200)
///     fonts.draw(layout, in: canvas, at: Point(10, 10), paint: .solid(.black))
public final class FontLibrary {
    /// Sizes above this are refused (`FontError.invalidSize`): FreeType's 26.6 maths and
    /// bitmap sizes stay far from overflow, and no screen needs taller glyphs.
    public static let maxSize = 4096.0

    let freeType: FreeTypeHandle
    let fontconfig: OpaquePointer
    let glyphCache: GlyphCache
    let outlines: GlyphOutlineCache
    let shaper: Shaper
    let paragraphCache: ParagraphCache
    /// Scaled-colour table for SolidGlyphBlender, reused by every draw (no per-draw allocation).
    let blendTable: UnsafeMutablePointer<UInt32>
    private var faces: [String: FontFace] = [:]
    private var familyMatches: [String: (path: String, index: Int)] = [:]
    private var fallbacks: [FallbackKey: FontFallback] = [:]
    /// By family, not face: FcFontSort sees only the family name, weight and slant, so every face
    /// of one family (each file a site installs, each face of a .ttc) shares one sorted list and
    /// its per-character answers. Keyed by face, each new file paid a new sort (0.13 ms over this
    /// machine's 40 fonts, more where hundreds are installed) and asked again for every
    /// character it lacked.
    private struct FallbackKey: Hashable { var family: String; var weight: FontWeight; var italic: Bool }
    private var nextFaceID = 1
    /// memfds holding the embedded fallback fonts, when the system had none (EmbeddedFonts).
    private var embeddedFontFDs: [Int32] = []
    /// True when fontconfig found no fonts and the fonts built into the binary are used.
    public var usesEmbeddedFonts: Bool { !embeddedFontFDs.isEmpty }
    /// The colour emoji font, looked up the first time text holds an emoji (nil inside: none).
    private var emoji: FontFace?? = nil
    /// Where the library's warnings go (one line each, at most once per kind): standard error
    /// unless replaced (Kiosk routes them to its log).
    public var warningHandler: (String) -> Void = { message in
        var line = Array("raster: warning: \(message)\n".utf8)
        line.withUnsafeMutableBytes { _ = write(2, $0.baseAddress, $0.count) }
    }

    /// Starts FreeType and fontconfig.
    /// - Parameter glyphCacheBytes: bound on the rendered-glyph cache (least recently used
    ///   glyphs are dropped beyond it). Default 4 MiB ≈ 20 000 glyphs at 16 px.
    /// - Parameter shapedTextBytes: bound on the shaped-paragraph cache (paragraphs not drawn
    ///   lately are dropped beyond it). Default 256 KiB ≈ 180 labels of 15 characters.
    public convenience init(glyphCacheBytes: Int = 4 << 20, shapedTextBytes: Int = 256 << 10) throws {
        guard let config = FcInitLoadConfigAndFonts() else {
            throw FontError.libraryInitFailed(what: "fontconfig", code: -1)
        }
        try self.init(glyphCacheBytes: glyphCacheBytes, shapedTextBytes: shapedTextBytes, fontconfig: config,
                      fallbackFonts: EmbeddedFonts.linked)
    }

    /// `config` (owned from here on); `fallbackFonts` are added when it holds no system fonts.
    init(glyphCacheBytes: Int, shapedTextBytes: Int = 256 << 10, fontconfig config: OpaquePointer,
         fallbackFonts: [UnsafeRawBufferPointer]) throws {
        paragraphCache = ParagraphCache(budgetBytes: shapedTextBytes)
        freeType = try FreeTypeHandle()
        fontconfig = config
        if !fallbackFonts.isEmpty, EmbeddedFonts.systemFontCount(config) == 0 {
            embeddedFontFDs = EmbeddedFonts.install(fallbackFonts, into: config)
        }
        glyphCache = GlyphCache(capacityBytes: glyphCacheBytes)
        outlines = GlyphOutlineCache(capacity: 2048)
        shaper = Shaper()
        blendTable = .allocate(capacity: 256)
        blendTable.initialize(repeating: 0, count: 256)
    }

    deinit {
        fallbacks.removeAll()
        FcConfigDestroy(fontconfig)
        for fd in embeddedFontFDs { close(fd) }
        blendTable.deallocate()
    }

    /// Bytes held by rendered glyph bitmaps right now (≤ the budget given to `init`).
    public var glyphCacheBytes: Int { glyphCache.bytes }
    /// Bytes held by shaped paragraphs right now (≤ the `shapedTextBytes` given to `init`).
    public var shapedTextCacheBytes: Int { paragraphCache.bytes }
    /// Glyph cache hits and misses since the library was made.
    public var glyphCacheStatistics: (hits: Int, misses: Int, entries: Int) {
        (glyphCache.hits, glyphCache.misses, glyphCache.count)
    }

    /// A font from a file (TrueType, OpenType, CFF; face 0 of a collection).
    /// - Throws: `FontError.fileNotFound`, `.notAFont` (corrupt or truncated), `.invalidSize`.
    public func font(path: String, size: Double) throws -> Font {
        try font(path: path, index: 0, size: size, weight: .regular, italic: false)
    }

    /// A font from face `index` of a file (collections such as .ttc hold several faces).
    public func font(path: String, index: Int, size: Double, weight: FontWeight = .regular, italic: Bool = false) throws -> Font {
        try Self.checkSize(size)
        let face = try loadFace(path: path, index: index)
        return Font(face: face, size: size, weight: weight, italic: italic)
    }

    /// A font found by fontconfig from a family name, weight and slant.
    /// - Parameter family: e.g. "DejaVu Sans"; nil or a generic name ("sans-serif", "serif",
    ///   "monospace", "system-ui") takes whatever fontconfig prefers for it.
    /// - Throws: `FontError.familyNotFound(asked:found:)` when fontconfig would only substitute
    ///   another family, `.invalidSize` for a size that is not finite and > 0.
    public func font(family: String?, size: Double, weight: FontWeight = .regular, italic: Bool = false) throws -> Font {
        try Self.checkSize(size)
        let key = "\(family ?? "")|\(weight)|\(italic)"
        if let m = familyMatches[key] {
            return Font(face: try loadFace(path: m.path, index: m.index), size: size, weight: weight, italic: italic)
        }
        let asked = family ?? "sans-serif"
        let match = try FontconfigQuery.match(config: fontconfig, family: asked, weight: weight, italic: italic)
        if !FontconfigQuery.isGeneric(asked) {
            let want = FontconfigQuery.normalized(asked)
            guard match.families.contains(where: { FontconfigQuery.normalized($0) == want }) else {
                throw FontError.familyNotFound(asked: asked, found: match.families.first)
            }
        }
        familyMatches[key] = (match.path, match.index)
        return Font(face: try loadFace(path: match.path, index: match.index), size: size, weight: weight, italic: italic)
    }

    /// The face at `path`/`index`, opened once and shared by every size.
    func loadFace(path: String, index: Int) throws -> FontFace {
        let key = "\(path)#\(index)"
        if let f = faces[key] { return f }
        guard access(path, F_OK) == 0 else { throw FontError.fileNotFound(path: path) }
        let face = try FontFace(id: nextFaceID, path: path, index: index, freeType: freeType)
        nextFaceID += 1
        faces[key] = face
        return face
    }

    /// The fallback list for fonts like `font` (same family preference, weight and slant).
    func fallback(for font: Font) -> FontFallback {
        let key = FallbackKey(family: font.familyName, weight: font.weight, italic: font.italic)
        if let f = fallbacks[key] { return f }
        let f = FontFallback(config: fontconfig, family: font.familyName, weight: font.weight, italic: font.italic)
        fallbacks[key] = f
        return f
    }

    /// The colour emoji font emoji sequences are drawn in: fontconfig's choice for the generic
    /// family "emoji" (fonts-noto-color-emoji's Noto Color Emoji on Debian), else the first
    /// installed colour font that has U+1F600. Nil when there is none — emoji then fall back
    /// like any character (outlines, or the .notdef box) — with one warning.
    func emojiFace() -> FontFace? {
        if let e = emoji { return e }
        var found: FontFace? = nil
        func usable(_ path: String, _ index: Int) -> FontFace? {
            guard let f = try? loadFace(path: path, index: index), f.hasColor, f.covers(0x1F600) else { return nil }
            return f
        }
        if let m = try? FontconfigQuery.match(config: fontconfig, family: "emoji", weight: .regular, italic: false) {
            found = usable(m.path, m.index)
        }
        if found == nil {
            for m in FontconfigQuery.colorFonts(config: fontconfig) {
                if let f = usable(m.path, m.index) { found = f; break }
            }
        }
        emoji = .some(found)
        if found == nil {
            warningHandler("no colour emoji font found (install fonts-noto-color-emoji): emoji are drawn as outlines or boxes")
        }
        return found
    }

    static func checkSize(_ size: Double) throws {
        guard size.isFinite, size > 0, size <= maxSize else { throw FontError.invalidSize(size) }
    }
}
