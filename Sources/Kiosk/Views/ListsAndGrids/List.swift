// List and Section: SwiftUI's scrolling table of rows, drawn as iOS 17 draws it. A List
// flattens its content the way SwiftUI's view lists do — TupleView, ForEach, Group, if/else,
// Optional and AnyView contribute their children, a Section contributes its header, rows and
// footer, and every other view is one row — then stacks the rows in a ScrollView over a
// LazyVStack (so a long list builds only the rows on screen; the flattening itself visits every
// row's view value, which is cheap next to building nodes).
//
// Looks (iPhone, light/dark), by style:
// - insetGrouped (the default, `.automatic`, `.sidebar`): systemGroupedBackground behind white
//   (dark 1C1C1E) section cards with 10-point corners, 16 points from the sides; rows 16 points
//   in, at least 44 tall (11 points above and below the content); hairline separators from the
//   content's leading edge; headers in uppercase footnote grey, footers in footnote grey;
//   35 points between sections (20 above a header).
// - grouped: the same with full-width, square cards. inset: plain rows 16 points from the sides.
// - plain: white rows edge to edge, separators 16 points in, headers as grey bars in
//   semibold subheadline (they scroll with the rows: kiosk does not pin them).
// Row traits: `.listRowBackground`, `.listRowSeparator(.hidden)`, `.listRowSeparatorTint`,
// `.listRowInsets` — read where the row's view is that modifier (outermost), as SwiftUI reads
// them from the row. With `selection:` a tap on a row selects it (its `.tag`, else its ForEach
// id; a Set selection becomes that one row, as outside edit mode) and the selected row is grey
// (systemGray4), as a NavigationSplitView sidebar's is (ListSelection.swift). Not done: swipe
// actions beyond Delete, pinned plain-style headers, edit mode's multiple selection. `onDelete`,
// `onMove` and `EditButton`: ListEditing.swift.

/// A scrolling column of rows, grouped in sections.
///
/// ```swift
/// List {
///     Section("Drinks") {
///         ForEach(drinks) { drink in HStack { Text(drink.name); Spacer(); Text(drink.price) } }
///     }
///     Section { Text("Open 7–19") } footer: { Text("Card payments only") }
/// }
/// .listStyle(.insetGrouped)
/// ```
public struct List<SelectionValue: Hashable, Content: View>: View {
    let content: Content
    var selection: ListSelection? = nil
    @Environment(\.listStyleKind) private var style
    @Environment(\.listBackgroundHidden) private var backgroundHidden

    public init(@ViewBuilder content: () -> Content) where SelectionValue == Never { self.content = content() }
    /// A list whose rows can be selected: a tap selects a row, the selected row is grey.
    public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) {
        self.content = content(); self.selection = selection.map { ListSelection($0) }
    }
    /// A list with a set of selected rows (a tap selects that row alone: kiosk has no edit mode).
    public init(selection: Binding<Set<SelectionValue>>?, @ViewBuilder content: () -> Content) {
        self.content = content(); self.selection = selection.map { ListSelection($0) }
    }

    public var body: some View {
        var rows = ListRows()
        rows.add(content, path: .root, traits: ListRowTraits())
        rows.finish()
        let metrics = ListMetrics(style)
        return ScrollView {
            LazyVStack(spacing: 0) {
                ForEach(rows.items) { item in ListItemView(item: item, metrics: metrics, selection: selection) }
            }
            .padding(.top, metrics.top)
            .padding(.bottom, metrics.bottom)
        }
        .background(ListBackground(metrics: metrics, hidden: backgroundHidden))
    }
}

extension List {
    /// One row per element of `data`.
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable, SelectionValue == Never {
        content = ForEach(data, content: rowContent)
    }
    /// One row per element of `data`, identified by `id`.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent>, SelectionValue == Never {
        content = ForEach(data, id: id, content: rowContent)
    }
    /// One row per number in `data`.
    public init<RowContent: View>(_ data: Range<Int>, @ViewBuilder rowContent: @escaping (Int) -> RowContent)
    where Content == ForEach<Range<Int>, Int, RowContent>, SelectionValue == Never {
        content = ForEach(data, content: rowContent)
    }
}

