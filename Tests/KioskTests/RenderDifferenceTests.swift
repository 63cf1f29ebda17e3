// RenderDifferenceTests: differences from SwiftUI found by running public programs (issue 39's
// "Run public programs"), each pinned: preferredColorScheme for the whole screen, onAppear after
// the first layout (animations started there move), and the offscreen display's numbered frames.
import Testing
@testable import Kiosk
import Raster
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

private func pixel(_ host: HeadlessHost, _ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
    let p = host.snapshot().pixel(x: x, y: y)
    return (p.r, p.g, p.b)
}
private func isBlack(_ p: (r: UInt8, g: UInt8, b: UInt8)) -> Bool { p.r < 30 && p.g < 30 && p.b < 30 }
private func isWhite(_ p: (r: UInt8, g: UInt8, b: UInt8)) -> Bool { p.r > 225 && p.g > 225 && p.b > 225 }

/// A view that shows the scheme it sees: primary colour (black in light, white in dark).
private struct SchemeSwatch: View {
    @Environment(\.colorScheme) private var scheme
    var body: some View { Color.primary.overlay(Text(scheme == .dark ? "dark" : "light")) }
}

private struct TogglesPreference: View {
    @State var dark = true
    var body: some View {
        VStack(spacing: 0) {
            SchemeSwatch().frame(height: 50)
            if dark { Color.clear.frame(height: 10).preferredColorScheme(.dark) }
            Color.clear
        }
        .contentShape(Rectangle())
        .onTapGesture { dark.toggle() }
    }
}

@Suite struct PreferredColorSchemeTests {
    init() { Diagnostics.printsWarnings = false }

    /// AppLock: `.preferredColorScheme(.dark)` on one view; iOS turns the whole window dark —
    /// views outside that subtree and the background the screen is cleared to.
    @Test func darkensTheWholeScreenNotOnlyItsSubtree() {
        let host = HeadlessHost(width: 100, height: 100, text: FixedAdvanceText()) {
            VStack(spacing: 0) {
                SchemeSwatch().frame(height: 40)                      // outside the modifier
                Color.clear.frame(height: 20).preferredColorScheme(.dark)
                Spacer()                                               // the screen's background
            }
        }
        host.advance(by: 0.1)
        #expect(host.renderer.colorScheme == .dark)
        #expect(host.frame(ofText: "dark") != nil, "the sibling reads .dark from the root environment")
        #expect(isWhite(pixel(host, 5, 5)), "primary is white in dark mode: \(pixel(host, 5, 5))")
        #expect(isBlack(pixel(host, 50, 90)), "the background is the dark window's: \(pixel(host, 50, 90))")
    }

    @Test func removingThePreferenceGivesTheHostsSchemeBack() {
        let host = HeadlessHost(width: 100, height: 100, text: FixedAdvanceText()) { TogglesPreference() }
        host.advance(by: 0.1)
        #expect(host.renderer.colorScheme == .dark && isBlack(pixel(host, 50, 90)))
        host.tap(x: 50, y: 80)
        host.advance(by: 0.1)
        #expect(host.renderer.colorScheme == .light)
        #expect(isWhite(pixel(host, 50, 90)) && isBlack(pixel(host, 5, 5)))
        // The host's own scheme is what a missing preference falls back to.
        host.colorScheme = .dark
        host.advance(by: 0.1)
        #expect(host.renderer.colorScheme == .dark && host.frame(ofText: "dark") != nil)
    }

    /// SwiftUI's key: the outer writer replaces its content's value; among siblings the first
    /// non-nil one in view order wins; nil states nothing.
    @Test func outermostThenFirstNonNilWins() {
        let nested = HeadlessHost(width: 60, height: 60, text: FixedAdvanceText()) {
            VStack { Color.red.preferredColorScheme(.light) }.preferredColorScheme(.dark)
        }
        nested.advance(by: 0.1)
        #expect(nested.renderer.colorScheme == .dark)
        let siblings = HeadlessHost(width: 60, height: 60, colorScheme: .dark, text: FixedAdvanceText()) {
            VStack {
                Color.red.preferredColorScheme(nil)
                Color.green.preferredColorScheme(.light)
                Color.blue.preferredColorScheme(.dark)
            }
        }
        siblings.advance(by: 0.1)
        #expect(siblings.renderer.colorScheme == .light)
    }

