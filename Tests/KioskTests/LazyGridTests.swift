// LazyVGrid/LazyHGrid: GridItem track resolution, lazy building in a ScrollView, Sections,
// bad tracks; the product-grid scene (only visible cards built, no allocation on a steady
// scrolled frame); ViewThatFits and the size classes.
import Testing
import CAllocationCount
@testable import Kiosk
@testable import KioskScenes
import TestSupport

final class GCounter { var n = 0 }
private struct CountedCell: View {
    let i: Int
    let counter: GCounter
    var body: some View {
        counter.n += 1
        return Color(hue: Double(i % 12) / 12, saturation: 0.6, brightness: 0.9).frame(height: 40)
    }
}

@Suite struct LazyGridTests {
    @Test func tracksResolveLikeSwiftUI() {
        let fixedFlex = LazyGridCore(axis: .vertical, tracks: [GridItem(.fixed(100)), GridItem(.flexible()), GridItem(.flexible(maximum: 50))],
                                     alignment: 0.5, spacing: nil).resolve(400)
        // 400 − 100 − 16 spacing = 284: the first flexible gets 142, the second at most 50.
        #expect(fixedFlex.tracks.map(\.length) == [100, 142, 50])
        #expect(fixedFlex.tracks.map(\.offset) == [0, 108, 258])
        let adaptive = LazyGridCore(axis: .vertical, tracks: [GridItem(.adaptive(minimum: 100), spacing: 10)],
                                    alignment: 0.5, spacing: nil).resolve(430)
        // (430 + 10) / 110 = 4 tracks of (430 − 30) / 4 = 100.
        #expect(adaptive.tracks.map(\.length) == [100, 100, 100, 100])
        #expect(adaptive.total == 430)
    }

    @Test func badTracksDoNotHang() {
        for items in [[GridItem(.adaptive(minimum: 0), spacing: 0)], [GridItem(.adaptive(minimum: .nan))],
                      [GridItem(.fixed(-.infinity)), GridItem(.flexible(minimum: .nan, maximum: -3))]] {
            let r = LazyGridCore(axis: .vertical, tracks: items, alignment: 0.5, spacing: nil).resolve(800)
            #expect(r.tracks.count >= 1 && r.tracks.count <= LazyGridCore.maxTracks)
            #expect(r.tracks.allSatisfy { $0.length.isFinite && $0.length >= 0 })
        }
        let host = HeadlessHost(width: 200, height: 200) {
            ScrollView { LazyVGrid(columns: []) { ForEach(0..<50, id: \.self) { _ in Color.red.frame(height: 20) } } }
        }
        #expect(host.warnings.contains { $0.contains("no GridItems") })
        #expect(host.frames(of: Color.self).first?.width == 200)
    }

    @Test func tenThousandCellsBuildOnlyTheVisibleLines() throws {
        let c = GCounter()
        let host = HeadlessHost(width: 400, height: 400) {
            ScrollView {
                LazyVGrid(columns: Array(repeating: GridItem(.flexible(), spacing: 0), count: 4), spacing: 0) {
                    ForEach(0..<10_000, id: \.self) { CountedCell(i: $0, counter: c) }
                }
            }
        }
        let box = try #require(host.scrollBox())
        #expect(c.n < 200)              // of 10 000: the first 16 lines, then the window's (re-evaluated)
        #expect(box.maximum.y == 2500 * 40 - 400)
        let first = host.allNodes.filter { $0.view is CountedCell }
        #expect(first.count < 100)
        let cells = host.frames(of: Color.self)
        #expect(cells[0] == CGRect(x: 0, y: 0, width: 100, height: 40) && cells[5] == CGRect(x: 100, y: 40, width: 100, height: 40))
        host.fling(dy: -200, duration: 0.1)
        host.advance(by: 3)
        #expect(box.offset.y > 400)
        #expect(host.allNodes.filter { $0.view is CountedCell }.count < 100)
        let shown = host.allNodes.compactMap { $0.view as? CountedCell }.map(\.i)
        #expect(!shown.contains(0))
        #expect(host.warnings.isEmpty)
    }

    @Test func sectionsStartNewLinesWithWholeLineHeaders() {
        let host = HeadlessHost(width: 300, height: 400, text: FixedAdvanceText()) {
            ScrollView {
                LazyVGrid(columns: [GridItem(.flexible(), spacing: 0), GridItem(.flexible(), spacing: 0)], spacing: 0) {
                    Section(header: Color.black.frame(height: 10)) {
                        ForEach(0..<3, id: \.self) { _ in Color.red.frame(height: 20) }
                    }
                    Section(header: Color.black.frame(height: 10)) {
                        ForEach(0..<2, id: \.self) { _ in Color.blue.frame(height: 20) }
                    }
                }
            }
        }
        let f = host.boxFrames
        #expect(f.map(\.minY) == [0, 10, 10, 30, 50, 60, 60])
        #expect(f[0].width == 300 && f[1].width == 150 && f[3].minX == 0)
    }

