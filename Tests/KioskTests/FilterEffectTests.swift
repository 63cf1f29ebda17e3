// blur, colour filters, blend modes, compositingGroup, mask and shadow reach: pixels, damage
// that covers each effect's reach (a partial repaint equals a full one), goldens, bad input.
import Testing
@testable import Kiosk
import Raster
import TestSupport

/// A view whose content changes on tap, to compare a damage-driven frame with a full redraw.
struct Toggled<Content: View>: View {
    @State var on = false
    let content: (Bool) -> Content
    var body: some View { content(on).contentShape(Rectangle()).onTapGesture { on.toggle() } }
}

func partialEqualsFull(_ host: HeadlessHost, tapAt p: (Double, Double)) -> Bool {
    host.tap(x: p.0, y: p.1)
    let partial = pixels(host.snapshot())
    host.redraw()
    return partial == pixels(host.snapshot())
}

@Suite struct FilterEffectTests {
    @Test func blurSpreadsColourAroundTheContent() {
        let host = HeadlessHost(width: 120, height: 120) {
            Color.black.frame(width: 40, height: 40).blur(radius: 10)
        }
        let s = host.snapshot()
        #expect(rgba(s, 60, 60)[0] < 40)                    // the middle stays dark
        #expect(rgba(s, 38, 60)[0] < 250)                   // 2 px outside the square: darkened
        #expect(rgba(s, 60, 60 - 20 - 16) == [255, 255, 255, 255])   // beyond the reach (3 × 5 = 15)
    }

    @Test func blurDamageCoversItsReach() {
        let host = HeadlessHost(width: 200, height: 200) {
            Toggled { on in Color(white: on ? 0.1 : 0.8).frame(width: 50, height: 50).blur(radius: 12).offset(x: on ? 20 : 0) }
        }
        #expect(partialEqualsFull(host, tapAt: (100, 100)))
        #expect(partialEqualsFull(host, tapAt: (120, 100)))
    }

    @Test func hugeAndBadBlurRadiiAreSafe() {
        for r in [1e6, -5, .nan, .infinity, 0] as [CGFloat] {
            let host = HeadlessHost(width: 80, height: 80) { Color.red.frame(width: 20, height: 20).blur(radius: r) }
            let s = host.snapshot()
            if r.isFinite && r > 0 {
                // 10⁶ acts as 200: the red is spread so thin it barely shows.
                #expect(rgba(s, 40, 40)[1] > 200)
            } else {
                #expect(rgba(s, 40, 40) == [255, 59, 48, 255])
            }
        }
    }

    @Test func colourFiltersMatchTheirDefinitions() {
        func pixel<V: View>(_ v: V) -> [UInt8] {
            let host = HeadlessHost(width: 20, height: 20) { v }
            return rgba(host.snapshot(), 10, 10)
        }
        let red = Color(red: 1, green: 0, blue: 0)
        #expect(pixel(red.brightness(0)) == [255, 0, 0, 255])
        #expect(pixel(red.brightness(1)) == [255, 255, 255, 255])
        #expect(pixel(red.brightness(-1)) == [0, 0, 0, 255])
        let grey = pixel(red.grayscale(1))
        #expect(grey[0] == grey[1] && grey[1] == grey[2] && abs(Int(grey[0]) - 54) <= 1)     // Rec. 709 luma of red
        #expect(pixel(red.saturation(0)) == grey)
        #expect(pixel(red.contrast(0)) == [128, 128, 128, 255])
        let cyanish = pixel(red.hueRotation(.degrees(180)))
        #expect(cyanish[0] < 30 && cyanish[1] > 80 && cyanish[2] > 80)
        #expect(pixel(Color.white.colorMultiply(Color(red: 1, green: 0.5, blue: 0))) == [255, 128, 0, 255])
        #expect(pixel(Color.white.colorInvert()) == [0, 0, 0, 255])
    }

    @Test func blendModesCompositeOntoWhatIsBehind() {
        let host = HeadlessHost(width: 40, height: 40) {
            ZStack {
                Color(red: 1, green: 1, blue: 0)
                Color(red: 0, green: 1, blue: 1).blendMode(.multiply)
            }
        }
        #expect(rgba(host.snapshot(), 20, 20) == [0, 255, 0, 255])
        let screen = HeadlessHost(width: 40, height: 40) {
            ZStack { Color(red: 1, green: 0, blue: 0); Color(red: 0, green: 0, blue: 1).blendMode(.screen) }
        }
        #expect(rgba(screen.snapshot(), 20, 20) == [255, 0, 255, 255])
        let difference = HeadlessHost(width: 40, height: 40) {
            ZStack { Color.white; Color(red: 1, green: 0, blue: 0).blendMode(.difference) }
        }
        #expect(rgba(difference.snapshot(), 20, 20) == [0, 255, 255, 255])
    }

    @Test func compositingGroupIsolatesBlendModes() {
        let host = HeadlessHost(width: 40, height: 40) {
            ZStack {
                Color(red: 1, green: 1, blue: 0)
                ZStack { Color(red: 0, green: 1, blue: 1).blendMode(.multiply) }.compositingGroup()
            }
        }
        // Inside the group the cyan meets transparency, so it stays cyan.
        #expect(rgba(host.snapshot(), 20, 20) == [0, 255, 255, 255])
    }

