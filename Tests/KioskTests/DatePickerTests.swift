// DatePicker (compact, graphical, wheel; date and hour-and-minute; `in:` ranges),
// NavigationSplitView (side by side on a wide panel, one stack on a narrow one) and Material.
import Testing
@testable import Kiosk
import Raster
import TestSupport

@Suite struct DatePickerTests {
    static let start = DatePickerModel.make(year: 2026, month: 12, day: 5, hour: 9, minute: 41)

    struct Booking: View {
        @State var date = DatePickerTests.start
        var range: ClosedRange<Date>? = nil
        var components: DatePickerComponents = [.date, .hourAndMinute]
        var body: some View {
            VStack {
                if let range {
                    DatePicker("Arrival", selection: $date, in: range, displayedComponents: components)
                } else {
                    DatePicker("Arrival", selection: $date, displayedComponents: components)
                }
                Text("at \(DatePickerModel.dateString(date)) \(DatePickerModel.timeString(date))")
                Spacer()
            }
            .padding()
        }
    }

    @Test func theCompactPickerShowsDateAndTimeAndOpensTheCalendar() throws {
        try DatePickerModel.$pinnedToday.withValue(DatePickerTests.start) {
            let host = HeadlessHost(width: 390, height: 700) { Booking() }
            let date = try #require(host.frame(ofText: "Dec 5, 2026"))
            #expect(host.frame(ofText: "9:41 AM") != nil)
            expectGolden(host.snapshot(), "datepicker-compact")
            host.tap(x: date.midX, y: date.midY)
            host.advance(by: 0.5)
            #expect(host.frame(ofText: "December 2026") != nil)
            expectGolden(host.snapshot(), "datepicker-compact-open")
            let twelve = try #require(host.frame(ofText: "12"))
            host.tap(x: twelve.midX, y: twelve.midY)
            host.advance(by: 0.3)
            #expect(host.frame(ofText: "at Dec 12, 2026 9:41 AM") != nil)   // the time of day is kept
        }
    }

    @Test func theGraphicalCalendarPagesMonthsAndKeepsToItsRange() throws {
        try DatePickerModel.$pinnedToday.withValue(DatePickerTests.start) {
            let lower = DatePickerModel.make(year: 2026, month: 12, day: 3, hour: 0, minute: 0)
            let upper = DatePickerModel.make(year: 2027, month: 1, day: 20, hour: 23, minute: 0)
            let host = HeadlessHost(width: 390, height: 560) {
                Booking(range: lower...upper, components: .date).datePickerStyle(.graphical)
            }
            expectGolden(host.snapshot(), "datepicker-graphical")
            // Day 1 is before the range: a tap does nothing.
            let one = try #require(host.frame(ofText: "1"))
            host.tap(x: one.midX, y: one.midY)
            host.advance(by: 0.2)
            #expect(host.frame(ofText: "at Dec 5, 2026 9:41 AM") != nil)
            // The next month, then a day in it.
            let title = try #require(host.frame(ofText: "December 2026"))
            host.tap(x: 390 - 16 - 22, y: title.midY)
            host.advance(by: 0.2)
            #expect(host.frame(ofText: "January 2027") != nil)
            let ten = try #require(host.frame(ofText: "10"))
            host.tap(x: ten.midX, y: ten.midY)
            host.advance(by: 0.2)
            #expect(host.frame(ofText: "at Jan 10, 2027 9:41 AM") != nil)
        }
    }

    @Test func theTimeWheelTurnsTheMinutes() throws {
        try DatePickerModel.$pinnedToday.withValue(DatePickerTests.start) {
            let host = HeadlessHost(width: 390, height: 400) {
                Booking(components: .hourAndMinute).datePickerStyle(.wheel)
            }
            expectGolden(host.snapshot(), "datepicker-wheel-time")
            let minute = try #require(host.frame(ofText: "41"))
            host.drag(from: CGPoint(x: minute.midX, y: minute.midY), to: CGPoint(x: minute.midX, y: minute.midY - 96), duration: 1.5)
            host.advance(by: 1)
            #expect(host.frame(ofText: "at Dec 5, 2026 9:44 AM") != nil)
            // Rows are laid out in the middle and drawn offset: PM shows one row below AM.
            let am = try #require(host.frame(ofText: "AM"))
            host.tap(x: am.midX, y: am.midY + 32)
            host.advance(by: 1)
            #expect(host.frame(ofText: "at Dec 5, 2026 9:44 PM") != nil)
        }
    }

