// String(format:) without Foundation: C's formatting for numbers, Swift values for %@, and the
// documented results for mismatched arguments.
import Testing
@testable import Kiosk

/// The public array spelling, with `[Any]` so Foundation's `[CVarArg]` one is not chosen.
private func kf(_ format: String, _ arguments: Any...) -> String { String(format: format, arguments: arguments) }

@Suite struct StringFormatTests {
    @Test(arguments: [
        ("%d", [42] as [Any], "42"),
        ("%5d|%-5d|%05d", [42, 42, 42], "   42|42   |00042"),
        ("%+d % d", [7, 7], "+7  7"),
        ("%i %u", [-3, 3], "-3 3"),
        ("%02d:%02d", [4, 9], "04:09"),
        ("%x %X %#x %o", [255, 255, 255, 8], "ff FF 0xff 10"),
        ("%x", [-1], "ffffffff"),
        ("%lx", [-1], "ffffffffffffffff"),
        ("%d", [5_000_000_000], "705032704"),
        ("%ld", [5_000_000_000], "5000000000"),
        ("%hhd", [300], "44"),
        ("%u", [-1], "4294967295"),
        ("%f", [3.14159], "3.141590"),
        ("%.2f", [2.5], "2.50"),
        ("%.0f", [2.5], "2"),
        ("%8.3f|%-8.1f|", [3.14159, 2.0], "   3.142|2.0     |"),
        ("%e", [12345.678], "1.234568e+04"),
        ("%g %g", [0.0001, 1234567.0], "0.0001 1.23457e+06"),
        ("%.1f%%", [99.44], "99.4%"),
        ("%s and %@", ["left", "right"], "left and right"),
        ("%5s|%-5s|%.2s", ["ab", "ab", "abcdef"], "   ab|ab   |ab"),
        ("%c%c", [72, Character("i")], "Hi"),
        ("%2$@ %1$@", ["world", "hello"], "hello world"),
        ("%*d", [5, 42], "   42"),
        ("%.*f", [1, 2.25], "2.2"),
        ("%f", [Float(1.5)], "1.500000"),
        ("%@", [[1, 2]], "[1, 2]"),
        ("%d%%", [UInt8(50)], "50%"),
        ("%f", [Double.nan], "nan"),
        ("%.1f", [-Double.infinity], "-inf"),
    ])
    func formats(_ format: String, _ args: [Any], _ expected: String) {
        #expect(String(format: format, arguments: args) == expected)
    }

    // The variadic spelling `String(format: "%d", 3)` is not tested here: Swift Testing imports
    // Foundation, whose `CVarArg...` initializer wins in this file (as it does in any file that
    // imports Foundation; see StringFormat.swift). The array spelling is kiosk's alone.

    @Test func mismatchesHaveDocumentedResults() {
        #expect(kf("%d", 3.9) == "3")                 // truncated toward zero
        #expect(kf("%d", -3.9) == "-3")
        #expect(kf("%d", Double.nan) == "0")
        #expect(kf("%f", 2) == "2.000000")            // an integer is converted
        #expect(kf("%d and %d", 1) == "1 and %d")     // missing: as written
        #expect(kf("%d", "seven") == "%d")            // wrong kind: as written
        #expect(kf("%k %d", 1) == "%k 1")             // unknown directive: as written
        #expect(kf("%d", 1, 2, 3) == "1")             // extra arguments ignored
        #expect(kf("%@", Optional<String>.none as Any) == "(null)")
        #expect(kf("%@", Optional("x") as Any) == "x")
        #expect(kf("50%") == "50%")                   // a lone % at the end stays
        #expect(kf("a%nb", 1) == "ab")                // %n writes nothing
        #expect(kf("%99999999d", 1).count <= 100_001) // width clamped
        #expect(kf("") == "")
        #expect(kf("ünïcødé %d €", 1) == "ünïcødé 1 €")
    }
}
