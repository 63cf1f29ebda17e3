// `import SwiftUI` (the SwiftUI target): code written for Apple's SwiftUI compiles unchanged,
// with Foundation's formatters and string API beside the views, and the geometry names mean
// kiosk's. This file imports nothing of kiosk but SwiftUI (no @testable).
import SwiftUI
import Testing

/// A view as written for iOS: Foundation's formatting inside a body.
private struct PriceTag: View {
    let price: Double
    let weight: Double
    let name: String
    private static let currency: NumberFormatter = {
        let f = NumberFormatter()
        f.numberStyle = .decimal
        f.minimumFractionDigits = 2
        f.maximumFractionDigits = 2
        return f
    }()
    private var inset: CGFloat { 8 }
    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(name.trimmingCharacters(in: .whitespaces))
            Text(PriceTag.currency.string(from: NSNumber(value: price)) ?? "?")
            Text(weight.formatted(.number.precision(.fractionLength(1))))
            Text(name.components(separatedBy: " ").filter { !$0.isEmpty }.joined(separator: "-"))
        }
        .padding(inset)
        .frame(width: 200, height: 120, alignment: .topLeading)
    }
}

@Suite struct SwiftUIModuleTests {
    @Test func typicalSwiftUICodeCompilesAndRenders() {
        let host = HeadlessHost(width: 240, height: 140) { PriceTag(price: 3.5, weight: 2.25, name: "  Green tea ") }
        #expect(host.frame(ofText: "Green tea") != nil)
        #expect(host.frame(ofText: "3.50") != nil)
        #expect(host.frame(ofText: "2.2") != nil || host.frame(ofText: "2.3") != nil)
        #expect(host.frame(ofText: "Green-tea") != nil)
        #expect(host.warnings.isEmpty)
    }

    @Test func foundationAPIIsThere() {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        #expect(formatter.string(from: Date(timeIntervalSince1970: 0)) == "1970-01-01")
        let distance = Measurement(value: 1500, unit: UnitLength.meters)
        #expect(distance.converted(to: .kilometers).value == 1.5)
        let name = "Ada"
        #expect(String(localized: "Hello, \(name)") == "Hello, Ada")
        #expect((42).formatted() == "42")
    }

    @Test func geometryNamesAreKiosks() {
        let r = CGRect(x: 0, y: 0, width: 10, height: 20)
        let f: CGFloat = 2
        let d: Double = f          // kiosk's CGFloat is Double
        #expect(type(of: r) == Kiosk.CGRect.self)
        #expect(CGFloat.self == Double.self && d == 2)
        #expect(CGSize(width: 1, height: 2).height == 2 && CGPoint.zero.x == 0)
        #expect(Foundation.CGRect(x: 0, y: 0, width: 1, height: 1).width == 1)
    }
}
