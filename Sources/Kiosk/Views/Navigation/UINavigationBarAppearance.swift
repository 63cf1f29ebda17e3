// `UINavigationBar.appearance()` and `UINavigationBarAppearance`: SwiftUI code before iOS 16's
// `.toolbarBackground` coloured its navigation bar through UIKit's appearance proxy, in a view's
// `init`:
//
//     let appearance = UINavigationBarAppearance()
//     appearance.backgroundColor = .systemIndigo
//     appearance.titleTextAttributes = [.foregroundColor: UIColor.white]
//     UINavigationBar.appearance().standardAppearance = appearance
//     UINavigationBar.appearance().scrollEdgeAppearance = appearance
//     UINavigationBar.appearance().tintColor = .white
//
// Kiosk's navigation bar (NavigationStack.swift) honours what maps onto it: the appearance in use
// — `scrollEdgeAppearance` at the scroll edge (nil: the standard one made transparent, as UIKit
// does), `standardAppearance` once content scrolls under the bar — gives the bar's fill
// (`backgroundColor`; `configureWithTransparentBackground()` clears it and the hairline,
// `configureWithOpaqueBackground()` makes it the system background), the hairline (`shadowColor`)
// and the title colours (`titleTextAttributes`/`largeTitleTextAttributes` `.foregroundColor`;
// the dictionaries are Foundation's, so `import SwiftUI` has them: Sources/SwiftUI/UIKitAppearance.swift);
// `tintColor` colours the back button and bar items; the pre-iOS 15 `barTintColor` fills the bar
// and `titleTextAttributes` on the proxy colour the titles when no appearance says otherwise.
// Blur effects, background images and fonts are kept unread. The proxy is process-wide and read
// when a bar is drawn, as in UIKit: set it before the bar appears. Only `.toolbarBackground`
// on the page wins over it.

import Raster

/// The shared part of UIKit's bar appearances: background and hairline.
open class UIBarAppearance: @unchecked Sendable {
    let lock = Locked(())
    private var _background: UIColor?
    private var _shadow: UIColor?
    private var _configured: Configured = .standard
    enum Configured { case standard, opaque, transparent }

    public init() {}
    /// The bar's fill (nil: the configuration's).
    public var backgroundColor: UIColor? {
        get { lock.withLock { _ in _background } }
        set { lock.withLock { _ in _background = newValue } }
    }
    /// The hairline under the bar (nil: the configuration's; `.clear` hides it).
    public var shadowColor: UIColor? {
        get { lock.withLock { _ in _shadow } }
        set { lock.withLock { _ in _shadow = newValue } }
    }
    /// The system background and the hairline.
    public func configureWithOpaqueBackground() { lock.withLock { _ in _configured = .opaque; _background = nil; _shadow = nil } }
    /// No fill and no hairline.
    public func configureWithTransparentBackground() { lock.withLock { _ in _configured = .transparent; _background = nil; _shadow = nil } }
    /// The bar material and the hairline.
    public func configureWithDefaultBackground() { lock.withLock { _ in _configured = .standard; _background = nil; _shadow = nil } }
    var configured: Configured { lock.withLock { _ in _configured } }
}

/// A navigation bar's appearance: its background, hairline and title colours.
public final class UINavigationBarAppearance: UIBarAppearance, @unchecked Sendable {
    private var _titleColor: UIColor?
    private var _largeTitleColor: UIColor?
    private var _attributes: [Bool: [AnyHashable: Any]] = [:]
    public override init() { super.init() }

    /// The inline title's colour (what `titleTextAttributes[.foregroundColor]` sets).
    public func _setTitleColor(_ color: UIColor?, large: Bool) {
        lock.withLock { _ in if large { _largeTitleColor = color } else { _titleColor = color } }
    }
    public func _titleColor(large: Bool) -> UIColor? { lock.withLock { _ in large ? _largeTitleColor : _titleColor } }
    public func _setAttributes(_ attributes: [AnyHashable: Any], large: Bool) { lock.withLock { _ in _attributes[large] = attributes } }
    public func _attributes(large: Bool) -> [AnyHashable: Any] { lock.withLock { _ in _attributes[large] ?? [:] } }
}

