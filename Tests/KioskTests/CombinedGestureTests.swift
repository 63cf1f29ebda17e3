// simultaneously(with:) and exclusively(before:), with touches injected through HeadlessHost on
// its virtual clock.
import Testing
@testable import Kiosk
import Raster

@Suite struct CombinedGestureTests {
    @Test func simultaneousDragAndLongPressBothRecognise() {
        let log = GLog()
        var translation: CGFloat?, held: Bool?
        let host = HeadlessHost(width: 300, height: 300) {
            Color.red.frame(width: 200, height: 200)
                .gesture(DragGesture().onChanged { _ in log.events.append("drag") }
                    .simultaneously(with: LongPressGesture(minimumDuration: 0.3).onEnded { _ in log.events.append("held") })
                    .onEnded { translation = $0.first?.translation.width; held = $0.second; log.events.append("end") })
        }
        let id = host.beginTouch(x: 150, y: 150)
        host.advance(by: 0.5)                                    // held: the long press is recognised
        #expect(log.events == ["held"])
        for x in stride(from: 160.0, through: 200, by: 10) { host.moveTouch(id, x: x, y: 150); host.advance(by: 1.0 / 60) }
        host.endTouch(id, x: 200, y: 150)
        #expect(log.events.first == "held" && log.events.contains("drag") && log.events.last == "end")
        #expect(log.events.filter { $0 == "end" }.count == 1)
        #expect(translation == 50)
        #expect(held == true)
    }

    @Test func simultaneousGestureStateResetsWhenTheTouchEnds() {
        struct Pad: View {
            @GestureState var state = 0.0
            var body: some View {
                Color.blue.frame(width: 200, height: 200)
                    .overlay(Text("s\(Int(state))"))
                    .gesture(DragGesture(minimumDistance: 0).simultaneously(with: TapGesture())
                        .updating($state) { value, s, _ in s = Double(value.first?.translation.width ?? -1) })
            }
        }
        let host = HeadlessHost(width: 300, height: 300) { Pad() }
        let id = host.beginTouch(x: 150, y: 150)
        host.moveTouch(id, x: 180, y: 150); host.advance(by: 1.0 / 60)
        #expect(host.frame(ofText: "s30") != nil)
        host.endTouch(id, x: 180, y: 150); host.advance(by: 1.0 / 60)
        #expect(host.frame(ofText: "s0") != nil)
    }

    @Test func exclusiveDoubleTapBeforeSingleTap() {
        let log = GLog()
        let host = HeadlessHost(width: 300, height: 300) {
            Color.red.frame(width: 200, height: 200)
                .gesture(TapGesture(count: 2).onEnded { log.events.append("double") }
                    .exclusively(before: TapGesture().onEnded { log.events.append("single") }))
        }
        host.tap(x: 150, y: 150)
        host.tap(x: 152, y: 151)
        host.advance(by: 0.5)
        #expect(log.events == ["double"])
        host.advance(by: 1)
        host.tap(x: 150, y: 150)
        #expect(log.events == ["double"])                        // not yet: a second tap may follow
        host.advance(by: 0.5)
        #expect(log.events == ["double", "single"])
    }

    @Test func exclusiveDragFirstThenTap() {
        var values: [String] = []
        let host = HeadlessHost(width: 300, height: 300) {
            Color.red.frame(width: 200, height: 200)
                .gesture(DragGesture().exclusively(before: TapGesture()).onEnded { value in
                    switch value {
                    case .first(let drag): values.append("drag \(Int(drag.translation.width))")
                    case .second: values.append("tap")
                    }
                })
        }
        host.tap(x: 150, y: 150)
        host.advance(by: 0.5)
        host.drag(from: CGPoint(x: 120, y: 150), to: CGPoint(x: 200, y: 150), duration: 0.2)
        #expect(values == ["tap", "drag 80"])
    }

    @Test func aTouchThatMissesBothMembersFailsTheCombination() {
        struct Pad: View {
            @GestureState var pressing = false
            var body: some View {
                Color.blue.frame(width: 200, height: 200)
                    .overlay(Text(pressing ? "down" : "up"))
                    .gesture(LongPressGesture(minimumDuration: 5).exclusively(before: TapGesture(count: 3))
                        .updating($pressing) { _, s, _ in s = true })
            }
        }
        let host = HeadlessHost(width: 300, height: 300) { Pad() }
        let id = host.beginTouch(x: 150, y: 150); host.advance(by: 1.0 / 60)
        #expect(host.frame(ofText: "down") != nil)                // the long press began
        host.moveTouch(id, x: 250, y: 150); host.advance(by: 1.0 / 60)
        host.endTouch(id, x: 250, y: 150); host.advance(by: 1.0 / 60)
        #expect(host.frame(ofText: "up") != nil)
    }
}
