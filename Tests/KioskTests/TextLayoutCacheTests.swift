// FontTextEngine's layout cache is bounded by bytes: a label that changes every tap ("Tapped N
// times", the `views` scene) must not grow memory, and labels shown every frame stay cached.
import Testing
@testable import Kiosk
import Raster

@Suite struct TextLayoutCacheTests {
    func text(_ s: String) -> ResolvedText {
        ResolvedText(string: s, font: .body, alignment: .leading, lineLimit: nil, lineSpacing: 0)
    }

    @Test func layoutCacheStaysUnderItsBudget() throws {
        let engine = FontTextEngine(library: try FontLibrary())
        for i in 0..<4_000 {
            _ = engine.measure(text("Tapped \(i) times"), maxWidth: 300)
            _ = engine.measure(text("A title shown every frame"), maxWidth: 300)
            #expect(engine.layoutCacheBytes <= FontTextEngine.layoutCacheBudget)
        }
        #expect(engine.layouts.evictions > 0)
        // ≈ 1 400 B per entry here (the layout's arrays and the key): the budget means bytes.
        let perEntry = engine.layoutCacheBytes / engine.layouts.count
        #expect(perEntry > 600 && perEntry < 2_500, "\(perEntry) B per cached layout")
        // Served from a cache (the recent-keys front or the budgeted one), not laid out again.
        let hits = engine.layouts.hits + engine.recentHits, misses = engine.layouts.misses
        _ = engine.measure(text("A title shown every frame"), maxWidth: 300)
        #expect(engine.layouts.hits + engine.recentHits == hits + 1 && engine.layouts.misses == misses)
        #expect(engine.library.shapedTextCacheBytes <= 256 << 10)
    }
}
