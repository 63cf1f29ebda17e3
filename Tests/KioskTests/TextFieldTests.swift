// Text entry (issue 35): the editing model (graphemes, selection, marked text), @FocusState
// and the focus manager, TextField/SecureField/TextEditor driven by taps and keys.
import Testing
@testable import Kiosk
import Raster
import TestSupport

@Suite struct TextEditingModelTests {
    @Test func deleteRemovesOneGraphemeCluster() {
        // A family emoji (7 scalars), a Hangul syllable, e + combining acute, a flag.
        var s = TextEditingState("a👨‍👩‍👧한e\u{301}🇰🇷")
        #expect(s.count == 5)
        s.deleteBackward(); #expect(s.text == "a👨‍👩‍👧한e\u{301}")
        s.deleteBackward(); #expect(s.text == "a👨‍👩‍👧한")
        s.deleteBackward(); #expect(s.text == "a👨‍👩‍👧")
        s.deleteBackward(); #expect(s.text == "a")
        s.deleteBackward(); #expect(s.text == "")
        s.deleteBackward(); #expect(s.text == "")
    }

    @Test func insertReplacesTheSelectionAndMarkedTextIsReplacedUntilCommitted() {
        var s = TextEditingState("hello world")
        s.selectWord(at: 8)
        #expect(s.selection == 6..<11)
        s.insert("there")
        #expect(s.text == "hello there" && s.caret == 11)
        s.setMarked("ㅎ"); s.setMarked("하"); s.setMarked("한")
        #expect(s.text == "hello there한" && s.marked == 11..<12)
        s.insert("!")                      // commits nothing else: the marked syllable is replaced
        #expect(s.text == "hello there!")
        s.setMarked("가"); s.unmark(); s.insert("나")
        #expect(s.text == "hello there!가나" && s.marked == nil)
    }

    @Test func aCombiningMarkTypedAfterALetterJoinsIt() {
        var s = TextEditingState("e")
        s.insert("\u{301}")
        #expect(s.count == 1 && s.caret == 1 && s.text == "e\u{301}")
    }

    @Test func controlCharactersAreDroppedAndBidiControlsKept() {
        #expect(TextEditingState.sanitized("a\u{0}b\u{1B}c\u{7F}\u{85}d", multiline: false) == "abcd")
        #expect(TextEditingState.sanitized("x\u{202E}y", multiline: false) == "x\u{202E}y")
        #expect(TextEditingState.sanitized("1\n2\r\n3", multiline: false) == "123")
        #expect(TextEditingState.sanitized("1\n2", multiline: true) == "1\n2")
    }

    @Test func aMillionCharactersAreCutToTheFieldsLimit() {
        let big = String(repeating: "x", count: 1_000_000)
        var s = TextEditingState(big)
        #expect(s.count == TextEditingState.maxLength)
        s.insert("y")                           // full: nothing more goes in
        #expect(s.count == TextEditingState.maxLength)
    }

