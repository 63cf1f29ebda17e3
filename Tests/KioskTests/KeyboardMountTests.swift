// The on-screen keyboard mounted by the engine (issue 35, Focus/Keyboard/KeyboardHost.swift):
// a tapped TextField brings it up from the bottom, its keys type into the binding, return submits
// and hides it, the `keyboard` setting and a hardware keyboard hide it, the app's content is laid
// out above it (keyboard avoidance) unless it ignores the keyboard safe area, a focused field in a
// scroll view scrolls above it, a sheet's field gets it above the sheet, and Korean composes.

import Testing
@testable import Kiosk
import Raster
import TestSupport

/// Finds on-screen keys of a host `width` × `height` whose keyboard is up.
struct MountedKeyboard {
    let width: CGFloat
    let height: CGFloat
    var config: KeyboardConfiguration

    init(width: Int = 800, height: Int = 600, layout: String = "us", type: UIKeyboardType = .default) {
        self.width = CGFloat(width)
        self.height = CGFloat(height)
        config = KeyboardConfiguration(language: KeyboardLanguage(named: layout), type: type)
    }

    var keyboardHeight: CGFloat { OnScreenKeyboard.height(forWidth: width, layout: "us", type: .default) }
    var top: CGFloat { height - keyboardHeight }

    func centre(_ name: String) -> CGPoint {
        let key = KeyboardGeometry.keys(config, width: width).first { k in
            switch k.key.kind {
            case .character(let s, _): return s == name
            case .returnKey: return name == "↵"
            case .delete: return name == "⌫"
            case .space: return name == "space"
            case .hide: return name == "hide"
            default: return false
            }
        }
        guard let key else { Issue.record("no key \(name)"); return CGPoint(x: -100, y: -100) }
        return CGPoint(x: key.frame.midX, y: key.frame.midY + top)
    }

    func tap(_ host: HeadlessHost, _ names: String...) {
        for n in names {
            let p = centre(n)
            host.tap(x: Double(p.x), y: Double(p.y))
        }
    }

    /// Taps the host's first text field (the keyboard slides up), then `keys` 0.4 s apart (never
    /// a double tap on shift).
    func focusFirstField(of host: HeadlessHost, thenTap keys: [String]) {
        host.advance(by: 0.1)
        let f = host.frames(of: _EditableText.self)[0]
        host.tap(x: Double(f.midX), y: Double(f.midY))
        host.advance(by: 0.5)
        for key in keys {
            tap(host, key)
            host.advance(by: 0.4)
        }
    }
}

/// Whether a pixel is the keyboard's light grey background or a key (not the app's white).
private func isKeyboardPixel(_ s: Surface, x: Int, y: Int) -> Bool {
    let p = s.pixel(x: x, y: y)
    return !(p.r > 250 && p.g > 250 && p.b > 250)
}

private func differingPixels(_ a: Surface, _ b: Surface) -> Int {
    var n = 0
    for y in 0..<min(a.height, b.height) { for x in 0..<min(a.width, b.width) where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { n += 1 } }
    return n
}

/// The focused field's model (on the host's graph).
private func focusedField(_ host: HeadlessHost) -> TextFieldModel? {
    HeadlessHost.onMainQueue { host.renderer.graph.focusIfMade?.focusedTarget?.textInput }
}

private func keyboardShown(_ host: HeadlessHost) -> Bool {
    HeadlessHost.onMainQueue { host.renderer.graph.focusIfMade?.showsOnScreenKeyboard ?? false }
}

/// A field at the top of an otherwise white screen.
struct TopFieldForm: View {
    let log: SubmitLog
    @State var name = ""
    var body: some View {
        VStack {
            TextField("Name", text: $name)
                .textFieldStyle(.roundedBorder)
                .onSubmit { log.submitted.append(name) }
                .onChange(of: name) { _, new in log.text = new }
            Spacer()
        }
        .padding()
        .background(Color.white)
    }
}

final class SubmitLog { var submitted: [String] = []; var text = "" }

@Suite struct KeyboardMountTests {
    static let fieldPoint = (x: 100.0, y: 32.0)

    func topFieldHost(_ log: SubmitLog, fonts: Bool = false) -> HeadlessHost {
        fonts ? HeadlessHost(width: 800, height: 600) { TopFieldForm(log: log) }
              : HeadlessHost(width: 800, height: 600, text: FixedAdvanceText()) { TopFieldForm(log: log) }
    }

