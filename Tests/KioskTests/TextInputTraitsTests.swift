// Text input traits SwiftUI code sets on its fields: `.textContentType(_:)` and
// `.autocorrectionDisabled()` (and its older spelling `.disableAutocorrection(_:)`) are accepted
// and harmless — kiosk has no autofill and no autocorrection, so a field with them types, draws
// and capitalises exactly as one without; `.textInputAutocapitalization(_:)` drives the on-screen
// keyboard's shift (AutocapitalizationTests has its rules), also when combined with the other two.
import Testing
@testable import Kiosk
import Raster
#if canImport(Glibc)
import Glibc
#endif

@Suite struct TextInputTraitsTests {
    final class Box { var text = "" }

    /// A field with every trait SwiftUI forms set on a name or email field, or with none.
    struct Form: View {
        let box: Box
        let traits: Bool
        let caps: TextInputAutocapitalization?
        @State var text = ""
        var body: some View {
            VStack {
                if traits {
                    TextField("Name", text: $text)
                        .textContentType(.name)
                        .autocorrectionDisabled()
                        .disableAutocorrection(true)
                        .modifier(AutocapitalizationTests.Caps(caps: caps))
                        .frame(height: 30)
                } else {
                    TextField("Name", text: $text)
                        .modifier(AutocapitalizationTests.Caps(caps: caps))
                        .frame(height: 30)
                }
                Spacer()
            }
            .onChange(of: text) { _, new in box.text = new }
        }
    }

    /// Focuses the form's field, taps `keys` on the mounted keyboard; the text and the last frame.
    func typed(traits: Bool, caps: TextInputAutocapitalization? = nil, _ keys: String...) -> (String, Surface) {
        let box = Box()
        let host = HeadlessHost(width: 800, height: 600) { Form(box: box, traits: traits, caps: caps) }
        MountedKeyboard().focusFirstField(of: host, thenTap: keys)
        host.advance(by: 2)
        return (box.text, host.snapshot().copy())
    }

    @Test func contentTypeAndAutocorrectionCompileAndChangeNothing() {
        // Every content type and both autocorrection spellings build, nil included.
        let types: [UITextContentType?] = [.name, .givenName, .familyName, .emailAddress, .telephoneNumber, .username,
                                           .password, .newPassword, .oneTimeCode, .postalCode, .URL, .fullStreetAddress,
                                           UITextContentType(rawValue: "custom"), nil]
        for t in types {
            let host = HeadlessHost(width: 300, height: 100) {
                TextField("x", text: .constant("abc")).textContentType(t).autocorrectionDisabled(false)
                    .disableAutocorrection(nil)
            }
            host.advance(by: 0.1)
            #expect(host.frames(of: _EditableText.self).count == 1)
        }
        // Typed through the keyboard: the same text (iOS's sentence capital included; no word
        // is corrected) and the same pixels, caret and keyboard included.
        let plain = typed(traits: false, "t", "e", "h", "space", "c", "a", "t")
        let withTraits = typed(traits: true, "t", "e", "h", "space", "c", "a", "t")
        #expect(plain.0 == "Teh cat")
        #expect(withTraits.0 == plain.0)
        #expect(samePixels(withTraits.1, plain.1))
    }

    func samePixels(_ a: Surface, _ b: Surface) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        for y in 0..<a.height where memcmp(a.row(y), b.row(y), a.width * 4) != 0 { return false }
        return true
    }

    @Test func autocapitalizationStillAppliesWithTheOtherTraits() {
        #expect(typed(traits: true, caps: .words, "a", "b", "space", "c").0 == "Ab C")
        #expect(typed(traits: true, caps: .never, "a", "b").0 == "ab")
        #expect(typed(traits: true, caps: .characters, "a", "b").0 == "AB")
    }

    @Test func theEnvironmentRecordsAutocorrectionDisabled() {
        final class Seen { var values: [Int: Bool] = [:] }
        struct Reader: View {
            let seen: Seen
            let n: Int
            @Environment(\.autocorrectionDisabled) var disabled
            var body: some View {
                seen.values[n] = disabled
                return Text("x")
            }
        }
        let seen = Seen()
        let host = HeadlessHost(width: 200, height: 200) {
            VStack {
                Reader(seen: seen, n: 0)
                Reader(seen: seen, n: 1).autocorrectionDisabled()
                Reader(seen: seen, n: 2).disableAutocorrection(true)
                VStack { Reader(seen: seen, n: 3).autocorrectionDisabled(false) }.autocorrectionDisabled()
                VStack { Reader(seen: seen, n: 4) }.autocorrectionDisabled()
            }
        }
        host.advance(by: 0.1)
        #expect(seen.values == [0: false, 1: true, 2: true, 3: false, 4: true])
    }

    @Test func hardwareKeysIgnoreTheTraits() {
        let box = Box()
        let host = HeadlessHost(width: 800, height: 600) { Form(box: box, traits: true, caps: .characters) }
        host.onScreenKeyboard = .never
        host.advance(by: 0.1)
        let f = host.frames(of: _EditableText.self)[0]
        host.tap(x: Double(f.midX), y: Double(f.midY))
        host.advance(by: 0.1)
        host.type("teh cat")
        host.advance(by: 0.1)
        // A hardware keyboard types what its keys say: no capitals added, nothing corrected.
        #expect(box.text == "teh cat")
    }
}