/// A group of rows in a List with an optional header and footer. Outside a List its header,
/// content and footer join the enclosing container, as a Group's would.
public struct Section<Parent: View, Content: View, Footer: View>: View, PrimitiveView {
    let header: Parent
    let content: Content
    let footer: Footer

    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
        self.header = header(); self.content = content(); self.footer = footer()
    }
    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
        self.header = header; self.content = content(); self.footer = footer
    }
    public var body: Never { bodyNeverCalled("Section") }
    func makeChildren(_ list: inout ChildList) {
        list.append(header, key: SectionPart.header)
        list.append(content, key: SectionPart.content)
        list.append(footer, key: SectionPart.footer)
    }
}

extension Section where Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(content: content, header: header, footer: { EmptyView() })
    }
    public init(header: Parent, @ViewBuilder content: () -> Content) { self.init(header: header, footer: EmptyView(), content: content) }
}

extension Section where Parent == EmptyView {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
        self.init(content: content, header: { EmptyView() }, footer: footer)
    }
    public init(footer: Footer, @ViewBuilder content: () -> Content) { self.init(header: EmptyView(), footer: footer, content: content) }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { EmptyView() })
    }
}

extension Section where Parent == Text, Footer == EmptyView {
    /// A section with a text header.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(title) }, footer: { EmptyView() })
    }
}

enum SectionPart: Hashable { case header, content, footer }

/// What a List needs from a Section, whatever its generic types.
protocol ListSection {
    var headerView: (any View)? { get }
    var contentView: any View { get }
    var footerView: (any View)? { get }
}

extension Section: ListSection {
    var headerView: (any View)? { Parent.self == EmptyView.self ? nil : header }
    var contentView: any View { content }
    var footerView: (any View)? { Footer.self == EmptyView.self ? nil : footer }
}

/// Views whose children are a list's rows one by one.
protocol ListRowsContainer: PrimitiveView {}
extension TupleView: ListRowsContainer {}
extension ForEach: ListRowsContainer {}
extension Group: ListRowsContainer {}
extension AnyView: ListRowsContainer {}
extension EmptyView: ListRowsContainer {}
extension _ConditionalContent: ListRowsContainer {}
extension Optional: ListRowsContainer where Wrapped: View {}

/// What a view is to a List's flattening (ListRows.add), kept per view type in its
/// `ViewTypeInfo`: the casts are made once, on the first value met.
enum ListRole {
    /// A trait modifier, edit actions or a Section: cast each time (they are few).
    case special
    /// Its children are rows one by one (ListRowsContainer: a primitive).
    case container
    /// One row.
    case row

    init(of view: any View) {
        if view is any ListRowTraitCarrier || view is any ListEditableRows || view is any ListSection { self = .special }
        else if view is any ListRowsContainer { self = .container }
        else { self = .row }
    }
}

/// A row's structural identity: the keys on the way to it (ForEach ids, tuple indexes), kept as
/// a 64-bit digest built one key at a time, and the last key (a row's ForEach id, which
/// `List(selection:)` selects by). As arrays of keys, the paths cost an allocation per row per
/// flattening and, as the rows' ForEach ids, an `AnyHashable` comparison each (≈ 4 000
/// instructions: 7 % of a bench-form-40 frame); a digest is one Int compare. Two different
/// paths share a digest with a chance of about n²/2⁶⁵ for n rows: they would then be one
/// identity, as a ForEach's duplicate ids are.
struct ListPath: Hashable {
    private(set) var digest: UInt64 = 0x243F_6A88_85A3_08D3
    private(set) var last: ListKey?

    static let root = ListPath()

    func appending(_ key: ListKey) -> ListPath {
        let word = key.key.other.map { UInt64(bitPattern: Int64($0.hashValue)) } ?? UInt64(bitPattern: Int64(key.key.int))
        let part = UInt64(key.part.rawValue) | (key.key.isBranch ? 0x100 : 0)
        var z = (digest ^ part) &* 0x9E37_79B9_7F4A_7C15 &+ word
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return ListPath(digest: z ^ (z >> 31), last: key)
    }
    func appending(_ part: ListKey.Part) -> ListPath { appending(ListKey(part)) }
    func appending(_ key: ChildKey) -> ListPath { appending(ListKey(key)) }

