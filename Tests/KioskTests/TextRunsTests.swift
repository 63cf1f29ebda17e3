// Text in several styles: Text + Text, Markdown in literals (not in variables or verbatim),
// AttributedString, tracking/kerning, weights and designs, tabular digits, underline and
// strikethrough, number and date formats, and right-to-left runs shaped as one paragraph.
import Testing
@testable import Kiosk
@testable import Raster
import TestSupport

private func engine() throws -> FontTextEngine { try #require(FontTextEngine.shared) }

/// The laid-out width of `text` in the default environment.
private func width(_ text: Text) throws -> Double {
    let e = try engine()
    return Double(e.measure(text.resolved(EnvironmentValues()), maxWidth: nil).size.width)
}

@Suite struct TextRunsTests {
    @Test func concatenatedTextKeepsEachPartsStyle() throws {
        let t = Text("Total: ") + Text("12,50 €").bold().foregroundColor(.green) + Text(" incl. VAT").italic()
        #expect(t.string == "Total: 12,50 € incl. VAT")
        let runs = try #require(t.resolved(EnvironmentValues()).runs)
        #expect(runs.map(\.range) == [0..<7, 7..<14, 14..<24])
        #expect(runs[1].font.weight == .bold && runs[2].font.isItalic && !runs[0].font.isItalic)
        #expect(runs[1].color == Kiosk.Color.green.resolved(.light) && runs[0].color == nil)
        // Bold is wider than regular, so the sum is wider than the same string in one style.
        #expect(try width(t) > width(Text("Total: 12,50 € incl. VAT")))
        // A modifier on the sum styles the parts that have not set it themselves.
        let red = (Text("a") + Text("b").foregroundColor(.blue)).foregroundColor(.red)
        let rr = try #require(red.resolved(EnvironmentValues()).runs)
        #expect(rr[0].color == Kiosk.Color.red.resolved(.light) && rr[1].color == Kiosk.Color.blue.resolved(.light))
    }

    @Test func runsDrawInTheirColoursWithLinesAndBackgrounds() throws {
        let host = HeadlessHost(width: 320, height: 80) {
            (Text("Plain ") + Text("red").foregroundColor(.red) + Text(" under").underline()
             + Text(" gone").strikethrough(color: .blue))
                .font(.system(size: 24))
        }
        let frame = try #require(host.frame(ofText: "Plain red under gone"))
        let s = host.snapshot()
        // Some pixel of the red word is red; none of the plain word is.
        func count(_ x0: Double, _ x1: Double, _ pred: ([UInt8]) -> Bool) -> Int {
            var n = 0
            for x in Int(x0)..<Int(x1) { for y in Int(frame.minY)..<Int(frame.maxY) where pred(rgba(s, x, y)) { n += 1 } }
            return n
        }
        let isRed: ([UInt8]) -> Bool = { $0[0] > 200 && $0[1] < 100 && $0[2] < 100 }
        let isBlue: ([UInt8]) -> Bool = { $0[2] > 200 && $0[0] < 80 }
        let plainEnd = frame.minX + frame.width * 0.25
        #expect(count(frame.minX, plainEnd, isRed) == 0)
        #expect(count(plainEnd, frame.maxX, isRed) > 20)
        // The strikethrough is blue, through the middle of "gone".
        #expect(count(frame.minX + frame.width * 0.75, frame.maxX, isBlue) > 10)
        #expect(host.warnings.isEmpty)
        expectGolden(s, "text-runs")
    }

    @Test func markdownInLiteralsButNotInVariablesOrVerbatim() throws {
        let t = Text("**bold**, *italic*, `code`, ~~strike~~, [link](https://example.com)")
        #expect(t.string == "bold, italic, code, strike, link")
        let runs = try #require(t.runs)
        func style(of word: String) -> TextStyle? {
            guard let r = t.string.range(of: word) else { return nil }
            let start = t.string.unicodeScalars.distance(from: t.string.unicodeScalars.startIndex, to: r.lowerBound)
            var at = 0
            for run in runs { if start < at + run.length { return run.style }; at += run.length }
            return nil
        }
        #expect(style(of: "bold")?.weight == .bold)
        #expect(style(of: "italic")?.isItalic == true && style(of: "italic")?.weight == nil)
        #expect(style(of: "code")?.monospaced == true)
        #expect(style(of: "strike")?.strikethrough != nil)
        #expect(style(of: "link")?.isLink == true)
        #expect(style(of: ", ")?.weight == nil)
        // The link draws in the tint.
        let linkRun = try #require(t.resolved(EnvironmentValues()).runs?.last)
        #expect(linkRun.color == Kiosk.Color.accentColor.resolved(.light))

        let variable = "**not bold**"
        #expect(Text(variable).string == "**not bold**" && Text(variable).runs == nil)
        #expect(Text(verbatim: "**not bold**").string == "**not bold**")
        // Interpolated values are not read as Markdown; the literal around them is.
        let name = "a*b_c"
        let i = Text("**\(name)** and *\(3)*")
        #expect(i.string == "a*b_c and 3")
        #expect(i.runs?.first?.style.weight == .bold && i.runs?.first?.length == 5)
        // Not Markdown: plain text keeps its characters and has no runs.
        for plain in ["snake_case_name", "5 * 3 = 15", "a ~ b", "price: $5", "[not a link]", "**unclosed"] {
            let p = Text(LocalizedStringKey(plain))
            #expect(p.string == plain, "\(plain)")
        }
        #expect(Text("\\*escaped\\*").string == "*escaped*")
        #expect(Text("***both***").runs?.first?.style.isItalic == true && Text("***both***").runs?.first?.style.weight == .bold)
        #expect(Text("__strong__ _em_").string == "strong em")
    }

    @Test func pathologicalMarkdownIsLinear() {
        let stars = String(repeating: "*a ", count: 10_000)     // openers with no closer
        let t = Text(LocalizedStringKey(stars))
        #expect(t.string.count == 30_000)
        #expect(Text(LocalizedStringKey(String(repeating: "*a", count: 10_000))).string.count == 10_000)   // *a* pairs
        let nested = String(repeating: "[", count: 5_000) + String(repeating: "`", count: 3)
        #expect(Text(LocalizedStringKey(nested)).string.count == 5_003)
    }

    @Test func attributedStringRuns() throws {
        var s = AttributedString("Sold out")
        s.foregroundColor = .red
        s.strikethroughStyle = .single
        var tail = AttributedString(" today")
        tail.font = .headline
        tail.backgroundColor = .yellow
        let t = Text(s + tail)
        #expect(t.string == "Sold out today")
        let runs = try #require(t.resolved(EnvironmentValues()).runs)
        #expect(runs.count == 2)
        #expect(runs[0].strikethrough && runs[0].color == Kiosk.Color.red.resolved(.light))
        #expect(runs[1].font.weight == .semibold && runs[1].background == Kiosk.Color.yellow.resolved(.light))
        let host = HeadlessHost(width: 240, height: 60) { Text(s + tail) }
        #expect(host.warnings.isEmpty)
        expectGolden(host.snapshot(), "text-attributed")
    }

    @Test func trackingKerningWeightDesignAndDigits() throws {
        let plain = try width(Text("Hello"))
        #expect(abs(try width(Text("Hello").tracking(2)) - (plain + 10)) <= 1)
        #expect(abs(try width(Text("Hello").kerning(-0.5)) - (plain - 2.5)) <= 1)
        #expect(try width(Text("Hello").fontWeight(.black)) > plain)
        #expect(try width(Text("Hello").fontDesign(.monospaced)) != plain)
        #expect(try width(Text("Hello").monospaced()) == width(Text("Hello").fontDesign(.monospaced)))
        // Tabular digits: every digit as wide.
        let d = try #require(Text("1111").monospacedDigit().resolved(EnvironmentValues()).runs)
        #expect(d.first?.tabularDigits == true)
        #expect(try width(Text("1111").monospacedDigit()) == width(Text("8888").monospacedDigit()))
        // NaN tracking counts as none.
        #expect(try width(Text("Hello").tracking(.nan)) == plain)
        // The View modifiers style the text inside.
        var env = EnvironmentValues()
        _TextStyleModifier(style: { var s = TextStyle(); s.weight = .semibold; s.monospacedDigit = true; return s }()).transform(&env)
        let r = Text("12").resolved(env)
        #expect(r.font.weight == .semibold && r.runs?.first?.tabularDigits == true)
        // …but a Text's own setting wins.
        #expect(Text("12").fontWeight(.light).resolved(env).font.weight == .light)
    }

    @Test func rightToLeftRunsShapeAsOneParagraph() throws {
        // A library of its own: the shared one may only be used under its engine's lock.
        let library = try FontLibrary()
        let font = try library.font(family: nil, size: 17)
        let bold = try library.font(family: nil, size: 17, weight: .bold, italic: false)
        for string in ["مرحبا بالعالم", "שלום עולם"] {
            let n = string.unicodeScalars.count
            let plain = library.layout(string, font: font)
            // Two spans in the same font (a colour change): the very same glyphs, joined forms
            // included, in the same places.
            let split = library.layout(string, spans: [TextSpan(range: 0..<3, font: font), TextSpan(range: 3..<n, font: font)], font: font)
            #expect(split.runs.flatMap(\.glyphs) == plain.runs.flatMap(\.glyphs))
            #expect(split.runs.flatMap(\.xs) == plain.runs.flatMap(\.xs))
            #expect(split.lines.first?.isRightToLeft == true)
            // A bold second word: still right to left, the first word on the right.
            let styled = library.layout(string, spans: [TextSpan(range: 0..<5, font: font), TextSpan(range: 5..<n, font: bold)], font: font)
            let segs = styled.segments
            let first = try #require(segs.first { $0.span == 0 }), second = try #require(segs.first { $0.span == 1 })
            #expect(first.minX > second.minX)
        }
        let host = HeadlessHost(width: 240, height: 60) { Text("שלום ") + Text("עולם").bold().foregroundColor(.blue) }
        #expect(host.warnings.isEmpty)
        expectGolden(host.snapshot(), "text-runs-hebrew")
    }

    @Test func numberAndDateFormats() {
        #expect(Text(1234.5, format: .number).string == "1,234.5")
        #expect(Text(1_234_567, format: .number).string == "1,234,567")
        #expect(Text(0.256, format: .percent).string == "25.6%")
        #expect(Text(25, format: .percent).string == "25%")
        // (This test module imports Foundation in another file, and Foundation's styles win
        // where it is imported: kiosk's are named here.)
        #expect(_KioskNumberFormat<Double>(kind: .currency("EUR")).format(12.5) == "€12.50")
        #expect(_KioskNumberFormat<Double>(kind: .currency("usd")).format(-3) == "-$3.00")
        #expect(_KioskNumberFormat<Double>(kind: .currency("CHF")).format(4.2) == "CHF 4.20")
        #expect(_KioskNumberFormat<Double>(kind: .number).format(1234.5) == "1,234.5")
        #expect(_KioskNumberFormat<Double>(kind: .percent).format(0.256) == "25.6%")
        #expect(_KioskNumberFormat<Int>(kind: .percent).format(25) == "25%")
        #expect(_KioskNumberFormat<Double>(kind: .number).precision(.fractionLength(2)).format(-0.0001) == "0.00")
        #expect(Text(12.5, format: .currency(code: "EUR")).string.contains("12.50"))
        #expect(Text(3.14159, format: .number.precision(.fractionLength(2))).string == "3.14")
        #expect(Text(2.0, format: .number.precision(.fractionLength(0...2))).string == "2")
        #expect(Text(12345.0, format: .number.grouping(.never)).string == "12345")
        #expect(Text(Double.nan, format: .number).string == "NaN")

        let now = Date()
        #expect(Text(now.addingTimeInterval(125), style: .timer).string == "2:04" || Text(now.addingTimeInterval(125), style: .timer).string == "2:05")
        #expect(DateText.format(Date(timeIntervalSince1970: 7500), style: .relative, now: Date(timeIntervalSince1970: 0)) == "2 hours, 5 minutes")
        #expect(DateText.format(Date(timeIntervalSince1970: 0), style: .offset, now: Date(timeIntervalSince1970: 60)) == "-1 minute")
        #expect(DateText.format(Date(timeIntervalSince1970: 3725), style: .timer, now: Date(timeIntervalSince1970: 0)) == "1:02:05")
        #expect(Text(Date(timeIntervalSince1970: 1_780_488_000), style: .date).string == "June 3, 2026")
        let time = Text(Date(timeIntervalSince1970: 1_780_488_000), style: .time).string
        #expect(time.hasSuffix(" AM") || time.hasSuffix(" PM"))
        #expect(Text(Date(timeIntervalSince1970: .nan), style: .time).string == "")
        // Any other FormatStyle is used as it is.
        #expect(Text(Date(timeIntervalSince1970: 0), format: .iso8601).string == "1970-01-01T00:00:00Z")
    }
}
