// Grid, GridRow and GridLayout: columns as wide as their widest cell, spans, column/cell
// alignment, unsized axes, views spanning every column, and 10 000 cells.
import Testing
@testable import Kiosk
import TestSupport

private func cell(_ w: CGFloat, _ h: CGFloat, _ c: Color = .red) -> some View { c.frame(width: w, height: h) }

@Suite struct GridTests {
    @Test func columnsTakeTheirWidestCellAndRowsTheirTallest() {
        let host = HeadlessHost(width: 300, height: 300) {
            Grid(horizontalSpacing: 10, verticalSpacing: 5) {
                GridRow { cell(20, 10); cell(40, 30, .blue) }
                GridRow { cell(60, 20, .green); cell(10, 10, .yellow) }
            }
        }
        let f = host.boxFrames
        // Columns 60 and 40 (+10) = 110 wide; rows 30 and 20 (+5) = 55 tall; centred in 300.
        let x0: CGFloat = 95, y0: CGFloat = 122.5
        #expect(f[0] == CGRect(x: x0 + 20, y: y0 + 10, width: 20, height: 10))        // centred in 60 × 30
        #expect(f[1] == CGRect(x: x0 + 70, y: y0, width: 40, height: 30))
        #expect(f[2] == CGRect(x: x0, y: y0 + 35, width: 60, height: 20))
        #expect(f[3] == CGRect(x: x0 + 85, y: y0 + 40, width: 10, height: 10))
        #expect(host.warnings.isEmpty)
    }

    @Test func alignmentsSpansAndAnchors() {
        let host = HeadlessHost(width: 300, height: 300) {
            Grid(alignment: .topLeading, horizontalSpacing: 0, verticalSpacing: 0) {
                GridRow { cell(50, 10); cell(50, 10, .blue).gridColumnAlignment(.trailing) }
                GridRow(alignment: .bottom) { cell(10, 10, .green); cell(10, 10, .yellow); cell(20, 30, .gray) }
                GridRow { cell(70, 10, .orange).gridCellColumns(2); cell(5, 5, .pink).gridCellAnchor(.bottomTrailing) }
            }
        }
        let f = host.boxFrames
        // Columns 50, 50 (the spanning 70 fits in 50 + 50) and 20; rows 10, 30, 10.
        let x0: CGFloat = 150 - 120 / 2, y0: CGFloat = 150 - 50 / 2
        #expect(f[0] == CGRect(x: x0, y: y0, width: 50, height: 10))
        #expect(f[1] == CGRect(x: x0 + 50, y: y0, width: 50, height: 10))
        #expect(f[2] == CGRect(x: x0, y: y0 + 30, width: 10, height: 10))        // row aligned to its bottom
        #expect(f[3] == CGRect(x: x0 + 90, y: y0 + 30, width: 10, height: 10))   // trailing column, bottom row
        #expect(f[5] == CGRect(x: x0, y: y0 + 40, width: 70, height: 10))        // spans 0–1 at the top-leading
        #expect(f[6] == CGRect(x: x0 + 115, y: y0 + 45, width: 5, height: 5))    // anchored bottom-trailing
    }

    @Test func spanningCellsWidenTheirColumns() {
        let host = HeadlessHost(width: 300, height: 300) {
            Grid(horizontalSpacing: 0, verticalSpacing: 0) {
                GridRow { cell(20, 10); cell(20, 10, .blue) }
                GridRow { cell(100, 10, .green).gridCellColumns(2) }
            }
        }
        let f = host.boxFrames
        #expect(f[1].minX - f[0].minX == 50)        // each column 20 + 30
    }

    @Test func viewsOutsideRowsSpanEveryColumnAndUnsizedAxesDoNotWiden() {
        let host = HeadlessHost(width: 300, height: 200) {
            Grid(horizontalSpacing: 0, verticalSpacing: 0) {
                GridRow { cell(30, 10); cell(30, 10, .blue) }
                Color.green.frame(height: 2).gridCellUnsizedAxes(.horizontal)
                Divider()
            }
        }
        let green = host.allNodes.first { ($0.layout as? _FrameLayout)?.height == 2 }!.frame
        #expect(green.width == 60 && green.minX == 120)
        #expect(host.frames(of: Divider.self).first?.width == 60)

        // Without the modifier a Color spanning every column takes the width offered.
        let wide = HeadlessHost(width: 300, height: 200) {
            Grid(horizontalSpacing: 0) {
                GridRow { cell(30, 10); cell(30, 10, .blue) }
                Color.green.frame(height: 2)
            }
        }
        let g = wide.allNodes.first { ($0.layout as? _FrameLayout)?.height == 2 }!.frame
        #expect(g.width == 300)
    }

    @Test func flexibleCellsShareTheWidthLikeAnHStack() {
        let host = HeadlessHost(width: 310, height: 100) {
            Grid(horizontalSpacing: 10) { GridRow { cell(50, 10); Color.blue; Color.green } }
        }
        let widths = host.allNodes.filter { $0.view is Color && $0.layout != nil && $0.frame.width != 50 }.map(\.frame.width)
        #expect(widths == [120, 120])
    }

    @Test func tenThousandCellsLayOut() {
        let host = HeadlessHost(width: 800, height: 800) {
            Grid(horizontalSpacing: 0, verticalSpacing: 0) {
                ForEach(0..<100, id: \.self) { r in
                    GridRow { ForEach(0..<100, id: \.self) { c in Color.red.frame(width: 8, height: 8) } }
                }
            }
        }
        let f = host.boxFrames
        #expect(f.count == 10_000)
        #expect(f.last == CGRect(x: 792, y: 792, width: 8, height: 8))
        #expect(host.warnings.isEmpty)
    }

    @Test func gridLayoutSwitchesWithAStack() {
        struct V: View {
            @State var grid = true
            var body: some View {
                let layout = grid ? AnyLayout(GridLayout(horizontalSpacing: 0, verticalSpacing: 0)) : AnyLayout(VStackLayout(spacing: 0))
                layout {
                    GridRow { cell(10, 10); cell(20, 10, .blue) }
                    GridRow { cell(30, 10, .green); cell(10, 10, .yellow) }
                }
                .onTapGesture { grid.toggle() }
            }
        }
        let host = HeadlessHost(width: 200, height: 200) { V() }
        let asGrid = host.boxFrames
        #expect(asGrid[2].minX == asGrid[0].minX - 10)         // column 0 is 30 wide: 10 centred
        host.tap(x: 100, y: 100)
        let asRows = host.boxFrames
        // Rows laid out like HStacks (8 points between cells).
        #expect(asRows[1].minX - asRows[0].maxX == 8)
        host.tap(x: 100, y: 100)
        #expect(host.boxFrames == asGrid)
    }

    @Test func goldenGrid() {
        let host = HeadlessHost(width: 220, height: 140) {
            ZStack {
                Color.white
                Grid(alignment: .leading, horizontalSpacing: 8, verticalSpacing: 8) {
                    GridRow { cell(40, 30, .red); cell(80, 30, .orange); cell(30, 30, .yellow) }
                    Divider()
                    GridRow { cell(60, 20, .green).gridCellColumns(2); cell(20, 20, .blue).gridCellAnchor(.bottomTrailing) }
                    GridRow { cell(20, 20, .purple); cell(20, 20, .pink).gridColumnAlignment(.trailing); cell(30, 10, .gray) }
                }
            }
        }
        expectGolden(host.snapshot(), "grid-basic", tolerance: 2)
    }
}
