// Pixels: goldens of static scenes, exact colours where SwiftUI's are known, and damage.
import Testing
@testable import Kiosk
import Raster
import TestSupport

struct Triangle: Shape {
    func path(in rect: CGRect) -> Kiosk.Path {
        Path { p in
            p.move(to: CGPoint(x: rect.midX, y: rect.minY))
            p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            p.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
            p.closeSubpath()
        }
    }
}

/// A copy of a surface's pixels, to compare frames.
func pixels(_ s: Surface) -> [UInt32] {
    var out: [UInt32] = []
    out.reserveCapacity(s.width * s.height)
    for y in 0..<s.height { for x in 0..<s.width { out.append(s.row(y)[x]) } }
    return out
}

@Suite struct RenderTests {
    @Test func systemRedFillsItsFrame() {
        let host = HeadlessHost(width: 100, height: 100) { Color.red.frame(width: 50, height: 50) }
        #expect(rgba(host.snapshot(), 50, 50) == [255, 59, 48, 255])
        #expect(rgba(host.snapshot(), 10, 10) == [255, 255, 255, 255])   // light background
        #expect(rgba(host.snapshot(), 25, 25) == [255, 59, 48, 255])     // frame starts at 25
        #expect(rgba(host.snapshot(), 24, 24) == [255, 255, 255, 255])
    }

    @Test func darkSchemeUsesDarkColoursAndBackground() {
        let host = HeadlessHost(width: 100, height: 100, colorScheme: .dark) { Color.blue.frame(width: 50, height: 50) }
        #expect(rgba(host.snapshot(), 50, 50) == [10, 132, 255, 255])
        #expect(rgba(host.snapshot(), 5, 5) == [0, 0, 0, 255])
    }

    @Test func opacityBlendsOverTheBackground() {
        let host = HeadlessHost(width: 100, height: 100) { Color.black.opacity(0.5) }
        let p = rgba(host.snapshot(), 50, 50)
        #expect(p[0] >= 126 && p[0] <= 129 && p[3] == 255)
    }

    @Test func zIndexDrawsInFront() {
        let host = HeadlessHost(width: 100, height: 100) {
            ZStack {
                Color.red.frame(width: 60, height: 60).zIndex(1)
                Color.blue.frame(width: 40, height: 40)
            }
        }
        #expect(rgba(host.snapshot(), 50, 50) == [255, 59, 48, 255])
    }

    @Test func offsetAndRotationMoveTheDrawing() {
        let host = HeadlessHost(width: 200, height: 200) {
            ZStack {
                Color.red.frame(width: 20, height: 20).offset(x: 50, y: 0)
                Color.blue.frame(width: 100, height: 10).rotationEffect(.degrees(90)).offset(y: -60)
            }
        }
        let s = host.snapshot()
        #expect(rgba(s, 150, 100) == [255, 59, 48, 255])
        #expect(rgba(s, 100, 40) == [0, 122, 255, 255])       // rotated bar is vertical
        #expect(rgba(s, 60, 40) == [255, 255, 255, 255])
    }

