// Issue 35's last gaps: a custom `TextFieldStyle` draws its `_body(configuration:)`, a vertical
// field grows to its `lineLimit` and then scrolls, `.onKeyPress` phases and propagation, the
// placeholder's secondary colour (a pixel, not a golden), a bound text of 10⁶ characters, and a
// scan with no focused field logged once.

import Testing
@testable import Kiosk
import Raster
import TestSupport

@Suite struct TextEntryFinishTests {
    /// The text field models on the host's screen, in tree order.
    func models(_ host: HeadlessHost) -> [TextFieldModel] {
        HeadlessHost.onMainQueue {
            var found: [TextFieldModel] = []
            func walk(_ n: Node) {
                if let e = n.primitive as? _EditableText { found.append(e.model) }
                n.children.forEach(walk)
            }
            walk(host.renderer.graph.root)
            return found
        }
    }

    // MARK: A custom TextFieldStyle

    /// A style of the app's own: the field on a red card with 12 points of padding.
    struct CardFieldStyle: TextFieldStyle {
        func _body(configuration: TextField<_Label>) -> some View {
            configuration
                .padding(12)
                .background(Color.red)
        }
    }

    struct Styled: View {
        let log: TextLog
        @State var text = ""
        var body: some View {
            VStack(alignment: .leading) {
                TextField("Code", text: $text)
                    .textFieldStyle(CardFieldStyle())
                    .frame(width: 300)
                    .onChange(of: text) { _, new in log.text = new }
                Spacer()
            }
            .padding(20)
            .background(Color.white)
        }
    }

    final class TextLog { var text = "" }

    @Test func aCustomTextFieldStyleDrawsItsBody() {
        let log = TextLog()
        let h = HeadlessHost(width: 400, height: 200, text: FixedAdvanceText()) { Styled(log: log) }
        h.hardwareKeyboardAttached = true
        h.advance(by: 0.1)
        guard let m = models(h).first else { Issue.record("no field"); return }
        let field = HeadlessHost.onMainQueue { m.frame }
        // The card: red in the padding around the field (above its top edge, left of it), white
        // outside the card.
        let s = h.snapshot()
        let above = s.pixel(x: Int(field.midX), y: Int(field.minY) - 6)
        let left = s.pixel(x: Int(field.minX) - 6, y: Int(field.midY))
        // `Color.red` is iOS's system red, (255, 59, 48).
        let aboveRed = above.r > 240 && above.g < 80 && above.b < 70
        let leftRed = left.r > 240 && left.g < 80 && left.b < 70
        #expect(aboveRed, "padding above the field: \(above), field \(field)")
        #expect(leftRed, "padding left of the field: \(left), field \(field)")
        let outside = s.pixel(x: Int(field.minX) - 16, y: Int(field.midY))
        #expect(outside.r > 240 && outside.g > 240 && outside.b > 240, "outside the card: \(outside)")
        // The field inside the style still edits: a tap on the card's field, then keys.
        h.tap(x: Double(field.midX), y: Double(field.midY))
        h.type("AB12")
        #expect(log.text == "AB12")
    }

    // MARK: axis: .vertical up to lineLimit, then scrolling

    struct Notes: View {
        @State var text = ""
        var body: some View {
            VStack {
                TextField("Notes", text: $text, axis: .vertical)
                    .lineLimit(1...3)
                    .frame(width: 300)
                Spacer()
            }
        }
    }

