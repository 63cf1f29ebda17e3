// Bad input: documented results and a warning, never a crash.
import Testing
@testable import Kiosk

struct Forever: View {
    var body: some View { VStack { Forever() } }
}

/// A column of `depth` stacks with an explicit leading guide at the bottom, counting how often
/// the guide is computed.
struct DeepGuideColumn: View {
    final class Count: @unchecked Sendable { var n = 0 }
    let depth: Int
    let count: Count
    @ViewBuilder var body: some View {
        if depth == 0 {
            Text("x").alignmentGuide(.leading) { _ in count.n += 1; return 4 }
        } else {
            VStack(alignment: .leading) { DeepGuideColumn(depth: depth - 1, count: count) }
        }
    }
}

@Suite struct BadInputTests {
    init() { Diagnostics.printsWarnings = false }

    @Test func nanAndNegativeFrameSizesAreIgnoredWithAWarning() {
        let host = HeadlessHost(width: 200, height: 100, text: FixedAdvanceText()) {
            HStack(spacing: 0) {
                Color.red.frame(width: .nan, height: -5)
                Color.blue.frame(width: 50, height: 50)
            }
        }
        let c = host.frames(of: Color.self)
        #expect(c[0].width == 150 && c[0].height == 100)   // as if unframed: takes the rest
        #expect(host.warnings.filter { $0.contains("Invalid frame dimension") }.count == 2)
    }

    @Test func hugeFramesAreClampedAndDrawNothingOutsideTheScreen() {
        let host = HeadlessHost(width: 100, height: 100, text: FixedAdvanceText()) {
            Color.red.frame(width: 1e12, height: 1e300)
        }
        let c = host.frames(of: Color.self)[0]
        #expect(c.width == LayoutPass.maxDimension && c.height == LayoutPass.maxDimension)
        #expect(rgba(host.snapshot(), 50, 50) == [255, 59, 48, 255])
    }

    @Test func infiniteFixedFrameIsIgnored() {
        let host = HeadlessHost(width: 100, height: 100, text: FixedAdvanceText()) {
            Color.red.frame(width: .infinity, height: 10)
        }
        #expect(host.frames(of: Color.self)[0].width == 100)
        #expect(!host.warnings.isEmpty)
    }

    @Test func contradictoryFrameConstraintsKeepTheMinimum() {
        let host = HeadlessHost(width: 300, height: 100, text: FixedAdvanceText()) {
            Color.red.frame(minWidth: 200, maxWidth: 100)
        }
        #expect(host.frames(of: Color.self)[0].width == 200)
        #expect(host.warnings.contains { $0.contains("Contradictory") })
    }

    @Test func duplicateForEachIDsGetTheirOwnIdentity() {
        let host = HeadlessHost(width: 200, height: 200, text: FixedAdvanceText()) {
            VStack { ForEach([1, 1, 2], id: \.self) { Text("item \($0)") } }
        }
        #expect(host.frame(ofText: "item 1", 0) != nil && host.frame(ofText: "item 1", 1) != nil)
        #expect(host.frame(ofText: "item 1", 0) != host.frame(ofText: "item 1", 1))
        #expect(host.warnings.contains { $0.contains("more than once") })
    }

    @Test func aBodyThatContainsItselfIsCutOff() {
        // With explicit guides in use (any view in the process set one: a one-way switch), the
        // stacks' guide walk must not be exponential in the depth: once it was, and a full test
        // run hung here whenever a guide test had run first.
        LayoutPass.explicitGuidesInUse = true
        let host = HeadlessHost(width: 200, height: 200, text: FixedAdvanceText()) { Forever() }
        #expect(host.warnings.contains { $0.contains("deeper than") })
        host.advance(by: 0.05)
    }

    @Test func aDeepColumnAsksItsGuideOncePerPassNotOncePerPathOfAncestors() {
        let count = DeepGuideColumn.Count()
        let host = HeadlessHost(width: 200, height: 200, text: FixedAdvanceText()) {
            HStack { DeepGuideColumn(depth: 40, count: count) }
        }
        // Each stack asks its child's guide while placing it and again when its own is asked:
        // unremembered, 2^40 computations.
        #expect(count.n > 0 && count.n <= 40, "\(count.n) guide computations for a 40-deep column")
    }

    @Test func zeroAndNegativeSizedHostsDrawNothing() {
        for (w, h) in [(0, 0), (-5, 100), (100, 0)] {
            let host = HeadlessHost(width: w, height: h) { Counter() }
            host.advance(by: 0.1)
            host.tap(x: 0, y: 0)
            #expect(host.snapshot().width == max(0, w) && host.snapshot().height == max(0, h))
            #expect(host.warnings.contains { $0.contains("empty") })
            #expect(host.frameCount == 0)
        }
    }

    @Test func nonFiniteEffectsAreIgnored() {
        let host = HeadlessHost(width: 100, height: 100) {
            Color.red.frame(width: 20, height: 20)
                .offset(x: .nan, y: .infinity)
                .rotationEffect(.radians(.nan))
                .scaleEffect(.infinity)
                .opacity(.nan)
                .padding(.infinity)
        }
        #expect(rgba(host.snapshot(), 50, 50) == [255, 59, 48, 255])
    }

    @Test func badColoursAndFontsAreClamped() {
        let host = HeadlessHost(width: 100, height: 100) {
            VStack {
                Color(red: .nan, green: 2, blue: -1).frame(width: 10, height: 10)
                Text("x").font(.system(size: .nan))
                Text("y").font(.system(size: -3)).lineLimit(-2)
            }
        }
        host.advance(by: 0.05)
        #expect(host.warnings.contains { $0.contains("lineLimit") })
    }
}
