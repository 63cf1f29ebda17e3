// `UISegmentedControl.appearance()`: SwiftUI's segmented Picker is a UISegmentedControl on iOS,
// so code styles it through UIKit's appearance proxy, usually in a view's `init`:
//
//     UISegmentedControl.appearance().selectedSegmentTintColor = .red
//     UISegmentedControl.appearance().setTitleTextAttributes([.foregroundColor: UIColor.white], for: .selected)
//
// Kiosk's segmented Picker (`_SegmentedControl` in Picker.swift) honours what such code sets:
// `selectedSegmentTintColor` (the chosen segment's thumb), `backgroundColor` (the track) and the
// title text attributes' `.foregroundColor` for `.normal` and `.selected` (the selected colour
// falls back to the normal one, as in UIKit). Other attributes (`.font`) are kept and returned
// by `titleTextAttributes(for:)` but not drawn. As in UIKit the proxy is process-wide and is
// read when a control is drawn, so set it before the picker appears. `setTitleTextAttributes`
// takes `[NSAttributedString.Key: Any]`, a Foundation type: it comes with `import SwiftUI`
// (Sources/SwiftUI/UIKitAppearance.swift); `import Kiosk` has the colour setters only.
// There is no UIKit view here: a UISegmentedControl made with `init()` is only a style holder.

import Raster

/// UIKit's control base, as far as SwiftUI code names it: its `State` for appearance setters.
open class UIControl: @unchecked Sendable {
    /// The states a control's appearance can be set for.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
    }
    public init() {}
}

/// UIKit's segmented control: here the style of kiosk's segmented `Picker` (see the file's notes).
public final class UISegmentedControl: UIControl {
    private let lock = Locked(())
    private var _tint: UIColor?
    private var _background: UIColor?
    private var _titleColors: [UInt: UIColor] = [:]
    private var _attributes: [UInt: [AnyHashable: Any]] = [:]

    private static let shared = UISegmentedControl()
    /// A proxy of the current task's own (tests running side by side each style their pickers).
    @TaskLocal static var taskProxy: UISegmentedControl?
    private static var proxy: UISegmentedControl { taskProxy ?? shared }

    /// The appearance proxy: what is set on it styles every segmented Picker drawn afterwards.
    public static func appearance() -> UISegmentedControl { proxy }

    /// The chosen segment's colour (iOS: white in light mode, nil = the default).
    public var selectedSegmentTintColor: UIColor? {
        get { lock.withLock { _ in _tint } }
        set { lock.withLock { _ in _tint = newValue } }
    }
    /// The track's colour (nil = iOS's translucent grey).
    public var backgroundColor: UIColor? {
        get { lock.withLock { _ in _background } }
        set { lock.withLock { _ in _background = newValue } }
    }

    /// The title colour for `state` (what `.foregroundColor` in the title text attributes sets).
    public func _setTitleColor(_ color: UIColor?, for state: UIControl.State) {
        lock.withLock { _ in _titleColors[state.rawValue] = color }
    }
    /// The title colour set for `state`, nil when none was.
    public func _titleColor(for state: UIControl.State) -> UIColor? {
        lock.withLock { _ in _titleColors[state.rawValue] }
    }
    /// Stores the attributes dictionary as given (for `titleTextAttributes(for:)`).
    public func _setAttributes(_ attributes: [AnyHashable: Any]?, for state: UIControl.State) {
        lock.withLock { _ in _attributes[state.rawValue] = attributes }
    }
    public func _attributes(for state: UIControl.State) -> [AnyHashable: Any]? {
        lock.withLock { _ in _attributes[state.rawValue] }
    }

    /// What the segmented Picker draws with (nil members = iOS's defaults).
    struct Style {
        var thumb: Color?, track: Color?, normalText: Color?, selectedText: Color?
    }
    static var currentStyle: Style {
        let p = proxy
        let normal = p._titleColor(for: .normal)
        return Style(thumb: p.selectedSegmentTintColor.map(Color.init(uiColor:)),
                     track: p.backgroundColor.map(Color.init(uiColor:)),
                     normalText: normal.map(Color.init(uiColor:)),
                     selectedText: (p._titleColor(for: .selected) ?? normal).map(Color.init(uiColor:)))
    }
}