    @Test func aVerticalFieldGrowsToItsLineLimitThenScrolls() {
        let h = HeadlessHost(width: 400, height: 300, text: FixedAdvanceText()) { Notes() }
        h.hardwareKeyboardAttached = true
        h.advance(by: 0.1)
        guard let m = models(h).first else { Issue.record("no field"); return }
        let one = HeadlessHost.onMainQueue { m.frame.height }
        let f = HeadlessHost.onMainQueue { m.frame }
        h.tap(x: Double(f.midX), y: Double(f.midY))
        var heights: [CGFloat] = [one]
        for line in ["b", "c", "d", "e"] {
            h.type("\n" + line)
            h.advance(by: 0.1)
            heights.append(HeadlessHost.onMainQueue { m.frame.height })
        }
        let lineHeight = HeadlessHost.onMainQueue { m.geometry.lineHeight }
        #expect(lineHeight > 0)
        // One line, two, three; then it stays three lines tall.
        #expect(abs(heights[1] - heights[0] - lineHeight) < 1, "\(heights)")
        #expect(abs(heights[2] - heights[1] - lineHeight) < 1, "\(heights)")
        #expect(heights[3] == heights[2] && heights[4] == heights[2], "\(heights)")
        // Five lines in three: scrolled by two lines so the caret's (last) line shows.
        let (scroll, caretY) = HeadlessHost.onMainQueue { (m.scroll.y, m.geometry.point(m.editing.caret).y) }
        #expect(abs(scroll - 2 * lineHeight) < 1, "scroll \(scroll), line \(lineHeight)")
        #expect(caretY - scroll >= 0 && caretY - scroll < heights[4], "caret y \(caretY) shown at \(caretY - scroll)")
        #expect(HeadlessHost.onMainQueue { m.editing.text } == "\nb\nc\nd\ne")
        // Back up the text: the view scrolls to keep the caret in view.
        h.press(.upArrow); h.press(.upArrow); h.press(.upArrow); h.press(.upArrow)
        h.advance(by: 0.1)
        #expect(HeadlessHost.onMainQueue { m.scroll.y } < 1, "the first line shows again")
    }

    // MARK: onKeyPress phases and propagation

    final class KeyLog { var events: [String] = [] }

    struct PhaseKeys: View {
        let log: KeyLog
        let innerResult: KeyPress.Result
        var body: some View {
            VStack {
                Text("inner").frame(width: 100, height: 40)
                    .focusable()
                    .onKeyPress(phases: .all) { press in
                        guard press.key == "x" else { return .ignored }
                        log.events.append("inner \(Self.name(press.phase)) \(press.key)")
                        return innerResult
                    }
            }
            .onKeyPress(phases: .all) { press in
                guard press.key == "x" else { return .ignored }   // Tab still moves focus
                log.events.append("outer \(Self.name(press.phase)) \(press.key)")
                return .handled
            }
        }
        static func name(_ p: KeyPress.Phases) -> String {
            p == .down ? "down" : p == .repeat ? "repeat" : p == .up ? "up" : "?"
        }
    }

    func keyHost(_ log: KeyLog, inner: KeyPress.Result) -> HeadlessHost {
        let h = HeadlessHost(width: 200, height: 100, text: FixedAdvanceText()) { PhaseKeys(log: log, innerResult: inner) }
        h.advance(by: 0.1)
        h.press(.tab)                       // focuses the inner view
        log.events.removeAll()
        return h
    }

    func send(_ h: HeadlessHost, _ phases: [KeyPress.Phases], _ key: KeyEquivalent) {
        HeadlessHost.onMainQueue {
            for p in phases { h.renderer.key(KeyPress(phase: p, key: key)) }
        }
        h.advance(by: 1.0 / 60)
    }

    @Test func onKeyPressSeesDownRepeatAndUpAndHandledStopsThere() {
        let log = KeyLog()
        let h = keyHost(log, inner: .handled)
        send(h, [.down, .repeat, .repeat, .up], "x")
        #expect(log.events == ["inner down x", "inner repeat x", "inner repeat x", "inner up x"])
    }

    @Test func ignoredKeysGoOnToTheEnclosingHandler() {
        let log = KeyLog()
        let h = keyHost(log, inner: .ignored)
        send(h, [.down, .repeat, .up], "x")
        #expect(log.events == ["inner down x", "outer down x", "inner repeat x", "outer repeat x", "inner up x", "outer up x"])
    }