    @Test func tappingAFieldSlidesTheKeyboardUp() {
        let log = SubmitLog()
        let host = topFieldHost(log)
        host.advance(by: 0.1)
        let k = MountedKeyboard()
        let midKeyboard = Int(k.top + k.keyboardHeight / 2)
        #expect(!isKeyboardPixel(host.snapshot(), x: 400, y: midKeyboard))
        host.tap(x: Self.fieldPoint.x, y: Self.fieldPoint.y)
        #expect(keyboardShown(host))
        host.advance(by: 0.05)
        let mid = host.snapshot().copy()
        host.advance(by: 0.5)
        let end = host.snapshot().copy()
        // At the end the keyboard covers the bottom; mid-slide it had not reached its top yet.
        #expect(isKeyboardPixel(end, x: 400, y: Int(k.top) + 2))
        #expect(isKeyboardPixel(end, x: 400, y: 598))
        // (Column 1 is the keyboard's grey margin all the way down: mid-slide, column 400 at
        // the bottom can be a white key.)
        #expect(!isKeyboardPixel(mid, x: 1, y: Int(k.top) + 2))
        #expect(isKeyboardPixel(mid, x: 1, y: 598))
        #expect(differingPixels(mid, end) > 1000)
        // Settled: no more frames wanted for the slide.
        #expect(host.warnings.isEmpty)
    }

    @Test func keysTypeIntoTheBindingAndReturnSubmitsAndHides() {
        let log = SubmitLog()
        let host = topFieldHost(log)
        host.advance(by: 0.1)
        host.tap(x: Self.fieldPoint.x, y: Self.fieldPoint.y)
        host.advance(by: 0.5)
        let k = MountedKeyboard()
        k.tap(host, "h", "i")
        host.advance(by: 0.1)
        #expect(log.text == "Hi")      // a sentence starts with a capital (autocapitalization)
        #expect(keyboardShown(host), "a tap on the keyboard keeps the field focused")
        k.tap(host, "⌫")
        host.advance(by: 0.1)
        #expect(log.text == "H")
        k.tap(host, "↵")
        host.advance(by: 0.6)
        #expect(log.submitted == ["H"])
        #expect(!keyboardShown(host))
        #expect(!isKeyboardPixel(host.snapshot(), x: 400, y: 598), "the keyboard slid out")
    }

    @Test func hideKeyAndATapOutsideCloseIt() {
        let log = SubmitLog()
        let host = topFieldHost(log)
        host.advance(by: 0.1)
        host.tap(x: Self.fieldPoint.x, y: Self.fieldPoint.y)
        host.advance(by: 0.5)
        MountedKeyboard().tap(host, "hide")
        host.advance(by: 0.6)
        #expect(!keyboardShown(host) && log.submitted.isEmpty)
        #expect(!isKeyboardPixel(host.snapshot(), x: 400, y: 598))
        host.tap(x: Self.fieldPoint.x, y: Self.fieldPoint.y)
        host.advance(by: 0.5)
        #expect(keyboardShown(host))
        host.tap(x: 400, y: 200)   // the white area above the keyboard
        host.advance(by: 0.6)
        #expect(!keyboardShown(host))
    }

    @Test func settingNeverAndAHardwareKeyboardHideIt() {
        let log = SubmitLog()
        let host = topFieldHost(log)
        host.onScreenKeyboard = .never
        host.advance(by: 0.1)
        host.tap(x: Self.fieldPoint.x, y: Self.fieldPoint.y)
        host.advance(by: 0.5)
        #expect(focusedField(host) != nil && !keyboardShown(host))
        #expect(!isKeyboardPixel(host.snapshot(), x: 400, y: 598))
        host.type("ok")
        #expect(log.text == "ok")      // hardware keys are not autocapitalised

        host.onScreenKeyboard = .auto
        host.advance(by: 0.5)
        #expect(keyboardShown(host) && isKeyboardPixel(host.snapshot(), x: 400, y: 598))
        host.hardwareKeyboardAttached = true
        host.advance(by: 0.5)
        #expect(!keyboardShown(host) && !isKeyboardPixel(host.snapshot(), x: 400, y: 598))
        host.onScreenKeyboard = .always
        host.advance(by: 0.5)
        #expect(keyboardShown(host) && isKeyboardPixel(host.snapshot(), x: 400, y: 598))
    }

