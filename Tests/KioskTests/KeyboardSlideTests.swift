// The on-screen keyboard's slide-in, frame by frame (issue 35): after a quiet second it rises
// over iOS's 0.25 s whether focus came from a tap or from Tab. (A focus change writes no @State,
// so its update kept the last write's commit time: the transition started a second in the past
// and the keyboard showed at once; the typing benchmark's "slide-in" frames were its build.)
import Testing
@testable import Kiosk
import Raster

@Suite struct KeyboardSlideTests {
    /// The topmost keyboard row in column x (the app is white), or the height when none.
    func keyboardTop(_ s: Surface, x: Int = 1) -> Int {
        var y = s.height - 1
        while y >= 0 {
            let p = s.pixel(x: x, y: y)
            if p.r > 250 && p.g > 250 && p.b > 250 { break }
            y -= 1
        }
        return y + 1
    }

    func slide(tab: Bool, quiet: Double = 1) -> [Int] {
        let log = SubmitLog()
        let host = HeadlessHost(width: 800, height: 600, text: FixedAdvanceText()) { TopFieldForm(log: log) }
        host.advance(by: quiet)
        if tab { host.press(.tab) } else { host.tap(x: 100, y: 32) }
        var tops: [Int] = []
        for _ in 0..<24 {
            tops.append(keyboardTop(host.snapshot()))
            host.advance(by: 1.0 / 60)
        }
        return tops
    }

    @Test func tabAndTapBothSlideAfterAQuietSecond() {
        for tab in [false, true] {
            let tops = slide(tab: tab)
            let settled = Int(600 - OnScreenKeyboard.height(forWidth: 800, layout: "us", type: .default))
            // Off the screen on the focus's frame, then up frame by frame (never down), settled
            // within 0.25 s and a frame.
            #expect(tops[0] == 600, "tab \(tab): \(tops)")
            #expect(zip(tops, tops.dropFirst()).allSatisfy { $0 >= $1 }, "tab \(tab): \(tops)")
            #expect(Set(tops).count >= 10, "tab \(tab): \(tops)")
            #expect(tops[16...].allSatisfy { $0 == settled }, "tab \(tab): \(tops)")
        }
    }
}