    @Test func lazyHGridFillsRowsTopToBottom() {
        let host = HeadlessHost(width: 300, height: 100) {
            ScrollView(.horizontal) {
                LazyHGrid(rows: [GridItem(.fixed(40), spacing: 10), GridItem(.fixed(40))], spacing: 5) {
                    ForEach(0..<100, id: \.self) { _ in Color.red.frame(width: 30) }
                }
            }
        }
        let f = host.frames(of: Color.self)
        #expect(f[0].minX == 0 && f[1].minX == 0 && f[1].minY == f[0].minY + 50 && f[2].minX == 35)
        #expect(f.count < 40)
    }

    // MARK: The product-grid scene

    @Test func productGridFlingBuildsOnlyVisibleCards() throws {
        let host = HeadlessHost(width: 480, height: 800) { ProductGrid() }
        let box = try #require(host.scrollBox())
        let built = host.allNodes.filter { $0.view is ProductCard }.count
        #expect(built > 0 && built < 40)                    // 3 columns × ~5 lines + margins, of 1000
        host.fling(dy: -400, duration: 0.1)
        host.advance(by: 4)
        #expect(box.offset.y > 800)
        #expect(host.allNodes.filter { $0.view is ProductCard }.count < 40)
        #expect(host.warnings.isEmpty)
    }

    @Test(.disabled(if: Sanitizers.replaceMalloc, "a sanitizer's malloc replaces the counted one"))
    func productGridSteadyScrolledFrameAllocatesNothing() throws {
        let renderer = RootRenderer(width: 480, height: 800, colorScheme: .light, text: FixedAdvanceText(), root: ProductGrid())
        let surface = try Surface(width: 480, height: 800)
        var t = 0.0
        func frame() -> UInt64 {
            t += 1.0 / 60
            let a0 = kiosk_thread_allocations()
            _ = renderer.renderFrame(into: surface, at: t, fullRedraw: false)
            return kiosk_thread_allocations() &- a0
        }
        _ = frame()
        // Scroll by dragging, then let it settle.
        renderer.touch(id: 1, phase: .began, x: 240, y: 600, time: t)
        for k in 1...10 { renderer.touch(id: 1, phase: .moved, x: 240, y: 600 - Double(k) * 30, time: t); _ = frame() }
        renderer.touch(id: 1, phase: .ended, x: 240, y: 300, time: t)
        for _ in 0..<240 { _ = frame() }
        var counts: [UInt64] = []
        for _ in 0..<10 { counts.append(frame()) }
        #expect(counts.allSatisfy { $0 == 0 }, "allocations per steady scrolled frame: \(counts)")
    }

    @Test func goldenProductGrid() {
        let host = HeadlessHost(width: 480, height: 360) { ProductGrid() }
        expectGolden(host.snapshot(), "product-grid", tolerance: 2, maxDiffering: 40)
    }

    // MARK: ViewThatFits and size classes

    @Test func viewThatFitsPicksTheFirstThatFits() {
        func host(_ width: Int) -> HeadlessHost {
            HeadlessHost(width: width, height: 100) {
                ViewThatFits(in: .horizontal) {
                    Color.red.frame(width: 300, height: 10)
                    Color.blue.frame(width: 150, height: 10)
                    Color.green.frame(width: 100, height: 10)
                }
            }
        }
        func shown(_ h: HeadlessHost) -> CGFloat? {
            let drawn = h.snapshot().pixel(x: h.snapshot().width / 2, y: 50)
            return drawn.r > 200 && drawn.g < 100 ? 300 : drawn.b > 200 ? 150 : drawn.g > 100 ? 100 : nil
        }
        #expect(shown(host(400)) == 300)
        #expect(shown(host(200)) == 150)
        #expect(shown(host(120)) == 100)
        #expect(shown(host(50)) == 100)          // none fits: the last
    }

    @Test func sizeClassesFollowTheScreen() {
        final class Seen { var h: UserInterfaceSizeClass?; var v: UserInterfaceSizeClass? }
        struct Probe: View {
            let seen: Seen
            @Environment(\.horizontalSizeClass) var h
            @Environment(\.verticalSizeClass) var v
            var body: some View { seen.h = h; seen.v = v; return Color.clear }
        }
        func classes(_ w: Int, _ hgt: Int) -> (UserInterfaceSizeClass?, UserInterfaceSizeClass?) {
            let s = Seen()
            _ = HeadlessHost(width: w, height: hgt) { Probe(seen: s) }
            return (s.h, s.v)
        }
        #expect(classes(800, 480) == (.regular, .compact))
        #expect(classes(480, 800) == (.compact, .regular))
        #expect(classes(1920, 1080) == (.regular, .regular))
        #expect(classes(320, 240) == (.compact, .compact))
        let s = Seen()
        _ = HeadlessHost(width: 1920, height: 1080) { Probe(seen: s).environment(\.horizontalSizeClass, .compact) }
        #expect(s.h == .compact && s.v == .regular)
    }
}
