// Text caches are bounded by bytes (ByteBudgetCache): a screen that shows a new string every tap
// ("Tapped 123 times") must not grow memory, and what is drawn every frame must stay cached.
import Testing
#if canImport(Glibc)
import Glibc
#endif
import TestSupport
@testable import Raster

@Suite struct TextCacheBudgetTests {
    @Test func byteBudgetCacheStaysUnderItsBudget() {
        let cache = ByteBudgetCache<Int, [UInt8]>(budget: 10_000)
        for i in 0..<5_000 {
            cache.insert(i, [UInt8](repeating: 0, count: i % 300), cost: 100 + i % 300)
            #expect(cache.bytes <= cache.budget)
        }
        #expect(cache.evictions > 0 && cache.count > 0)
        // The entries left are exactly what their costs add up to.
        let left = (0..<5_000).filter { cache.lookup($0) != nil }
        #expect(left.reduce(0) { $0 + 100 + $1 % 300 } == cache.bytes)
    }

    @Test func entriesUsedSinceTheHandPassedSurviveEviction() {
        let cache = ByteBudgetCache<String, Int>(budget: 1_000)
        cache.insert("label", 1, cost: 100)
        for i in 0..<1_000 {
            // The label is drawn every frame; a new one-off string arrives each frame too.
            #expect(cache.lookup("label") == 1)
            cache.insert("one-off \(i)", i, cost: 100)
        }
        #expect(cache.lookup("label") == 1)
        #expect(cache.lookup("one-off 0") == nil)
        #expect(cache.bytes <= 1_000)
    }

    @Test func oversizedAndReplacedEntries() {
        let cache = ByteBudgetCache<Int, Int>(budget: 100)
        // Heavier than a quarter of the budget: the large tier, which keeps the four used last.
        cache.insert(1, 1, cost: 101)
        #expect(cache.lookup(1) == 1 && cache.bytes == 0 && cache.totalBytes == 101)
        for k in 10..<14 { cache.insert(k, k, cost: 30) }
        #expect(cache.lookup(1) == nil && cache.count == 4 && cache.totalBytes == 120)
        #expect(cache.lookup(10) == 10)                   // used: 11 goes next
        cache.insert(14, 14, cost: 26)
        #expect(cache.lookup(11) == nil && cache.lookup(10) == 10 && cache.lookup(14) == 14)
        cache.removeAll()
        #expect(cache.count == 0 && cache.totalBytes == 0)
        // Small ones share the budget.
        cache.insert(1, 1, cost: 20)
        cache.insert(1, 2, cost: 10)
        #expect(cache.lookup(1) == 2 && cache.bytes == 10 && cache.count == 1)
        cache.insert(2, 2, cost: 25)
        cache.insert(3, 3, cost: 25)
        cache.insert(4, 4, cost: 25)
        cache.insert(5, 5, cost: 25)    // over 100: the oldest unreferenced goes
        #expect(cache.bytes <= 100 && cache.lookup(5) == 5)
        cache.removeAll()
        #expect(cache.count == 0 && cache.bytes == 0)
        let empty = ByteBudgetCache<Int, Int>(budget: 0)
        empty.insert(1, 1, cost: 0)
        #expect(empty.count == 0)
    }

    @Test func shapedParagraphsStayUnderTheBudget() throws {
        let fonts = try FontLibrary(shapedTextBytes: 64 << 10)
        let font = try fonts.font(path: dejaVuSans, size: 16)
        for i in 0..<3_000 {
            _ = fonts.layout("Tapped \(i) times", font: font)
            #expect(fonts.shapedTextCacheBytes <= 64 << 10)
        }
        // A 15-scalar label's entry is ≈ 1.4 KB (eight arrays, each with its header): the cache
        // holds a few dozen of them, and is full.
        let perEntry = fonts.shapedTextCacheBytes / fonts.paragraphCache.count
        #expect(perEntry > 800 && perEntry < 2_500, "\(perEntry) B per shaped paragraph")
        #expect(fonts.shapedTextCacheBytes > (64 << 10) - 2_500)
        // A string drawn every frame among new ones keeps hitting.
        let hits = fonts.paragraphCache.hits
        for i in 0..<2_000 {
            _ = fonts.layout("Total 12,50 €", font: font)
            _ = fonts.layout("Tapped \(10_000 + i) times", font: font)
        }
        #expect(fonts.paragraphCache.hits - hits >= 1_999)
    }

    @Test func facesOfOneFamilyShareOneFallbackList() throws {
        let fonts = try FontLibrary()
        let a = try fonts.font(path: dejaVuSans, size: 16)
        // Another path to the same file: another face, the same family.
        let copy = "/tmp/kiosk-fallback-\(getpid()).ttf"
        unlink(copy)
        #expect(symlink(dejaVuSans, copy) == 0)
        defer { unlink(copy) }
        let b = try fonts.font(path: copy, size: 12)
        #expect(a.face !== b.face && a.familyName == b.familyName)
        #expect(fonts.fallback(for: a) === fonts.fallback(for: b))
        let bold = try fonts.font(path: copy, index: 0, size: 12, weight: .bold)
        #expect(fonts.fallback(for: bold) !== fonts.fallback(for: a))
    }
}
