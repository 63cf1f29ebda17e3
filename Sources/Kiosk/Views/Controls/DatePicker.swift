// DatePicker: SwiftUI's date and time control, in iOS 17's looks, in the Gregorian calendar
// of the process's time zone (TimeZone.current: the TZ environment variable, UTC on a bare
// kiosk image) and in US English (month names, 12-hour clock), as kiosk ships no locale data.
//
// Styles (`.datePickerStyle(_:)`):
// - `.automatic` and `.compact`: the label leading, then grey rounded buttons with the date
//   ("Dec 5, 2026") and the time ("9:41 AM"). iOS opens the calendar or the time wheel in a
//   popover; kiosk opens them inline, below the buttons (the chosen button's text turns the
//   tint), and a second tap closes them.
// - `.graphical`: the month's calendar — "December 2026" and ‹ › to change month, the weekday
//   initials, the days (the chosen one a tint circle with white semibold digits, today in the
//   tint, days outside the range grey and inert) — and a Time row when the time is shown.
// - `.wheel`: the drums of UIDatePicker: month, day and year for `.date`; hour, minute and
//   AM/PM for `.hourAndMinute`; a day column ("Today", "Sat Dec 6", ±180 days) beside them for
//   both. The year drum offers the range's years, or 100 years either side of the selection.
//
// The range (`in:`) clamps every date the picker writes; a selection outside it is shown as it
// is. Bad input has a documented result: a range whose bound is not a finite date is ignored;
// dates are kept within years 1…9999 of the wheel (a range in the year 10000 shows 9999 as the
// last year; the calendar pages there still draw).

/// A control for choosing a date, a time or both.
///
/// ```swift
/// DatePicker("Check-out", selection: $date, in: Date()..., displayedComponents: .date)
/// DatePicker("Alarm", selection: $time, displayedComponents: .hourAndMinute).datePickerStyle(.wheel)
/// ```
public struct DatePicker<Label: View>: View {
    let selection: Binding<Date>
    let range: ClosedRange<Date>?
    let components: DatePickerComponents
    let label: Label
    @Environment(\.datePickerStyleKind) private var style
    @Environment(\.labelsHidden) private var labelsHidden

    /// A picker of the date and the time (by default), with a custom label.
    public init(selection: Binding<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date],
                @ViewBuilder label: () -> Label) {
        self.selection = selection; range = nil; components = displayedComponents; self.label = label()
    }
    /// A picker whose dates stay in `range`.
    public init(selection: Binding<Date>, in range: ClosedRange<Date>,
                displayedComponents: DatePickerComponents = [.hourAndMinute, .date], @ViewBuilder label: () -> Label) {
        self.selection = selection; self.range = range; components = displayedComponents; self.label = label()
    }
    /// A picker of dates from `range.lowerBound` on.
    public init(selection: Binding<Date>, in range: PartialRangeFrom<Date>,
                displayedComponents: DatePickerComponents = [.hourAndMinute, .date], @ViewBuilder label: () -> Label) {
        self.init(selection: selection, in: range.lowerBound...Date.distantFuture, displayedComponents: displayedComponents, label: label)
    }
    /// A picker of dates up to `range.upperBound`.
    public init(selection: Binding<Date>, in range: PartialRangeThrough<Date>,
                displayedComponents: DatePickerComponents = [.hourAndMinute, .date], @ViewBuilder label: () -> Label) {
        self.init(selection: selection, in: Date.distantPast...range.upperBound, displayedComponents: displayedComponents, label: label)
    }

    public var body: some View {
        let model = DatePickerModel(selection: selection, range: range, components: components.isEmpty ? [.hourAndMinute, .date] : components)
        switch style {
        case .graphical:
            _GraphicalDatePicker(model: model)
        case .wheel:
            _WheelDatePicker(model: model)
        case .automatic, .compact:
            _CompactDatePicker(model: model, label: labelsHidden ? nil : AnyView(label))
        }
    }
}

extension DatePicker where Label == Text {
    /// A picker titled `title`.
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date]) {
        self.init(selection: selection, displayedComponents: displayedComponents) { Text(title) }
    }
    /// A picker titled `title` whose dates stay in `range`.
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, in range: ClosedRange<Date>,
                                   displayedComponents: DatePickerComponents = [.hourAndMinute, .date]) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(title) }
    }
    /// A picker titled `title` of dates from `range.lowerBound` on.
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, in range: PartialRangeFrom<Date>,
                                   displayedComponents: DatePickerComponents = [.hourAndMinute, .date]) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(title) }
    }
    /// A picker titled `title` of dates up to `range.upperBound`.
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, in range: PartialRangeThrough<Date>,
                                   displayedComponents: DatePickerComponents = [.hourAndMinute, .date]) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(title) }
    }
}

