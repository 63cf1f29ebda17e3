// GlyphCache: rendered glyph coverage masks, keyed by (face, size, glyph, sub-pixel phase),
// bounded in bytes. Drawing looks up every glyph every frame, so a hit must be cheap: an
// open-addressing table of 64-bit keys in raw memory (a Swift Dictionary plus class-property
// arrays cost ≈ 200 ns per hit here, mostly exclusivity checks and retains), and a use stamp
// instead of list surgery. Eviction is least-recently-used in batches: when an insertion would
// pass the budget, entries are dropped oldest-stamp first until a quarter of the budget is free,
// and the table is rebuilt — O(n) once per batch, nothing per hit.

final class GlyphCache {
    /// Bytes charged per entry on top of its pixels (entry record and table slots).
    static let entryOverhead = 64

    /// (face id 22 bits | size64 24 bits | glyph 16 bits | phase 2 bits). Never 0: face ids start at 1.
    @inline(__always) static func key(face: Int, size64: Int32, glyph: UInt32, phase: Int) -> UInt64 {
        (UInt64(truncatingIfNeeded: face) << 42) | (UInt64(UInt32(bitPattern: size64) & 0xFFFFFF) << 18)
            | (UInt64(glyph & 0xFFFF) << 2) | UInt64(phase & 3)
    }

    private struct Entry { var key: UInt64; var stamp: UInt64; var bitmap: GlyphBitmap }
    private struct Table {
        var keys: UnsafeMutablePointer<UInt64>    // 0 = empty slot
        var slots: UnsafeMutablePointer<Int32>    // entry index per table slot
        var mask: Int                             // table size − 1 (power of two)
        var entries: UnsafeMutablePointer<Entry>
        var count = 0, entryCapacity: Int
        var bytes = 0, hits = 0, misses = 0
        var clock: UInt64 = 0
    }

    let capacityBytes: Int
    /// Raw storage: a `let` pointer, so hits pay no dynamic exclusivity checks.
    private let t: UnsafeMutablePointer<Table>

    init(capacityBytes: Int) {
        self.capacityBytes = max(0, capacityBytes)
        t = .allocate(capacity: 1)
        let size = 1024
        let keys = UnsafeMutablePointer<UInt64>.allocate(capacity: size)
        keys.initialize(repeating: 0, count: size)
        t.initialize(to: Table(keys: keys, slots: .allocate(capacity: size), mask: size - 1,
                               entries: .allocate(capacity: size / 2), entryCapacity: size / 2))
    }

    deinit {
        for i in 0..<t.pointee.count { t.pointee.entries[i].bitmap.deallocate() }
        t.pointee.keys.deallocate(); t.pointee.slots.deallocate(); t.pointee.entries.deallocate()
        t.deallocate()
    }

    var count: Int { t.pointee.count }
    var bytes: Int { t.pointee.bytes }
    var hits: Int { t.pointee.hits }
    var misses: Int { t.pointee.misses }

    @inline(__always) private static func hash(_ key: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The cached mask for `key`, made by `render` on a miss. A mask bigger than the whole
    /// budget is still returned, and dropped at the next insertion.
    @inline(__always) func bitmap(_ key: UInt64, render: () -> GlyphBitmap) -> GlyphBitmap {
        let mask = t.pointee.mask, keys = t.pointee.keys
        var h = Self.hash(key, mask)
        while true {
            let k = keys[h]
            if k == key {
                let e = t.pointee.entries + Int(t.pointee.slots[h])
                t.pointee.clock &+= 1
                e.pointee.stamp = t.pointee.clock
                t.pointee.hits &+= 1
                return e.pointee.bitmap
            }
            if k == 0 { break }
            h = (h + 1) & mask
        }
        t.pointee.misses &+= 1
        let b = render()
        insert(key, b)
        return b
    }

    private static func cost(_ b: GlyphBitmap) -> Int { b.byteCount + entryOverhead }

    private func insert(_ key: UInt64, _ b: GlyphBitmap) {
        let c = Self.cost(b)
        if t.pointee.bytes + c > capacityBytes && t.pointee.count > 0 {
            evict(toBytes: max(0, min(capacityBytes - c, capacityBytes * 3 / 4)))
        }
        if t.pointee.count == t.pointee.entryCapacity { grow() }
        let i = t.pointee.count
        t.pointee.clock &+= 1
        (t.pointee.entries + i).initialize(to: Entry(key: key, stamp: t.pointee.clock, bitmap: b))
        t.pointee.count += 1
        t.pointee.bytes += c
        place(key, Int32(i))
    }

    private func place(_ key: UInt64, _ index: Int32) {
        let mask = t.pointee.mask
        var h = Self.hash(key, mask)
        while t.pointee.keys[h] != 0 { h = (h + 1) & mask }
        t.pointee.keys[h] = key
        t.pointee.slots[h] = index
    }

    /// Doubles entry storage and the table (kept at most half full).
    private func grow() {
        let newCap = t.pointee.entryCapacity * 2
        let e = UnsafeMutablePointer<Entry>.allocate(capacity: newCap)
        e.moveInitialize(from: t.pointee.entries, count: t.pointee.count)
        t.pointee.entries.deallocate()
        t.pointee.entries = e
        t.pointee.entryCapacity = newCap
        rebuild(tableSize: newCap * 2)
    }

    private func rebuild(tableSize: Int) {
        if tableSize != t.pointee.mask + 1 {
            t.pointee.keys.deallocate(); t.pointee.slots.deallocate()
            t.pointee.keys = .allocate(capacity: tableSize)
            t.pointee.slots = .allocate(capacity: tableSize)
            t.pointee.mask = tableSize - 1
        }
        t.pointee.keys.initialize(repeating: 0, count: tableSize)
        for i in 0..<t.pointee.count { place(t.pointee.entries[i].key, Int32(i)) }
    }

    /// Drops least recently used entries until at most `target` bytes remain.
    private func evict(toBytes target: Int) {
        let n = t.pointee.count
        var order = Array(0..<n)
        let e = t.pointee.entries
        order.sort { e[$0].stamp < e[$1].stamp }
        var drop = [Bool](repeating: false, count: n)
        var k = 0
        while t.pointee.bytes > target && k < n {
            let i = order[k]
            t.pointee.bytes -= Self.cost(e[i].bitmap)
            e[i].bitmap.deallocate()
            drop[i] = true
            k += 1
        }
        var w = 0
        for i in 0..<n where !drop[i] { e[w] = e[i]; w += 1 }
        t.pointee.count = w
        rebuild(tableSize: t.pointee.mask + 1)
    }

    /// Drops every entry.
    func removeAll() { evict(toBytes: -1) }
}