    @Test func goldenStacks() {
        let host = HeadlessHost(width: 240, height: 160) {
            HStack(alignment: .top, spacing: 4) {
                VStack(alignment: .leading, spacing: 4) {
                    Color.red.frame(width: 60, height: 20)
                    Color.green.frame(width: 30, height: 20)
                    Color.blue.frame(width: 45, height: 20)
                }
                VStack(alignment: .trailing, spacing: 4) {
                    Color.orange.frame(width: 60, height: 20)
                    Color.purple.frame(width: 30, height: 20)
                }
                HStack(alignment: .bottom, spacing: 2) {
                    Color.teal.frame(width: 10, height: 50)
                    Color.pink.frame(width: 10, height: 25)
                    Spacer(minLength: 0)
                }
                .frame(height: 70)
                .background(Color.gray.opacity(0.3))
            }
            .padding(8)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
        expectGolden(host.snapshot(), "stacks")
    }

    @Test func goldenShapesAndGradients() {
        let host = HeadlessHost(width: 320, height: 120) {
            HStack(spacing: 10) {
                Circle().fill(RadialGradient(colors: [.white, .blue], center: .center, startRadius: 0, endRadius: 30))
                Ellipse().fill(.green)
                Capsule().fill(LinearGradient(colors: [.orange, .red], startPoint: .leading, endPoint: .trailing))
                RoundedRectangle(cornerRadius: 12).fill(.purple)
                Triangle().fill(.yellow)
            }
            .padding(10)
        }
        expectGolden(host.snapshot(), "shapes", tolerance: 2)
    }

    @Test func goldenTransformedGroups() {
        let host = HeadlessHost(width: 200, height: 200) {
            ZStack {
                Rectangle().fill(.blue).frame(width: 80, height: 80).rotationEffect(.degrees(30))
                Rectangle().fill(.red.opacity(0.7)).frame(width: 60, height: 60).scaleEffect(0.5, anchor: .topLeading).offset(x: 30, y: 30)
            }
        }
        expectGolden(host.snapshot(), "transformed", tolerance: 2)
    }

    @Test func goldenGradientCardWithText() {
        let host = HeadlessHost(width: 260, height: 140) {
            VStack(alignment: .leading, spacing: 6) {
                Text("Platform 4").font(.title2).bold()
                Text("Departs 12:45").font(.callout)
            }
            .foregroundColor(.white)
            .padding()
            .frame(maxWidth: .infinity, alignment: .leading)
            .background(LinearGradient(colors: [.blue, .purple], startPoint: .topLeading, endPoint: .bottomTrailing))
            .padding(12)
        }
        expectGolden(host.snapshot(), "gradient-card", tolerance: 2, maxDiffering: 20)
    }

    @Test func nothingChangedDrawsNothing() {
        let host = HeadlessHost(width: 200, height: 100) { Text("still") }
        let frames = host.frameCount
        host.advance(by: 0.5)
        #expect(host.frameCount == frames)
    }

    @Test func singleTextChangeDamagesOnlyItsOldAndNewBounds() throws {
        let host = HeadlessHost(width: 1920, height: 1080) { DashboardScene() }
        let before = host.renderer.displayList
        guard let node = host.allNodes.first(where: { ($0.view as? Text)?.string == "count 0" }) else {
            Issue.record("no counter text"); return
        }
        let oldItem = try #require(before.first { $0.owner == node.serial })
        host.tap(x: Double(node.frame.midX), y: Double(node.frame.midY))
        let after = host.renderer.displayList
        let newItem = try #require(after.first { $0.owner == node.serial })
        #expect((node.view as? Text)?.string == "count 1")
        #expect(host.lastDamage == Damage.merge([oldItem.bounds, newItem.bounds]))
        #expect(host.lastDamage.reduce(0) { $0 + $1.area } < 1920 * 1080 / 100)
        // The partial repaint left exactly the pixels a full redraw makes.
        let partial = pixels(host.snapshot())
        host.redraw()
        #expect(partial == pixels(host.snapshot()))
    }
}

/// 1920×1080: a header and a grid of cards with text and gradients, one of them a counter.
struct DashboardScene: View {
    @State var count = 0
    var body: some View {
        VStack(spacing: 16) {
            Text("Departures").font(.largeTitle).bold()
            ForEach(0..<6) { row in
                HStack(spacing: 16) {
                    ForEach(0..<5) { column in
                        VStack(alignment: .leading) {
                            Text("Train \(row * 5 + column)").font(.headline)
                            Text("Platform \(column + 1)").font(.subheadline)
                        }
                        .padding()
                        .frame(width: 300, height: 110, alignment: .topLeading)
                        .background(LinearGradient(colors: [.blue, .teal], startPoint: .top, endPoint: .bottom))
                    }
                }
            }
            Text("count \(count)").font(.title).onTapGesture { count += 1 }
        }
    }
}

@Suite struct StrokeRenderTests {
    @Test func goldenStrokes() {
        let host = HeadlessHost(width: 320, height: 100) {
            HStack(spacing: 12) {
                Circle().stroke(.red, lineWidth: 4)
                RoundedRectangle(cornerRadius: 10).strokeBorder(.blue, lineWidth: 6)
                Capsule().stroke(.green, style: StrokeStyle(lineWidth: 3, dash: [6, 4]))
                Path { p in
                    p.move(to: CGPoint(x: 0, y: 60))
                    p.addLine(to: CGPoint(x: 30, y: 10))
                    p.addLine(to: CGPoint(x: 60, y: 60))
                }
                .stroke(.orange, style: StrokeStyle(lineWidth: 8, lineCap: .round, lineJoin: .round))
            }
            .padding(12)
        }
        expectGolden(host.snapshot(), "strokes", tolerance: 2)
    }

