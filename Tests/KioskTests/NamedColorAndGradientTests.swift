// `Color("name")` (NamedColors) and `Color.gradient` (AnyGradient).
import Testing
@testable import Kiosk
import Raster
import TestSupport

@Suite(.serialized) struct NamedColorAndGradientTests {
    @Test func aRegisteredNameIsItsColourInBothSchemes() {
        NamedColors.removeAll()
        defer { NamedColors.removeAll() }
        NamedColors.register("fb", Kiosk.Color(red: 0.1, green: 0.4, blue: 0.9))
        NamedColors.register("card", light: .white, dark: Kiosk.Color(white: 0.2))
        #expect(Kiosk.Color("fb") == Kiosk.Color(red: 0.1, green: 0.4, blue: 0.9))
        #expect(Kiosk.Color("fb", bundle: .main) == Kiosk.Color("fb"))
        #expect(Kiosk.Color("card").resolved(.light).r == 1)
        #expect(abs(Kiosk.Color("card").resolved(.dark).r - 0.2) < 1e-12)
        let host = HeadlessHost(width: 20, height: 20, colorScheme: .dark) { Kiosk.Color("card") }
        #expect(rgba(host.snapshot(), 10, 10) == [51, 51, 51, 255])
        #expect(host.warnings.isEmpty)
    }

    @Test func anUnknownNameDrawsThePlaceholderAndWarnsOncePerName() {
        NamedColors.removeAll()
        defer { NamedColors.removeAll() }
        Diagnostics.printsWarnings = false
        defer { Diagnostics.printsWarnings = true }
        let host = HeadlessHost(width: 30, height: 10) {
            HStack(spacing: 0) {
                Kiosk.Color("missing").frame(width: 10)
                Kiosk.Color("missing").frame(width: 10)
                Kiosk.Color("other").frame(width: 10)
            }
        }
        #expect(rgba(host.snapshot(), 5, 5) == [0x8E, 0x8E, 0x93, 255])
        #expect(host.warnings.filter { $0.contains("\"missing\"") }.count == 1)
        #expect(host.warnings.filter { $0.contains("\"other\"") }.count == 1)
        host.advance(by: 0.5)
        #expect(host.warnings.count == 2)
    }

    @Test func colorGradientIsLighterAtTheTopAndTheColourAtTheBottom() {
        let g = Kiosk.Color.red.gradient
        #expect(g.gradient.stops.count == 2)
        #expect(g.gradient.stops[1].color == Kiosk.Color.red)
        let host = HeadlessHost(width: 80, height: 100) {
            VStack(spacing: 0) {
                Rectangle().fill(.red.gradient).frame(width: 80, height: 50)
                Circle().fill(AnyGradient(Gradient(colors: [.blue, .green]))).frame(width: 50, height: 50)
            }
        }
        let s = host.snapshot()
        let top = rgba(s, 40, 0), bottom = rgba(s, 40, 49)
        // #FF3B30 red: 20 % toward white at the top (≈ #FF625A), the colour at the bottom.
        #expect(top[0] == 255 && abs(Int(top[1]) - 98) <= 2 && abs(Int(top[2]) - 89) <= 2)
        #expect(abs(Int(bottom[1]) - 0x3B) <= 2 && abs(Int(bottom[2]) - 0x30) <= 2)
        expectGolden(s, "any-gradient")
    }

    @Test func aGradientAnimatesBetweenColoursLikeALinearGradient() {
        struct V: View {
            @State var on = false
            var body: some View {
                Rectangle().fill(on ? Kiosk.Color.blue.gradient : Kiosk.Color.red.gradient)
                    .onTapGesture { withAnimation(.linear(duration: 1)) { on = true } }
            }
        }
        let host = HeadlessHost(width: 20, height: 20) { V() }
        let before = rgba(host.snapshot(), 10, 19)
        host.tap(x: 10, y: 10)
        host.advance(by: 0.5)
        let middle = rgba(host.snapshot(), 10, 19)
        host.advance(by: 1)
        let after = rgba(host.snapshot(), 10, 19)
        #expect(before != middle && middle != after)
        #expect(abs(Int(after[2]) - 0xFF) <= 1 && abs(Int(after[1]) - 0x7A) <= 2)
    }
}
