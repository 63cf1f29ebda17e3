// What the rebuilt corpus (docs/corpus-manifest.md, issue 39) needed and kiosk lacked: colour
// literals, the older accessibility / title / colour-scheme / autocapitalization spellings,
// `$flag.animation()`, the offset edits of onDelete/onMove, and a material's opacity. Each is
// driven as the public screen wrote it, and what it does is read back (pixels, bindings, arrays).
@testable import Kiosk
import SwiftUI
import Testing
import TestSupport

@Suite struct CorpusSpellingsTests {
    /// As sirkif/SwiftUI-Loading-Animation writes its circles (10 of 45 animation programs).
    struct LiteralCircles: View {
        var body: some View {
            HStack(spacing: 0) {
                Circle()
                    .foregroundColor(Color(#colorLiteral(red: 1, green: 0.9607843137, blue: 0.6705882353, alpha: 1)))
                    .frame(width: 40, height: 40)
                Rectangle()
                    .fill(Color(#colorLiteral(red: 0, green: 0, blue: 1, alpha: 0.5)))
                    .frame(width: 40, height: 40)
            }
            .frame(width: 80, height: 40)
        }
    }

    @Test func colourLiteralsAreUIColorsAndDrawTheirComponents() {
        let literal = #colorLiteral(red: 1, green: 0, blue: 0, alpha: 1)
        #expect(type(of: literal) == UIColor.self)
        let asColor: Color = #colorLiteral(red: 0, green: 1, blue: 0, alpha: 1)
        let host = HeadlessHost(width: 80, height: 40) { ZStack { Color.white; LiteralCircles() } }
        let s = host.snapshot()
        #expect(rgba(s, 20, 20) == [255, 245, 171, 255])
        // Half-opaque blue over white.
        let blue = rgba(s, 60, 20)
        #expect(abs(Int(blue[0]) - 127) <= 2 && abs(Int(blue[2]) - 255) <= 1)
        let green = HeadlessHost(width: 10, height: 10) { asColor }.snapshot()
        #expect(rgba(green, 5, 5) == [0, 255, 0, 255])
    }

    struct LoyaltyForm: View {
        @State var addLoyalty = false
        var body: some View {
            VStack(spacing: 0) {
                Toggle("Add loyalty card", isOn: $addLoyalty.animation())
                    .frame(height: 44)
                if addLoyalty {
                    Color.red.frame(width: 100, height: 100).transition(.opacity)
                }
                Spacer()
            }
        }
    }

    @Test func aBindingsAnimationAnimatesWhatItsWriteChanges() throws {
        let host = HeadlessHost(width: 390, height: 300) { LoyaltyForm() }
        let toggle = try #require(host.frame(ofText: "Add loyalty card"))
        host.tap(x: 360, y: toggle.midY)
        host.advance(by: 0.1)
        // Mid-fade (the default animation is 0.35 s): the red square is drawn, not yet opaque.
        let mid = rgba(host.snapshot(), 195, 94)
        #expect(mid[0] > 200 && mid[1] > 30 && mid[1] < 240)
        host.advance(by: 1)
        #expect(rgba(host.snapshot(), 195, 94) == [255, 59, 48, 255])
    }

    @Test func theOffsetEditsOfOnDeleteAndOnMove() {
        var a = ["a", "b", "c", "d", "e"]
        a.remove(atOffsets: IndexSet([1, 3, 9]))
        #expect(a == ["a", "c", "e"])
        var m = ["a", "b", "c", "d", "e"]
        m.move(fromOffsets: IndexSet([0, 1]), toOffset: 4)
        #expect(m == ["c", "d", "a", "b", "e"])
        var end = ["a", "b", "c"]
        end.move(fromOffsets: IndexSet([0]), toOffset: 3)
        #expect(end == ["b", "c", "a"])
        var front = ["a", "b", "c"]
        front.move(fromOffsets: IndexSet([2, 7]), toOffset: -4)
        #expect(front == ["c", "a", "b"])
        var none: [Int] = []
        none.remove(atOffsets: IndexSet([0]))
        #expect(none.isEmpty)
    }

    struct Schemes: View {
        var body: some View {
            HStack(spacing: 0) {
                Color(.systemBackground).frame(width: 20, height: 20)
                Color(.systemBackground).frame(width: 20, height: 20).colorScheme(.dark)
            }
        }
    }

    @Test func colorSchemeSetsTheSchemeOfItsSubtreeOnly() {
        let s = HeadlessHost(width: 40, height: 20) { Schemes() }.snapshot()
        #expect(rgba(s, 10, 10) == [255, 255, 255, 255])
        #expect(rgba(s, 30, 10) == [0, 0, 0, 255])
    }

    @Test func autocapitalizationMapsOntoTextInputAutocapitalization() {
        #expect(UITextAutocapitalizationType.none.textInputAutocapitalization == .never)
        #expect(UITextAutocapitalizationType.words.textInputAutocapitalization == .words)
        #expect(UITextAutocapitalizationType.sentences.textInputAutocapitalization == .sentences)
        #expect(UITextAutocapitalizationType.allCharacters.textInputAutocapitalization == .characters)
        final class Seen { var value: TextInputAutocapitalization?? }
        struct Reader: View {
            let seen: Seen
            @Environment(\.textInputAutocapitalization) var caps
            var body: some View { seen.value = .some(caps); return Color.clear }
        }
        let seen = Seen()
        _ = HeadlessHost(width: 10, height: 10) { Reader(seen: seen).autocapitalization(.none) }.snapshot()
        #expect(seen.value == .some(.never))
    }

    struct OldSpellings: View {
        var body: some View {
            NavigationStack {
                Circle().frame(width: 40, height: 40)
                    .accessibility(label: Text("Flag of France"))
                    .accessibility(hidden: false)
                    .navigationBarTitle(Text("Guess the Flag"), displayMode: .inline)
            }
            .previewDevice("iPhone 15")
        }
    }

    @Test func olderTitleAndAccessibilitySpellingsShowTheTitle() {
        let host = HeadlessHost(width: 390, height: 300) { OldSpellings() }
        #expect(host.frame(ofText: "Guess the Flag") != nil)
        #expect(host.warnings.isEmpty)
    }

    @Test func aMaterialWithAnOpacityIsThatMuchMoreTransparent() {
        let plain = HeadlessHost(width: 20, height: 20) {
            ZStack { Color.black; Rectangle().fill(.ultraThinMaterial) }
        }.snapshot()
        let half = HeadlessHost(width: 20, height: 20) {
            ZStack { Color.black; Rectangle().fill(.ultraThinMaterial.opacity(0.5)) }
        }.snapshot()
        let bad = HeadlessHost(width: 20, height: 20) {
            ZStack { Color.black; Rectangle().fill(.ultraThinMaterial.opacity(.nan)) }
        }.snapshot()
        let p = Int(rgba(plain, 10, 10)[0]), h = Int(rgba(half, 10, 10)[0])
        // Light ultraThin is 0.976 white at 0.42: ≈ 105 over black; at half that, ≈ 52.
        #expect(abs(p - 105) <= 2)
        #expect(abs(h - p / 2) <= 2)
        #expect(rgba(bad, 10, 10) == rgba(plain, 10, 10))
    }

    @Test func theInnermostFontWeightAndColourOfATextWin() throws {
        // As active-sludge/OnboardingScreen writes its step title.
        let host = HeadlessHost(width: 390, height: 200) {
            VStack {
                Text("Step 1").font(.title).font(.body)
                Text("Step 2").font(.body)
                Text("Red").foregroundColor(.red).foregroundColor(.blue).font(.system(size: 40))
                Text("Bold").fontWeight(.bold).fontWeight(.ultraLight)
                Text("Thin").fontWeight(.ultraLight)
            }
        }
        let title = try #require(host.frame(ofText: "Step 1"))
        let body = try #require(host.frame(ofText: "Step 2"))
        #expect(title.height > body.height * 1.4)       // 28 pt over 17 pt
        let red = try #require(host.frame(ofText: "Red"))
        let s = host.snapshot()
        var reds = 0, blues = 0
        for y in Int(red.minY)..<Int(red.maxY) { for x in Int(red.minX)..<Int(red.maxX) {
            let p = rgba(s, x, y)
            if p[0] > 200 && p[2] < 120 { reds += 1 }
            if p[2] > 200 && p[0] < 80 { blues += 1 }
        } }
        #expect(reds > 20 && blues == 0)
        let bold = try #require(host.frame(ofText: "Bold"))
        let thin = try #require(host.frame(ofText: "Thin"))
        func ink(_ r: CGRect) -> Int {
            var n = 0
            for y in Int(r.minY)..<Int(r.maxY) { for x in Int(r.minX)..<Int(r.maxX) where rgba(s, x, y)[0] < 128 { n += 1 } }
            return n
        }
        // "Bold" keeps its bold strokes: more dark pixels per letter than the ultra-light line.
        #expect(Double(ink(bold)) / 4 > Double(ink(thin)) / 4 * 1.3)
    }
}