    @Test func strokeBorderStaysInsideTheFrame() {
        let host = HeadlessHost(width: 100, height: 100) {
            Rectangle().strokeBorder(.blue, lineWidth: 10).frame(width: 60, height: 60)
        }
        let s = host.snapshot()
        #expect(rgba(s, 21, 50) == [0, 122, 255, 255])    // inside the border
        #expect(rgba(s, 19, 50) == [255, 255, 255, 255])  // outside the frame
        #expect(rgba(s, 50, 50) == [255, 255, 255, 255])  // hollow
    }
}

@Suite struct LayerEffectTests {
    @Test func clipShapeCircleMasksTheCorners() {
        let host = HeadlessHost(width: 200, height: 200) {
            Color.red.frame(width: 100, height: 100).clipShape(Circle())
        }
        let s = host.snapshot()
        #expect(rgba(s, 100, 100) == [255, 59, 48, 255])
        #expect(rgba(s, 53, 53) == [255, 255, 255, 255])     // frame corner, outside the circle
        #expect(rgba(s, 51, 100) == [255, 59, 48, 255])      // left edge, inside
    }

    @Test func cornerRadiusRoundsAnImageLikeContent() {
        let host = HeadlessHost(width: 200, height: 200) {
            LinearGradient(colors: [.blue, .green], startPoint: .top, endPoint: .bottom)
                .frame(width: 100, height: 100).cornerRadius(20)
        }
        let s = host.snapshot()
        #expect(rgba(s, 51, 51) == [255, 255, 255, 255])
        #expect(rgba(s, 100, 52)[3] == 255 && rgba(s, 100, 52)[2] > 200)
    }

    @Test func shadowDarkensBelowTheShape() {
        let host = HeadlessHost(width: 200, height: 200) {
            Color.white.frame(width: 100, height: 60).shadow(color: .black, radius: 6, x: 0, y: 10)
        }
        let s = host.snapshot()
        #expect(rgba(s, 100, 100) == [255, 255, 255, 255])   // the white card itself
        let below = rgba(s, 100, 134)                          // 4 px under the card's bottom edge (130)
        #expect(below[0] < 200)
        #expect(rgba(s, 100, 160) == [255, 255, 255, 255])    // beyond the blur
    }

    @Test func goldenClipAndShadow() {
        let host = HeadlessHost(width: 240, height: 120) {
            HStack(spacing: 20) {
                RadialGradient(colors: [.yellow, .orange], center: .center, startRadius: 0, endRadius: 60)
                    .frame(width: 80, height: 80).clipShape(Circle())
                RoundedRectangle(cornerRadius: 12).fill(.white).frame(width: 90, height: 70)
                    .shadow(radius: 8, y: 4)
            }
        }
        expectGolden(host.snapshot(), "clip-shadow", tolerance: 2)
    }

    /// Identical shadowed shapes at whole-pixel offsets share one blurred mask
    /// (ShadowMaskCache); the cached frame is pixel for pixel the one each shape gets alone.
    @Test func repeatedShadowsReuseTheBlurAndDrawTheSame() {
        let row = HeadlessHost(width: 400, height: 120) {
            HStack(spacing: 16) {
                ForEach(0..<4) { _ in
                    RoundedRectangle(cornerRadius: 13).fill(.blue).frame(width: 80, height: 40)
                        .shadow(color: .gray, radius: 3, x: 0, y: 2)
                }
            }
        }
        let cached = pixels(row.snapshot())
        let cache = ShadowMaskCache()
        var mask = [UInt8](repeating: 0, count: 12 * 10)
        for i in 40..<80 { mask[i] = 255 }
        var calls = 0
        let blur: (UnsafeMutablePointer<UInt8>) -> Void = { p in calls += 1; for i in 0..<120 { p[i] = p[i] / 2 } }
        var first = mask, second = mask
        first.withUnsafeMutableBufferPointer { cache.blur($0.baseAddress!, width: 12, height: 10, radius: 3, blur: blur) }
        second.withUnsafeMutableBufferPointer { cache.blur($0.baseAddress!, width: 12, height: 10, radius: 3, blur: blur) }
        #expect(calls == 1 && first == second && first[50] == 127 && cache.hits == 1)
        var other = mask
        other[0] = 9
        other.withUnsafeMutableBufferPointer { cache.blur($0.baseAddress!, width: 12, height: 10, radius: 3, blur: blur) }
        #expect(calls == 2 && other[0] == 4)              // a different alpha is blurred, not reused
        // The same frame with the cache off (every blur computed) is the same, pixel for pixel.
        // The switch is this host's cache's own: other tests' renderers keep theirs on.
        let uncachedHost = HeadlessHost(width: 400, height: 120) {
            HStack(spacing: 16) {
                ForEach(0..<4) { _ in
                    RoundedRectangle(cornerRadius: 13).fill(.blue).frame(width: 80, height: 40)
                        .shadow(color: .gray, radius: 3, x: 0, y: 2)
                }
            }
        }
        let shadows = uncachedHost.renderer.layerScratch.shadows
        shadows.isEnabled = false
        let (hits, misses) = (shadows.hits, shadows.misses)
        uncachedHost.redraw()
        #expect(shadows.hits == hits && shadows.misses == misses)   // nothing came from the cache
        #expect(pixels(uncachedHost.snapshot()) == cached)
        // Turning one cache off leaves another on (the switch was a static, which raced).
        var again = mask
        again.withUnsafeMutableBufferPointer { cache.blur($0.baseAddress!, width: 12, height: 10, radius: 3, blur: blur) }
        #expect(calls == 2 && cache.hits == 2 && again == first)
    }

