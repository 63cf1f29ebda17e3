// ParagraphCache: shaped paragraphs by (text, font), so a string drawn again — the same label,
// price or menu entry every frame — skips bidi, itemising and HarfBuzz (the same idea as a
// browser's word-shape cache). Measured, scene (d) 16 px: shaping is ≈ 60 000 instructions per
// 54-character string (HarfBuzz with DejaVu's kerning), a hit ≈ 1 000 (hash + compare).
// Bounded by bytes (ByteBudgetCache, clock eviction): a shaped 15-character label weighs
// ≈ 1 500 bytes (eight arrays, each with its header: TextCacheBudgetTests), so the old bound of
// 65 536 scalars let such labels take ≈ 6 MB; the default budget of 256 KiB holds ≈ 180 of them
// (the seed scenes cache 6–11 KB of text in all).

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

    private let cache: ByteBudgetCache<Key, ShapedParagraph>

    init(budgetBytes: Int) { cache = ByteBudgetCache(budget: budgetBytes) }

    var budget: Int { cache.budget }
    var bytes: Int { cache.totalBytes }
    var hits: Int { cache.hits }
    var misses: Int { cache.misses }
    var count: Int { cache.count }

    func lookup(_ key: Key) -> ShapedParagraph? { cache.lookup(key) }

    func insert(_ key: Key, _ value: ShapedParagraph) { cache.insert(key, value, cost: Self.cost(key, value)) }

    /// Estimated heap bytes of an entry: its arrays' buffers plus the dictionary and slot storage.
    static func cost(_ key: Key, _ value: ShapedParagraph) -> Int {
        var n = heapBytes(of: key.text) + heapBytes(of: value.runs) + heapBytes(of: value.advances)
            + heapBytes(of: value.clusterStart)
        for r in value.runs {
            n += heapBytes(of: r.glyphs) + heapBytes(of: r.clusters) + heapBytes(of: r.advances)
                + heapBytes(of: r.offsetsX) + heapBytes(of: r.offsetsY)
        }
        // The key → slot entry (at the dictionary's ≤ 75 % load) and the slot itself.
        return n + (MemoryLayout<Key>.stride + 8) * 4 / 3 + MemoryLayout<Key>.stride + MemoryLayout<ShapedParagraph>.stride + 16
    }
}
