// The second round of what the rebuilt corpus (issue 39) needed: AngularGradient (and the
// `.linearGradient(…)`-style shorthands), a stroke then filled, Kiosk's Timer winning over
// Foundation's under `import SwiftUI`, `.minimumScaleFactor`, UIKit's rounded-some-corners path,
// and NavigationLink rows drawn as iOS draws them. Read back from pixels and frames.
@testable import Kiosk
import SwiftUI
import Testing
import TestSupport

@Suite struct CorpusDrawingTests {
    /// As devliu's CircleProgressBar and exyte's indicators draw a ring.
    struct Ring: View {
        var body: some View {
            ZStack {
                Color.white
                Circle()
                    .stroke(AngularGradient(gradient: Gradient(colors: [.red, .blue]), center: .center), lineWidth: 20)
                    .frame(width: 100, height: 100)
            }
        }
    }

    @Test func angularGradientSweepsClockwiseFromTheTrailingEdge() {
        let s = HeadlessHost(width: 120, height: 120) { Ring() }.snapshot()
        expectGolden(s, "corpus-angular-ring")
        // iOS's red is (255, 59, 48), its blue (0, 122, 255).
        // Just below the trailing edge (angle ≈ +8°): nearly the first colour, red.
        let start = rgba(s, 109, 67)
        #expect(start[0] > 230 && start[2] < 70)
        // At the bottom (90°, a quarter turn): a quarter of the way to blue.
        let bottom = rgba(s, 60, 110)
        #expect(abs(Int(bottom[0]) - 191) <= 12 && abs(Int(bottom[2]) - 100) <= 12)
        // At the leading edge (180°): half way.
        let left = rgba(s, 10, 60)
        #expect(abs(Int(left[0]) - 128) <= 12 && abs(Int(left[2]) - 152) <= 12)
        // Just above the trailing edge (≈ 352°): nearly blue.
        let end = rgba(s, 109, 53)
        #expect(end[2] > 220 && end[0] < 40)
    }

    @Test func aPartialSweepFillsItsGapHalfWithEachEnd() {
        // 0°…180°: the lower half sweeps red → blue; the upper half is the gap: blue then red.
        let style = AngularGradient(colors: [.red, .blue], center: .center, startAngle: .zero, endAngle: .degrees(180))
        let s = HeadlessHost(width: 100, height: 100) { Rectangle().fill(style) }.snapshot()
        #expect(rgba(s, 50, 95)[0] > 100 && rgba(s, 50, 95)[2] > 100)   // 90°: the middle
        let upperLeft = rgba(s, 20, 40)       // ≈ 200°: the gap's first half continues blue
        #expect(upperLeft[2] > 230 && upperLeft[0] < 30)
        let upperRight = rgba(s, 80, 40)      // ≈ 340°: the second half leads into red
        #expect(upperRight[0] > 230 && upperRight[2] < 70)
        // Non-finite angles paint the last colour; no stops paint nothing.
        let bad = AngularGradient(colors: [.red, .blue], center: .center, startAngle: .radians(.nan), endAngle: .zero)
        #expect(rgba(HeadlessHost(width: 10, height: 10) { Rectangle().fill(bad) }.snapshot(), 5, 5) == [0, 122, 255, 255])
        let none = AngularGradient(gradient: Gradient(stops: []), center: .center)
        #expect(rgba(HeadlessHost(width: 10, height: 10) { ZStack { Color.white; Rectangle().fill(none) } }.snapshot(), 5, 5) == [255, 255, 255, 255])
    }