    /// A mask used on every frame survives any number of one-off misses (least recently used
    /// replacement: round-robin evicted it after eight, as a card cut by the screen's edge
    /// misses on every frame it moves).
    @Test func aShadowUsedEveryFrameStaysCached() {
        let cache = ShadowMaskCache()
        var calls = 0
        let blur: (UnsafeMutablePointer<UInt8>) -> Void = { p in calls += 1; for i in 0..<120 { p[i] = p[i] / 2 } }
        var hot = [UInt8](repeating: 0, count: 120)
        for i in 40..<80 { hot[i] = 255 }
        for k in 0..<(3 * ShadowMaskCache.entryCount) {
            var a = hot
            a.withUnsafeMutableBufferPointer { cache.blur($0.baseAddress!, width: 12, height: 10, radius: 3, blur: blur) }
            #expect(a[50] == 127)
            var edge = [UInt8](repeating: UInt8(k + 1), count: 120)     // a different mask each time
            edge.withUnsafeMutableBufferPointer { cache.blur($0.baseAddress!, width: 12, height: 10, radius: 3, blur: blur) }
        }
        #expect(calls == 1 + 3 * ShadowMaskCache.entryCount, "\(calls) blurs")
        #expect(cache.hits == 3 * ShadowMaskCache.entryCount - 1)
    }

    @Test func changingShadowedContentDamagesTheBlur() {
        struct Toggle: View {
            @State var on = false
            var body: some View {
                Color(white: on ? 0.2 : 0.9).frame(width: 60, height: 60).shadow(radius: 10).onTapGesture { on.toggle() }
            }
        }
        let host = HeadlessHost(width: 200, height: 200) { Toggle() }
        host.tap(x: 100, y: 100)
        let partial = pixels(host.snapshot())
        host.redraw()
        #expect(partial == pixels(host.snapshot()))
    }
}

@Suite struct MoreRenderTests {
    @Test func imageFromAPNGFile() throws {
        let source = try Surface(width: 4, height: 2)
        for y in 0..<2 { for x in 0..<4 { source.setPixel(x: x, y: y, x < 2 ? 0xFFFF_0000 : 0xFF00_00FF) } }
        let path = "/tmp/kiosk-engine-test-\(getpid()).png"
        try source.writePNG(to: path)
        defer { unlink(path) }
        let host = HeadlessHost(width: 100, height: 100) {
            VStack(spacing: 0) {
                Image(path)
                Image(path).resizable().interpolation(.none).frame(width: 40, height: 20)
            }
        }
        #expect(host.frames(of: Image.self).map(\.size) == [CGSize(width: 4, height: 2), CGSize(width: 40, height: 20)])
        let big = host.frames(of: Image.self)[1]
        #expect(rgba(host.snapshot(), Int(big.minX) + 5, Int(big.midY)) == [255, 0, 0, 255])
        #expect(rgba(host.snapshot(), Int(big.maxX) - 5, Int(big.midY)) == [0, 0, 255, 255])
    }

