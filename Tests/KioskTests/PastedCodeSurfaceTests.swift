// Small SwiftUI spellings pasted code uses (found compiling public animation programs):
// UIKit colour names, safe-area modifiers (kiosk's safe area is empty), preview metadata.
import Testing
@testable import Kiosk

@Suite struct PastedCodeSurfaceTests {
    @Test func uiKitColourNamesFollowTheColourScheme() {
        func byte(_ x: Double) -> Int { Int((x * 255).rounded()) }
        let g5 = Kiosk.Color(.systemGray5)
        #expect(byte(g5.resolved(.light).r) == 0xE5 && byte(g5.resolved(.light).b) == 0xEA)
        #expect(byte(g5.resolved(.dark).r) == 0x2C && byte(g5.resolved(.dark).b) == 0x2E)
        #expect(Kiosk.Color(uiColor: .systemRed) == Kiosk.Color.red)
        #expect(Kiosk.Color(.red).resolved(.light).g == 0)           // UIKit's plain red is pure
        #expect(abs(Kiosk.Color(.secondaryLabel).resolved(.light).a - 0.6) < 1e-12)
        let host = HeadlessHost(width: 20, height: 20) { Kiosk.Color(.systemGray) }
        #expect(rgba(host.snapshot(), 10, 10) == [0x8E, 0x8E, 0x93, 255])
    }

    @Test func ignoringAnEmptySafeAreaChangesNothing() {
        let plain = HeadlessHost(width: 100, height: 60) { Kiosk.Color.blue.frame(width: 40, height: 20) }
        let ignoring = HeadlessHost(width: 100, height: 60) {
            Kiosk.Color.blue.frame(width: 40, height: 20).ignoresSafeArea().edgesIgnoringSafeArea(.all)
        }
        #expect(plain.frames(of: Kiosk.Color.self) == ignoring.frames(of: Kiosk.Color.self))
        #expect(ignoring.warnings.isEmpty)
    }

    @Test func previewMetadataCompilesAndLeavesTheViewAlone() {
        struct P: PreviewProvider {
            static var previews: some View {
                Text("x").previewLayout(.sizeThatFits).previewDisplayName("small").previewLayout(.fixed(width: 10, height: 10))
            }
        }
        #expect(P.previews is Text)
    }
}