    /// A field at the screen's bottom, optionally ignoring the keyboard safe area.
    struct BottomField: View {
        let ignores: Bool
        @State var text = ""
        var body: some View {
            if ignores {
                content.ignoresSafeArea(.keyboard)
            } else {
                content
            }
        }
        var content: some View {
            VStack {
                Spacer()
                TextField("Bottom", text: $text).frame(height: 40)
            }
        }
    }

    func fieldMaxY(_ host: HeadlessHost) -> CGFloat {
        HeadlessHost.onMainQueue {
            guard let m = host.renderer.graph.focusIfMade?.focusedTarget?.textInput else { return -1 }
            return CGFloat(m.deviceTransform.apply(Raster.Point(m.frame.midX, m.frame.maxY)).y)
        }
    }

    /// The bottom of the first text field's presented frame (root coordinates: as drawn, the
    /// frame animators' value), or -1.
    func presentedFieldMaxY(_ host: HeadlessHost) -> CGFloat {
        HeadlessHost.onMainQueue {
            var found: CGFloat = -1
            func walk(_ n: Node) {
                if found < 0, n.primitive is _EditableText { found = n.frame.maxY }
                if found < 0 { n.children.forEach(walk) }
            }
            walk(host.renderer.graph.root)
            return found
        }
    }

    @Test func aFieldAtTheBottomMovesAboveTheKeyboard() {
        let host = HeadlessHost(width: 800, height: 600, text: FixedAdvanceText()) { BottomField(ignores: false) }
        host.advance(by: 0.1)
        let k = MountedKeyboard()
        let before = presentedFieldMaxY(host)
        #expect(before > 580)
        host.tap(x: 100, y: 580)
        host.advance(by: 0.05)
        let early = presentedFieldMaxY(host)
        host.advance(by: 0.5)
        let settled = presentedFieldMaxY(host)
        // The text sits in the middle of the 40-point field: the field's bottom is 600 before and
        // the keyboard's top after, so the text moves up by exactly the keyboard's height.
        #expect(abs((before - settled) - k.keyboardHeight) < 1, "moved \(before - settled), keyboard \(k.keyboardHeight)")
        #expect(early < before - 1 && early > settled + 1, "mid-slide the field is between (\(before) → \(early) → \(settled))")
        // And back down when the keyboard leaves.
        k.tap(host, "hide")
        host.advance(by: 0.6)
        #expect(abs(presentedFieldMaxY(host) - before) < 1)
    }

    @Test func ignoresSafeAreaKeyboardDoesNotMove() {
        let host = HeadlessHost(width: 800, height: 600, text: FixedAdvanceText()) { BottomField(ignores: true) }
        host.advance(by: 0.1)
        let before = presentedFieldMaxY(host)
        #expect(before > 580)
        host.tap(x: 100, y: 580)
        host.advance(by: 0.05)
        #expect(abs(presentedFieldMaxY(host) - before) < 0.5)
        host.advance(by: 0.5)
        #expect(keyboardShown(host))
        #expect(abs(presentedFieldMaxY(host) - before) < 0.5)
    }

    struct ScrollingForm: View {
        @State var values = Array(repeating: "", count: 12)
        var body: some View {
            ScrollView {
                VStack(spacing: 0) {
                    ForEach(0..<12) { i in
                        TextField("Field \(i)", text: $values[i]).frame(height: 50)
                    }
                }
            }
        }
    }

    @Test func aFocusedFieldInAScrollViewScrollsAboveTheKeyboard() {
        let host = HeadlessHost(width: 800, height: 600, text: FixedAdvanceText()) { ScrollingForm() }
        host.advance(by: 0.1)
        host.tap(x: 100, y: 525)   // field 10 (500…550), under where the keyboard comes
        host.advance(by: 0.6)
        let k = MountedKeyboard()
        #expect(keyboardShown(host))
        let y = fieldMaxY(host)
        #expect(y <= k.top + 0.5 && y > k.top - 60, "field 10's bottom at \(y), keyboard top \(k.top)")
    }