/// The parts of a date a DatePicker shows.
public struct DatePickerComponents: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The hour and the minute.
    public static let hourAndMinute = DatePickerComponents(rawValue: 1 << 0)
    /// The day, month and year.
    public static let date = DatePickerComponents(rawValue: 1 << 1)
}

// MARK: - Styles

/// The look of a DatePicker (`.datePickerStyle(_:)`).
public protocol DatePickerStyle {}
enum DatePickerStyleKind: Hashable, Sendable { case automatic, compact, graphical, wheel }
protocol BuiltinDatePickerStyle: DatePickerStyle { var kind: DatePickerStyleKind { get } }

/// The platform's default: compact on iOS.
public struct DefaultDatePickerStyle: BuiltinDatePickerStyle { public init() {}; var kind: DatePickerStyleKind { .automatic } }
/// Buttons showing the date and time, opening a calendar or a wheel.
public struct CompactDatePickerStyle: BuiltinDatePickerStyle { public init() {}; var kind: DatePickerStyleKind { .compact } }
/// A month's calendar.
public struct GraphicalDatePickerStyle: BuiltinDatePickerStyle { public init() {}; var kind: DatePickerStyleKind { .graphical } }
/// Spinning wheels.
public struct WheelDatePickerStyle: BuiltinDatePickerStyle { public init() {}; var kind: DatePickerStyleKind { .wheel } }

extension DatePickerStyle where Self == DefaultDatePickerStyle { public static var automatic: DefaultDatePickerStyle { .init() } }
extension DatePickerStyle where Self == CompactDatePickerStyle { public static var compact: CompactDatePickerStyle { .init() } }
extension DatePickerStyle where Self == GraphicalDatePickerStyle { public static var graphical: GraphicalDatePickerStyle { .init() } }
extension DatePickerStyle where Self == WheelDatePickerStyle { public static var wheel: WheelDatePickerStyle { .init() } }

struct DatePickerStyleKindKey: EnvironmentKey { static let defaultValue = DatePickerStyleKind.automatic }
extension EnvironmentValues {
    var datePickerStyleKind: DatePickerStyleKind {
        get { self[DatePickerStyleKindKey.self] } set { self[DatePickerStyleKindKey.self] = newValue }
    }
}

extension View {
    /// Draws the date pickers inside this view with `style`.
    public func datePickerStyle<S: DatePickerStyle>(_ style: S) -> some View {
        environment(\.datePickerStyleKind, (style as? any BuiltinDatePickerStyle)?.kind ?? .automatic)
    }
}

// MARK: - Model

/// The selection, its range and the calendar arithmetic the styles share.
struct DatePickerModel {
    /// Today as the calendar marks it: the wall clock, or a fixed day for tests and recordings
    /// (`DatePickerModel.$pinnedToday.withValue(day) { … }`), so goldens don't change at midnight.
    @TaskLocal static var pinnedToday: Date?
    static var today: Date { pinnedToday ?? Date() }

    let selection: Binding<Date>
    let range: ClosedRange<Date>?
    let components: DatePickerComponents