    static func == (a: ListPath, b: ListPath) -> Bool { a.digest == b.digest }
    func hash(into hasher: inout Hasher) { hasher.combine(digest) }
}

/// One step of a `ListPath`: a container's child key, or a part a List adds itself.
struct ListKey: Hashable {
    enum Part: UInt8 { case child, header, content, footer, gap, implicit, wrapped }
    var key: ChildKey
    var part: Part
    init(_ key: ChildKey) { self.key = key; part = .child }
    init(_ part: Part) { key = ChildKey(0); self.part = part }
    /// The container's key (a ForEach id) when this step is one.
    var childKey: ChildKey? { part == .child ? key : nil }
}

/// One entry of the flattened list.
struct ListItem: Identifiable {
    enum Kind { case gap(first: Bool, beforeHeader: Bool), header, row, footer }
    let path: ListPath
    /// The path's digest: the row's id in the List's ForEach (an Int key, compared as one).
    var id: Int { Int(bitPattern: UInt(path.digest)) }
    let kind: Kind
    let view: AnyView
    var traits: ListRowTraits
    var isFirst = false, isLast = false
}

/// The flattening of a List's content into sections of rows.
struct ListRows {
    private(set) var items: [ListItem] = []
    private var sectionOpen = false
    private var sectionStart = 0
    private var sections = 0
    /// Child lists to fill, reused from container to container (taken and given back in stack
    /// order, as the recursion nests): a new list per container was an array allocated and
    /// freed per row with an `if` in it.
    private var spareLists: [ChildList] = []

    private mutating func takeList() -> ChildList {
        guard var list = spareLists.popLast() else { return ChildList() }
        list.reset()
        return list
    }

    mutating func add(_ view: any View, path: ListPath, traits: ListRowTraits) {
        // What the view is to a list, found once per type (four casts per view were 10 % of a
        // bench-form-40 frame, each ≈ 1 200 instructions). Plain rows and containers need no
        // cast at all then; the graph's type info lists a container's children.
        let graph = ThreadContext.current.graph
        let info = graph?.typeInfo(of: view, type: ObjectIdentifier(type(of: view)))
        switch info?.listRole(of: view) {
        case .row?:
            addRow(view, path: path, traits: traits)
            return
        case .container?:
            var children = takeList()
            info!.makeChildren(of: view, &children)
            for i in 0..<children.count { add(children[i].view, path: path.appending(children[i].key), traits: traits) }
            spareLists.append(children)
            return
        default:
            break
        }
        if let carrier = view as? any ListRowTraitCarrier {
            var t = traits
            carrier.edit(&t)
            add(carrier.rowContent, path: path.appending(.wrapped), traits: t)
        } else if let editable = view as? any ListEditableRows {
            // A ForEach with edit actions (ListEditing.swift): each row knows its offset.
            var children = ChildList()
            (editable.rowsContent as? any PrimitiveView)?.makeChildren(&children)
            let rows = children.views
            for (i, child) in rows.enumerated() {
                var t = traits
                t.edit = ListRowEdit(offset: i, count: rows.count, delete: editable.delete, move: editable.move)
                add(child.view, path: path.appending(.wrapped).appending(child.key), traits: t)
            }
        } else if let section = view as? any ListSection {
            closeSection()
            openSection(path: path, beforeHeader: section.headerView != nil)
            if let header = section.headerView {
                items.append(ListItem(path: path.appending(.header), kind: .header,
                                      view: AnyView(header), traits: traits))
            }
            add(section.contentView, path: path.appending(.content), traits: traits)
            if let footer = section.footerView {
                items.append(ListItem(path: path.appending(.footer), kind: .footer,
                                      view: AnyView(footer), traits: traits))
            }
            closeSection()
        } else if let container = view as? any ListRowsContainer {
            var children = takeList()
            container.makeChildren(&children)
            for i in 0..<children.count { add(children[i].view, path: path.appending(children[i].key), traits: traits) }
            spareLists.append(children)
        } else {
            addRow(view, path: path, traits: traits)
        }
    }

    private mutating func addRow(_ view: any View, path: ListPath, traits: ListRowTraits) {
        if !sectionOpen { openSection(path: path.appending(.implicit), beforeHeader: false) }
        items.append(ListItem(path: path, kind: .row, view: AnyView(view), traits: traits))
    }