    struct SheetForm: View {
        @State var shown = false
        @State var text = ""
        let log: SubmitLog
        var body: some View {
            Button("Open") { shown = true }
                .sheet(isPresented: $shown) {
                    VStack {
                        TextField("In the sheet", text: $text)
                            .onChange(of: text) { _, new in log.text = new }
                            .padding()
                        Spacer()
                    }
                }
        }
    }

    @Test func aSheetsFieldGetsTheKeyboardAboveTheSheet() {
        let log = SubmitLog()
        let host = HeadlessHost(width: 800, height: 600, text: FixedAdvanceText()) { SheetForm(log: log) }
        host.advance(by: 0.1)
        host.tap(x: 400, y: 300)
        host.advance(by: 1)
        let before = host.snapshot().copy()
        #expect(!isKeyboardPixel(before, x: 400, y: 598) || before.pixel(x: 400, y: 598) == before.pixel(x: 400, y: 400),
                "the sheet, not a keyboard, at the bottom")
        // The sheet's field: the first row of its content (the sheet leaves a gap at the top).
        let field = HeadlessHost.onMainQueue { () -> CGRect in
            var found = CGRect.zero
            func walk(_ n: Node) {
                if let e = n.primitive as? _EditableText { found = e.model.frame }
                n.children.forEach(walk)
            }
            walk(host.renderer.graph.root)
            return found
        }
        #expect(field.height > 0)
        host.tap(x: Double(field.midX), y: Double(field.midY))
        host.advance(by: 0.6)
        #expect(keyboardShown(host))
        let k = MountedKeyboard()
        let s = host.snapshot()
        // The keyboard's keys are drawn over the sheet: a letter key's white face and the grey
        // around it at the bottom rows.
        #expect(s.pixel(x: 400, y: 598) != before.pixel(x: 400, y: 598))
        k.tap(host, "o", "k")
        host.advance(by: 0.1)
        #expect(log.text == "Ok")
    }

    /// A sheet whose field sits at its bottom, where the keyboard comes.
    struct LowSheetField: View {
        @State var shown = true
        @State var text = ""
        var body: some View {
            Color.white.sheet(isPresented: $shown) {
                VStack {
                    Text("Booking code")
                    Spacer()
                    TextField("Code", text: $text).frame(height: 40).background(Color.yellow)
                }
                .padding()
            }
        }
    }

    /// The first text field's model frame in root coordinates (its layout, not its animation).
    func firstFieldFrame(_ host: HeadlessHost) -> CGRect {
        HeadlessHost.onMainQueue {
            var found: CGRect?
            func walk(_ n: Node) {
                if found == nil, let e = n.primitive as? _EditableText { found = e.model.frame }
                if found == nil { n.children.forEach(walk) }
            }
            walk(host.renderer.graph.root)
            return found ?? .zero
        }
    }

    @Test func aFieldLowInASheetMovesAboveTheKeyboard() {
        let host = HeadlessHost(width: 800, height: 600, text: FixedAdvanceText()) { LowSheetField() }
        host.advance(by: 1)
        let k = MountedKeyboard()
        let before = firstFieldFrame(host)
        #expect(before.maxY > k.top + 20, "the field starts where the keyboard will be: \(before)")
        host.tap(x: Double(before.midX), y: Double(before.midY))
        host.advance(by: 0.55)
        #expect(keyboardShown(host))
        let after = firstFieldFrame(host)
        #expect(after.maxY <= k.top + 0.5 && after.maxY > k.top - 60, "field \(after), keyboard top \(k.top)")
        #expect(abs(presentedFieldMaxY(host) - after.maxY) < 1, "the drawn field has arrived")
        // Typing reaches the sheet's field, and the keyboard's hide key puts it back.
        k.tap(host, "a", "b")
        host.advance(by: 0.1)
        #expect(host.allNodes.contains { ($0.view as? _EditableText)?.display == "Ab" })
        expectGolden(host.snapshot(), "osk-sheet-field-above-keyboard", tolerance: 2, maxDiffering: 60)
        k.tap(host, "hide")
        host.advance(by: 0.6)
        #expect(abs(firstFieldFrame(host).maxY - before.maxY) < 0.5)
    }

    @Test func aSheetsContentGlidesUpWithTheKeyboard() {
        let host = HeadlessHost(width: 800, height: 600, text: FixedAdvanceText()) { LowSheetField() }
        host.advance(by: 1)
        let k = MountedKeyboard()
        let before = firstFieldFrame(host)
        host.tap(x: Double(before.midX), y: Double(before.midY))
        // Frame by frame through the keyboard's 0.25 s: the drawn field moves up a bit each
        // frame, from where it was to above the keyboard (no jump to the end at the first frame).
        var drawn: [CGFloat] = [presentedFieldMaxY(host)]
        for _ in 0..<16 {
            host.advance(by: 1.0 / 60)
            drawn.append(presentedFieldMaxY(host))
        }
        host.advance(by: 0.3)
        let end = presentedFieldMaxY(host)
        #expect(end <= k.top + 0.5 && end < before.maxY - 20, "arrived above the keyboard: \(end)")
        let between = drawn.filter { $0 < before.maxY - 1 && $0 > end + 1 }
        #expect(between.count >= 5, "frames mid-slide between start \(before.maxY) and end \(end): \(drawn)")
        #expect(zip(drawn, drawn.dropFirst()).allSatisfy { $0.1 <= $0.0 + 0.5 }, "it only moves up: \(drawn)")
        // The keyboard's curve starts fast but does not jump: neither does the field.
        let firstStep = before.maxY - drawn[1]
        #expect(firstStep < (before.maxY - end) * 0.8, "the first frame does not jump most of the way: \(drawn)")
    }

    /// The scrolling form, its content marked `.ignoresSafeArea(.keyboard)`.
    struct OptedOutScrollingForm: View {
        @State var values = Array(repeating: "", count: 12)
        var body: some View {
            ScrollView {
                VStack(spacing: 0) {
                    ForEach(0..<12) { i in
                        TextField("Field \(i)", text: $values[i]).frame(height: 50)
                            .background(i % 2 == 0 ? Color(white: 0.9) : Color.white)
                    }
                }
                .ignoresSafeArea(.keyboard)
            }
        }
    }

    func scrollRange(_ host: HeadlessHost) -> (offset: CGFloat, viewport: CGRect) {
        HeadlessHost.onMainQueue {
            var found: ScrollBox?
            func walk(_ n: Node) {
                if found == nil, let b = n.modifierState as? ScrollBox { found = b }
                if found == nil { n.children.forEach(walk) }
            }
            walk(host.renderer.graph.root)
            return (found?.offset.y ?? -1, found?.viewport ?? .zero)
        }
    }

    @Test func ignoresSafeAreaKeyboardInsideAScrollViewOptsOut() {
        let host = HeadlessHost(width: 800, height: 600, text: FixedAdvanceText()) { OptedOutScrollingForm() }
        host.advance(by: 0.1)
        host.tap(x: 100, y: 525)   // field 10 (500…550), under where the keyboard comes
        let before = fieldMaxY(host)
        host.advance(by: 0.6)
        #expect(keyboardShown(host))
        let (offset, viewport) = scrollRange(host)
        // Not scrolled: the field stays under the keyboard, and the viewport reaches under it.
        #expect(offset == 0, "scrolled by \(offset)")
        #expect(before > 500 && abs(fieldMaxY(host) - before) < 0.5, "field 10's bottom at \(fieldMaxY(host)) (before \(before))")
        #expect(abs(viewport.maxY - 600) < 0.5, "viewport \(viewport)")
        expectGolden(host.snapshot(), "osk-scroll-ignores-keyboard", tolerance: 2, maxDiffering: 60)

        // The same form without the modifier scrolls field 10 above the keyboard (the contrast).
        let plain = HeadlessHost(width: 800, height: 600, text: FixedAdvanceText()) { ScrollingForm() }
        plain.advance(by: 0.1)
        plain.tap(x: 100, y: 525)
        plain.advance(by: 0.6)
        #expect(scrollRange(plain).offset > 0 && scrollRange(plain).viewport.maxY < MountedKeyboard().top + 0.5)
    }

    @Test func koreanComposesHanFromJamoTaps() {
        let log = SubmitLog()
        let host = topFieldHost(log)
        host.keyboardLayout = "kr"
        host.advance(by: 0.1)
        host.tap(x: Self.fieldPoint.x, y: Self.fieldPoint.y)
        host.advance(by: 0.5)
        let k = MountedKeyboard(layout: "kr")
        k.tap(host, "ㅎ", "ㅏ", "ㄴ")
        host.advance(by: 0.1)
        #expect(log.text == "한")
        k.tap(host, "ㄱ", "ㅡ", "ㄹ")
        host.advance(by: 0.1)
        #expect(log.text == "한글")
    }

    @Test func goldenFormWithKeyboard() {
        struct SignUp: View {
            @State var name = "Ann"
            @State var email = ""
            var body: some View {
                Form {
                    Section("Your details") {
                        TextField("Name", text: $name)
                        TextField("Email", text: $email).keyboardType(.emailAddress).submitLabel(.next)
                    }
                }
            }
        }
        let host = HeadlessHost(width: 800, height: 600) { SignUp() }
        host.advance(by: 0.1)
        // The name row (Form: the section header, then the rows).
        let field = HeadlessHost.onMainQueue { () -> CGRect in
            var found: [CGRect] = []
            func walk(_ n: Node) {
                if let e = n.primitive as? _EditableText { found.append(e.model.frame) }
                n.children.forEach(walk)
            }
            walk(host.renderer.graph.root)
            return found.first ?? .zero
        }
        host.tap(x: Double(field.maxX - 5), y: Double(field.midY))
        host.advance(by: 0.4)   // the slide has ended (0.25 s) and the caret is in its shown half
        expectGolden(host.snapshot(), "osk-mounted-form", tolerance: 2, maxDiffering: 60)
    }
}