    static let calendar: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone.current
        return c
    }()
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]
    static let weekdayShort = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    var showsDate: Bool { components.contains(.date) }
    var showsTime: Bool { components.contains(.hourAndMinute) }
    var date: Date { selection.wrappedValue }

    /// The range if both bounds are finite dates (a NaN or infinite bound is ignored).
    var validRange: ClosedRange<Date>? {
        guard let range, range.lowerBound.timeIntervalSinceReferenceDate.isFinite,
              range.upperBound.timeIntervalSinceReferenceDate.isFinite else { return nil }
        return range
    }

    func clamp(_ d: Date) -> Date {
        guard let r = validRange else { return d }
        return min(max(d, r.lowerBound), r.upperBound)
    }

    func contains(_ d: Date) -> Bool { validRange.map { $0.contains(d) } ?? true }

    func set(_ d: Date) {
        let c = clamp(d)
        if c != selection.wrappedValue { selection.wrappedValue = c }
    }

    /// Year, month, day, hour, minute of `d` (year kept in 1…9999).
    static func parts(_ d: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int) {
        let t = d.timeIntervalSinceReferenceDate
        let safe = t.isFinite ? d : Date(timeIntervalSinceReferenceDate: 0)
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: safe)
        return (max(1, min(9999, c.year ?? 2001)), c.month ?? 1, c.day ?? 1, c.hour ?? 0, c.minute ?? 0)
    }

    /// The date of these parts (the day clamped to the month's length).
    static func make(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int = 0) -> Date {
        let y = max(1, min(9999, year)), m = max(1, min(12, month))
        let first = calendar.date(from: DateComponents(year: y, month: m, day: 1)) ?? Date(timeIntervalSinceReferenceDate: 0)
        let days = calendar.range(of: .day, in: .month, for: first)?.count ?? 28
        return calendar.date(from: DateComponents(year: y, month: m, day: max(1, min(days, day)),
                                                  hour: max(0, min(23, hour)), minute: max(0, min(59, minute)), second: second)) ?? first
    }

    static func daysIn(year: Int, month: Int) -> Int {
        let first = make(year: year, month: month, day: 1, hour: 12, minute: 0)
        return calendar.range(of: .day, in: .month, for: first)?.count ?? 28
    }

    /// "Dec 5, 2026".
    static func dateString(_ d: Date) -> String {
        let p = parts(d)
        return "\(monthNames[p.month - 1].prefix(3)) \(p.day), \(p.year)"
    }

    /// "9:41 AM".
    static func timeString(_ d: Date) -> String {
        let p = parts(d)
        let h = p.hour % 12 == 0 ? 12 : p.hour % 12
        return "\(h):\(p.minute < 10 ? "0" : "")\(p.minute) \(p.hour < 12 ? "AM" : "PM")"
    }
}

// MARK: - Compact

struct _CompactDatePicker: View {
    let model: DatePickerModel
    let label: AnyView?
    @State private var open: Part? = nil
    @Environment(\.tint) private var tint
    enum Part { case date, time }

    var body: some View {
        VStack(spacing: 8) {
            HStack(spacing: 6) {
                if let label { label.frame(maxWidth: .infinity, alignment: .leading) }
                if model.showsDate {
                    _DateButton(text: DatePickerModel.dateString(model.date), active: open == .date, tint: tint) {
                        withAnimation(.easeInOut(duration: 0.25)) { open = open == .date ? nil : .date }
                    }
                }
                if model.showsTime {
                    _DateButton(text: DatePickerModel.timeString(model.date), active: open == .time, tint: tint) {
                        withAnimation(.easeInOut(duration: 0.25)) { open = open == .time ? nil : .time }
                    }
                }
            }
            if open == .date {
                _GraphicalDatePicker(model: DatePickerModel(selection: model.selection, range: model.range, components: .date))
            } else if open == .time {
                _WheelDatePicker(model: DatePickerModel(selection: model.selection, range: model.range, components: .hourAndMinute))
            }
        }
    }
}

/// A compact picker's grey rounded button.
struct _DateButton: View {
    let text: String
    let active: Bool
    let tint: Color?
    let action: () -> Void
    var body: some View {
        Text(text)
            .font(.body)
            .foregroundColor(active ? (tint ?? .accentColor) : .primary)
            .lineLimit(1)
            .fixedSize()
            .padding(.horizontal, 11)
            .padding(.vertical, 6)
            .background(RoundedRectangle(cornerRadius: 6).fill(Color(uiColor: .tertiarySystemFill)))
            .contentShape(Rectangle())
            .onTapGesture(perform: action)
    }
}

// MARK: - Graphical

struct _GraphicalDatePicker: View {
    let model: DatePickerModel
    /// The first day of the month shown; nil: the selection's month.
    @State private var shown: Date? = nil
    @Environment(\.tint) private var tint