    /// `.resizable(resizingMode: .tile)` repeats the image at its pixel size from the frame's
    /// top-left corner, partial tiles at the far edges, nothing outside the frame.
    @Test func tiledImageRepeatsAtPixelSize() throws {
        let source = try Surface(width: 4, height: 2)
        for y in 0..<2 { for x in 0..<4 { source.setPixel(x: x, y: y, x < 2 ? 0xFFFF_0000 : 0xFF00_00FF) } }
        let path = "/tmp/kiosk-engine-tile-\(getpid()).png"
        try source.writePNG(to: path)
        defer { unlink(path) }
        let host = HeadlessHost(width: 40, height: 20) {
            Image(path).resizable(resizingMode: .tile).frame(width: 10, height: 5).offset(x: 1, y: 0)
                .frame(width: 40, height: 20, alignment: .topLeading)
        }
        let s = host.snapshot()
        for y in 0..<20 {
            for x in 0..<40 {
                let inside = x >= 1 && x < 11 && y < 5
                let expected: [UInt8] = !inside ? [255, 255, 255, 255] : (x - 1) % 4 < 2 ? [255, 0, 0, 255] : [0, 0, 255, 255]
                if rgba(s, x, y) != expected { Issue.record("pixel \(x),\(y): \(rgba(s, x, y)) not \(expected)"); return }
            }
        }
    }

    @Test func missingImageWarnsAndTakesNoSpace() {
        Diagnostics.printsWarnings = false
        let host = HeadlessHost(width: 100, height: 100) { Image("no-such-image") }
        #expect(host.frames(of: Image.self).first?.size == .zero)
        #expect(host.warnings.contains { $0.contains("no image found") })
    }

    @Test func hiddenKeepsItsSpaceButDrawsNothing() {
        let host = HeadlessHost(width: 100, height: 100) {
            HStack(spacing: 0) { Color.red.frame(width: 50).hidden(); Color.blue.frame(width: 50) }
        }
        #expect(rgba(host.snapshot(), 25, 50) == [255, 255, 255, 255])
        #expect(rgba(host.snapshot(), 75, 50) == [0, 122, 255, 255])
    }

    @Test func goldenZIndexAndGeometryReader() {
        let host = HeadlessHost(width: 240, height: 120) {
            HStack(spacing: 10) {
                ZStack {
                    Circle().fill(.red).frame(width: 60, height: 60).offset(x: -15).zIndex(2)
                    Circle().fill(.green).frame(width: 60, height: 60)
                    Circle().fill(.blue).frame(width: 60, height: 60).offset(x: 15).zIndex(1)
                }
                .frame(width: 110)
                GeometryReader { proxy in
                    ForEach(0..<4) { i in
                        Rectangle().fill(Color(hue: Double(i) / 4, saturation: 0.8, brightness: 0.9))
                            .frame(width: proxy.size.width / 4, height: proxy.size.height * Double(i + 1) / 4)
                            .position(x: proxy.size.width / 8 * Double(2 * i + 1), y: proxy.size.height * (1 - Double(i + 1) / 8))
                    }
                }
            }
            .padding(10)
        }
        expectGolden(host.snapshot(), "zindex-geometry", tolerance: 2)
    }
}

@Suite struct GroupOpacityTests {
    @Test func overlappingChildrenFadeAsOneGroup() {
        let host = HeadlessHost(width: 100, height: 100) {
            ZStack {
                Color.red.frame(width: 60, height: 60)
                Color.blue.frame(width: 30, height: 30)
            }
            .opacity(0.5)
        }
        // Where they overlap only the blue shows, at 50% over white: (128, 189, 255).
        let p = rgba(host.snapshot(), 50, 50)
        #expect(abs(Int(p[0]) - 128) <= 1 && abs(Int(p[1]) - 189) <= 1 && p[2] == 255)
        let red = rgba(host.snapshot(), 25, 25)
        #expect(red[0] == 255 && abs(Int(red[1]) - 157) <= 1)
    }

    @Test func invisibleViewsTakeNoTapsUnlessGivenAContentShape() {
        let taps = Taps()
        let host = HeadlessHost(width: 100, height: 100) {
            VStack(spacing: 0) {
                Color.red.opacity(0).onTapGesture { taps.names.append("clear") }
                Color.red.frame(height: 20).opacity(0).onTapGesture { taps.names.append("faded") }
                Color.clear.contentShape(Rectangle()).onTapGesture { taps.names.append("shaped") }
            }
        }
        let frames = host.frames(of: Kiosk.Color.self)
        for f in frames { host.tap(x: Double(f.midX), y: Double(f.midY)) }
        #expect(taps.names == ["shaped"])
        #expect(rgba(host.snapshot(), 50, 50) == [255, 255, 255, 255])
    }
}