    private mutating func openSection(path: ListPath, beforeHeader: Bool) {
        items.append(ListItem(path: path.appending(.gap), kind: .gap(first: sections == 0, beforeHeader: beforeHeader),
                              view: AnyView(EmptyView()), traits: ListRowTraits()))
        sections += 1
        sectionOpen = true
        sectionStart = items.count
    }

    /// Marks the first and last rows of the open section.
    private mutating func closeSection() {
        guard sectionOpen else { return }
        sectionOpen = false
        let rows = items.indices[sectionStart...].filter { if case .row = items[$0].kind { return true } else { return false } }
        if let first = rows.first { items[first].isFirst = true }
        if let last = rows.last { items[last].isLast = true }
    }

    mutating func finish() { closeSection() }
}

/// Sizes and colours of a list style.
struct ListMetrics {
    let kind: ListStyleKind
    var grouped: Bool { kind == .insetGrouped || kind == .grouped }
    /// Whether rows sit in cards inset from the sides (16 or 20 points: `_ListMarginLayout`).
    var inset: Bool { kind == .insetGrouped || kind == .inset }
    var radius: CGFloat { kind == .insetGrouped || kind == .inset ? 10 : 0 }
    var top: CGFloat { grouped ? 0 : 0 }
    var bottom: CGFloat { grouped ? 35 : 0 }
    static let rowInsets = EdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)
    static let rowHeight: CGFloat = 44
    init(_ kind: ListStyleKind) { self.kind = kind }

    func background(_ scheme: ColorScheme) -> Color {
        grouped ? Color(uiColor: .systemGroupedBackground) : Color(uiColor: .systemBackground)
    }
    func rowBackground(_ scheme: ColorScheme) -> Color {
        grouped ? Color(uiColor: .secondarySystemGroupedBackground) : Color(uiColor: .systemBackground)
    }
}

struct ListBackground: View {
    let metrics: ListMetrics
    let hidden: Bool
    @Environment(\.colorScheme) private var scheme
    @Environment(\.navigationPage) private var page
    var body: some View {
        // A grouped list tells its navigation page, whose bar then shows the grouped background
        // as iOS's transparent scroll-edge bar does (NavigationStack.swift, _NavigationBar).
        if let page, metrics.grouped, !hidden, !page.groupedContent { page.groupedContent = true }
        return hidden ? Color.clear : metrics.background(scheme)
    }
}

/// One flattened entry drawn in the list's style.
struct ListItemView: View {
    let item: ListItem
    let metrics: ListMetrics
    var selection: ListSelection? = nil
    @Environment(\.buttonStyle) private var buttonStyle

    var body: some View {
        switch item.kind {
        case .gap(let first, let beforeHeader):
            Color.clear.frame(height: metrics.grouped ? (first ? (beforeHeader ? 16 : 20) : (beforeHeader ? 20 : 35)) : 0)
        case .header:
            if metrics.grouped {
                item.view
                    .font(.footnote).textCase(.uppercase).foregroundColor(.secondary)
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .modifier(_ListMarginLayout(inset: metrics.inset, extra: 16))
                    .padding(.bottom, 7)
            } else {
                item.view
                    .font(.system(size: 15, weight: .semibold)).foregroundColor(.secondary)
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .modifier(_ListMarginLayout(inset: metrics.inset, extra: 16)).padding(.vertical, 6)
                    .background(Color(uiColor: .secondarySystemBackground))
            }
        case .footer:
            item.view
                .font(.footnote).foregroundColor(.secondary)
                .frame(maxWidth: .infinity, alignment: .leading)
                .modifier(_ListMarginLayout(inset: metrics.inset, extra: 16)).padding(.top, 7)
        case .row:
            if buttonStyle == nil, let button = item.view.view as? any ListRowButton {
                // A Button row with no style set: iOS's tinted text, the whole row its target.
                ListButtonRow(item: item, metrics: metrics, label: button.rowLabel, role: button.rowRole, action: button.rowAction)
            } else if let selection, let value = ListSelection.value(of: item) {
                ListRowChrome(item: item, metrics: metrics, highlighted: selection.isSelected(value),
                              onPress: GestureRecipe(kind: .tap(count: 1), onTap: { selection.select(value) })) { item.view }
            } else if let edit = item.traits.edit {
                ListRowChrome(item: item, metrics: metrics, highlighted: false) {
                    EditableRowContent(edit: edit, rowHeight: ListMetrics.rowHeight, content: item.view)
                }
            } else {
                ListRowChrome(item: item, metrics: metrics, highlighted: false) { item.view }
            }
        }
    }
}