    var body: some View {
        let sel = DatePickerModel.parts(model.date)
        let monthStart = shown ?? DatePickerModel.make(year: sel.year, month: sel.month, day: 1, hour: 12, minute: 0)
        let m = DatePickerModel.parts(monthStart)
        let today = DatePickerModel.parts(DatePickerModel.today)
        let accent = tint ?? .accentColor
        let weekday = DatePickerModel.calendar.component(.weekday, from: monthStart) - 1   // 0 = Sunday
        let days = DatePickerModel.daysIn(year: m.year, month: m.month)
        let cells = weekday + days
        let rows = (cells + 6) / 7
        VStack(spacing: 0) {
            HStack(spacing: 4) {
                Text("\(DatePickerModel.monthNames[m.month - 1]) \(String(m.year))")
                    .font(.system(size: 17, weight: .semibold))
                    .lineLimit(1).fixedSize()
                Image(systemName: "chevron.right").font(.system(size: 14, weight: .semibold)).foregroundColor(accent)
                Spacer()
                Image(systemName: "chevron.left").font(.system(size: 20, weight: .medium)).foregroundColor(accent)
                    .frame(width: 44, height: 44).contentShape(Rectangle())
                    .onTapGesture { shown = DatePickerModel.make(year: m.month == 1 ? m.year - 1 : m.year, month: m.month == 1 ? 12 : m.month - 1, day: 1, hour: 12, minute: 0) }
                Image(systemName: "chevron.right").font(.system(size: 20, weight: .medium)).foregroundColor(accent)
                    .frame(width: 44, height: 44).contentShape(Rectangle())
                    .onTapGesture { shown = DatePickerModel.make(year: m.month == 12 ? m.year + 1 : m.year, month: m.month == 12 ? 1 : m.month + 1, day: 1, hour: 12, minute: 0) }
            }
            .padding(.leading, 16)
            HStack(spacing: 0) {
                ForEach(0..<7, id: \.self) { i in
                    Text(DatePickerModel.weekdayShort[i].uppercased())
                        .font(.system(size: 13, weight: .semibold))
                        .foregroundColor(Color(uiColor: .tertiaryLabel))
                        .frame(maxWidth: .infinity)
                }
            }
            .padding(.vertical, 4)
            VStack(spacing: 2) {
                ForEach(0..<rows, id: \.self) { r in
                    HStack(spacing: 0) {
                        ForEach(0..<7, id: \.self) { c in
                            let day = r * 7 + c - weekday + 1
                            if day >= 1 && day <= days {
                                dayCell(day, month: m, selected: sel, today: today, accent: accent)
                            } else {
                                Color.clear.frame(maxWidth: .infinity).frame(height: 44)
                            }
                        }
                    }
                }
            }
            if model.showsTime {
                HStack {
                    Text("Time").frame(maxWidth: .infinity, alignment: .leading)
                    _CompactDatePicker(model: DatePickerModel(selection: model.selection, range: model.range, components: .hourAndMinute), label: nil)
                }
                .padding(.horizontal, 16)
                .padding(.vertical, 8)
            }
        }
    }

    private func dayCell(_ day: Int, month m: (year: Int, month: Int, day: Int, hour: Int, minute: Int),
                         selected s: (year: Int, month: Int, day: Int, hour: Int, minute: Int),
                         today t: (year: Int, month: Int, day: Int, hour: Int, minute: Int), accent: Color) -> some View {
        let isSelected = s.year == m.year && s.month == m.month && s.day == day
        let isToday = t.year == m.year && t.month == m.month && t.day == day
        let date = DatePickerModel.make(year: m.year, month: m.month, day: day, hour: s.hour, minute: s.minute)
        let dayStart = DatePickerModel.make(year: m.year, month: m.month, day: day, hour: 0, minute: 0)
        let dayEnd = DatePickerModel.make(year: m.year, month: m.month, day: day, hour: 23, minute: 59, second: 59)
        let enabled = model.contains(date) || model.contains(dayStart) || model.contains(dayEnd)
        let colour: Color = isSelected ? .white : !enabled ? Color(uiColor: .tertiaryLabel) : isToday ? accent : .primary
        let model = self.model
        return Text("\(day)")
            .font(.system(size: 20, weight: isSelected || isToday ? .semibold : .regular))
            .foregroundColor(colour)
            .frame(width: 40, height: 40)
            .background(Circle().fill(isSelected ? accent : Color.clear))
            .frame(maxWidth: .infinity)
            .frame(height: 44)
            .contentShape(Rectangle())
            .onTapGesture { if enabled { model.set(date) } }
    }
}

// MARK: - Wheel

struct _WheelDatePicker: View {
    let model: DatePickerModel
    @Environment(\.colorScheme) private var scheme

    var body: some View {
        let p = DatePickerModel.parts(model.date)
        let band = scheme == .dark ? Color(.sRGB, red: 0.46, green: 0.46, blue: 0.5, opacity: 0.24)
                                   : Color(.sRGB, red: 0.46, green: 0.46, blue: 0.5, opacity: 0.12)
        ZStack {
            RoundedRectangle(cornerRadius: 8).fill(band).frame(height: _PickerWheel.rowHeight).padding(.horizontal, 8)
            HStack(spacing: 0) {
                if model.showsDate && !model.showsTime { dateColumns(p) }
                if model.showsDate && model.showsTime { dayColumn(p).frame(maxWidth: .infinity) }
                if model.showsTime { timeColumns(p) }
            }
            .padding(.horizontal, 16)
        }
        .frame(height: _PickerWheel.height)
    }

