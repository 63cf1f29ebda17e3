// TabBar: iOS's bottom tab bar, as a TabView in the automatic style draws it. iOS 17 metrics
// (iPhone, portrait): 49 points tall plus the bottom safe area (none on a kiosk screen); a
// translucent bar — the system background at 94 % (light F9F9F9, dark 161616) — under a
// hairline (black at 30 %, white at 16 % in dark mode); items share the width equally, each a
// symbol above a 10-point medium caption, the symbol in its filled variant (iOS fills tab bar
// symbols). The selected item is in the tint (the accent colour, blue), the others in
// systemGray. A badge is a red capsule 18 points tall (at least as wide) with its number or text
// in white 13-point, its leading edge 6 points past the symbol's centre, 2 points above it.
// Kiosk differs: on wide screens iOS (iPad, landscape iPhone) puts the symbol beside the title;
// kiosk always stacks them.

/// The bar: one item per tab.
struct _TabBar: View {
    let entries: [TabEntry]
    let selected: Int
    let select: (Int) -> Void

    static let height: CGFloat = 49

    var body: some View {
        HStack(spacing: 0) {
            ForEach(Array(entries.enumerated()), id: \.element.id) { index, entry in
                _TabBarItem(traits: entry.traits, isSelected: index == selected)
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
                    .contentShape(Rectangle())
                    .onTapGesture { select(index) }
            }
        }
        .frame(height: Self.height)
        .frame(maxWidth: .infinity)
        .modifier(_BarMaterial())
    }
}

/// The bars' translucent fill under a hairline (the tab bar and the bottom toolbar).
struct _BarMaterial: ViewModifier {
    @Environment(\.colorScheme) private var scheme
    func body(content: Content) -> some View {
        content
            .background(scheme == .dark ? Color(white: 0.086).opacity(0.94) : Color(white: 0.976).opacity(0.94))
            .overlay(alignment: .top) {
                (scheme == .dark ? Color.white.opacity(0.16) : Color.black.opacity(0.3)).frame(height: 1)
            }
    }
}

/// One item: symbol above caption, or the label as given when it has neither.
struct _TabBarItem: View {
    let traits: TabTraits
    let isSelected: Bool
    @Environment(\.tint) private var tint

    var body: some View {
        let parts = Self.parts(of: traits.label)
        let colour = isSelected ? (tint ?? Color.accentColor) : Color(uiColor: .systemGray)
        VStack(spacing: 2) {
            if let icon = parts.icon {
                AnyView(icon)
                    .font(.system(size: 20, weight: .medium))
                    .symbolVariant(.fill)
                    .frame(width: 24, height: 24)
                    .overlay(alignment: .topLeading) {
                        if let badge = traits.badge ?? nil { _TabBadgeView(badge: badge).fixedSize().offset(x: 18, y: -2) }
                    }
            }
            if let title = parts.title {
                AnyView(title).font(.system(size: 10, weight: .medium)).lineLimit(1)
            }
        }
        .padding(.top, 7)
        .frame(maxHeight: .infinity, alignment: .top)
        .foregroundColor(colour)
    }

    /// The label's symbol and caption: a Label's icon and title, or the first Image and the
    /// first other view of an older `.tabItem { Image(…); Text(…) }`.
    static func parts(of label: (any View)?) -> (icon: (any View)?, title: (any View)?) {
        guard let label else { return (nil, nil) }
        var icon: (any View)?, title: (any View)?
        func visit(_ view: any View) {
            if let any = view as? AnyView { visit(any.view); return }
            if let parts = view as? any LabelParts {
                if icon == nil { icon = parts.iconPart }
                if title == nil { title = parts.titlePart }
                return
            }
            if !(view is any ModifierCarrier), let container = view as? any ListRowsContainer {
                var children = ChildList()
                container.makeChildren(&children)
                for child in children.views { visit(child.view) }
                return
            }
            if view is Image, icon == nil { icon = view } else if title == nil { title = view }
        }
        visit(label)
        return (icon, title)
    }
}

/// A red capsule with white text.
struct _TabBadgeView: View {
    let badge: TabBadge
    var body: some View {
        Text(verbatim: badge.text)
            .font(.system(size: 13))
            .foregroundColor(.white)
            .lineLimit(1)
            .padding(.horizontal, 5)
            .frame(minWidth: 18, minHeight: 18)
            .background(Capsule().fill(Color(uiColor: .systemRed)))
    }
}