    @Test func theDateWheelShowsMonthDayAndYear() throws {
        try DatePickerModel.$pinnedToday.withValue(DatePickerTests.start) {
            let host = HeadlessHost(width: 390, height: 400) {
                Booking(components: .date).datePickerStyle(.wheel)
            }
            #expect(host.frame(ofText: "December") != nil && host.frame(ofText: "2026") != nil)
            let year = try #require(host.frame(ofText: "2026"))
            host.tap(x: year.midX, y: year.midY + 32)
            host.advance(by: 1)
            #expect(host.frame(ofText: "at Dec 5, 2027 9:41 AM") != nil)
        }
    }

    @Test func aRangeInTheYearTenThousandOrWithNaNDoesNotCrash() throws {
        try DatePickerModel.$pinnedToday.withValue(DatePickerTests.start) {
            let far = Date(timeIntervalSinceReferenceDate: 253_402_300_800 + 86_400 * 400)   // year 10001
            let host = HeadlessHost(width: 390, height: 700) {
                VStack {
                    Booking(range: DatePickerTests.start...far, components: .date).datePickerStyle(.wheel)
                    Booking(range: Date(timeIntervalSinceReferenceDate: .nan)...Date(timeIntervalSinceReferenceDate: .nan))
                        .datePickerStyle(.graphical)
                }
            }
            host.advance(by: 0.5)
            #expect(host.frame(ofText: "2026") != nil)
            #expect(DatePickerModel.parts(far).year == 9999)
        }
    }

    // MARK: NavigationSplitView

    struct Rooms: View {
        @State var room: String? = nil
        var body: some View {
            NavigationSplitView {
                List(["Lobby", "Gallery"], id: \.self, selection: $room) { Text($0) }.navigationTitle("Rooms")
            } detail: {
                Text(room.map { "Room: \($0)" } ?? "Choose a room")
            }
        }
    }

    @Test func aSplitViewStandsSideBySideOnAWidePanelAndStacksOnANarrowOne() throws {
        let wide = HeadlessHost(width: 1024, height: 600) { Rooms() }
        let lobby = try #require(wide.frame(ofText: "Lobby"))
        let detail = try #require(wide.frame(ofText: "Choose a room"))
        #expect(lobby.maxX < 320 && detail.minX > 320)
        // A tap on a sidebar row selects it: the row turns grey and the detail follows.
        let gallery = try #require(wide.frame(ofText: "Gallery"))
        wide.tap(x: gallery.midX, y: gallery.midY)
        wide.advance(by: 0.3)
        #expect(wide.frame(ofText: "Room: Gallery") != nil)
        expectGolden(wide.snapshot(), "splitview-landscape")
        let narrow = HeadlessHost(width: 390, height: 600) { Rooms() }
        #expect(narrow.frame(ofText: "Lobby") != nil)
        #expect(narrow.frame(ofText: "Choose a room") == nil)
    }

    @Test func aThreeColumnSplitViewAndColumnWidths() throws {
        let host = HeadlessHost(width: 1200, height: 600) {
            NavigationSplitView {
                Text("Sidebar").navigationSplitViewColumnWidth(200)
            } content: {
                Text("Content")
            } detail: {
                Text("Detail")
            }
        }
        host.advance(by: 0.1)
        let s = try #require(host.frame(ofText: "Sidebar"))
        let c = try #require(host.frame(ofText: "Content"))
        let d = try #require(host.frame(ofText: "Detail"))
        #expect(s.maxX < 200 && c.minX > 200 && c.maxX < 521 && d.minX > 521)
    }

    // MARK: Material

    @Test func materialsAreTranslucentFillsThatThickenInOrder() throws {
        let host = HeadlessHost(width: 300, height: 250) {
            ZStack {
                LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing)
                VStack(spacing: 10) {
                    Text("Ultra thin").frame(maxWidth: .infinity, minHeight: 40).background(.ultraThinMaterial)
                    Text("Thin").frame(maxWidth: .infinity, minHeight: 40).background(.thinMaterial)
                    Text("Regular").frame(maxWidth: .infinity, minHeight: 40).background(.regularMaterial)
                    Text("Thick").frame(maxWidth: .infinity, minHeight: 40)
                        .background(.thickMaterial, in: RoundedRectangle(cornerRadius: 10))
                }
                .padding()
            }
        }
        let s = host.snapshot()
        expectGolden(s, "materials")
        // At the red end, each thicker material is whiter (its green channel higher).
        let greens = ["Ultra thin", "Thin", "Regular", "Thick"].map { name -> Int in
            let f = host.frame(ofText: name)!
            return Int(rgba(s, 22, Int(f.midY))[1])
        }
        #expect(greens[0] < greens[1] && greens[1] < greens[2] && greens[2] < greens[3])
        #expect(greens[0] > 60)                                   // not the bare red
    }
}
