// Issue 35 audit gaps: `.defaultFocus`, a long press selecting a word, a drag moving the caret,
// a long line scrolling to keep the caret visible, and a scan with no focused field dropped.

import Testing
@testable import Kiosk
import TestSupport

@Suite struct TextEntryGapTests {
    enum Field: Hashable { case first, second }

    struct TwoFields: View {
        @State var a = "hello world"
        @State var b = ""
        @FocusState var focus: Field?
        var body: some View {
            VStack {
                TextField("A", text: $a).focused($focus, equals: .first).frame(width: 600, height: 40)
                TextField("B", text: $b).focused($focus, equals: .second).frame(width: 600, height: 40)
                Spacer()
            }
            .defaultFocus($focus, .second)
        }
    }

    func model(_ host: HeadlessHost, _ index: Int) -> TextFieldModel? {
        HeadlessHost.onMainQueue {
            var found: [TextFieldModel] = []
            func walk(_ n: Node) {
                if let e = n.primitive as? _EditableText { found.append(e.model) }
                n.children.forEach(walk)
            }
            walk(host.renderer.graph.root)
            return index < found.count ? found[index] : nil
        }
    }

    func host() -> HeadlessHost {
        let h = HeadlessHost(width: 800, height: 600, text: FixedAdvanceText()) { TwoFields() }
        h.hardwareKeyboardAttached = true
        h.advance(by: 0.1)
        return h
    }

    /// The screen point of caret offset `offset` in field `index`.
    func point(_ host: HeadlessHost, _ index: Int, _ offset: Int) -> CGPoint {
        HeadlessHost.onMainQueue {
            guard let m = model(host, index) else { return .zero }
            let p = m.geometry.point(offset)
            return CGPoint(x: m.frame.minX + p.x - m.scroll.x, y: m.frame.midY)
        }
    }

    @Test func defaultFocusFocusesTheFieldWhenTheScreenFirstShows() {
        let h = host()
        #expect(model(h, 1)?.isFocused == true && model(h, 0)?.isFocused == false)
        h.type("hi")
        #expect(model(h, 1)?.editing.text == "hi")
    }

    @Test func aLongPressSelectsTheWordUnderTheFinger() {
        let h = host()
        let p = point(h, 0, 8)   // inside "world"
        let id = h.beginTouch(x: Double(p.x), y: Double(p.y))
        h.advance(by: 0.7)
        h.endTouch(id, x: Double(p.x), y: Double(p.y))
        h.advance(by: 0.1)
        #expect(model(h, 0)?.isFocused == true)
        #expect(model(h, 0)?.editing.selection == 6..<11, "\(String(describing: model(h, 0)?.editing.selection))")
    }

    @Test func aDragOnTheFocusedFieldMovesTheCaret() {
        let h = host()
        let end = point(h, 0, 11)
        h.tap(x: Double(end.x), y: Double(end.y))
        h.advance(by: 0.5)
        #expect(model(h, 0)?.editing.caret == 11)
        let start = point(h, 0, 0)
        h.drag(from: end, to: start)
        h.type("X")
        #expect(model(h, 0)?.editing.text == "Xhello world", "\(String(describing: model(h, 0)?.editing.text))")
    }

    struct Unfocused: View {
        @State var code = ""
        let log: SubmitLogBox
        var body: some View {
            VStack {
                TextField("Code", text: $code).frame(width: 600, height: 40)
                    .onChange(of: code) { _, new in log.text = new }
                    .onSubmit { log.submits += 1 }
                Spacer()
            }
        }
    }
    final class SubmitLogBox { var text = ""; var submits = 0 }

    @Test func aScannerTypingWithNoFocusedFieldIsDropped() {
        let log = SubmitLogBox()
        let h = HeadlessHost(width: 800, height: 600, text: FixedAdvanceText()) { Unfocused(log: log) }
        h.hardwareKeyboardAttached = true
        h.advance(by: 0.1)
        h.type("KIOSK-2026-ABCDEFGHIJ-0123456789-XYZ.q/w\n")   // 40 characters and Enter, nobody listening
        #expect(log.text == "" && log.submits == 0)
        #expect(model(h, 0)?.isFocused == false)
        // The next scan, after a tap on the field, arrives whole.
        let p = point(h, 0, 0)
        h.tap(x: Double(p.x), y: Double(p.y))
        h.type("ABC123\n")
        #expect(log.text == "ABC123" && log.submits == 1)
    }

    @Test func aLongLineScrollsToKeepTheCaretVisible() {
        let h = host()
        h.type(String(repeating: "m", count: 200))
        let m = model(h, 1)
        #expect(m?.editing.count == 200)
        let (scroll, frame) = HeadlessHost.onMainQueue { (m?.scroll.x ?? 0, m?.frame ?? .zero) }
        let caretX = point(h, 1, 200).x
        #expect(scroll > 0, "scrolled by \(scroll)")
        #expect(caretX <= frame.maxX + 1 && caretX > frame.minX, "the caret at \(caretX) is inside the field \(frame)")
    }
}
