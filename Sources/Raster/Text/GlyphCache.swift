// GlyphCache: rendered glyph coverage masks, keyed by (face, size, glyph, sub-pixel phase),
// bounded in bytes with least-recently-used eviction. Entries live in flat arrays linked by
// index (no node objects), and a hit is one dictionary probe plus four index writes.

/// A glyph's 8-bit coverage mask (rows of `width` bytes) and where it sits relative to the pen:
/// its top-left pixel is at (pen.x + left, baseline − top).
struct GlyphBitmap {
    var left: Int32, top: Int32, width: Int32, height: Int32
    /// nil for empty glyphs (space).
    var pixels: UnsafeMutablePointer<UInt8>?
    static let empty = GlyphBitmap(left: 0, top: 0, width: 0, height: 0, pixels: nil)
}

final class GlyphCache {
    /// Bytes charged per entry on top of its pixels (arrays, dictionary slot).
    static let entryOverhead = 64

    /// (face id 22 bits | size64 24 bits | glyph 16 bits | phase 2 bits)
    @inline(__always) static func key(face: Int, size64: Int32, glyph: UInt32, phase: Int) -> UInt64 {
        (UInt64(truncatingIfNeeded: face) << 42) | (UInt64(UInt32(bitPattern: size64) & 0xFFFFFF) << 18)
            | (UInt64(glyph & 0xFFFF) << 2) | UInt64(phase & 3)
    }

    let capacityBytes: Int
    private(set) var bytes = 0
    private(set) var hits = 0
    private(set) var misses = 0
    private var index: [UInt64: Int32] = [:]
    private var keys: [UInt64] = []
    private var bitmaps: [GlyphBitmap] = []
    private var prev: [Int32] = [], next: [Int32] = []
    private var freeSlots: [Int32] = []
    private var head: Int32 = -1, tail: Int32 = -1   // most / least recently used

    init(capacityBytes: Int) { self.capacityBytes = max(0, capacityBytes) }

    deinit { for b in bitmaps { b.pixels?.deallocate() } }

    var count: Int { index.count }

    /// The cached mask for `key`, made by `render` on a miss. A mask bigger than the whole budget
    /// is still returned (and kept until the next insertion evicts it) so drawing never fails.
    @inline(__always) func bitmap(_ key: UInt64, render: () -> GlyphBitmap) -> GlyphBitmap {
        if let slot = index[key] {
            hits += 1
            touch(slot)
            return bitmaps[Int(slot)]
        }
        misses += 1
        let b = render()
        insert(key, b)
        return b
    }

    private func touch(_ s: Int32) {
        guard s != head else { return }
        unlink(s)
        pushFront(s)
    }

    private func unlink(_ s: Int32) {
        let p = prev[Int(s)], n = next[Int(s)]
        if p >= 0 { next[Int(p)] = n } else { head = n }
        if n >= 0 { prev[Int(n)] = p } else { tail = p }
    }

    private func pushFront(_ s: Int32) {
        prev[Int(s)] = -1
        next[Int(s)] = head
        if head >= 0 { prev[Int(head)] = s }
        head = s
        if tail < 0 { tail = s }
    }

    private static func cost(_ b: GlyphBitmap) -> Int { Int(b.width) * Int(b.height) + entryOverhead }

    private func insert(_ key: UInt64, _ b: GlyphBitmap) {
        let c = Self.cost(b)
        while bytes + c > capacityBytes && tail >= 0 { evict(tail) }
        let s: Int32
        if let f = freeSlots.popLast() {
            s = f
            keys[Int(s)] = key; bitmaps[Int(s)] = b
        } else {
            s = Int32(keys.count)
            keys.append(key); bitmaps.append(b); prev.append(-1); next.append(-1)
        }
        pushFront(s)
        index[key] = s
        bytes += c
    }

    private func evict(_ s: Int32) {
        unlink(s)
        let b = bitmaps[Int(s)]
        bytes -= Self.cost(b)
        b.pixels?.deallocate()
        bitmaps[Int(s)] = .empty
        index[keys[Int(s)]] = nil
        freeSlots.append(s)
    }

    /// Drops every entry.
    func removeAll() { while tail >= 0 { evict(tail) } }
}