    struct DefaultPhases: View {
        let log: KeyLog
        var body: some View {
            Text("k").frame(width: 100, height: 40).focusable()
                .onKeyPress(keys: ["a"]) { press in
                    log.events.append(PhaseKeys.name(press.phase))
                    return .handled
                }
        }
    }

    @Test func theDefaultPhasesAreDownAndRepeat() {
        let log = KeyLog()
        let h = HeadlessHost(width: 200, height: 100, text: FixedAdvanceText()) { DefaultPhases(log: log) }
        h.advance(by: 0.1)
        h.press(.tab)
        send(h, [.down, .repeat, .up], "a")
        send(h, [.down, .up], "b")          // not its key
        #expect(log.events == ["down", "repeat"])
    }

    // MARK: The placeholder in the secondary colour

    struct Placeholder: View {
        @State var text = ""
        var body: some View {
            VStack(alignment: .leading) {
                TextField("Booking code", text: $text).frame(width: 360, height: 40)
                Spacer()
            }
            .padding(20)
            .background(Color.white)
        }
    }

    /// The darkest pixel in `rect` (the least of r, g, b summed).
    func darkest(_ s: Surface, in rect: CGRect) -> (r: Int, g: Int, b: Int) {
        var best = (r: 255, g: 255, b: 255)
        for y in max(0, Int(rect.minY))..<min(s.height, Int(rect.maxY)) {
            for x in max(0, Int(rect.minX))..<min(s.width, Int(rect.maxX)) {
                let p = s.pixel(x: x, y: y)
                if Int(p.r) + Int(p.g) + Int(p.b) < best.r + best.g + best.b { best = (Int(p.r), Int(p.g), Int(p.b)) }
            }
        }
        return best
    }

    @Test func thePlaceholderIsDrawnInTheSecondaryColour() {
        let h = HeadlessHost(width: 400, height: 200, text: FixedAdvanceText()) { Placeholder() }
        h.hardwareKeyboardAttached = true
        h.advance(by: 0.1)
        guard let m = models(h).first else { Issue.record("no field"); return }
        let field = HeadlessHost.onMainQueue { m.frame }
        // The placeholder's ink is UIKit's placeholderText grey (0x3C3C43 at 30 % over white ≈
        // 0xC4C4C7 solid), never the label's black. FixedAdvanceText draws solid boxes, so the
        // darkest pixel is the colour itself.
        let ink = darkest(h.snapshot(), in: field)
        let inkOK = abs(ink.r - 0xC4) <= 6 && abs(ink.g - 0xC4) <= 6 && abs(ink.b - 0xC7) <= 6
        #expect(inkOK, "placeholder ink \(ink) in \(field)")
        #expect(ink.b >= ink.r, "a bluish grey, as UIKit's placeholderText")
        // Typed text replaces it in the label colour (black).
        h.tap(x: Double(field.midX), y: Double(field.midY))
        h.type("AB")
        h.advance(by: 0.6)                  // the caret blinks off: only the text is dark
        let typed = darkest(h.snapshot(), in: field)
        #expect(typed.r < 30 && typed.g < 30 && typed.b < 30, "typed ink \(typed)")
    }

    // MARK: Many keystrokes leave nothing running

    /// Taps `name` on the mounted keyboard as the typing benchmark does: finger down for one
    /// 60 Hz frame, up the next.
    func tapKey(_ h: HeadlessHost, _ k: MountedKeyboard, _ name: String) {
        let p = k.centre(name)
        let id = h.beginTouch(x: Double(p.x), y: Double(p.y))
        h.advance(by: 1.0 / 60)
        h.endTouch(id, x: Double(p.x), y: Double(p.y))
        h.advance(by: 1.0 / 60)
    }

    /// Frames drawn over `seconds` with nothing touched.
    func framesOver(_ h: HeadlessHost, _ seconds: Double) -> Int {
        let before = h.frameCount
        h.advance(by: seconds)
        return h.frameCount - before
    }

