// Toolbars: `.toolbar { ToolbarItem(placement: .topBarTrailing) { … } }` on a page of a
// NavigationStack puts items in its navigation bar (leading after the back button, trailing at
// the right edge, 16 points in, 16 apart; `.principal` in place of the inline title) or in a
// bottom toolbar (`.bottomBar`, `.status`): 44 points tall plus the bottom safe area (none here)
// on the bar material under a hairline, items spread as their group lays them out (a group's
// Spacers push its items apart, as in UIToolbar). Items are in the tint (the accent colour).
// The `.toolbar` modifier writes its items into the page (`NavigationPageInfo.toolbars`, by a
// token of the modifier, so several `.toolbar`s on one page add up) while the page's content is
// evaluated; the bar and bottom toolbar are listed after the content and read them in the same
// pass. Outside a NavigationStack toolbars show nothing, as in SwiftUI.
// Kiosk differs: toolbar content is built with @ViewBuilder (ToolbarItem and ToolbarItemGroup
// are views), so `@ToolbarContentBuilder` properties returning `some ToolbarContent` are not
// supported; plain views in `.toolbar { }` go to the trailing side (iOS's `.automatic`).

import Raster

/// Where a toolbar item goes.
public struct ToolbarItemPlacement: Hashable, Sendable {
    enum Slot: Hashable, Sendable { case leading, trailing, principal, bottom }
    let slot: Slot
    /// The platform's choice: trailing in the navigation bar.
    public static let automatic = ToolbarItemPlacement(slot: .trailing)
    /// The leading edge of the navigation bar (after the back button).
    public static let topBarLeading = ToolbarItemPlacement(slot: .leading)
    /// The trailing edge of the navigation bar.
    public static let topBarTrailing = ToolbarItemPlacement(slot: .trailing)
    /// The pre-iOS 17 spelling of `topBarLeading`.
    public static let navigationBarLeading = ToolbarItemPlacement(slot: .leading)
    /// The pre-iOS 17 spelling of `topBarTrailing`.
    public static let navigationBarTrailing = ToolbarItemPlacement(slot: .trailing)
    /// The centre of the navigation bar, in place of the inline title.
    public static let principal = ToolbarItemPlacement(slot: .principal)
    /// The bottom toolbar.
    public static let bottomBar = ToolbarItemPlacement(slot: .bottom)
    /// The middle of the bottom toolbar (kiosk: the bottom toolbar).
    public static let status = ToolbarItemPlacement(slot: .bottom)
    /// The main action: trailing.
    public static let primaryAction = ToolbarItemPlacement(slot: .trailing)
    /// A confirming action ("Done", "Save"): trailing.
    public static let confirmationAction = ToolbarItemPlacement(slot: .trailing)
    /// A cancelling action: leading.
    public static let cancellationAction = ToolbarItemPlacement(slot: .leading)
    /// A destructive action: trailing.
    public static let destructiveAction = ToolbarItemPlacement(slot: .trailing)
}

/// One toolbar item as a page keeps it.
struct ToolbarEntry: Identifiable {
    let id: Int
    let placement: ToolbarItemPlacement
    let view: AnyView
}

/// Views that are toolbar items.
protocol ToolbarItemSource {
    var toolbarPlacement: ToolbarItemPlacement { get }
    var toolbarView: AnyView { get }
}

/// A toolbar item: its content at `placement`.
///
/// ```swift
/// .toolbar { ToolbarItem(placement: .topBarTrailing) { Button("Add", action: add) } }
/// ```
public struct ToolbarItem<ID, Content: View>: View, ToolbarItemSource {
    let placement: ToolbarItemPlacement
    let content: Content

    public var body: some View { content }
    var toolbarPlacement: ToolbarItemPlacement { placement }
    var toolbarView: AnyView { AnyView(content) }
}

extension ToolbarItem where ID == () {
    /// An item at `placement` (`.automatic`: trailing).
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement; self.content = content()
    }
}

extension ToolbarItem where ID == String {
    /// An item with an identifier (kiosk: the identifier is accepted).
    public init(id: String, placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement; self.content = content()
    }
}

/// Several toolbar items at one placement, laid out in a row (Spacers spread them).
public struct ToolbarItemGroup<Content: View>: View, ToolbarItemSource {
    let placement: ToolbarItemPlacement
    let content: Content

    /// Items at `placement`.
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement; self.content = content()
    }
    public var body: some View { content }
    var toolbarPlacement: ToolbarItemPlacement { placement }
    var toolbarView: AnyView {
        placement.slot == .bottom ? AnyView(HStack { content }) : AnyView(HStack(spacing: 16) { content })
    }
}

/// Gives the enclosing page its toolbar items.
struct _ToolbarModifier<C: View>: ViewModifier {
    let items: C
    @Environment(\.navigationPage) private var page
    @State private var token = ToolbarToken.next()

    func body(content: Content) -> some View {
        if let page {
            var entries: [ToolbarEntry] = []
            collect(items, &entries)
            page.toolbars[token] = entries
            page.toolbarVersion &+= 1
        }
        return content.onDisappear { [page, token] in
            if let page, page.toolbars.removeValue(forKey: token) != nil { page.toolbarVersion &+= 1 }
        }
    }

    private func collect(_ view: any View, _ out: inout [ToolbarEntry]) {
        if let item = view as? any ToolbarItemSource {
            out.append(ToolbarEntry(id: token * 4096 + out.count, placement: item.toolbarPlacement, view: item.toolbarView))
        } else if !(view is any ModifierCarrier), let container = view as? any ListRowsContainer {
            var children = ChildList()
            container.makeChildren(&children)
            for child in children.views { collect(child.view, &out) }
        } else {
            out.append(ToolbarEntry(id: token * 4096 + out.count, placement: .automatic, view: AnyView(view)))
        }
    }
}

/// Tokens of `.toolbar` modifiers (their order orders their items).
enum ToolbarToken {
    private static let counter = Locked(0)
    static func next() -> Int { counter.withLock { $0 += 1; return $0 } }
}

extension View {
    /// Puts items in the navigation bar or bottom toolbar of the enclosing NavigationStack page.
    ///
    /// ```swift
    /// .toolbar {
    ///     ToolbarItem(placement: .topBarLeading) { Button("Cancel", action: cancel) }
    ///     ToolbarItem(placement: .topBarTrailing) { Button("Save", action: save) }
    /// }
    /// ```
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
        modifier(_ToolbarModifier(items: content()))
    }
}

/// The page's bottom toolbar: nothing without `.bottomBar` items.
struct _BottomToolbar: View {
    let info: NavigationPageInfo

    static let height: CGFloat = 44

    var body: some View {
        let _ = info.toolbarVersion
        let items = info.toolbarItems.filter { $0.placement.slot == .bottom }
        if items.isEmpty {
            EmptyView()
        } else {
            HStack(spacing: 16) { ForEach(items) { $0.view } }
                .padding(.horizontal, 16)
                .frame(maxWidth: .infinity)
                .frame(height: Self.height)
                .modifier(_BarMaterial())
                .tint(.accentColor)
        }
    }
}