    private func years(_ p: (year: Int, month: Int, day: Int, hour: Int, minute: Int)) -> ClosedRange<Int> {
        if let r = model.validRange {
            let lo = DatePickerModel.parts(r.lowerBound).year, hi = DatePickerModel.parts(r.upperBound).year
            if hi - lo <= 400 { return min(lo, p.year)...max(hi, p.year) }
        }
        return max(1, p.year - 100)...min(9999, p.year + 100)
    }

    @ViewBuilder
    private func dateColumns(_ p: (year: Int, month: Int, day: Int, hour: Int, minute: Int)) -> some View {
        let model = self.model
        let ys = years(p)
        let days = DatePickerModel.daysIn(year: p.year, month: p.month)
        _PickerWheel(labels: DatePickerModel.monthNames.map { AnyView(Text($0)) }, chosen: p.month - 1, select: { i in
            model.set(DatePickerModel.make(year: p.year, month: i + 1, day: p.day, hour: p.hour, minute: p.minute))
        }, showsBand: false).frame(maxWidth: .infinity)
        _PickerWheel(labels: (1...days).map { AnyView(Text("\($0)")) }, chosen: p.day - 1, select: { i in
            model.set(DatePickerModel.make(year: p.year, month: p.month, day: i + 1, hour: p.hour, minute: p.minute))
        }, showsBand: false).frame(width: 60)
        _PickerWheel(labels: ys.map { AnyView(Text(String($0))) }, chosen: p.year - ys.lowerBound, select: { i in
            model.set(DatePickerModel.make(year: ys.lowerBound + i, month: p.month, day: p.day, hour: p.hour, minute: p.minute))
        }, showsBand: false).frame(width: 90)
    }

    private func dayColumn(_ p: (year: Int, month: Int, day: Int, hour: Int, minute: Int)) -> some View {
        let model = self.model
        let noon = DatePickerModel.make(year: p.year, month: p.month, day: p.day, hour: 12, minute: 0)
        let today = DatePickerModel.parts(DatePickerModel.today)
        let labels: [AnyView] = (-180...180).map { offset in
            let d = noon.addingTimeInterval(Double(offset) * 86_400)
            let q = DatePickerModel.parts(d)
            if q.year == today.year && q.month == today.month && q.day == today.day { return AnyView(Text("Today")) }
            let wd = DatePickerModel.weekdayShort[DatePickerModel.calendar.component(.weekday, from: d) - 1]
            return AnyView(Text("\(wd) \(DatePickerModel.monthNames[q.month - 1].prefix(3)) \(q.day)"))
        }
        return _PickerWheel(labels: labels, chosen: 180, select: { i in
            let q = DatePickerModel.parts(noon.addingTimeInterval(Double(i - 180) * 86_400))
            model.set(DatePickerModel.make(year: q.year, month: q.month, day: q.day, hour: p.hour, minute: p.minute))
        }, showsBand: false)
    }

    @ViewBuilder
    private func timeColumns(_ p: (year: Int, month: Int, day: Int, hour: Int, minute: Int)) -> some View {
        let model = self.model
        let pm = p.hour >= 12
        _PickerWheel(labels: (1...12).map { AnyView(Text("\($0)")) }, chosen: (p.hour % 12 == 0 ? 12 : p.hour % 12) - 1, select: { i in
            let h12 = (i + 1) % 12
            model.set(DatePickerModel.make(year: p.year, month: p.month, day: p.day, hour: h12 + (pm ? 12 : 0), minute: p.minute))
        }, showsBand: false).frame(width: 56)
        _PickerWheel(labels: (0..<60).map { AnyView(Text(verbatim: $0 < 10 ? "0\($0)" : "\($0)")) }, chosen: p.minute, select: { i in
            model.set(DatePickerModel.make(year: p.year, month: p.month, day: p.day, hour: p.hour, minute: i))
        }, showsBand: false).frame(width: 56)
        _PickerWheel(labels: [AnyView(Text("AM")), AnyView(Text("PM"))], chosen: pm ? 1 : 0, select: { i in
            model.set(DatePickerModel.make(year: p.year, month: p.month, day: p.day, hour: p.hour % 12 + (i == 1 ? 12 : 0), minute: p.minute))
        }, showsBand: false).frame(width: 56)
    }
}
