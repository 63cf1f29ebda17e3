// The scroll view's modifiers: they write the environment the ScrollView below reads
// (`scrollTargetBehavior`, `scrollIndicators`, `scrollDisabled`, `contentMargins`), as in
// SwiftUI, so they apply to every scroll view inside the modified view. `scrollTargetLayout()`
// marks the stack whose children `.viewAligned` settles on.

/// How a scroll view settles after a release.
public protocol ScrollTargetBehavior {
    var _kind: ScrollTargetBehaviorKind { get }
}

/// The kind of settling (kiosk's erased form of the behaviour).
public enum ScrollTargetBehaviorKind: Hashable, Sendable { case none, paging, viewAligned }

/// Settles on whole pages: multiples of the viewport's size.
public struct PagingScrollTargetBehavior: ScrollTargetBehavior {
    public init() {}
    public var _kind: ScrollTargetBehaviorKind { .paging }
}

/// Settles with a child of the `scrollTargetLayout()` (or of the content) at the leading edge.
public struct ViewAlignedScrollTargetBehavior: ScrollTargetBehavior {
    /// How far one release may travel (kiosk: accepted; the nearest target to the momentum's
    /// natural end always wins).
    public enum LimitBehavior: Hashable, Sendable { case automatic, always, never, alwaysByFew, alwaysByOne }
    public var limitBehavior: LimitBehavior
    public init(limitBehavior: LimitBehavior = .automatic) { self.limitBehavior = limitBehavior }
    public var _kind: ScrollTargetBehaviorKind { .viewAligned }
}

extension ScrollTargetBehavior where Self == PagingScrollTargetBehavior {
    public static var paging: PagingScrollTargetBehavior { PagingScrollTargetBehavior() }
}
extension ScrollTargetBehavior where Self == ViewAlignedScrollTargetBehavior {
    public static var viewAligned: ViewAlignedScrollTargetBehavior { ViewAlignedScrollTargetBehavior() }
    public static func viewAligned(limitBehavior: ViewAlignedScrollTargetBehavior.LimitBehavior) -> ViewAlignedScrollTargetBehavior {
        ViewAlignedScrollTargetBehavior(limitBehavior: limitBehavior)
    }
}

/// When scroll indicators show.
public struct ScrollIndicatorVisibility: Hashable, Sendable {
    let raw: Int
    /// The platform's choice (iOS: while scrolling).
    public static let automatic = ScrollIndicatorVisibility(raw: 0)
    /// While scrolling.
    public static let visible = ScrollIndicatorVisibility(raw: 1)
    /// Hidden (SwiftUI may still show them on some platforms; kiosk never does).
    public static let hidden = ScrollIndicatorVisibility(raw: 2)
    /// Never shown.
    public static let never = ScrollIndicatorVisibility(raw: 3)
}

/// Where content margins apply (kiosk: to the scroll content for every placement).
public struct ContentMarginPlacement: Hashable, Sendable {
    let raw: Int
    public static let automatic = ContentMarginPlacement(raw: 0)
    public static let scrollContent = ContentMarginPlacement(raw: 1)
    public static let scrollIndicators = ContentMarginPlacement(raw: 2)
}

struct ScrollTargetBehaviorKey: EnvironmentKey { static let defaultValue = ScrollTargetBehaviorKind.none }
struct ScrollIndicatorVisibilityKey: EnvironmentKey { static let defaultValue = ScrollIndicatorVisibility.automatic }
struct ScrollEnabledKey: EnvironmentKey { static let defaultValue = true }
struct ScrollContentMarginsKey: EnvironmentKey { static let defaultValue = EdgeInsets() }

extension EnvironmentValues {
    var scrollTargetBehavior: ScrollTargetBehaviorKind {
        get { self[ScrollTargetBehaviorKey.self] } set { self[ScrollTargetBehaviorKey.self] = newValue }
    }
    /// The indicator visibility scroll views in this environment use.
    public var scrollIndicatorVisibility: ScrollIndicatorVisibility {
        get { self[ScrollIndicatorVisibilityKey.self] } set { self[ScrollIndicatorVisibilityKey.self] = newValue }
    }
    /// Whether scroll views in this environment follow drags.
    public var isScrollEnabled: Bool { get { self[ScrollEnabledKey.self] } set { self[ScrollEnabledKey.self] = newValue } }
    var scrollContentMargins: EdgeInsets {
        get { self[ScrollContentMarginsKey.self] } set { self[ScrollContentMarginsKey.self] = newValue }
    }
}

/// Marks the layout whose children are `.viewAligned` targets (transparent otherwise).
public struct _ScrollTargetLayoutModifier: BuiltinModifier {}

extension View {
    /// How scroll views inside settle after a release.
    ///
    /// ```swift
    /// ScrollView(.horizontal) { LazyHStack { … } }.scrollTargetBehavior(.paging)
    /// ```
    public func scrollTargetBehavior(_ behavior: some ScrollTargetBehavior) -> some View {
        environment(\.scrollTargetBehavior, behavior._kind)
    }
    /// Marks this layout's children as the targets of `.viewAligned`.
    public func scrollTargetLayout(isEnabled: Bool = true) -> ModifiedContent<Self, _ScrollTargetLayoutModifier> {
        modifier(_ScrollTargetLayoutModifier())
    }
    /// When the scroll indicators of scroll views inside show (`axes` is accepted; kiosk sets
    /// both axes).
    public func scrollIndicators(_ visibility: ScrollIndicatorVisibility, axes: Axis.Set = [.vertical, .horizontal]) -> some View {
        environment(\.scrollIndicatorVisibility, visibility)
    }
    /// Stops scroll views inside from following drags (programmatic `scrollTo` still works);
    /// their touches go to the views around them.
    public func scrollDisabled(_ disabled: Bool) -> some View {
        environment(\.isScrollEnabled, !disabled)
    }
    /// Space around the scroll content of scroll views inside, on `edges` (nil: 16 points, the
    /// system's default padding).
    public func contentMargins(_ edges: Edge.Set = .all, _ length: CGFloat?, for placement: ContentMarginPlacement = .automatic) -> some View {
        let l = length.map { $0.isFinite ? max(0, $0) : 0 } ?? 16
        var insets = EdgeInsets()
        if edges.contains(.top) { insets.top = l }
        if edges.contains(.leading) { insets.leading = l }
        if edges.contains(.bottom) { insets.bottom = l }
        if edges.contains(.trailing) { insets.trailing = l }
        return environment(\.scrollContentMargins, insets)
    }
    /// Insets around the scroll content of scroll views inside.
    public func contentMargins(_ insets: EdgeInsets, for placement: ContentMarginPlacement = .automatic) -> some View {
        func fix(_ v: CGFloat) -> CGFloat { v.isFinite ? max(0, v) : 0 }
        return environment(\.scrollContentMargins, EdgeInsets(top: fix(insets.top), leading: fix(insets.leading),
                                                              bottom: fix(insets.bottom), trailing: fix(insets.trailing)))
    }
}
