// Stroked and filled shapes animate their shape's data: a progress ring's trim glides.
import Testing
@testable import Kiosk

private struct ProgressRing: View {
    @State var progress = 0.2
    var body: some View {
        Circle()
            .trim(from: 0, to: progress)
            .stroke(Kiosk.Color.blue, style: StrokeStyle(lineWidth: 10, lineCap: .round))
            .rotationEffect(.degrees(-90))
            .frame(width: 100, height: 100)
            .animation(.linear(duration: 1), value: progress)
            .frame(width: 200, height: 200)
            .contentShape(Rectangle())
            .onTapGesture { progress = 0.9 }
    }
}

/// The presented (drawn) trim end of the first stroked trimmed circle: the shape's data
/// animates as an effect, so the node keeps the model view and draws `node.presented(view)`.
private func trimEnd(_ host: HeadlessHost) -> Double? {
    for n in host.allNodes where !n.isRemoved {
        if let v = n.view as? _ShapeView<_TrimmedShape<Circle>, Kiosk.Color> { return Double(n.presented(v).shape.endFraction) }
    }
    return nil
}

@Suite struct ShapeViewAnimationTests {
    @Test func aStrokedTrimGlidesToTheNewProgress() throws {
        let host = HeadlessHost(width: 200, height: 200) { ProgressRing() }
        #expect(try #require(trimEnd(host)) == 0.2)
        host.tap(x: 100, y: 100)
        host.advance(by: 0.5 - 1.0 / 60)
        #expect(abs(try #require(trimEnd(host)) - 0.55) < 0.02)
        let frames = host.frameCount
        host.advance(by: 0.25)
        #expect(host.frameCount > frames + 10)          // drawn every frame while it moves
        host.advance(by: 0.5)
        #expect(try #require(trimEnd(host)) == 0.9)      // exactly the model at the end
        #expect(host.warnings.isEmpty)
    }

    @Test func aFilledShapesDataAnimatesToo() throws {
        struct Corner: View {
            @State var r: CGFloat = 0
            var body: some View {
                RoundedRectangle(cornerRadius: r).fill(Kiosk.Color.red).frame(width: 100, height: 100)
                    .onTapGesture { withAnimation(.linear(duration: 1)) { r = 40 } }
            }
        }
        let host = HeadlessHost(width: 200, height: 200) { Corner() }
        host.tap(x: 100, y: 100)
        host.advance(by: 0.5 - 1.0 / 60)
        let v = try #require(host.allNodes.compactMap { n in (n.view as? _ShapeView<RoundedRectangle, Kiosk.Color>).map { n.presented($0) } }.first)
        #expect(abs(Double(v.shape.cornerSize.width) - 20) < 1)
    }
}