/// A row's chrome: its insets, the 44-point minimum height, the card's background (grey while
/// `highlighted`), the separator and the side margin. Its content sees `isListRowContent`, so
/// controls taller than a text line (a switch, a stepper) stand in the row's 44 points as
/// UIKit's accessory views do instead of growing it.
struct ListRowChrome<Content: View>: View {
    let item: ListItem
    let metrics: ListMetrics
    let highlighted: Bool
    var onPress: GestureRecipe? = nil
    @ViewBuilder let content: () -> Content
    @Environment(\.colorScheme) private var scheme
    @Environment(\.editMode) private var editMode

    var body: some View {
        let insets = item.traits.insets ?? ListMetrics.rowInsets
        let showsSeparator = item.traits.separator != .hidden && !item.isLast
        // In edit mode the delete disc pushes the content right (EditableRowContent); the
        // separator starts under the content, as UIKit's separator inset follows the indented
        // content view.
        let editIndent: CGFloat = (editMode?.wrappedValue.isEditing ?? false) && item.traits.edit?.delete != nil
            ? EditableRowContent<EmptyView>.deleteControlWidth : 0
        let fill = highlighted ? Color(uiColor: .systemGray4) : metrics.rowBackground(scheme)
        return content()
            .environment(\.isListRowContent, true)
            .padding(EdgeInsets(top: insets.top, leading: insets.leading, bottom: insets.bottom, trailing: insets.trailing))
            .frame(maxWidth: .infinity, minHeight: ListMetrics.rowHeight, alignment: .leading)
            .background(RowBackground(custom: highlighted ? nil : item.traits.background, fill: fill, corners: corners))
            .modifier(_OptionalGesture(recipe: onPress))
            .overlay(alignment: .bottom) {
                if showsSeparator {
                    (item.traits.separatorTint ?? Color(uiColor: .separator))
                        .frame(height: 1)
                        .padding(.leading, insets.leading + editIndent)
                }
            }
            .modifier(_ListMarginLayout(inset: metrics.inset, extra: 0))
    }

    /// The card's rounded corners this row draws (the first row the top ones, the last the
    /// bottom ones), nil for a square row.
    private var corners: UnevenRoundedRectangle? {
        let r = metrics.radius
        guard r > 0, item.isFirst || item.isLast else { return nil }
        return UnevenRoundedRectangle(topLeadingRadius: item.isFirst ? r : 0, bottomLeadingRadius: item.isLast ? r : 0,
                                      bottomTrailingRadius: item.isLast ? r : 0, topTrailingRadius: item.isFirst ? r : 0)
    }
}

/// A row's background: the style's colour or the row's own view, cut to the card's corners
/// where it has some. Only the background is shaped (the row's content is never clipped), and
/// square rows draw a plain colour, whose rectangle the renderer keeps between frames.
struct RowBackground: View {
    let custom: AnyView?
    let fill: Color
    let corners: UnevenRoundedRectangle?
    var body: some View {
        if let corners {
            // A colour (the usual row background) fills the shape itself: no clip to re-record.
            if let custom, !(custom.view is Color) { custom.clipShape(corners) } else { corners.fill((custom?.view as? Color) ?? fill) }
        } else {
            if let custom { custom } else { fill }
        }
    }
}

// MARK: - Styles

/// How a List looks (`.listStyle(_:)`).
public protocol ListStyle {}
enum ListStyleKind: Hashable, Sendable { case insetGrouped, grouped, inset, plain }
protocol BuiltinListStyle: ListStyle { var kind: ListStyleKind { get } }

