// Autocapitalization: the on-screen keyboard turns shift on by itself where the field's
// `.textInputAutocapitalization` asks for a capital, as iOS's keyboard does; email, URL and
// secure fields default to none. Typed through the mounted keyboard's keys.
import Testing
@testable import Kiosk
import Raster

@Suite struct AutocapitalizationTests {
    final class Box { var text = "" }

    struct Field: View {
        let box: Box
        let caps: TextInputAutocapitalization?
        let type: UIKeyboardType
        let secure: Bool
        @State var text = ""
        var body: some View {
            VStack {
                Group {
                    if secure { SecureField("Secret", text: $text) } else { TextField("Text", text: $text) }
                }
                .keyboardType(type)
                .modifier(Caps(caps: caps))
                .frame(height: 30)
                Spacer()
            }
            .onChange(of: text) { _, new in box.text = new }
        }
    }
    struct Caps: ViewModifier {
        let caps: TextInputAutocapitalization?
        func body(content: Content) -> some View {
            if let caps { content.textInputAutocapitalization(caps) } else { content }
        }
    }

    /// Focuses a field with `caps` (nil: not set), taps `keys` on the keyboard, returns the text.
    func typed(_ caps: TextInputAutocapitalization?, type: UIKeyboardType = .default, secure: Bool = false,
               _ keys: String...) -> String {
        let box = Box()
        let host = HeadlessHost(width: 800, height: 600) { Field(box: box, caps: caps, type: type, secure: secure) }
        MountedKeyboard().focusFirstField(of: host, thenTap: keys)
        return box.text
    }

    @Test func sentencesCapitaliseTheStartAndAfterASentenceEnd() {
        #expect(typed(nil, "h", "i", ".", "space", "o", "k", "space", "y", "o") == "Hi. Ok yo")
        #expect(typed(.sentences, "a", "space", "b") == "A b")
        // Deleting back to the start turns shift on again.
        #expect(typed(nil, "x", "⌫", "y", "z") == "Yz")
        // A period without a space is no sentence end yet (3.5, example.com).
        #expect(typed(nil, "a", ".", "b") == "A.b")
    }

    @Test func wordsCharactersAndNever() {
        #expect(typed(.words, "a", "b", "space", "c", "d") == "Ab Cd")
        #expect(typed(.characters, "a", "b", "space", "c") == "AB C")
        #expect(typed(.never, "a", "b", ".", "space", "c") == "ab. c")
    }

    @Test func emailURLAndSecureFieldsDefaultToNeverButCanBeSet() {
        #expect(typed(nil, type: .emailAddress, "a", "b") == "ab")
        #expect(typed(nil, type: .URL, "a", "b") == "ab")
        #expect(typed(nil, secure: true, "a", "b") == "ab")
        #expect(typed(.words, type: .emailAddress, "a", "b") == "Ab")
    }

    @Test func theShiftKeyShowsTheAutomaticShiftAndTheUserCanTurnItOff() {
        let rule = TextInputAutocapitalization.sentences
        #expect(rule.wantsCapital(after: Array("")) && rule.wantsCapital(after: Array("Hi! ")))
        #expect(rule.wantsCapital(after: Array("Hi?  ")) && rule.wantsCapital(after: Array("line\n")))
        #expect(!rule.wantsCapital(after: Array("Hi ")) && !rule.wantsCapital(after: Array("3.")))
        #expect(TextInputAutocapitalization.words.wantsCapital(after: Array("a ")))
        #expect(!TextInputAutocapitalization.words.wantsCapital(after: Array("a")))
        // Shift on at the start; the user taps it off and types a small letter.
        let box = Box()
        let host = HeadlessHost(width: 800, height: 600) { Field(box: box, caps: nil, type: .default, secure: false) }
        host.advance(by: 0.1)
        let f = host.frames(of: _EditableText.self)[0]
        host.tap(x: Double(f.midX), y: Double(f.midY))
        host.advance(by: 0.5)
        var k = MountedKeyboard()
        let shiftKey = KeyboardGeometry.keys(k.config, width: k.width).first { $0.key.kind == .shift }!
        let shown = host.snapshot().copy()
        host.tap(x: Double(shiftKey.frame.midX), y: Double(shiftKey.frame.midY + k.top))
        host.advance(by: 0.4)
        // The shift key's face changed (on: white with a filled arrow; off: grey).
        let p = CGPoint(x: shiftKey.frame.minX + 4, y: shiftKey.frame.minY + k.top + 4)
        #expect(rgba(shown, Int(p.x), Int(p.y)) != rgba(host.snapshot(), Int(p.x), Int(p.y)))
        k.tap(host, "a")
        host.advance(by: 0.1)
        #expect(box.text == "a")
        k.config.type = .default
    }
}
