// The Layout protocol: custom layouts measure and place their subviews, keep a cache, read
// layout values, priorities, spacing and explicit guides; AnyLayout switches keep children and
// animate their frames; bad layouts (NaN sizes, unplaced or twice-placed subviews) do not crash.
import Testing
@testable import Kiosk
import TestSupport

/// Puts each subview diagonally after the previous one, at its ideal size.
private struct Stairs: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.reduce(.zero) { s, v in
            let d = v.sizeThatFits(.unspecified)
            return CGSize(width: s.width + d.width, height: s.height + d.height)
        }
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var p = bounds.origin
        for v in subviews {
            let d = v.sizeThatFits(.unspecified)
            v.place(at: p, proposal: .unspecified)
            p.x += d.width; p.y += d.height
        }
    }
}

private final class CacheLog { var made = 0; var updated = 0 }

/// Counts cache calls; places subviews in a row, ordered by their `Rank` layout value.
private struct Rank: LayoutValueKey { static let defaultValue = 100 }
private struct RankedRow: Layout {
    let log: CacheLog
    struct Cache { var order: [Int] }
    func makeCache(subviews: Subviews) -> Cache {
        log.made += 1
        return Cache(order: subviews.indices.sorted { subviews[$0][Rank.self] < subviews[$1][Rank.self] })
    }
    func updateCache(_ cache: inout Cache, subviews: Subviews) {
        log.updated += 1
        cache = Cache(order: subviews.indices.sorted { subviews[$0][Rank.self] < subviews[$1][Rank.self] })
    }
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        CGSize(width: subviews.reduce(0) { $0 + $1.sizeThatFits(.unspecified).width },
               height: subviews.map { $0.sizeThatFits(.unspecified).height }.max() ?? 0)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        var x = bounds.minX
        for i in cache.order {
            let d = subviews[i].dimensions(in: .unspecified)
            subviews[i].place(at: CGPoint(x: x, y: bounds.midY), anchor: .leading, proposal: .unspecified)
            x += d.width
        }
    }
}

/// Reports fixed explicit guides and spacing, for a parent layout to read.
private struct Guided: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { CGSize(width: 40, height: 30) }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for v in subviews { v.place(at: bounds.origin, proposal: .unspecified) }
    }
    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Subviews, cache: inout ()) -> CGFloat? { guide == .center ? 7 : nil }
    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Subviews, cache: inout ()) -> CGFloat? { guide == .firstTextBaseline ? 21 : nil }
    func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing {
        var s = ViewSpacing.zero
        s.formUnion(ViewSpacing(), edges: .trailing)
        return s
    }
}

/// Reads what its subviews report: guides, spacing, priority (written to a log).
private final class ReadLog { var center: CGFloat?; var baseline: CGFloat?; var distance: CGFloat = -1; var priorities: [Double] = [] }
private struct Reader: Layout {
    let log: ReadLog
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let d = subviews[0].dimensions(in: .unspecified)
        log.center = d[explicit: HorizontalAlignment.center]
        log.baseline = d[VerticalAlignment.firstTextBaseline]
        if subviews.count > 1 { log.distance = subviews[0].spacing.distance(to: subviews[1].spacing, along: .horizontal) }
        log.priorities = subviews.map(\.priority)
        return CGSize(width: 100, height: 100)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for v in subviews { v.place(at: bounds.origin, proposal: .unspecified) }
    }
}

/// A horizontally oriented layout that offers each subview the whole proposal.
private struct Across: Layout {
    static var layoutProperties: LayoutProperties { var p = LayoutProperties(); p.stackOrientation = .horizontal; return p }
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.first?.sizeThatFits(proposal) ?? .zero
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for v in subviews { v.place(at: bounds.origin, proposal: proposal) }
    }
}

/// Wrong in every way the protocol allows.
private struct Broken: Layout {
    var size: CGSize
    var placeFirst = 0         // times to place subview 0
    var nanPosition = false
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { size }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        guard let first = subviews.first else { return }
        for k in 0..<placeFirst { first.place(at: CGPoint(x: bounds.minX + CGFloat(k) * 10, y: bounds.minY), proposal: .unspecified) }
        if nanPosition, subviews.count > 1 { subviews[1].place(at: CGPoint(x: CGFloat.nan, y: 0), proposal: .unspecified) }
    }
}