    /// A sheet's own preference darkens that sheet (its panel and content), not the screen.
    @Test func aSheetMaySetItsOwn() {
        let host = HeadlessHost(width: 200, height: 300, text: FixedAdvanceText()) {
            Color.clear.sheet(isPresented: .constant(true)) {
                SchemeSwatch().frame(width: 40, height: 40).preferredColorScheme(.dark)
            }
        }
        host.advance(by: 1.5)
        #expect(host.renderer.colorScheme == .light, "the screen keeps the host's scheme")
        #expect(host.frame(ofText: "dark") != nil, "the sheet's content is dark")
        // The sheet's background (systemBackground) is black below its content.
        #expect(isBlack(pixel(host, 100, 280)), "sheet panel: \(pixel(host, 100, 280))")
        #expect(!isBlack(pixel(host, 100, 5)), "above the sheet: the light screen, dimmed: \(pixel(host, 100, 5))")
    }

    @Test func goldenAppLockStyleScreen() {
        // White text on the dark window, as AppLock's passcode screen draws it on iOS.
        let host = HeadlessHost(width: 160, height: 120) {
            VStack(spacing: 12) {
                Text("Enter Passcode").foregroundColor(.primary)
                HStack(spacing: 10) { ForEach(0..<4) { _ in Circle().stroke(Color.primary, lineWidth: 1.5).frame(width: 12, height: 12) } }
            }
            .preferredColorScheme(.dark)
        }
        host.advance(by: 0.1)
        expectGolden(host.snapshot(), "preferred-color-scheme-dark", tolerance: 2, maxDiffering: 40)
    }
}

/// The five-bar equalizer pattern: `onAppear { withAnimation(…repeatForever) { animating = true } }`
/// with `.frame(height: animating ? h : 10)`.
private struct Equalizer: View {
    @State var animating = false
    var body: some View {
        HStack(alignment: .bottom, spacing: 4) {
            ForEach(0..<5) { i in
                Color.blue
                    .frame(width: 8, height: animating ? CGFloat(20 + i * 15) : 10)
            }
        }
        .frame(height: 100, alignment: .bottom)
        .onAppear {
            withAnimation(.easeInOut(duration: 0.5).repeatForever(autoreverses: true)) { animating = true }
        }
    }
}

private struct ImplicitGrow: View {
    @State var big = false
    var body: some View {
        Color.red.frame(width: big ? 80 : 20, height: 20)
            .animation(.linear(duration: 1), value: big)
            .onAppear { big = true }
    }
}

private struct ReportsSize: View {
    let seen: Box<[CGSize]>
    var body: some View {
        GeometryReader { geo in Color.red.onAppear { seen.value.append(geo.size) } }
    }
}


@Suite struct OnAppearAfterLayoutTests {
    init() { Diagnostics.printsWarnings = false }

    @Test func equalizerBarsMoveFromTheirFirstLayout() {
        let host = HeadlessHost(width: 100, height: 100) { Equalizer() }
        var heights: [[CGFloat]] = []
        for _ in 0..<30 {
            host.advance(by: 1.0 / 30)
            heights.append(host.frames(of: Kiosk.Color.self).map(\.height))
        }
        let last = heights[heights.count - 1]
        #expect(heights[0].count == 5)
        // Bar 4 goes 10 → 80 and back: it takes heights between, not only 10 or 80.
        let bar4 = heights.map { $0.count == 5 ? $0[4] : 0 }
        #expect(bar4.contains { $0 > 12 && $0 < 78 }, "bar 4 animates: \(bar4)")
        #expect(Set(bar4.map { Int($0) }).count > 5, "many distinct heights: \(bar4)")
        #expect(host.renderer.graph.hasRunningAnimators, "repeatForever keeps running")
        _ = last
    }

