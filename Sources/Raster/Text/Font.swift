// Font: one face at one pixel size, with the metrics layout needs. A value: cheap to copy,
// made by `FontLibrary.font(...)`.

/// A typeface at a size, in pixels. Metrics are unhinted (exact scaling of the font's units),
/// because glyphs are positioned at quarter-pixel phases rather than snapped to whole pixels.
///
///     let body = try fonts.font(family: "DejaVu Sans", size: 16)
///     body.lineHeight   // 18.62… for DejaVu Sans
public struct Font {
    /// The em size in pixels.
    public let size: Double
    /// Distance from the baseline up to the top of the tallest glyphs, in pixels (> 0).
    public let ascent: Double
    /// Distance from the baseline down to the bottom of descenders, in pixels (> 0).
    public let descent: Double
    /// Extra gap the font asks for between lines, in pixels (≥ 0).
    public let leading: Double
    /// Baseline-to-baseline distance: ascent + descent + leading.
    public var lineHeight: Double { ascent + descent + leading }
    /// The family the face reports (may differ in case from what was asked).
    public var familyName: String { face.familyName }
    /// The font file, and the face index inside it (for .ttc collections).
    public var path: String { face.path }
    public let weight: FontWeight
    public let italic: Bool

    let face: FontFace
    /// `size` in FreeType/HarfBuzz 26.6 units; also the size part of glyph-cache keys.
    let size64: Int32

    init(face: FontFace, size: Double, weight: FontWeight, italic: Bool) {
        self.face = face
        self.size64 = Int32((size * 64).rounded())
        self.size = Double(size64) / 64
        let s = self.size / face.unitsPerEm
        ascent = face.ascender * s
        descent = -face.descender * s
        leading = face.lineGap * s
        self.weight = weight
        self.italic = italic
    }

    /// This font at another size (same face).
    public func withSize(_ newSize: Double) throws -> Font {
        guard newSize.isFinite, newSize > 0, newSize <= FontLibrary.maxSize else { throw FontError.invalidSize(newSize) }
        return Font(face: face, size: newSize, weight: weight, italic: italic)
    }

    /// Whether the font's own face has a glyph for `character` (fallback fonts aside).
    public func covers(_ character: Unicode.Scalar) -> Bool { face.covers(character.value) }
}

extension Font: Hashable {
    public static func == (a: Font, b: Font) -> Bool { a.face === b.face && a.size64 == b.size64 }
    public func hash(into h: inout Hasher) { h.combine(face.id); h.combine(size64) }
}