    @Test(arguments: [(5, 800, 600), (240, 800, 600), (80, 1920, 1080)])
    func afterManyKeystrokesOnlyTheCaretBlinks(keystrokes: Int, width: Int, height: Int) {
        let log = SubmitLog()
        let h = HeadlessHost(width: width, height: height, text: FixedAdvanceText()) { TopFieldForm(log: log) }
        h.advance(by: 0.1)
        h.tap(x: 100, y: 32)
        h.advance(by: 0.6)
        let k = MountedKeyboard(width: width, height: height)
        // Rounds of 40 letters then 40 deletes (the benchmark's), cut at `keystrokes`.
        let letters = Array("kioskcheckinbookingcodeforthemuseumtourx")
        for i in 0..<keystrokes {
            let j = i % 80
            tapKey(h, k, j < 40 ? String(letters[j]) : "⌫")
        }
        #expect(log.text.count == (keystrokes % 80 < 40 ? keystrokes % 80 : 80 - keystrokes % 80),
                "every key arrived: \(log.text)")
        // The caret blinks every \(TextFieldModel.blinkInterval) s: 6 frames in 3 s, and nothing else
        // (no key bubble, delete repeat or animation left running from the typing).
        let blinks = Int((3 / TextFieldModel.blinkInterval).rounded())
        let frames = framesOver(h, 3)
        #expect(frames <= blinks + 1, "\(frames) frames in 3 s after \(keystrokes) keystrokes")
        #expect(frames >= blinks - 1, "the caret still blinks: \(frames) frames")
    }

    // MARK: Bad input

    struct Huge: View {
        let log: TextLog
        @State var text = String(repeating: "x", count: 1_000_000)
        var body: some View {
            VStack {
                TextField("Huge", text: $text).frame(width: 300, height: 40)
                    .onChange(of: text) { _, new in log.text = new }
                Spacer()
            }
        }
    }

    @Test func aBoundTextOfAMillionCharactersIsCutWithAWarning() {
        let log = TextLog()
        let h = HeadlessHost(width: 400, height: 200, text: FixedAdvanceText()) { Huge(log: log) }
        h.hardwareKeyboardAttached = true
        h.advance(by: 0.1)
        guard let m = models(h).first else { Issue.record("no field"); return }
        #expect(HeadlessHost.onMainQueue { m.editing.count } == TextEditingState.maxLength)
        #expect(h.warnings.filter { $0.contains("1000000 characters") }.count == 1, "\(h.warnings)")
        // An edit writes the shortened text back (the field is full: the key adds nothing).
        let f = HeadlessHost.onMainQueue { m.frame }
        h.tap(x: Double(f.midX), y: Double(f.midY))
        h.press(.end)
        h.type("y")
        h.press(.delete)
        #expect(log.text.count == TextEditingState.maxLength - 1)
    }

    struct Unfocused: View {
        @State var text = ""
        var body: some View {
            VStack { TextField("Code", text: $text).frame(width: 300, height: 40); Spacer() }
        }
    }

    @Test func aScanWithNoFocusedFieldIsLoggedOnce() {
        let h = HeadlessHost(width: 400, height: 200, text: FixedAdvanceText()) { Unfocused() }
        h.hardwareKeyboardAttached = true
        h.advance(by: 0.1)
        let logs = { HeadlessHost.onMainQueue { h.renderer.graph.focus.droppedTextLogs } }
        #expect(logs() == 0)
        h.type("KIOSK-0001\n")
        #expect(logs() == 1)
        h.type("KIOSK-0002\n")                 // a second scan: dropped, not logged again
        h.press(.tab)                          // keys that type nothing are not "dropped text"
        #expect(logs() == 1)
        let ms = models(h)
        #expect(HeadlessHost.onMainQueue { ms.first?.editing.text } == "", "Tab focused the field after the scans; nothing typed")
    }
}
