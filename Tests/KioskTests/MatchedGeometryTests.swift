// matchedGeometryEffect end to end: a view inserted while its group's source leaves glides from
// the old frame (both views interpolate, each still cross-fading with .opacity), isSource: false
// followers take the source's frame, `properties` picks position or size, duplicate sources
// warn once, and no animation means no glide.
import Testing
@testable import Kiosk
import TestSupport

private struct Hero: View {
    @Namespace var ns
    @State var big = false
    let properties: MatchedGeometryProperties
    let animated: Bool
    var body: some View {
        VStack {
            if big {
                Color.red.matchedGeometryEffect(id: "box", in: ns, properties: properties)
                    .frame(width: 200, height: 100)
            } else {
                Color.red.matchedGeometryEffect(id: "box", in: ns, properties: properties)
                    .frame(width: 20, height: 20)
            }
        }
        .frame(width: 300, height: 200)
        .contentShape(Rectangle())
        .onTapGesture {
            if animated { withAnimation(.linear(duration: 1)) { big.toggle() } } else { big.toggle() }
        }
    }
}

/// Frames of the live Color nodes: (inserted, leaving).
private func colorFrames(_ host: HeadlessHost) -> (inserted: [CGRect], leaving: [CGRect]) {
    var ins: [CGRect] = [], out: [CGRect] = []
    for n in host.allNodes where n.view is Color && !n.isRemoved {
        if _MatchedGeometryEffect.isLeaving(n) { out.append(n.frame) } else { ins.append(n.frame) }
    }
    return (ins, out)
}

private func close(_ a: CGRect, _ b: CGRect, _ tol: CGFloat = 2) -> Bool {
    abs(a.minX - b.minX) <= tol && abs(a.minY - b.minY) <= tol && abs(a.width - b.width) <= tol && abs(a.height - b.height) <= tol
}

@Suite struct MatchedGeometryTests {
    // Small: centred at (150, 100) 20×20; big: 200×100 about the same centre.
    let small = CGRect(x: 140, y: 90, width: 20, height: 20)
    let big = CGRect(x: 50, y: 50, width: 200, height: 100)

    @Test func theInsertedViewGlidesFromTheRemovedOnesFrame() throws {
        let host = HeadlessHost(width: 300, height: 200) { Hero(properties: .frame, animated: true) }
        #expect(close(try #require(colorFrames(host).inserted.first), small))
        host.tap(x: 150, y: 100)
        host.advance(by: 0.5 - 1.0 / 60)
        let mid = CGRect(x: 95, y: 70, width: 110, height: 60)
        let (ins, out) = colorFrames(host)
        #expect(ins.count == 1 && out.count == 1)
        #expect(close(try #require(ins.first), mid))
        #expect(close(try #require(out.first), mid))        // the leaving one glides the same way
        expectGolden(host.snapshot(), "matched-geometry-mid", tolerance: 2)
        host.advance(by: 0.6)
        let end = colorFrames(host)
        #expect(end.leaving.isEmpty)
        #expect(close(try #require(end.inserted.first), big, 0.01))
        #expect(host.warnings.isEmpty)
        // And back: the small one grows from the big one's frame… shrinks, rather.
        host.tap(x: 150, y: 100)
        host.advance(by: 0.5 - 1.0 / 60)
        #expect(close(try #require(colorFrames(host).inserted.first), mid))
    }

    @Test func positionOnlyKeepsTheNewSize() throws {
        let host = HeadlessHost(width: 300, height: 200) { Hero(properties: .position, animated: true) }
        host.tap(x: 150, y: 100)
        host.advance(by: 0.1)
        // Same centre, so only the transition runs: its own size from the start.
        #expect(close(try #require(colorFrames(host).inserted.first), big))
    }

    @Test func withoutAnimationTheNewViewIsAtItsOwnFrameAtOnce() throws {
        let host = HeadlessHost(width: 300, height: 200) { Hero(properties: .frame, animated: false) }
        host.tap(x: 150, y: 100)
        let (ins, out) = colorFrames(host)
        #expect(out.isEmpty)
        #expect(close(try #require(ins.first), big, 0.01))
    }

    @Test func followersTakeTheSourcesFrame() throws {
        struct Follow: View {
            @Namespace var ns
            var body: some View {
                HStack(spacing: 0) {
                    Color.blue.frame(width: 50, height: 40).matchedGeometryEffect(id: 1, in: ns)
                    Color.green.matchedGeometryEffect(id: 1, in: ns, isSource: false).frame(width: 10, height: 10)
                }
            }
        }
        let host = HeadlessHost(width: 200, height: 100) { Follow() }
        let blue = try #require(host.allNodes.first { ($0.view as? Color) == .blue })
        let green = try #require(host.allNodes.first { ($0.view as? Color) == .green })
        #expect(green.frame == blue.frame)
        #expect(blue.frame.size == CGSize(width: 50, height: 40))
        #expect(host.warnings.isEmpty)
    }

    @Test func twoInsertedSourcesWarnOnce() {
        Diagnostics.printsWarnings = false
        defer { Diagnostics.printsWarnings = true }
        struct Twice: View {
            @Namespace var ns
            var body: some View {
                VStack {
                    Color.blue.frame(width: 50, height: 40).matchedGeometryEffect(id: "a", in: ns)
                    Color.green.frame(width: 10, height: 10).matchedGeometryEffect(id: "a", in: ns)
                }
            }
        }
        let host = HeadlessHost(width: 200, height: 100) { Twice() }
        host.advance(by: 0.5)
        host.redraw()
        #expect(host.warnings.filter { $0.contains("Multiple inserted views in matched geometry group") }.count == 1)
    }

    @Test func namespacesAreStableAndDistinct() {
        struct Two: View {
            @Namespace var a
            @Namespace var b
            var body: some View { Text(a == b ? "same" : "\(a)") }
        }
        let host = HeadlessHost(width: 300, height: 50) { Two() }
        #expect(host.allNodes.contains { ($0.view as? Text)?.string.hasPrefix("Namespace.ID") == true })
    }
}