    @Test func shorthandGradientsAreTheirTypes() {
        let a = HeadlessHost(width: 100, height: 10) {
            Rectangle().foregroundStyle(.linearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing))
        }.snapshot()
        let b = HeadlessHost(width: 100, height: 10) {
            Rectangle().foregroundStyle(LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing))
        }.snapshot()
        for x in stride(from: 0, to: 100, by: 7) { #expect(rgba(a, x, 5) == rgba(b, x, 5)) }
        let c = HeadlessHost(width: 60, height: 60) {
            Rectangle().fill(.conicGradient(colors: [.red, .blue], center: .center))
        }.snapshot()
        #expect(rgba(c, 59, 31)[0] > 200)
    }

    @Test func aStrokeThenFilledDrawsTheFillBeneathTheStroke() {
        let s = HeadlessHost(width: 100, height: 100) {
            ZStack {
                Color.white
                Circle().stroke(Color.black, lineWidth: 10).fill(Color.green).frame(width: 80, height: 80)
            }
        }.snapshot()
        #expect(rgba(s, 50, 50) == [52, 199, 89, 255])     // inside: the fill
        #expect(rgba(s, 50, 12) == [0, 0, 0, 255])         // on the outline: the stroke, on top
        #expect(rgba(s, 2, 2) == [255, 255, 255, 255])
    }

    @Test func aStyleLessStrokeThenFilledPaintsTheStroke() {
        // As devliu's CircleProgressBar draws its track: the ring is the fill's colour, the
        // inside stays what is behind (SwiftUI's `stroke(style:)` is a stroked shape).
        let s = HeadlessHost(width: 100, height: 100) {
            ZStack {
                Color.white
                Circle().stroke(style: StrokeStyle(lineWidth: 10)).fill(Color.green).frame(width: 80, height: 80)
            }
        }.snapshot()
        #expect(rgba(s, 50, 50) == [255, 255, 255, 255])   // inside: untouched
        #expect(rgba(s, 50, 11) == [52, 199, 89, 255])     // on the outline: the fill colour
        let dashed = HeadlessHost(width: 100, height: 100) {
            ZStack {
                Color.white
                Circle().trim(from: 0.5, to: 1).stroke(style: StrokeStyle(lineWidth: 4, dash: [7, 7])).fill(Color.red)
                    .frame(width: 80, height: 80)
            }
        }.snapshot()
        var red = 0, black = 0
        for x in 0..<100 { for y in 0..<50 {
            let p = rgba(dashed, x, y)
            if p[0] > 200 && p[1] < 90 { red += 1 }
            if p[0] < 40 && p[1] < 40 && p[2] < 40 { black += 1 }
        } }
        #expect(red > 50 && black == 0)
    }

    @Test func timerUnderImportSwiftUIIsKiosksOnTheScreensClock() {
        final class Count { var n = 0 }
        let count = Count()
        struct Ticking: View {
            let count: Count
            var body: some View {
                Color.clear.onAppear {
                    // Unqualified, as public code writes it: Kiosk.Timer, not Foundation's.
                    Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { _ in count.n += 1 }
                }
            }
        }
        let host = HeadlessHost(width: 10, height: 10) { Ticking(count: count) }
        host.advance(by: 1.01)
        #expect(count.n == 4)
        #expect(ObjectIdentifier(Timer.self) == ObjectIdentifier(Kiosk.Timer.self))
    }

    struct Display: View {
        let factor: CGFloat
        var body: some View {
            Text("123456789012")
                .font(.system(size: 60))
                .lineLimit(1)
                .minimumScaleFactor(factor)
                .frame(width: 200, alignment: .trailing)
        }
    }

    @Test func minimumScaleFactorShrinksTextToItsLineLimit() throws {
        let free = HeadlessHost(width: 200, height: 100) { Display(factor: 1) }
        let shrunk = HeadlessHost(width: 200, height: 100) { Display(factor: 0.3) }
        let floor = HeadlessHost(width: 200, height: 100) { Display(factor: 0.9) }
        let a = try #require(free.frame(ofText: "123456789012"))
        let b = try #require(shrunk.frame(ofText: "123456789012"))
        let c = try #require(floor.frame(ofText: "123456789012"))
        // At 60 pt the digits need ≈ 400 pt: cut with "…". Shrunk they fit the 200 pt and the
        // line is shorter; at 0.9 it still does not fit and stays at 0.9 × 60 pt.
        #expect(b.height < a.height * 0.6)
        #expect(b.width <= 200.5)
        #expect(c.height < a.height && c.height > a.height * 0.85)
        // Text that fits is unchanged; NaN is "do not shrink".
        let short = HeadlessHost(width: 200, height: 100) { Text("12").font(.system(size: 60)).minimumScaleFactor(0.2) }
        let plain = HeadlessHost(width: 200, height: 100) { Text("12").font(.system(size: 60)) }
        #expect(short.frame(ofText: "12") == plain.frame(ofText: "12"))
        let nan = HeadlessHost(width: 200, height: 100) { Display(factor: .nan) }
        #expect(nan.frame(ofText: "123456789012") == a)
    }

    /// As the AppleRemote screen pastes it.
    struct RoundedCorner: Shape {
        var radius: CGFloat = .infinity
        var corners: UIRectCorner = .allCorners
        func path(in rect: CGRect) -> Path {
            let path = UIBezierPath(roundedRect: rect, byRoundingCorners: corners, cornerRadii: CGSize(width: radius, height: radius))
            return Path(path.cgPath)
        }
    }

    @Test func uiBezierPathRoundsOnlyTheCornersAsked() {
        let s = HeadlessHost(width: 100, height: 100) {
            ZStack {
                Color.white
                RoundedCorner(radius: 30, corners: [.topLeft, .bottomRight]).fill(Color.black).frame(width: 80, height: 80)
            }
        }.snapshot()
        expectGolden(s, "corpus-uibezier-corners")
        #expect(rgba(s, 12, 12) == [255, 255, 255, 255])   // top-left: rounded away
        #expect(rgba(s, 87, 12) == [0, 0, 0, 255])         // top-right: square
        #expect(rgba(s, 12, 87) == [0, 0, 0, 255])         // bottom-left: square
        #expect(rgba(s, 87, 87) == [255, 255, 255, 255])   // bottom-right: rounded away
        #expect(rgba(s, 50, 50) == [0, 0, 0, 255])
        // A radius beyond half the side is half the side; NaN is 0 (square).
        let nan = HeadlessHost(width: 20, height: 20) { RoundedCorner(radius: .nan).fill(Color.black) }.snapshot()
        #expect(rgba(nan, 0, 0) == [0, 0, 0, 255])
    }

    struct SettingsList: View {
        var body: some View {
            NavigationStack {
                List {
                    NavigationLink(destination: Text("Detail page")) { Text("Wi-Fi") }
                    NavigationLink("Bluetooth", destination: Text("Other page"))
                }
                .navigationTitle("Settings")
            }
        }
    }

    @Test func aNavigationLinkRowIsPrimaryTextWithAChevronAndPushes() throws {
        let host = HeadlessHost(width: 390, height: 300) { SettingsList() }
        let s = host.snapshot()
        expectGolden(s, "corpus-navigation-link-rows")
        let wifi = try #require(host.frame(ofText: "Wi-Fi"))
        // The label is the primary colour (black), not the tint (blue).
        var dark = 0, blue = 0
        for y in Int(wifi.minY)..<Int(wifi.maxY) { for x in Int(wifi.minX)..<Int(wifi.maxX) {
            let p = rgba(s, x, y)
            if p[0] < 60 && p[1] < 60 && p[2] < 60 { dark += 1 }
            if p[2] > 200 && p[0] < 80 { blue += 1 }
        } }
        #expect(dark > 10 && blue == 0)
        // A grey chevron near the trailing edge of the row.
        var grey = 0
        for y in Int(wifi.minY)..<Int(wifi.maxY) { for x in 340..<380 {
            let p = rgba(s, x, y)
            if p[0] < 220 && p[0] > 120 && abs(Int(p[0]) - Int(p[2])) < 20 { grey += 1 }
        } }
        #expect(grey > 5)
        // A tap anywhere on the row, even right of the label, pushes the destination.
        host.tap(x: 300, y: wifi.midY)
        host.advance(by: 1)
        #expect(host.frame(ofText: "Detail page") != nil)
    }
}
