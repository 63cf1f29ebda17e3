// ParagraphCache: shaped paragraphs by (text, font), so a string drawn again — the same label,
// price or menu entry every frame — skips bidi, itemising and HarfBuzz (the same idea as a
// browser's word-shape cache). Measured, scene (d) 16 px: shaping is ≈ 60 000 instructions per
// 54-character string (HarfBuzz with DejaVu's kerning), a hit ≈ 1 000 (hash + compare).
// Bounded by the scalars it holds; when full it starts over (cheap, and a screen's strings
// come back within one frame).

final class ParagraphCache {
    struct Key: Hashable {
        var text: [UInt32]
        var face: Int
        var size64: Int32
        var weight: FontWeight
        var italic: Bool
    }
    /// Longer paragraphs are shaped every time (they are rare, and would crowd the cache).
    static let maxScalars = 1024

    let capacityScalars: Int
    private var entries: [Key: ShapedParagraph] = [:]
    private(set) var scalars = 0
    private(set) var hits = 0, misses = 0

    init(capacityScalars: Int) { self.capacityScalars = capacityScalars }

    func lookup(_ key: Key) -> ShapedParagraph? {
        if let e = entries[key] { hits += 1; return e }
        misses += 1
        return nil
    }

    func insert(_ key: Key, _ value: ShapedParagraph) {
        if scalars + key.text.count > capacityScalars { entries.removeAll(keepingCapacity: true); scalars = 0 }
        entries[key] = value
        scalars += key.text.count
    }

    var count: Int { entries.count }
}
