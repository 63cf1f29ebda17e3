// Hangul from hardware keys (issue 35): with `keyboard-layout = kr`, a hardware keyboard's letter
// keys type 2-set (두벌식) jamo that compose into syllables as the on-screen Korean keyboard does
// (TextFieldModel.composeHangul, through HangulComposer), and backspace takes the syllable being
// composed apart jamo by jamo. Checked against the 2-set automaton's documented examples.

import Testing
@testable import Kiosk
import TestSupport

@Suite struct HardwareHangulTests {
    final class Log { var text = "" }

    struct Form: View {
        let log: Log
        var type = UIKeyboardType.default
        var secure = false
        @State var text = ""
        var body: some View {
            VStack {
                if secure {
                    SecureField("PIN", text: $text).frame(height: 40)
                } else {
                    TextField("Name", text: $text).keyboardType(type).frame(height: 40)
                }
                Spacer()
            }
            .onChange(of: text) { _, new in log.text = new }
        }
    }

    /// A focused field on a screen with a hardware keyboard and the `kr` layout.
    func host(_ log: Log, layout: String = "kr", type: UIKeyboardType = .default, secure: Bool = false) -> HeadlessHost {
        let host = HeadlessHost(width: 400, height: 300, text: FixedAdvanceText()) { Form(log: log, type: type, secure: secure) }
        host.hardwareKeyboardAttached = true
        host.keyboardLayout = layout
        host.advance(by: 0.1)
        host.tap(x: 100, y: 20)
        host.advance(by: 0.1)
        return host
    }

    func typed(_ keys: String) -> String {
        let log = Log()
        let h = host(log)
        h.type(keys)
        return log.text
    }

    @Test func hangulKeyTogglesBetweenHangulAndLatin() {
        let log = Log()
        let h = host(log)
        h.type("gks")
        #expect(log.text == "한")
        // 한/영 commits the syllable being composed, then letters are Latin.
        h.press(.hangulToggle)
        h.type("rm")
        #expect(log.text == "한rm")
        // Again: Hangul composes anew (the mode outlives a focus move, as a PC's IME).
        h.press(.hangulToggle)
        h.type("rmf")
        #expect(log.text == "한rm글")
        h.press(.delete)
        #expect(log.text == "한rm그", "the new syllable is composing: backspace takes a jamo")
        // A `us` layout has no 한/영: the key is not used, letters stay Latin.
        let usLog = Log()
        let us = host(usLog, layout: "us")
        us.press(.hangulToggle)
        us.type("rk")
        #expect(usLog.text == "rk")
        #expect(HeadlessHost.onMainQueue { us.renderer.graph.focus.hardwareHangul })
    }

    @Test func documentedWordsCompose() {
        #expect(typed("gksrmf") == "한글")
        #expect(typed("dkssudgktpdy") == "안녕하세요")
        #expect(typed("ekfr") == "닭")
        #expect(typed("ekfrl") == "달기")          // 닭 + ㅣ: the ㄱ moves on
        #expect(typed("rkr") == "각" && typed("rkrk") == "가가")
        #expect(typed("Rkt") == "깟")              // shifted R: ㄲ
        #expect(typed("rhk") == "과" && typed("dml") == "의")   // compound vowels
        #expect(typed("rs") == "ㄱㄴ" && typed("kj") == "ㅏㅓ")  // jamo that cannot join
    }

    @Test func backspaceTakesTheComposingSyllableApart() {
        let log = Log()
        let h = host(log)
        h.type("gks")
        #expect(log.text == "한")
        h.press(.delete); #expect(log.text == "하")
        h.press(.delete); #expect(log.text == "ㅎ")
        h.press(.delete); #expect(log.text == "")
        h.type("ekfr")
        #expect(log.text == "닭")
        h.press(.delete); #expect(log.text == "달")
        h.press(.delete); #expect(log.text == "다")
        // A committed syllable goes whole: 가 + space, then backspace twice.
        h.type("rk ")
        #expect(log.text == "다가 ")
        h.press(.delete); #expect(log.text == "다가")
        h.press(.delete); #expect(log.text == "다", "a finished syllable is one grapheme")
    }

    @Test func otherKeysCommitTheSyllableFirst() {
        let log = Log()
        let h = host(log)
        h.type("gks.")
        #expect(log.text == "한.")
        h.type("rk1")
        #expect(log.text == "한.가1")
        h.type("gks")
        h.press(.leftArrow)   // commits, then moves
        h.type("r")
        #expect(log.text == "한.가1ㄱ한")
    }

    @Test func latinFieldsAndLayoutsDoNotCompose() {
        for (layout, type, secure) in [("us", UIKeyboardType.default, false), ("kr", .emailAddress, false),
                                       ("kr", .URL, false), ("kr", .asciiCapable, false), ("kr", .default, true)] {
            let log = Log()
            let h = host(log, layout: layout, type: type, secure: secure)
            h.type("gks")
            #expect(log.text == "gks", "\(layout) \(type) secure \(secure)")
        }
    }

    @Test func returnCommitsThenSubmits() {
        final class Box { var submitted: [String] = [] }
        let box = Box()
        struct Submitting: View {
            let box: Box
            @State var text = ""
            var body: some View {
                VStack { TextField("Name", text: $text).frame(height: 40).onSubmit { box.submitted.append(text) }; Spacer() }
            }
        }
        let h = HeadlessHost(width: 400, height: 300, text: FixedAdvanceText()) { Submitting(box: box) }
        h.hardwareKeyboardAttached = true
        h.keyboardLayout = "kr"
        h.advance(by: 0.1)
        h.tap(x: 100, y: 20)
        h.type("gksrmf\n")
        #expect(box.submitted == ["한글"])
    }
}
