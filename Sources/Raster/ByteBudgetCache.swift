// ByteBudgetCache: a dictionary bounded by the bytes its entries hold, with clock (second-chance)
// eviction. Text caches fill with strings that never come back — a "Tapped 123 times" label
// makes a new one per tap — and a count bound let them hold whatever those strings weighed:
// the `views` soak at 800×480 grew RSS by 5.4 MB over 10⁶ frames (2048 layouts plus 65 536
// shaped scalars) before levelling. A byte budget fixes what memory they may take; the clock
// keeps what a screen draws every frame (each hit sets its bit) and drops one-off strings first,
// where the old "drop everything when full" reshaped the whole screen on the frame after.
// An entry heavier than a quarter of the budget goes to a second tier of at most four such
// entries (least recently used out): LVGL's screen-sized text at 800×480 is a few layouts of
// ≈ 100–300 KB, asked for every frame at several widths; refused or thrashing in the budget they
// were laid out again each frame (2 590 allocations, 0.33 → 1.3 ms). Big texts are few and stay
// on screen; the strings that churn are small, and they stay under the budget.
// Not thread-safe (callers lock, as FontTextEngine does).

// Public in name only (every member is `package`): with the class `package`, its `@inlinable`
// members were not serialized for other modules, so Kiosk's layout cache called the generic
// entry points (unspecialised Dictionary operations and metadata accessors: ≈ 25 k instructions
// per changed label, callgrind). A public class's inlinable bodies are checked and serialized.
public final class ByteBudgetCache<Key: Hashable, Value> {
    @usableFromInline struct Slot {
        @usableFromInline var key: Key?
        @usableFromInline var value: Value?
        @usableFromInline var bytes: Int
        @usableFromInline var referenced: Bool
        @inlinable init(key: Key?, value: Value?, bytes: Int, referenced: Bool) {
            self.key = key; self.value = value; self.bytes = bytes; self.referenced = referenced
        }
    }

    /// Entries never hold more than this many bytes together (by their callers' estimates).
    @usableFromInline package let budget: Int
    /// Bytes the budgeted entries hold now (≤ `budget`).
    @exclusivity(unchecked) @usableFromInline package private(set) var bytes = 0
    /// The large tier: entries heavier than `budget / 4`, at most `largeLimit`, stamped by use.
    @exclusivity(unchecked) @usableFromInline var large: [(key: Key, value: Value, bytes: Int, used: Int)] = []
    @exclusivity(unchecked) @usableFromInline var clock = 0
    @inlinable package static var largeLimit: Int { 4 }
    /// Bytes held in all, the large tier included.
    package var totalBytes: Int { large.reduce(bytes) { $0 + $1.bytes } }
    @exclusivity(unchecked) @usableFromInline package private(set) var hits = 0, misses = 0, evictions = 0
    @exclusivity(unchecked) @usableFromInline var index: [Key: Int] = [:]
    @exclusivity(unchecked) @usableFromInline var slots: [Slot] = []
    @exclusivity(unchecked) @usableFromInline var freeSlots: [Int] = []
    @exclusivity(unchecked) @usableFromInline var hand = 0

    /// No large tier: nothing is kept past the budget, and a value heavier than the whole
    /// budget is not kept at all (the image cache: its budget is a memory promise).
    @usableFromInline package let strict: Bool
    package init(budget: Int, strict: Bool = false) { self.budget = max(0, budget); self.strict = strict }

    package var count: Int { index.count + large.count }

    /// The value for `key`, marking it recently used.
    @inlinable package func lookup(_ key: Key) -> Value? {
        guard let i = index[key] else {
            for j in large.indices where large[j].key == key {
                hits += 1
                clock += 1
                large[j].used = clock
                return large[j].value
            }
            misses += 1
            return nil
        }
        hits += 1
        slots[i].referenced = true
        return slots[i].value
    }

    /// Stores `value` under `key`, weighing `cost` bytes; evicts entries not used since the clock
    /// hand last passed them until it fits. A value heavier than a quarter of the budget goes to
    /// the large tier instead (at most `largeLimit` of them, least recently used out).
    @inlinable package func insert(_ key: Key, _ value: Value, cost: Int) {
        if let i = index[key] { remove(slot: i) }
        large.removeAll { $0.key == key }
        let cost = max(1, cost)
        guard budget > 0 else { return }
        if strict && cost > budget { return }
        if !strict && cost > budget / 4 {
            if large.count >= Self.largeLimit, let old = large.indices.min(by: { large[$0].used < large[$1].used }) {
                large.remove(at: old)
                evictions += 1
            }
            clock += 1
            large.append((key, value, cost, clock))
            return
        }
        while bytes + cost > budget { evictOne() }
        let slot = Slot(key: key, value: value, bytes: cost, referenced: false)
        let i: Int
        if let f = freeSlots.popLast() { slots[f] = slot; i = f } else { slots.append(slot); i = slots.count - 1 }
        index[key] = i
        bytes += cost
    }

    /// Drops every entry (slots keep their capacity).
    package func removeAll() {
        index.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
        freeSlots.removeAll(keepingCapacity: true)
        large.removeAll()
        bytes = 0
        hand = 0
    }

    /// Advances the hand to the first occupied slot not referenced since its last pass, clearing
    /// bits on the way, and evicts it. Terminates: `bytes > 0` means an occupied slot exists, and
    /// after one lap every bit is clear.
    @inlinable func evictOne() {
        while true {
            if hand >= slots.count { hand = 0 }
            let i = hand
            hand += 1
            guard slots[i].key != nil else { continue }
            if slots[i].referenced { slots[i].referenced = false; continue }
            remove(slot: i)
            evictions += 1
            return
        }
    }

    @inlinable func remove(slot i: Int) {
        index[slots[i].key!] = nil
        bytes -= slots[i].bytes
        slots[i] = Slot(key: nil, value: nil, bytes: 0, referenced: false)
        freeSlots.append(i)
    }
}

/// Heap bytes of an array's buffer, as a cache's byte estimate: Swift's 32-byte array header
/// plus glibc's 16-byte chunk overhead, rounded to malloc's 16-byte granule (0 for the shared
/// empty array).
@inlinable package func heapBytes<T>(of array: [T]) -> Int {
    array.capacity == 0 ? 0 : (48 + array.capacity * MemoryLayout<T>.stride + 15) & ~15
}

/// Heap bytes of a string's storage (0 for ≤ 15 UTF-8 bytes, which Swift keeps inline).
@inlinable package func heapBytes(of string: String) -> Int {
    let n = string.utf8.count
    return n <= 15 ? 0 : (48 + n + 1 + 15) & ~15
}
