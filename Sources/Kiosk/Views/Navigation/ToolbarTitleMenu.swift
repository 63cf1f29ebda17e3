// `.toolbarTitleMenu { … }` (iOS 16): the navigation title becomes a pull-down menu — the title
// with a chevron below-pointing beside it; a tap opens the content (buttons) as a Menu does
// (Controls/Menu.swift), centred under the title. Like `.navigationTitle` it writes into the enclosing
// NavigationStack page (NavigationPageInfo.titleMenu); outside a stack it does nothing. iOS shows
// the menu for inline and large titles alike; so does kiosk. A page with no title shows none.

extension View {
    /// Makes the enclosing navigation page's title open a menu of `content` (usually buttons).
    ///
    /// ```swift
    /// .navigationTitle("Inbox")
    /// .toolbarTitleMenu {
    ///     Button("Unread") { filter = .unread }
    ///     Button("Flagged") { filter = .flagged }
    /// }
    /// ```
    public func toolbarTitleMenu<C: View>(@ViewBuilder content: () -> C) -> some View {
        modifier(_ToolbarTitleMenuModifier(menu: AnyView(content())))
    }
}

/// Writes the menu into the enclosing page while the content is evaluated.
struct _ToolbarTitleMenuModifier: ViewModifier {
    let menu: AnyView
    @Environment(\.navigationPage) private var page

    func body(content: Content) -> some View {
        if let page {
            // The menu's views are read when it opens (not observed); only its arrival is.
            page.titleMenu = menu
            if !page.hasTitleMenu { page.hasTitleMenu = true }
        }
        return content
    }
}

/// The bar's title: plain text, or with a title menu the text and a chevron opening it.
struct _NavigationTitleText: View {
    let title: String
    let large: Bool
    let info: NavigationPageInfo

    var body: some View {
        let text = Text(title).font(large ? .largeTitle.bold() : .headline).lineLimit(1)
        if info.hasTitleMenu, let menu = info.titleMenu {
            Menu {
                menu
            } label: {
                HStack(spacing: large ? 6 : 4) {
                    text
                    Image(systemName: "chevron.down")
                        .font(.system(size: large ? 17 : 11, weight: .bold))
                        .foregroundColor(.secondary)
                }
                .foregroundColor(.primary)
            }
            .buttonStyle(.plain)
            // iOS 17 opens the title's menu centred under the title.
            .environment(\.menuCentredUnderLabel, true)
        } else {
            text
        }
    }
}
