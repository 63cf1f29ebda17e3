// Layout defects found by rendering public SwiftUI code: stacks place their children at the
// sizes they measured for the proposal they were sized with (SwiftUI's placeSubviews gets that
// proposal), not at sizes re-measured for the bounds; explicit alignment guides pass through
// padding, frames and stacks; custom AlignmentIDs.
import Testing
@testable import Kiosk

@Suite struct StackPlacementTests {
    /// A title, a zero-minimum spacer and a button: the title keeps its one-line width.
    struct TitleRow: View {
        var body: some View {
            HStack { Text("Title").font(.title); Spacer(minLength: 0); Button("Edit") {} }
        }
    }

    @Test(arguments: ["plain", "fixedSize", "hscroll", "list", "toolbar", "vstackFixed", "frame"])
    func titleKeepsItsWidth(context: String) {
        let host = HeadlessHost(width: 390, height: 300, text: FixedAdvanceText()) {
            switch context {
            case "plain": AnyView(TitleRow())
            case "fixedSize": AnyView(TitleRow().fixedSize())
            case "hscroll": AnyView(ScrollView(.horizontal) { TitleRow() })
            case "list": AnyView(List { TitleRow() })
            case "toolbar": AnyView(NavigationStack { Color.clear.toolbar { ToolbarItem(placement: .principal) { TitleRow() } } })
            case "vstackFixed": AnyView(VStack { TitleRow().fixedSize(horizontal: true, vertical: false); Text("x") })
            default: AnyView(TitleRow().frame(width: 240))   // (240 − 16 − 40.8) / 2 ≥ 84: the title gets its width
            }
        }
        let title = host.frame(ofText: "Title")
        // .title is 28 pt: 5 × 16.8 = 84 wide, one 34-point line.
        #expect(title?.width == 84, "\(context): \(String(describing: title))")
        #expect(title?.height == 34, "\(context): \(String(describing: title))")
    }
}

// Custom guides, declared as SwiftUI code declares them.
extension VerticalAlignment {
    /// Defaults to the top: a view with no explicit value lines up its top edge.
    enum KioskTestMarker: AlignmentID {
        static func defaultValue(in d: ViewDimensions) -> CGFloat { d[.top] }
    }
    static let kioskTestMarker = VerticalAlignment(KioskTestMarker.self)
    enum KioskTestBottom: AlignmentID {
        static func defaultValue(in d: ViewDimensions) -> CGFloat { d[.bottom] }
    }
    static let kioskTestBottom = VerticalAlignment(KioskTestBottom.self)
}
extension HorizontalAlignment {
    enum KioskTestColumn: AlignmentID {
        static func defaultValue(in d: ViewDimensions) -> CGFloat { d[.trailing] }
    }
    static let kioskTestColumn = HorizontalAlignment(KioskTestColumn.self)
}

/// Explicit guides pass outwards through padding, frames and stacks; custom AlignmentIDs.
@Suite struct AlignmentGuidePassingTests {
    @Test func aGuideUnderPaddingMovesByThePadding() {
        // The padded view's explicit leading is −20 + 10 = −10: its left edge sits 10 right of
        // the red one's, the blue colour 20 right (without passing: 0 and 10).
        let host = HeadlessHost(width: 200, height: 100, text: FixedAdvanceText()) {
            VStack(alignment: .leading, spacing: 0) {
                Color.red.frame(width: 100, height: 10)
                Color.blue.frame(width: 20, height: 10).alignmentGuide(.leading) { _ in -20 }.padding(.leading, 10)
            }
        }
        let colors = host.frames(of: Color.self)
        #expect(colors[0].minX == 50)
        #expect(colors[1].minX - colors[0].minX == 20)
    }

    @Test func aGuideUnderAFrameMovesWithTheContent() {
        // The frame is 40 wide and centres its 20-wide content: explicit leading 10 + 5 = 15.
        let host = HeadlessHost(width: 200, height: 100, text: FixedAdvanceText()) {
            VStack(alignment: .leading, spacing: 0) {
                Color.red.frame(width: 100, height: 10)
                Color.blue.frame(width: 20, height: 10).alignmentGuide(.leading) { _ in 5 }.frame(width: 40)
            }
        }
        let colors = host.frames(of: Color.self)
        // The frame's left edge 15 left of the red's: blue at −15 + 10 = −5 from red.
        #expect(colors[1].minX - colors[0].minX == -5)
    }

    @Test func aCustomGuideCrossesANestedStack() {
        // SwiftUI's custom-alignment example: the red square's top (the guide's default) lines
        // up with the centre of the blue square inside the VStack.
        let host = HeadlessHost(width: 200, height: 200, text: FixedAdvanceText()) {
            HStack(alignment: .kioskTestMarker, spacing: 0) {
                Color.red.frame(width: 10, height: 10)
                VStack(spacing: 0) {
                    Color.green.frame(width: 10, height: 30)
                    Color.blue.frame(width: 10, height: 10).alignmentGuide(.kioskTestMarker) { d in d[VerticalAlignment.center] }
                    Color.yellow.frame(width: 10, height: 30)
                }
            }
        }
        let colors = host.frames(of: Color.self)
        #expect(colors.count == 4)
        #expect(colors[0].minY == colors[2].midY)
        #expect(colors[1].minY == 65)             // the stack is 70 tall, centred in 200
    }

    @Test func aCustomGuideWithoutExplicitValuesUsesItsDefault() {
        let host = HeadlessHost(width: 200, height: 200, text: FixedAdvanceText()) {
            VStack(spacing: 0) {
                HStack(alignment: .kioskTestBottom, spacing: 0) {
                    Color.red.frame(width: 10, height: 10)
                    Color.blue.frame(width: 10, height: 30)
                }
                VStack(alignment: .kioskTestColumn, spacing: 0) {
                    Color.green.frame(width: 10, height: 10)
                    Color.yellow.frame(width: 40, height: 10)
                }
            }
        }
        let colors = host.frames(of: Color.self)
        #expect(colors[0].maxY == colors[1].maxY)   // bottoms, as the guide's default says
        #expect(colors[2].maxX == colors[3].maxX)   // trailing edges
    }

    @Test func customAlignmentsAreEqualByTheirID() {
        #expect(VerticalAlignment(VerticalAlignment.KioskTestMarker.self) == .kioskTestMarker)
        #expect(VerticalAlignment.kioskTestMarker != .kioskTestBottom)
        #expect(VerticalAlignment.kioskTestMarker != .top)
        #expect(HorizontalAlignment.kioskTestColumn != .leading)
    }
}

/// A frame aligns its content by the content's explicit guide, as SwiftUI's frames do.
@Suite struct FrameAlignmentGuideTests {
    @Test func aFrameLinesUpTheContentsExplicitGuide() {
        let host = HeadlessHost(width: 200, height: 100, text: FixedAdvanceText()) {
            VStack(spacing: 0) {
                Color.red.frame(width: 100, height: 10)
                Color.blue.frame(width: 20, height: 10).alignmentGuide(.leading) { _ in 10 }.frame(width: 100, alignment: .leading)
                Color.green.frame(width: 20, height: 10).alignmentGuide(.trailing) { d in d.width + 5 }.frame(maxWidth: 100, alignment: .trailing)
            }
        }
        let colors = host.frames(of: Color.self)
        #expect(colors[0].minX == 50)
        #expect(colors[1].minX == 40)          // its leading guide (10 in) on the frame's left edge
        #expect(colors[2].maxX == 145)         // its trailing guide (5 past its right edge) on the frame's right edge
    }
}