    @Test func implicitAnimationOfAValueSetInOnAppearAnimates() {
        let host = HeadlessHost(width: 100, height: 40) { ImplicitGrow() }
        host.advance(by: 0.5)
        let w = host.frames(of: Kiosk.Color.self).first?.width ?? 0
        #expect(w > 30 && w < 70, "half way through a linear 1 s animation from 20 to 80: \(w)")
        host.advance(by: 1)
        #expect(host.frames(of: Kiosk.Color.self).first?.width == 80)
    }

    @Test func firstFrameAlreadyShowsAnUnanimatedOnAppearChange() {
        struct Flip: View {
            @State var on = false
            var body: some View { (on ? Color.green : Color.red).onAppear { on = true } }
        }
        let host = HeadlessHost(width: 10, height: 10) { Flip() }
        let p = host.snapshot().pixel(x: 5, y: 5)
        #expect(p.g > 100 && p.r < 100, "the state set in onAppear is drawn in the first frame")
    }

    @Test func onAppearSeesTheLaidOutGeometry() {
        let seen = Box<[CGSize]>([])
        let host = HeadlessHost(width: 200, height: 100) { ReportsSize(seen: seen) }
        host.advance(by: 0.1)
        #expect(seen.value == [CGSize(width: 200, height: 100)])
    }

    @Test func appearBeforeDisappearAndBalanced() {
        let log = Box<[String]>([])
        struct Switcher: View {
            @State var first = true
            let log: Box<[String]>
            var body: some View {
                Group {
                    if first {
                        Color.red.onAppear { log.value.append("a+") }.onDisappear { log.value.append("a-") }
                    } else {
                        Color.blue.onAppear { log.value.append("b+") }.onDisappear { log.value.append("b-") }
                    }
                }
                .onTapGesture { first.toggle() }
            }
        }
        let host = HeadlessHost(width: 20, height: 20) { Switcher(log: log) }
        host.advance(by: 0.1)
        host.tap(x: 10, y: 10)
        host.advance(by: 0.1)
        #expect(log.value == ["a+", "b+", "a-"], "\(log.value)")
    }
}

@Suite struct OffscreenFramesTests {
    @Test func writesNumberedFramesUpToTheRate() throws {
        let dir = "/tmp/kiosk-offscreen-fps-\(getpid())"
        let d = try OffscreenDisplay(directory: dir, width: 8, height: 8)
        d.framesPerSecond = 1000
        let s = try Surface(width: 8, height: 8)
        for i in 0..<3 {
            s.clear(UInt32(0xFF00_0000) | UInt32(i * 80))
            try d.present(s, damage: [IntRect(x: 0, y: 0, width: 8, height: 8)])
            usleep(3000)
        }
        for n in 1...3 {
            #expect(access("\(dir)/frame-0000\(n).png", F_OK) == 0, "frame \(n) written")
        }
        let list = String(decoding: Syscall.readFile("\(dir)/frames.txt", limit: 4096) ?? [], as: UTF8.self)
        #expect(list.split(separator: "\n").count == 3, "\(list)")
        // At 1 a second, three frames presented at once give one file.
        let slow = try OffscreenDisplay(directory: dir + "-slow", width: 8, height: 8)
        slow.framesPerSecond = 1
        for _ in 0..<3 { try slow.present(s, damage: []) }
        #expect(access("\(dir)-slow/frame-00001.png", F_OK) == 0 && access("\(dir)-slow/frame-00002.png", F_OK) != 0)
        // Off by default: nothing numbered.
        let off = try OffscreenDisplay(directory: dir + "-off", width: 8, height: 8)
        try off.present(s, damage: [])
        #expect(access("\(dir)-off/frame-00001.png", F_OK) != 0)
    }

    @Test func theSettingParsesAndRoundTrips() throws {
        let s = try KioskRunner.settings(from: ["--offscreen-fps", "12"], over: Settings())
        #expect(s?.offscreenFPS == 12)
        #expect(throws: ConfigError.self) { _ = try KioskRunner.settings(from: ["--offscreen-fps", "-1"], over: Settings()) }
        let again = try KioskRunner.settings(from: ArraySlice(s!.arguments), over: Settings())
        #expect(again?.offscreenFPS == 12)
    }
}