/// UIKit's navigation bar: here the style of kiosk's navigation bar (see the file's notes).
public final class UINavigationBar: @unchecked Sendable {
    private let lock = Locked(())
    private var _standard: UINavigationBarAppearance?
    private var _scrollEdge: UINavigationBarAppearance?
    private var _compact: UINavigationBarAppearance?
    private var _tint: UIColor?
    private var _barTint: UIColor?
    private var _titleColor: UIColor?
    private var _largeTitleColor: UIColor?
    private var _attributes: [Bool: [AnyHashable: Any]] = [:]

    private static let shared = UINavigationBar()
    /// A proxy of the current task's own (tests running side by side each style their bars).
    @TaskLocal static var taskProxy: UINavigationBar?
    /// The appearance proxy: what is set on it styles every navigation bar drawn afterwards.
    public static func appearance() -> UINavigationBar { taskProxy ?? shared }
    init() {}

    /// The appearance once content scrolls under the bar (nil: kiosk's default bar).
    public var standardAppearance: UINavigationBarAppearance {
        get { lock.withLock { _ in
            if let a = _standard { return a }
            let a = UINavigationBarAppearance(); _standard = a; return a
        } }
        set { lock.withLock { _ in _standard = newValue } }
    }
    /// The appearance at the scroll edge (nil: the standard one, transparent).
    public var scrollEdgeAppearance: UINavigationBarAppearance? {
        get { lock.withLock { _ in _scrollEdge } }
        set { lock.withLock { _ in _scrollEdge = newValue } }
    }
    /// Kept (a panel's bar has one height).
    public var compactAppearance: UINavigationBarAppearance? {
        get { lock.withLock { _ in _compact } }
        set { lock.withLock { _ in _compact = newValue } }
    }
    /// The back button's and bar items' colour.
    public var tintColor: UIColor? {
        get { lock.withLock { _ in _tint } }
        set { lock.withLock { _ in _tint = newValue } }
    }
    /// The pre-iOS 15 bar fill.
    public var barTintColor: UIColor? {
        get { lock.withLock { _ in _barTint } }
        set { lock.withLock { _ in _barTint = newValue } }
    }
    public func _setTitleColor(_ color: UIColor?, large: Bool) {
        lock.withLock { _ in if large { _largeTitleColor = color } else { _titleColor = color } }
    }
    public func _titleColor(large: Bool) -> UIColor? { lock.withLock { _ in large ? _largeTitleColor : _titleColor } }
    public func _setAttributes(_ attributes: [AnyHashable: Any]?, large: Bool) { lock.withLock { _ in _attributes[large] = attributes } }
    public func _attributes(large: Bool) -> [AnyHashable: Any]? { lock.withLock { _ in _attributes[large] } }

    /// What kiosk's bar draws with in one scroll state; nil members: kiosk's defaults.
    struct Style: Equatable {
        var fill: Color?
        var hairline: Color?
        var title: Color?
        var largeTitle: Color?
        var tint: Color?
        var isDefault: Bool { self == Style() }
    }

    func style(scrolledUnder: Bool) -> Style {
        let (standard, edge, tint, barTint, title, large) = lock.withLock { _ in
            (_standard, _scrollEdge, _tint, _barTint, _titleColor, _largeTitleColor)
        }
        var s = Style(fill: barTint.map { Color(uiColor: $0) }, title: title.map { Color(uiColor: $0) },
                      largeTitle: large.map { Color(uiColor: $0) }, tint: tint.map { Color(uiColor: $0) })
        let chosen = scrolledUnder ? standard : (edge ?? standard)
        guard let a = chosen else { return s }
        let madeTransparent = !scrolledUnder && edge == nil
        switch a.configured {
        case .transparent: s.fill = .clear; s.hairline = .clear
        case .opaque: s.fill = Color(.systemBackground)
        case .standard: break
        }
        if let b = a.backgroundColor { s.fill = Color(uiColor: b) }
        if let h = a.shadowColor { s.hairline = Color(uiColor: h) }
        if madeTransparent { s.fill = nil; s.hairline = nil }
        if let t = a._titleColor(large: false) { s.title = Color(uiColor: t) }
        if let t = a._titleColor(large: true) { s.largeTitle = Color(uiColor: t) }
        return s
    }
}