    @Test func caretStopsOfRightToLeftTextRunRightToLeft() throws {
        let fonts = try FontLibrary()
        let font = try fonts.font(family: "DejaVu Sans", size: 20)
        let hebrew = "שלום"
        let l = fonts.layout(hebrew, font: font)
        let stops = l.caretStops(scalarCount: hebrew.unicodeScalars.count)
        #expect(stops.count == 5)
        // Logical order runs leftward on screen: each stop left of the one before.
        for i in 1..<stops.count { #expect(stops[i].x < stops[i - 1].x, "stop \(i): \(stops.map(\.x))") }
        let latin = "abc"
        let ls = fonts.layout(latin, font: font).caretStops(scalarCount: 3)
        for i in 1..<ls.count { #expect(ls[i].x > ls[i - 1].x) }
        #expect(ls[0].x == 0)
    }
}

@Suite struct FocusStateTests {
    enum Field: Hashable { case name, code }

    struct TwoFields: View {
        @FocusState var focused: Field?
        @State var name = ""
        @State var code = ""
        let log: Box<[Field?]>
        var body: some View {
            VStack(spacing: 20) {
                TextField("Name", text: $name).focused($focused, equals: .name).frame(width: 200, height: 30)
                TextField("Code", text: $code).focused($focused, equals: .code).frame(width: 200, height: 30)
                Button("Next") { focused = .code }.frame(width: 100, height: 30)
                Text(name + "|" + code)
            }
            .onChange(of: focused) { _, new in log.value.append(new) }
        }
    }

    @Test func aTapFocusesAFieldAndWritesTheBindingThenCodeMovesFocus() {
        let log = Box<[Field?]>([])
        let host = HeadlessHost(width: 300, height: 300, text: FixedAdvanceText()) { TwoFields(log: log) }
        let fields = host.allNodes.filter { $0.view is _EditableText }.map(\.frame)
        #expect(fields.count == 2)
        host.tap(x: Double(fields[0].midX), y: Double(fields[0].midY))
        #expect(log.value == [.name])
        host.type("Ann")
        #expect(host.frame(ofText: "Ann|") != nil)
        // The button sets the focus state: focus moves, typing goes to the second field.
        let button = host.frame(ofText: "Next")!
        host.tap(x: Double(button.midX), y: Double(button.midY))
        host.advance(by: 0.05)
        #expect(log.value == [.name, .code])
        host.type("42")
        #expect(host.frame(ofText: "Ann|42") != nil)
        // Tab moves on in reading order (the button after the code field), Escape gives focus up.
        host.press(.tab)
        #expect(log.value.last == .some(nil))
        host.press(.escape)
        host.type("zz")
        #expect(host.frame(ofText: "Ann|42") != nil)
    }

    struct BoolFocus: View {
        @FocusState var isFocused: Bool
        @State var text = ""
        var body: some View {
            VStack {
                TextField("Search", text: $text).focused($isFocused).frame(width: 200, height: 30)
                Text(isFocused ? "on" : "off")
            }
            .onAppear { isFocused = true }
        }
    }

    @Test func settingABoolFocusStateFocusesTheField() {
        let host = HeadlessHost(width: 300, height: 200, text: FixedAdvanceText()) { BoolFocus() }
        host.advance(by: 0.1)
        #expect(host.frame(ofText: "on") != nil)
        host.type("kiosk")
        #expect(host.allNodes.contains { ($0.view as? _EditableText)?.display == "kiosk" })
    }

    struct PingPong: View {
        @FocusState var focused: Field?
        @State var a = ""
        @State var b = ""
        var body: some View {
            VStack {
                TextField("A", text: $a).focused($focused, equals: .name)
                TextField("B", text: $b).focused($focused, equals: .code)
            }
            .onChange(of: focused) { _, new in focused = new == .name ? .code : .name }
            .onAppear { focused = .name }
        }
    }

    @Test func twoFieldsFocusingEachOtherDoNotHang() {
        let host = HeadlessHost(width: 300, height: 200, text: FixedAdvanceText()) { PingPong() }
        host.advance(by: 0.5)
        #expect(host.frameCount > 0)
        // It says so, but not every frame: the 1st, 2nd, 4th… frame that ran out of passes.
        let loops = host.warnings.filter { $0.contains("state keeps changing") }
        #expect(!loops.isEmpty && loops.count <= 8, "\(loops.count) warnings")
    }

    struct Disabled: View {
        @FocusState var isFocused: Bool
        @State var text = ""
        var body: some View {
            TextField("Off", text: $text).focused($isFocused).disabled(true).frame(width: 200, height: 30)
                .onAppear { isFocused = true }
        }
    }

    @Test func aDisabledFieldTakesNoFocus() {
        let host = HeadlessHost(width: 300, height: 100, text: FixedAdvanceText()) { Disabled() }
        host.advance(by: 0.1)
        host.type("x")
        #expect(host.allNodes.contains { ($0.view as? _EditableText)?.display == "" })
        let f = host.frames(of: _EditableText.self)[0]
        host.tap(x: Double(f.midX), y: Double(f.midY))
        host.type("y")
        #expect(!host.allNodes.contains { ($0.view as? _EditableText)?.display == "y" })
    }
}

@Suite struct TextFieldBehaviourTests {
    struct Form1: View {
        @State var text = ""
        let submitted: Box<[String]>
        var body: some View {
            VStack {
                TextField("Booking code", text: $text)
                    .textFieldStyle(.roundedBorder)
                    .frame(width: 240)
                    .onSubmit { submitted.value.append(text) }
                Text("[\(text)]")
            }
        }
    }

    @Test func typingUpdatesTheBindingOnEveryKeyAndReturnSubmits() {
        let submitted = Box<[String]>([])
        let host = HeadlessHost(width: 320, height: 200, text: FixedAdvanceText()) { Form1(submitted: submitted) }
        let f = host.frames(of: _EditableText.self)[0]
        host.tap(x: Double(f.midX), y: Double(f.midY))
        host.type("AB12")
        #expect(host.frame(ofText: "[AB12]") != nil)
        host.press(.delete)
        #expect(host.frame(ofText: "[AB1]") != nil)
        host.press(.leftArrow)
        host.type("x")
        #expect(host.frame(ofText: "[ABx1]") != nil)
        host.type("\n")
        #expect(submitted.value == ["ABx1"])
        // Return gave focus up: more keys go nowhere.
        host.type("zz")
        #expect(host.frame(ofText: "[ABx1]") != nil)
    }

    @Test func theKeyboardSettingsReachTheScreenThroughTheFrameSource() {
        // `kiosk run --keyboard never --keyboard-layout "de(nodeadkeys)"`: the runner hands both
        // to the source before the first frame; the variant is dropped for the on-screen keys.
        let source = ViewFrameSource(width: 320, height: 200, now: { 0 }) { Form1(submitted: Box([])) }
        let graph = source.renderer.graph
        source.setOnScreenKeyboard(.never, layout: "de(nodeadkeys)")
        #expect(graph.focusIfMade?.keyboardMode == .never)
        #expect(graph.focusIfMade?.keyboardLayout == "de")
        source.setOnScreenKeyboard(.always, layout: "kr")
        source.setHardwareKeyboardAttached(true)
        #expect(graph.focusIfMade?.keyboardMode == .always)
        #expect(graph.focusIfMade?.keyboardLayout == "kr")
    }

    @Test func aScannerTypingAThousandKeysASecondLosesNone() {
        let submitted = Box<[String]>([])
        let host = HeadlessHost(width: 320, height: 200, text: FixedAdvanceText()) { Form1(submitted: submitted) }
        let f = host.frames(of: _EditableText.self)[0]
        host.tap(x: Double(f.midX), y: Double(f.midY))
        let code = "4006381333931ABCDEFGHIJKLMNOPQRSTUVWXYZ0"   // 40 characters, all in one frame
        host.type(code + "\n")
        #expect(submitted.value == [code])
    }

    @Test func tenThousandKeysInOneFrameFinish() {
        let submitted = Box<[String]>([])
        let host = HeadlessHost(width: 320, height: 200, text: FixedAdvanceText()) { Form1(submitted: submitted) }
        let f = host.frames(of: _EditableText.self)[0]
        host.tap(x: Double(f.midX), y: Double(f.midY))
        host.type(String(repeating: "k", count: 10_000))
        #expect(host.allNodes.contains { ($0.view as? _EditableText)?.display.count == 10_000 })
    }

    struct Bound: View {
        @State var text = "start"
        var body: some View {
            VStack {
                TextField("", text: $text).frame(width: 200, height: 30)
                Button("Set") { text = "from code" }.frame(width: 100, height: 30)
            }
        }
    }

    @Test func aTapPlacesTheCaretAndCodeSetsItToTheEnd() {
        let host = HeadlessHost(width: 300, height: 200, text: FixedAdvanceText()) { Bound() }
        host.hardwareKeyboardAttached = true   // typed on keys: no on-screen keyboard over the button
        let f = host.frames(of: _EditableText.self)[0]
        // FixedAdvanceText: 0.6 em (17 pt body: 10.2 pt) per character. Tap between "st" and "art".
        host.tap(x: Double(f.minX) + 10.2 * 2 + 2, y: Double(f.midY))
        host.type("_")
        #expect(host.allNodes.contains { ($0.view as? _EditableText)?.display == "st_art" })
        let b = host.frame(ofText: "Set")!
        host.tap(x: Double(b.midX), y: Double(b.midY))
        #expect(host.allNodes.contains { ($0.view as? _EditableText)?.display == "from code" })
        // The tap on the button was outside the field: focus left. Tap back in at the end.
        host.tap(x: Double(f.maxX) - 2, y: Double(f.midY))
        host.type("!")
        #expect(host.allNodes.contains { ($0.view as? _EditableText)?.display == "from code!" })
        // A double tap selects the word under it; typing replaces it.
        host.tap(x: Double(f.minX) + 10.2 * 1.5, y: Double(f.midY))
        host.tap(x: Double(f.minX) + 10.2 * 1.5, y: Double(f.midY))
        host.type("to")
        #expect(host.allNodes.contains { ($0.view as? _EditableText)?.display == "to code!" })
    }

    struct Secure: View {
        @State var pin = ""
        var body: some View {
            VStack {
                SecureField("PIN", text: $pin).frame(width: 200, height: 30)
                Text("pin=\(pin)")
            }
        }
    }

    @Test func aSecureFieldShowsBulletsAndBindsTheText() {
        let host = HeadlessHost(width: 300, height: 200, text: FixedAdvanceText()) { Secure() }
        let f = host.frames(of: _EditableText.self)[0]
        host.tap(x: Double(f.midX), y: Double(f.midY))
        host.type("1234")
        #expect(host.frame(ofText: "pin=1234") != nil)
        #expect(host.allNodes.contains { ($0.view as? _EditableText)?.display == "••••" })
    }

    @Test func theCaretBlinksOnlyWhileFocusedAndAnUnfocusedFieldCostsNoWakeups() {
        let host = HeadlessHost(width: 300, height: 200, text: FixedAdvanceText()) { Bound() }
        host.hardwareKeyboardAttached = true   // the blinks alone (no keyboard slide frames)
        #expect(host.renderer.nextWakeup == nil)
        let f = host.frames(of: _EditableText.self)[0]
        host.tap(x: Double(f.midX), y: Double(f.midY))
        let frames = host.frameCount
        host.advance(by: 2)
        // Four blinks in two seconds, each a frame.
        #expect(host.frameCount - frames >= 4 && host.frameCount - frames <= 6)
        host.press(.escape)
        host.advance(by: 1)
        let after = host.frameCount
        host.advance(by: 5)
        #expect(host.frameCount == after)
    }

    struct Editor: View {
        @State var notes = "one"
        var body: some View {
            VStack {
                TextEditor(text: $notes).frame(width: 200, height: 100)
                Text(notes.replacingOccurrences(of: "\n", with: "/"))
            }
        }
    }

    @Test func returnInATextEditorTypesANewline() {
        let host = HeadlessHost(width: 300, height: 200, text: FixedAdvanceText()) { Editor() }
        let f = host.frames(of: _EditableText.self)[0]
        host.tap(x: Double(f.maxX) - 2, y: Double(f.minY) + 5)
        host.type("\ntwo")
        #expect(host.frame(ofText: "one/two") != nil)
    }

    struct Keys: View {
        @State var count = 0
        var body: some View {
            Text("n=\(count)").frame(width: 100, height: 40)
                .focusable()
                .onKeyPress(.upArrow) { count += 1; return .handled }
                .onKeyPress(keys: [.downArrow]) { _ in count -= 1; return .handled }
        }
    }

    @Test func onKeyPressGetsKeysWithoutAFocusedViewAndWhenFocused() {
        let host = HeadlessHost(width: 200, height: 100, text: FixedAdvanceText()) { Keys() }
        host.press(.upArrow); host.press(.upArrow); host.press(.downArrow)
        #expect(host.frame(ofText: "n=1") != nil)
        host.press(.tab)                    // focuses the focusable view
        host.press(.upArrow)
        #expect(host.frame(ofText: "n=2") != nil)
    }

    struct Shortcut: View {
        @State var saved = 0
        var body: some View {
            VStack {
                Button("Save") { saved += 1 }.keyboardShortcut("s", modifiers: .control)
                Button("OK") { saved += 10 }.keyboardShortcut(.defaultAction)
                Text("saved \(saved)")
            }
        }
    }

    @Test func keyboardShortcutsPressTheirButtons() {
        let host = HeadlessHost(width: 200, height: 200, text: FixedAdvanceText()) { Shortcut() }
        host.press("s", modifiers: .control)
        #expect(host.frame(ofText: "saved 1") != nil)
        host.press(.return)
        #expect(host.frame(ofText: "saved 11") != nil)
        host.press("s")                      // without the modifier: nothing
        #expect(host.frame(ofText: "saved 11") != nil)
    }

    @Test func tabFocusesButtonsAndSpaceOrReturnPressesThem() {
        let host = HeadlessHost(width: 200, height: 200, text: FixedAdvanceText()) {
            VStack { Shortcut() }
        }
        host.press(.tab)          // Save
        host.press(.space)
        #expect(host.frame(ofText: "saved 1") != nil)
    }
}

@Suite struct TextFieldGoldenTests {
    struct Mid: View {
        @State var text = "Kiosk check-in"
        @State var empty = ""
        @State var pin = "1234"
        var body: some View {
            VStack(alignment: .leading, spacing: 16) {
                TextField("Name", text: $text).textFieldStyle(.roundedBorder)
                TextField("Booking code", text: $empty).textFieldStyle(.roundedBorder)
                SecureField("PIN", text: $pin).textFieldStyle(.roundedBorder)
                TextField("Plain", text: $text)
            }
            .padding(20)
            .frame(width: 320)
        }
    }

    @Test func fieldsMidEditWithCaretAndSelection() {
        let host = HeadlessHost(width: 320, height: 220) { Mid() }
        host.hardwareKeyboardAttached = true   // the fields alone, without the on-screen keyboard
        let f = host.frames(of: _EditableText.self)[0]
        host.tap(x: Double(f.maxX) - 2, y: Double(f.midY))
        host.advance(by: 0.1)
        expectGolden(host.snapshot(), "textfield-caret")
        // A double tap on "check" selects the word.
        host.tap(x: Double(f.minX) + 70, y: Double(f.midY))
        host.tap(x: Double(f.minX) + 70, y: Double(f.midY))
        host.advance(by: 0.1)
        expectGolden(host.snapshot(), "textfield-selection")
    }
}