/// The platform's default: inset grouped on iOS.
public struct DefaultListStyle: BuiltinListStyle { public init() {}; var kind: ListStyleKind { .insetGrouped } }
public struct InsetGroupedListStyle: BuiltinListStyle { public init() {}; var kind: ListStyleKind { .insetGrouped } }
public struct GroupedListStyle: BuiltinListStyle { public init() {}; var kind: ListStyleKind { .grouped } }
public struct InsetListStyle: BuiltinListStyle { public init() {}; var kind: ListStyleKind { .inset } }
public struct PlainListStyle: BuiltinListStyle { public init() {}; var kind: ListStyleKind { .plain } }
/// iPadOS's sidebar; drawn inset grouped.
public struct SidebarListStyle: BuiltinListStyle { public init() {}; var kind: ListStyleKind { .insetGrouped } }

extension ListStyle where Self == DefaultListStyle { public static var automatic: DefaultListStyle { .init() } }
extension ListStyle where Self == InsetGroupedListStyle { public static var insetGrouped: InsetGroupedListStyle { .init() } }
extension ListStyle where Self == GroupedListStyle { public static var grouped: GroupedListStyle { .init() } }
extension ListStyle where Self == InsetListStyle { public static var inset: InsetListStyle { .init() } }
extension ListStyle where Self == PlainListStyle { public static var plain: PlainListStyle { .init() } }
extension ListStyle where Self == SidebarListStyle { public static var sidebar: SidebarListStyle { .init() } }

struct ListStyleKindKey: EnvironmentKey { static let defaultValue = ListStyleKind.insetGrouped }
struct ListBackgroundHiddenKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    var listStyleKind: ListStyleKind { get { self[ListStyleKindKey.self] } set { self[ListStyleKindKey.self] = newValue } }
    var listBackgroundHidden: Bool { get { self[ListBackgroundHiddenKey.self] } set { self[ListBackgroundHiddenKey.self] = newValue } }
}

/// Whether something is shown; `.automatic` lets the container decide.
public enum Visibility: Hashable, Sendable, CaseIterable { case automatic, visible, hidden }

/// The top and bottom edges.
public enum VerticalEdge: Int8, Hashable, Sendable, CaseIterable {
    case top, bottom
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let bottom = Set(rawValue: 2)
        public static let all: Set = [.top, .bottom]
    }
}

// MARK: - Row traits

/// What the rows of a List may ask of it.
struct ListRowTraits {
    var background: AnyView?
    var separator: Visibility?
    var separatorTint: Color?
    var insets: EdgeInsets?
    /// The row's edit actions and offset in its ForEach (ListEditing.swift).
    var edit: ListRowEdit?
}

protocol ListRowTraitCarrier {
    var rowContent: any View { get }
    func edit(_ traits: inout ListRowTraits)
}

/// A row with list traits; outside a List it is just its content (as in SwiftUI).
public struct _ListRowTraitView<Content: View>: View, ListRowTraitCarrier {
    let content: Content
    let apply: (inout ListRowTraits) -> Void
    public var body: Content { content }
    var rowContent: any View { content }
    func edit(_ traits: inout ListRowTraits) { apply(&traits) }
}

extension View {
    /// The list style of the Lists inside this view.
    public func listStyle<S: ListStyle>(_ style: S) -> some View {
        environment(\.listStyleKind, (style as? any BuiltinListStyle)?.kind ?? .insetGrouped)
    }
    /// Hides (or shows) the background a List draws behind its rows.
    public func scrollContentBackground(_ visibility: Visibility) -> some View {
        environment(\.listBackgroundHidden, visibility == .hidden)
    }
    /// Draws `view` behind this row of a List instead of the style's row colour.
    public func listRowBackground<V: View>(_ view: V?) -> _ListRowTraitView<Self> {
        let erased = view.map { AnyView($0) }
        return _ListRowTraitView(content: self) { $0.background = erased }
    }
    /// Shows or hides this row's separator in a List.
    public func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> _ListRowTraitView<Self> {
        _ListRowTraitView(content: self) { $0.separator = visibility }
    }
    /// Colours this row's separator in a List.
    public func listRowSeparatorTint(_ color: Color?, edges: VerticalEdge.Set = .all) -> _ListRowTraitView<Self> {
        _ListRowTraitView(content: self) { $0.separatorTint = color }
    }
    /// The padding of this row's content in a List (nil: the style's 11 × 16 points).
    public func listRowInsets(_ insets: EdgeInsets?) -> _ListRowTraitView<Self> {
        _ListRowTraitView(content: self) { $0.insets = insets }
    }
}
