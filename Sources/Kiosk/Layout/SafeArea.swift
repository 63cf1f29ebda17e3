// Safe areas: a kiosk screen has no status bar, notch or home indicator, so the container safe
// area is empty (GeometryProxy.safeAreaInsets says so too). The one safe area kiosk has is the
// on-screen keyboard's: while it shows, the app's root view is laid out in the screen minus the
// keyboard's height (Focus/Keyboard/KeyboardHost.swift). `.ignoresSafeArea(.keyboard)` (or
// `.all`, the default) undoes that for its view, as SwiftUI does: the view is sized as proposed,
// but when its bottom edge touches the keyboard's top it is laid out that much taller, reaching
// under the keyboard, so its content does not move when the keyboard comes.
// Inside a scroll view: a scroll view whose content (its one view, through single-child
// modifiers) ignores the keyboard safe area opts out as a whole — when its bottom is at the
// keyboard's top its viewport reaches under the keyboard, so its scroll range stays and a focused
// field in it is not scrolled above the keyboard (the content does not move).
// The navigation bar is the other one: a view ignoring `.container` at the `.top` edge whose top
// touches its page's bar is laid out from the page's top, under the bar, which is drawn over it
// (transparent at the scroll edge, as on iOS 15+: the content shows through until it scrolls under).

/// A set of symbolic safe area regions.
public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The safe area defined by the device and containers within the user interface.
    public static let container = SafeAreaRegions(rawValue: 1 << 0)
    /// The safe area matching the current extent of any software keyboard.
    public static let keyboard = SafeAreaRegions(rawValue: 1 << 1)
    /// All safe area regions.
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

extension View {
    /// Expands the safe area of a view: with `.keyboard` in `regions` and `.bottom` in `edges`,
    /// a view whose bottom touches the on-screen keyboard is laid out down to the screen's
    /// bottom, under the keyboard; with `.container` and `.top`, a view whose top touches its
    /// navigation bar is laid out from the page's top, under the bar.
    ///
    /// ```swift
    /// Color.black.ignoresSafeArea()
    /// VStack { Spacer(); TextField("Name", text: $name) }.ignoresSafeArea(.keyboard)
    /// ```
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View {
        modifier(_IgnoresKeyboardSafeArea(active: regions.contains(.keyboard) && edges.contains(.bottom),
                                          underBar: regions.contains(.container) && edges.contains(.top)))
    }

    /// Changes the view's proposed area to extend outside the screen's safe areas (deprecated
    /// spelling of `ignoresSafeArea(.all, edges:)`).
    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> some View { ignoresSafeArea(.all, edges: edges) }
}

/// `.ignoresSafeArea(.keyboard)`: sized as proposed, laid out reaching under the keyboard when
/// its bottom touches the keyboard's top.
///
/// With `.container` and `.top`, a view whose top touches the bottom of its navigation page's
/// bar is laid out up to the page's top, under the bar, as on iOS (the bar is drawn over it).
struct _IgnoresKeyboardSafeArea: BuiltinModifier, LayoutBehavior {
    let active: Bool
    var underBar = false

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        pass.size(of: node.layoutItems, proposal)
    }

    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        var rect = bounds
        if active, let focus = node.graph.focusIfMade, focus.keyboardInset > 0,
           abs(bounds.maxY - focus.keyboardTop) < 0.5 {
            rect.size.height += focus.keyboardInset
        }
        if underBar, let bar = NavigationBarAreaLookup.bar(above: node), bar.height > 0, abs(bounds.minY - bar.maxY) < 0.5 {
            rect.origin.y = bar.minY
            rect.size.height += bar.height
        }
        let items = node.layoutItems
        if items.count == 1 {
            _ = pass.size(items[0], ProposedViewSize(rect.size))
            pass.place(items[0], in: rect)
        } else {
            _ = pass.size(of: items, ProposedViewSize(rect.size))
            pass.place(items: items, in: rect)
        }
    }
}

extension _IgnoresKeyboardSafeArea {
    /// A scroll view's viewport: `bounds`, reaching under the on-screen keyboard when the scroll
    /// view's bottom is at the keyboard's top and its content ignores the keyboard safe area.
    static func viewport(_ bounds: CGRect, scrollView node: Node) -> CGRect {
        guard let focus = node.graph.focusIfMade, focus.keyboardInset > 0,
              abs(bounds.maxY - focus.keyboardTop) < 0.5, contentIgnoresKeyboard(node) else { return bounds }
        var r = bounds
        r.size.height += focus.keyboardInset
        return r
    }

    /// Whether the one view under `node` (through single-child nodes, a few levels) is marked
    /// `.ignoresSafeArea(.keyboard)`.
    private static func contentIgnoresKeyboard(_ node: Node) -> Bool {
        var n = node
        for _ in 0..<8 {
            var only: Node?
            for c in n.children where !c.isRemoved {
                if only != nil { return false }
                only = c
            }
            guard let c = only else { return false }
            if let m = c.layout as? _IgnoresKeyboardSafeArea { return m.active }
            n = c
        }
        return false
    }
}

/// The navigation page layouts' bars, as the container safe area a view may ignore.
protocol NavigationBarArea {}

extension NavigationBarArea {
    /// The frame of the bar of the nearest navigation page around `node` (root coordinates,
    /// placed before the page's content), or nil outside a navigation stack.
    static func bar(above node: Node) -> CGRect? {
        var n = node.parent
        while let p = n {
            if p.layout is any NavigationBarArea {
                let items = p.layoutItems
                return items.count >= 2 ? items[1].layoutFrame : nil
            }
            n = p.parent
        }
        return nil
    }
}

enum NavigationBarAreaLookup: NavigationBarArea {}