    @Test func softLightAndTheHSLBlendModesDraw() {
        // luminosity: white at blue's Lum (0.11 → 28); color: red at grey's Lum; saturation of
        // grey onto red: grey at red's Lum (0.3 → 77); softLight of white lifts grey to √0.5.
        let cases: [(Kiosk.BlendMode, Kiosk.Color, Kiosk.Color, [Int])] = [
            (.luminosity, .white, Color(red: 0, green: 0, blue: 1), [28, 28, 28]),
            (.color, Color(white: 128.0 / 255), Color(red: 1, green: 0, blue: 0), [255, 74, 74]),
            (.saturation, Color(red: 1, green: 0, blue: 0), Color(white: 128.0 / 255), [77, 77, 77]),
            (.softLight, Color(white: 128.0 / 255), .white, [181, 181, 181]),
        ]
        for (mode, back, front, want) in cases {
            let host = HeadlessHost(width: 40, height: 40) { ZStack { back; front.blendMode(mode) } }
            let p = rgba(host.snapshot(), 20, 20)
            #expect(zip(p.prefix(3), want).allSatisfy { abs(Int($0) - $1) <= 1 }, "\(mode): \(p)")
            #expect(host.warnings.isEmpty)
        }
    }

    @Test func maskShowsContentThroughTheMaskAlpha() {
        let host = HeadlessHost(width: 100, height: 100) {
            Color.black.frame(width: 80, height: 80).mask(Circle())
        }
        let s = host.snapshot()
        #expect(rgba(s, 50, 50) == [0, 0, 0, 255])
        #expect(rgba(s, 13, 13) == [255, 255, 255, 255])      // a corner outside the circle
        let half = HeadlessHost(width: 100, height: 100) {
            Color.black.frame(width: 80, height: 80).mask { Color.black.opacity(0.5) }
        }
        let g = rgba(half.snapshot(), 50, 50)
        #expect(abs(Int(g[0]) - 128) <= 1)
    }

    @Test func emptyMaskHidesTheContent() {
        let host = HeadlessHost(width: 60, height: 60) {
            Color.red.frame(width: 40, height: 40).mask(EmptyView())
        }
        #expect(rgba(host.snapshot(), 30, 30) == [255, 255, 255, 255])
        let clear = HeadlessHost(width: 60, height: 60) { Color.red.frame(width: 40, height: 40).mask(Color.clear) }
        #expect(rgba(clear.snapshot(), 30, 30) == [255, 255, 255, 255])
    }

    @Test func maskAlignmentPlacesASmallerMask() {
        let host = HeadlessHost(width: 100, height: 100) {
            Color.black.frame(width: 80, height: 80).mask(alignment: .topLeading) { Rectangle().frame(width: 20, height: 20) }
        }
        let s = host.snapshot()
        #expect(rgba(s, 15, 15) == [0, 0, 0, 255])
        #expect(rgba(s, 50, 50) == [255, 255, 255, 255])
    }

    @Test func shadowDamageCoversItsWholeBlur() {
        // Radius 8 spreads 12 px (3 × 4): the old damage grew by 9 and left a stale ring.
        let host = HeadlessHost(width: 200, height: 200) {
            Toggled { on in
                RoundedRectangle(cornerRadius: 6).fill(.white).frame(width: 60, height: 40)
                    .shadow(color: .black, radius: 8, x: 0, y: on ? 10 : 0)
            }
        }
        #expect(partialEqualsFull(host, tapAt: (100, 100)))
        #expect(partialEqualsFull(host, tapAt: (100, 100)))
    }

    @Test func effectsAreAnimatable() {
        var blur = _BlurEffect(radius: 3, isOpaque: false)
        blur.animatableData = 9
        #expect(blur.radius == 9)
        var b = _ColorMatrixEffect(kind: .brightness, amount: 0.1)
        #expect(b.animatableData == 0.1)
        b.animatableData = 0.4
        #expect(b.amount == 0.4)
    }

    @Test func goldenFilters() {
        let host = HeadlessHost(width: 360, height: 90) {
            HStack(spacing: 6) {
                swatch.blur(radius: 6)
                swatch.brightness(0.3)
                swatch.contrast(2)
                swatch.saturation(0.2)
                swatch.grayscale(1)
                swatch.hueRotation(.degrees(120))
                swatch.colorMultiply(.yellow)
                ZStack { Circle().fill(.yellow); Circle().fill(.cyan).offset(x: 12).blendMode(.multiply) }.frame(width: 38, height: 38)
                LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing)
                    .frame(width: 38, height: 60).mask { Text("M").font(.system(size: 44)).bold() }
            }
        }
        expectGolden(host.snapshot(), "filters", tolerance: 2)
    }

    var swatch: some View {
        VStack(spacing: 0) {
            Color.red; Color.green; Color.blue
            LinearGradient(colors: [.orange, .purple], startPoint: .leading, endPoint: .trailing)
        }.frame(width: 30, height: 60)
    }
}