/// Composes VStackLayout: a column inset by 10 points.
private struct InsetColumn: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        var inner = ()
        let s = VStackLayout(spacing: 0).sizeThatFits(proposal: .unspecified, subviews: subviews, cache: &inner)
        return CGSize(width: s.width + 20, height: s.height + 20)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var inner = ()
        VStackLayout(alignment: .leading, spacing: 0).placeSubviews(in: bounds.insetBy(dx: 10, dy: 10), proposal: .unspecified,
                                                                  subviews: subviews, cache: &inner)
    }
}

extension HeadlessHost {
    /// Frames of the nodes laid out by a `.frame(width:height:)`, in tree order.
    var boxFrames: [CGRect] { allNodes.filter { $0.layout is _FrameLayout }.map(\.frame) }
}

private func box(_ w: CGFloat, _ h: CGFloat, _ c: Color = .red) -> some View { c.frame(width: w, height: h) }

@Suite struct LayoutProtocolTests {
    @Test func customLayoutMeasuresAndPlaces() {
        let host = HeadlessHost(width: 200, height: 200) {
            Stairs { box(10, 20); box(30, 40, .blue); box(5, 5, .green) }
        }
        // 45 × 65, centred in 200 × 200.
        let frames = host.boxFrames
        #expect(frames == [CGRect(x: 77.5, y: 67.5, width: 10, height: 20),
                           CGRect(x: 87.5, y: 87.5, width: 30, height: 40),
                           CGRect(x: 117.5, y: 127.5, width: 5, height: 5)])
        #expect(host.warnings.isEmpty)
    }

    @Test func cacheIsMadeOnceAndUpdatedWhenSubviewsChange() {
        let log = CacheLog()
        struct V: View {
            let log: CacheLog
            @State var three = false
            var body: some View {
                RankedRow(log: log) {
                    box(10, 10).layoutValue(key: Rank.self, value: 2)
                    box(20, 10, .blue).layoutValue(key: Rank.self, value: 1)
                    if three { box(30, 10, .green).padding(0).layoutValue(key: Rank.self, value: 0) }
                }
                .onTapGesture { three = true }
            }
        }
        let host = HeadlessHost(width: 200, height: 100) { V(log: log) }
        #expect(log.made == 1 && log.updated == 0)
        // Ranked: blue (rank 1) first, red (rank 2) after it.
        var f = host.boxFrames
        #expect(f.count == 2 && f[1].minX == 85 && f[0].minX == 105)
        host.advance(by: 0.1)
        #expect(log.made == 1 && log.updated == 0)          // nothing changed: no update
        host.tap(x: 100, y: 50)
        #expect(log.made == 1 && log.updated == 1)
        f = host.boxFrames
        #expect(f.count == 3 && f[2].minX == 70 && f[1].minX == 100 && f[0].minX == 120)
    }

    @Test func layoutValuesPassThroughModifiersButNotContainers() {
        struct Probe: Layout {
            let seen: ReadLogValues
            func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
                seen.values = subviews.map { $0[Rank.self] }
                return .zero
            }
            func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
        }
        let seen = ReadLogValues()
        _ = HeadlessHost(width: 100, height: 100) {
            Probe(seen: seen) {
                box(1, 1).layoutValue(key: Rank.self, value: 5).padding(3).opacity(0.5)
                box(1, 1)
                VStack { box(1, 1).layoutValue(key: Rank.self, value: 9) }
            }
        }
        #expect(seen.values == [5, 100, 100])
    }

    @Test func guidesSpacingAndPriorityReachTheParentLayout() {
        let log = ReadLog()
        _ = HeadlessHost(width: 200, height: 200) {
            Reader(log: log) {
                Guided { box(5, 5) }
                Guided { box(5, 5) }.layoutPriority(2)
            }
        }
        #expect(log.center == 7)
        #expect(log.baseline == 21)
        #expect(log.distance == 8)          // Guided prefers 8 trailing, 0 leading
        #expect(log.priorities == [0, 2])
    }

    @Test func hstackAlignsACustomLayoutByItsExplicitBaseline() {
        let host = HeadlessHost(width: 200, height: 100) {
            HStack(alignment: .firstTextBaseline, spacing: 0) {
                Guided { box(5, 5) }        // baseline 21 of 30
                box(10, 50, .blue)          // no text: its bottom, 50
            }
        }
        let blue = host.boxFrames.last!
        let guided = host.allNodes.first { $0.layout is any ExplicitAlignmentProvider }!.frame
        #expect(guided.minY + 21 == blue.maxY)
    }

    @Test func stackOrientationTellsSpacersWhichWayToGrow() {
        let host = HeadlessHost(width: 120, height: 80) { Across { Spacer() } }
        let spacer = host.frames(of: Spacer.self)
        #expect(spacer.first?.width == 120 && spacer.first?.height == 0)
    }

    @Test func builtInLayoutsCompose() {
        let host = HeadlessHost(width: 200, height: 200) {
            InsetColumn { box(30, 10); box(50, 20, .blue) }
        }
        let f = host.boxFrames
        // 70 × 50 centred: origin (65, 75); content inset 10, leading-aligned, no spacing.
        #expect(f == [CGRect(x: 75, y: 85, width: 30, height: 10), CGRect(x: 75, y: 95, width: 50, height: 20)])
    }

    @Test func stackLayoutsMatchTheirStacks() {
        let a = HeadlessHost(width: 300, height: 100) {
            HStackLayout(alignment: .top, spacing: 4) { box(10, 20); Spacer(); box(30, 40, .blue) }
        }
        let b = HeadlessHost(width: 300, height: 100) {
            HStack(alignment: .top, spacing: 4) { box(10, 20); Spacer(); box(30, 40, .blue) }
        }
        #expect(a.boxFrames == b.boxFrames)
        #expect(a.frames(of: Spacer.self) == b.frames(of: Spacer.self))
        let z = HeadlessHost(width: 100, height: 100) { ZStackLayout(alignment: .bottomTrailing) { box(50, 50); box(10, 10, .blue) } }
        #expect(z.boxFrames.last == CGRect(x: 65, y: 65, width: 10, height: 10))
    }

    // MARK: AnyLayout

    private struct Switcher: View {
        @State var wide = true
        @State var taps = 0
        var body: some View {
            let layout = wide ? AnyLayout(HStackLayout(spacing: 0)) : AnyLayout(VStackLayout(spacing: 0))
            layout {
                Color.red.frame(width: 40, height: 40).onTapGesture { taps += 1 }
                Text("\(taps)")
                Color.blue.frame(width: 40, height: 40)
                    .onTapGesture { withAnimation(.linear(duration: 1)) { wide.toggle() } }
            }
        }
    }

    @Test func anyLayoutSwitchKeepsChildrenAndAnimatesTheirFrames() throws {
        let host = HeadlessHost(width: 300, height: 300, text: FixedAdvanceText()) { Switcher() }
        let blueBefore = try #require(host.boxFrames.last)
        let red = try #require(host.boxFrames.first)
        host.tap(x: Double(red.midX), y: Double(red.midY))            // taps = 1 (state of the container's view)
        #expect(host.frame(ofText: "1") != nil)
        let nodesBefore = host.allNodes.filter { $0.layout != nil }.map(ObjectIdentifier.init)
        host.tap(x: Double(blueBefore.midX), y: Double(blueBefore.midY))
        host.advance(by: 0.5)
        let mid = try #require(host.boxFrames.last)
        host.advance(by: 1)
        let blueAfter = try #require(host.boxFrames.last)
        // Children kept: same nodes, same state.
        #expect(host.allNodes.filter { $0.layout != nil }.map(ObjectIdentifier.init) == nodesBefore)
        #expect(host.frame(ofText: "1") != nil)
        // Column now: the blue box is below, and halfway it was between both places.
        #expect(blueAfter.minY > blueBefore.minY && blueAfter.midX == 150)
        #expect(mid.minY > blueBefore.minY && mid.minY < blueAfter.minY)
        #expect(abs(mid.minX - (blueBefore.minX + blueAfter.minX) / 2) < 2)
        #expect(host.warnings.isEmpty)
    }

    @Test func anyLayoutOfACustomLayoutRunsTheProtocol() {
        let host = HeadlessHost(width: 200, height: 200) {
            AnyLayout(Stairs()) { box(10, 20); box(30, 40, .blue) }
        }
        #expect(host.boxFrames == [CGRect(x: 80, y: 70, width: 10, height: 20), CGRect(x: 90, y: 90, width: 30, height: 40)])
    }

    // MARK: Bad layouts

    @Test func nonFiniteSizesBecomeTheProposalWithOneWarning() {
        let host = HeadlessHost(width: 200, height: 100) {
            VStack(spacing: 0) {
                Broken(size: CGSize(width: CGFloat.nan, height: .infinity), placeFirst: 1) { box(10, 10) }
                Broken(size: CGSize(width: -5, height: 10), placeFirst: 1) { box(10, 10) }
            }
        }
        let containers = host.allNodes.filter { $0.layout is any ExplicitAlignmentProvider }.map(\.frame)
        // Width: the proposal (200); height ∞ → the VStack's share.
        #expect(containers.count == 2 && containers[0].width == 200 && containers[1].width == 200)
        #expect(containers.allSatisfy { $0.height.isFinite })
        #expect(host.warnings.filter { $0.contains("sizeThatFits returned") }.count == 2)   // one per container
        host.advance(by: 0.5)
        #expect(host.warnings.filter { $0.contains("sizeThatFits returned") }.count == 2)
    }

    @Test func unplacedSubviewsAreCentredAndTwicePlacedKeepTheLast() {
        let host = HeadlessHost(width: 100, height: 100) {
            Broken(size: CGSize(width: 100, height: 100), placeFirst: 3, nanPosition: true) { box(10, 10); box(20, 20, .blue); box(30, 30, .green) }
        }
        let f = host.boxFrames
        #expect(f[0] == CGRect(x: 20, y: 0, width: 10, height: 10))       // the third placement
        #expect(f[1] == CGRect(x: 40, y: 40, width: 20, height: 20))      // NaN position: centred
        #expect(f[2] == CGRect(x: 35, y: 35, width: 30, height: 30))      // never placed: centred
        #expect(host.warnings.filter { $0.contains("did not place") }.count == 1)
        #expect(host.warnings.filter { $0.contains("more than once") }.count == 1)
        #expect(host.warnings.filter { $0.contains("non-finite position") }.count == 1)
    }

    @Test func viewSpacingUnionAndDistance() {
        var a = ViewSpacing.zero
        #expect(a.distance(to: .zero, along: .horizontal) == 0)
        a.formUnion(ViewSpacing(), edges: [.bottom])
        #expect(a.distance(to: .zero, along: .vertical) == 8)
        #expect(a.distance(to: .zero, along: .horizontal) == 0)
        #expect(ViewSpacing.zero.distance(to: ViewSpacing(), along: .horizontal) == 8)
        #expect(ViewSpacing.zero.union(ViewSpacing(), edges: .leading).distance(to: .zero, along: .horizontal) == 0)
    }

    @Test func goldenRadialLayout() {
        struct Radial: Layout {
            func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
                proposal.replacingUnspecifiedDimensions()
            }
            func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
                let r = min(bounds.width, bounds.height) / 2 - 24
                for (i, v) in subviews.enumerated() {
                    let a = Double(i) / Double(subviews.count) * 2 * Double.pi - Double.pi / 2
                    v.place(at: CGPoint(x: bounds.midX + r * CGFloat(cos(a)), y: bounds.midY + r * CGFloat(sin(a))),
                            anchor: .center, proposal: ProposedViewSize(width: 36, height: 36))
                }
            }
        }
        let host = HeadlessHost(width: 200, height: 200) {
            ZStack {
                Color.white
                Radial {
                    ForEach(0..<8, id: \.self) { i in
                        Circle().fill(Color(hue: Double(i) / 8, saturation: 0.7, brightness: 0.95))
                    }
                }
            }
        }
        expectGolden(host.snapshot(), "layout-radial", tolerance: 2)
    }
}

private final class ReadLogValues { var values: [Int] = [] }