/// `TextField(_:value:format:)`: committed on Return or when focus leaves, reverted when the
/// text does not parse.
@Suite struct FormattedTextFieldTests {
    final class Values { var quantity = 0; var price = 0.0; var submits = 0 }

    struct Numbers: View {
        let values: Values
        @State var quantity = 1200
        @State var price = 2.5
        var body: some View {
            VStack {
                TextField("Quantity", value: $quantity, format: .number)
                    .onSubmit { values.submits += 1 }
                    .onChange(of: quantity) { _, new in values.quantity = new }
                    .frame(height: 30)
                TextField("Price", value: $price, format: .currency(code: "EUR"))
                    .onChange(of: price) { _, new in values.price = new }
                    .frame(height: 30)
                Text("q=\(quantity)")
                Spacer()
            }
        }
    }

    @Test func editsCommitOnReturnAndOnFocusLeavingAndBadTextReverts() {
        let values = Values()
        let host = HeadlessHost(width: 400, height: 300, text: FixedAdvanceText()) { Numbers(values: values) }
        host.hardwareKeyboardAttached = true
        let fields = host.frames(of: _EditableText.self)
        #expect(host.allNodes.contains { ($0.view as? _EditableText)?.display == "1,200" })
        #expect(host.allNodes.contains { ($0.view as? _EditableText)?.display == "€2.50" })
        // Typing does not write the value; Return does, then onSubmit runs; the text is reformatted.
        host.tap(x: Double(fields[0].maxX) - 2, y: Double(fields[0].midY))
        host.type("5")
        #expect(host.frame(ofText: "q=1200") != nil)
        host.type("\n")
        #expect(host.frame(ofText: "q=12005") != nil && values.quantity == 12005 && values.submits == 1)
        #expect(host.allNodes.contains { ($0.view as? _EditableText)?.display == "12,005" })
        // Text that does not parse: the value stays and the field shows it again.
        host.advance(by: 1)   // not a double tap
        host.tap(x: Double(fields[0].maxX) - 2, y: Double(fields[0].midY))
        host.type("x")
        #expect(host.allNodes.contains { ($0.view as? _EditableText)?.display == "12,005x" },
                "\(host.allNodes.compactMap { ($0.view as? _EditableText)?.display })")
        host.type("\n")
        #expect(values.quantity == 12005)
        #expect(host.allNodes.contains { ($0.view as? _EditableText)?.display == "12,005" })
        // Focus leaving commits: edit the price, then tap the other field.
        host.tap(x: Double(fields[1].maxX) - 2, y: Double(fields[1].midY))
        for _ in 0..<5 { host.press(.delete) }
        host.type("9.75")
        #expect(values.price == 0)
        host.tap(x: Double(fields[0].midX), y: Double(fields[0].midY))
        host.advance(by: 0.1)
        #expect(values.price == 9.75)
        #expect(host.allNodes.contains { ($0.view as? _EditableText)?.display == "€9.75" })
    }

    @Test func parsesWhatTheFormatsWrite() {
        let int = _KioskNumberFormat<Int>.number
        #expect(int.parse("1,234") == 1234 && int.parse(" -5 ") == -5 && int.parse("12a") == nil && int.parse("") == nil)
        #expect(_KioskNumberFormat<Double>.percent.parse("25%") == 0.25)
        #expect(_KioskNumberFormat<Int>.percent.parse("25%") == 25)
        #expect(_KioskNumberFormat<Double>.currency(code: "EUR").parse("€12.50") == 12.5)
        #expect(_KioskNumberFormat<Double>.number.parse("nan") == nil)
        #expect(int.parse("12,x") == nil && int.parse("x") == nil)
    }

    @Test func aDoubleTapSelectsAndTypingReplacesThenCommits() {
        let values = Values()
        let host = HeadlessHost(width: 400, height: 300, text: FixedAdvanceText()) { Numbers(values: values) }
        host.hardwareKeyboardAttached = true
        let f = host.frames(of: _EditableText.self)[0]
        host.tap(x: Double(f.maxX) - 2, y: Double(f.midY))
        host.tap(x: Double(f.maxX) - 2, y: Double(f.midY))
        host.type("x")
        let shown = host.allNodes.compactMap { ($0.view as? _EditableText)?.display }
        #expect(shown.contains("1,x"), "\(shown)")
        host.type("\n")
        // `.number` for an Int is Foundation's IntegerFormatStyle here, whose parse strategy reads
        // "1,x" as 1: the text does not parse as a whole, so the value stays and shows again.
        #expect(values.quantity == 0, "typed over a double-tap selection: \(shown), value \(values.quantity)")
        #expect(host.allNodes.contains { ($0.view as? _EditableText)?.display == "1,200" },
                "\(host.allNodes.compactMap { ($0.view as? _EditableText)?.display })")
    }

    @Test func foundationsLenientParsesAreHeldToTheWholeText() {
        struct Dates: View {
            @State var when = Date(timeIntervalSince1970: 0)
            let log: SubmitLog
            var body: some View {
                TextField("When", value: $when, format: .iso8601)
                    .onChange(of: when) { _, new in log.submitted.append("\(new.timeIntervalSince1970)") }
            }
        }
        let log = SubmitLog()
        let host = HeadlessHost(width: 400, height: 300, text: FixedAdvanceText()) { Dates(log: log) }
        host.hardwareKeyboardAttached = true
        let f = host.frames(of: _EditableText.self)[0]
        host.tap(x: Double(f.maxX) - 2, y: Double(f.midY))
        host.type("x\n")
        #expect(log.submitted.isEmpty, "\(log.submitted)")
        host.tap(x: Double(f.maxX) - 2, y: Double(f.midY))
        for _ in 0..<30 { host.press(.delete) }
        host.type("1970-01-02T00:00:00Z\n")
        #expect(log.submitted == ["86400.0"], "\(log.submitted)")
    }
}

@testable import KioskScenes

/// The text-entry showcase scene: the name field takes focus on a tap, the keyboard comes up,
/// its keys type, and return moves focus to the email field (its keyboard has an @ key).
@Suite struct TextEntrySceneTests {
    @Test func signUpTypesAndMovesOnWithReturn() {
        let host = HeadlessHost(width: 800, height: 600) { TextEntryScene() }
        host.advance(by: 0.1)
        let fields = host.frames(of: _EditableText.self)
        #expect(fields.count == 4)
        host.tap(x: Double(fields[0].midX), y: Double(fields[0].midY))
        host.advance(by: 0.5)
        let k = MountedKeyboard()
        k.tap(host, "a", "d", "a")
        host.advance(by: 0.1)
        #expect(host.allNodes.contains { ($0.view as? _EditableText)?.display == "Ada" })
        k.tap(host, "↵")
        host.advance(by: 0.4)   // the caret in its shown half
        let focused = HeadlessHost.onMainQueue { host.renderer.graph.focusIfMade?.focusedTarget?.textInput }
        #expect(focused?.keyboardType == .emailAddress)
        expectGolden(host.snapshot(), "text-entry-scene-email", tolerance: 2, maxDiffering: 60)
    }
}
