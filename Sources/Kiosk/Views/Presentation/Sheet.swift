// Sheets: `.sheet`, `.fullScreenCover` and `.popover` (a sheet, as on iPhone). A sheet slides up
// from the bottom on a critically damped spring over a dimming, its top corners rounded (10 pt),
// at one of its detents (`.presentationDetents`; `.large` by default, 10 pt below the top of the
// screen; `.medium` half the screen; `.height(h)`; `.fraction(f)` of the large height); it opens
// at its smallest. Dragging it follows the finger (between detents it grows and shrinks); the
// release settles on the spring at the detent nearest the projected end (velocity × 0.15 s), or
// dismisses when the sheet was dragged below its smallest detent and is moving down faster than
// 600 pt/s or is less than half shown (`interactiveDismissDisabled` springs it back instead). A
// tap on the dimming above dismisses too. The grabber (36×5 pt, 5 pt from the top) shows when
// there are several detents, or as `.presentationDragIndicator` says. On screens wider than
// 700 pt the sheet is 700 pt wide, centred (kiosk's choice, near iPad's form sheet).
//
// A full-screen cover fills the screen, slides the same way, and is dismissed only by its
// binding (or `dismiss`). The presenting view does not shrink behind a sheet (iOS scales it
// down a little): kiosk leaves it as it is, only dimmed.

import Raster

/// A height a sheet rests at.
///
/// ```swift
/// .sheet(isPresented: $showing) { Details().presentationDetents([.medium, .large]) }
/// ```
public struct PresentationDetent: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case medium, large, height(CGFloat), fraction(CGFloat) }
    let kind: Kind
    /// Half the screen.
    public static let medium = PresentationDetent(kind: .medium)
    /// The whole screen but a 10-pt strip at the top.
    public static let large = PresentationDetent(kind: .large)
    /// A fixed height in points (clamped to the large height; NaN or ≤ 0: the detent is ignored).
    public static func height(_ height: CGFloat) -> PresentationDetent { PresentationDetent(kind: .height(height)) }
    /// A fraction of the large height (clamped to 0…1; NaN or ≤ 0: the detent is ignored).
    public static func fraction(_ fraction: CGFloat) -> PresentationDetent { PresentationDetent(kind: .fraction(fraction)) }

    /// The sheet's height at this detent on a screen `screen` points tall; nil when invalid.
    func height(in screen: CGFloat) -> CGFloat? {
        let large = max(0, screen - SheetMetrics.topGap)
        switch kind {
        case .large: return large
        case .medium: return (screen / 2).rounded()
        case .height(let h): return h.isFinite && h > 0 ? min(h, large) : nil
        case .fraction(let f): return f.isFinite && f > 0 ? (min(f, 1) * large).rounded() : nil
        }
    }
}

enum SheetMetrics {
    static let topGap: CGFloat = 10
    static let cornerRadius: CGFloat = 10
    static let maxWidth: CGFloat = 700
    /// Release: faster than this downward (pt/s) below the smallest detent dismisses.
    static let dismissVelocity: CGFloat = 600
    /// How far ahead the release projects the sheet (s of its velocity).
    static let projection: CGFloat = 0.15
    static let grabber = CGSize(width: 36, height: 5)
    static let grabberTop: CGFloat = 5
}

/// What a sheet's content tells it (written by the content's modifiers while it is evaluated,
/// read at layout and by the grabber listed after the content).
final class SheetConfiguration {
    var detents: [PresentationDetent] = [.large]
    var selection: Binding<PresentationDetent>?
    var dragIndicator: Visibility = .automatic
    var interactiveDismissDisabled = false

    /// The valid detents' heights, ascending, with their detents (`.large` when none is valid).
    func heights(in screen: CGFloat) -> [(detent: PresentationDetent, height: CGFloat)] {
        var list = detents.compactMap { d in d.height(in: screen).map { (d, $0) } }
        if list.isEmpty { list = [(.large, PresentationDetent.large.height(in: screen) ?? 0)] }
        list.sort { $0.1 < $1.1 }
        return list
    }
    var showsGrabber: Bool {
        switch dragIndicator {
        case .visible: return true
        case .hidden: return false
        case .automatic: return Set(detents).count > 1
        }
    }
}

extension View {
    /// Presents a sheet while `isPresented` is true; `onDismiss` runs when it goes.
    ///
    /// ```swift
    /// .sheet(isPresented: $showingSettings) { SettingsView() }
    /// ```
    public func sheet<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                     @ViewBuilder content: @escaping () -> Content) -> some View {
        modifier(_SheetModifier(style: .sheet, isPresented: isPresented.wrappedValue, identity: nil,
                                content: { AnyView(content()) }, dismiss: { isPresented.wrappedValue = false },
                                onDismiss: onDismiss, reads: { _ = isPresented.wrappedValue }))
    }
    /// Presents a sheet for `item` while it is non-nil; a new item (another id) replaces it.
    ///
    /// ```swift
    /// .sheet(item: $selectedOrder) { order in OrderView(order: order) }
    /// ```
    public func sheet<Item: Identifiable, Content: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
                                                          @ViewBuilder content: @escaping (Item) -> Content) -> some View {
        modifier(_ItemSheetModifier(style: .sheet, item: item, onDismiss: onDismiss, content: content))
    }
    /// Presents a view covering the whole screen while `isPresented` is true.
    public func fullScreenCover<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                               @ViewBuilder content: @escaping () -> Content) -> some View {
        modifier(_SheetModifier(style: .fullScreenCover, isPresented: isPresented.wrappedValue, identity: nil,
                                content: { AnyView(content()) }, dismiss: { isPresented.wrappedValue = false },
                                onDismiss: onDismiss, reads: { _ = isPresented.wrappedValue }))
    }
    /// Presents a view covering the whole screen for `item` while it is non-nil.
    public func fullScreenCover<Item: Identifiable, Content: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
                                                                   @ViewBuilder content: @escaping (Item) -> Content) -> some View {
        modifier(_ItemSheetModifier(style: .fullScreenCover, item: item, onDismiss: onDismiss, content: content))
    }
    /// Presents a popover while `isPresented` is true: on iPhone (and kiosk) a sheet.
    public func popover<Content: View>(isPresented: Binding<Bool>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
                                       arrowEdge: Edge = .top, @ViewBuilder content: @escaping () -> Content) -> some View {
        sheet(isPresented: isPresented, content: content)
    }
    /// Presents a popover for `item`: a sheet, as on iPhone.
    public func popover<Item: Identifiable, Content: View>(item: Binding<Item?>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
                                                           arrowEdge: Edge = .top, @ViewBuilder content: @escaping (Item) -> Content) -> some View {
        sheet(item: item, content: content)
    }

    /// The heights the enclosing sheet may rest at (inside the sheet's content).
    public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View {
        modifier(_SheetConfigurationModifier { $0.detents = Array(detents) })
    }
    /// The heights the sheet may rest at, and the one it is at.
    public func presentationDetents(_ detents: Set<PresentationDetent>, selection: Binding<PresentationDetent>) -> some View {
        modifier(_SheetConfigurationModifier { $0.detents = Array(detents); $0.selection = selection })
    }
    /// Whether the sheet shows its grabber (`.automatic`: when it has several detents).
    public func presentationDragIndicator(_ visibility: Visibility) -> some View {
        modifier(_SheetConfigurationModifier { $0.dragIndicator = visibility })
    }
    /// Stops the user from dismissing the sheet by dragging it down or tapping outside it.
    public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View {
        modifier(_SheetConfigurationModifier { $0.interactiveDismissDisabled = isDisabled })
    }
}

/// Where a popover points (accepted; kiosk shows popovers as sheets).
public enum PopoverAttachmentAnchor {
    case rect(Anchor<CGRect>.Source)
    case point(UnitPoint)
}

/// A source of anchors (accepted for `PopoverAttachmentAnchor`).
public struct Anchor<Value> {
    public struct Source {
        /// The view's bounds.
        public static var bounds: Source { Source() }
    }
}

struct _SheetModifier: ViewModifier {
    let style: PresentationStyle
    let isPresented: Bool
    let identity: AnyHashable?
    let content: () -> AnyView
    let dismiss: () -> Void
    let onDismiss: (() -> Void)?
    /// Reads the binding again in the body (so a write re-evaluates this modifier).
    let reads: () -> Void

    func body(content c: Content) -> some View {
        reads()
        return c.modifier(_PresentationHook(request: isPresented ? PresentationRequest(
            style: style, identity: identity, content: content, dismiss: dismiss, onDismiss: onDismiss) : nil))
    }
}

struct _ItemSheetModifier<Item: Identifiable, C: View>: ViewModifier {
    let style: PresentationStyle
    let item: Binding<Item?>
    let onDismiss: (() -> Void)?
    let content: (Item) -> C

    func body(content c: Content) -> some View {
        let binding = item
        let make = self.content
        let request = item.wrappedValue.map { value in
            PresentationRequest(style: style, identity: AnyHashable(value.id), content: { AnyView(make(value)) },
                                dismiss: { binding.wrappedValue = nil }, onDismiss: onDismiss)
        }
        return c.modifier(_PresentationHook(request: request))
    }
}

/// Writes into the enclosing sheet's configuration while the content is evaluated.
struct _SheetConfigurationModifier: ViewModifier {
    let write: (SheetConfiguration) -> Void
    @Environment(\.presentationEntry) private var entry
    func body(content: Content) -> some View {
        if let entry { write(entry.sheet) }
        return content
    }
}

/// A sheet or a full-screen cover: the content over the background, the grabber, the drag.
struct _SheetPanel: View {
    let entry: PresentationEntry
    @State private var drag: CGFloat = 0
    @State private var selected: PresentationDetent?

    var body: some View {
        let cover = entry.style == .fullScreenCover
        let shape = UnevenRoundedRectangle(topLeadingRadius: cover ? 0 : SheetMetrics.cornerRadius,
                                           topTrailingRadius: cover ? 0 : SheetMetrics.cornerRadius)
        let panel = ZStack(alignment: .top) {
            _PresentedContent(entry: entry, version: entry.version)
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
            if !cover { _SheetGrabber(entry: entry) }
        }
        .background(shape.fill(Color(.systemBackground)))
        .clipShape(shape)
        _SheetLayout(entry: entry, drag: drag, selected: selected ?? entry.sheet.selection?.wrappedValue, cover: cover) {
            if cover {
                panel
            } else {
                panel
                    .contentShape(Rectangle())
                    .gesture(DragGesture()
                        .onChanged { drag = $0.translation.height }
                        .onEnded { release($0) })
            }
        }
    }

    /// Settles at the detent nearest the projected end, or dismisses (see the file's header).
    private func release(_ value: DragGesture.Value) {
        let screen = UIScreen.main.bounds.height
        let heights = entry.sheet.heights(in: screen)
        let current = currentDetent(heights)
        let shown = current.height - value.translation.height
        let v = value.velocity.height.isFinite ? value.velocity.height : 0
        let smallest = heights[0].height
        if !entry.sheet.interactiveDismissDisabled, shown < smallest, v > SheetMetrics.dismissVelocity || shown < smallest / 2 {
            entry.dismiss()
            return
        }
        let projected = shown - v * SheetMetrics.projection
        let nearest = heights.min { abs($0.height - projected) < abs($1.height - projected) }!
        withAnimation(PresentationTransitions.slide) {
            drag = 0
            selected = nearest.detent
        }
        entry.sheet.selection?.wrappedValue = nearest.detent
    }

    private func currentDetent(_ heights: [(detent: PresentationDetent, height: CGFloat)]) -> (detent: PresentationDetent, height: CGFloat) {
        let want = selected ?? entry.sheet.selection?.wrappedValue
        return heights.first { $0.detent == want } ?? heights[0]
    }
}

/// The grabber, drawn when the sheet's content asked for it (listed after the content, so it
/// reads what the content wrote in the same pass).
struct _SheetGrabber: View {
    let entry: PresentationEntry
    var body: some View {
        if entry.sheet.showsGrabber {
            Capsule().fill(Color(hex: 0xC4C4C6, darkHex: 0x5A5A5E))
                .frame(width: SheetMetrics.grabber.width, height: SheetMetrics.grabber.height)
                .padding(.top, SheetMetrics.grabberTop)
        }
    }
}

/// Places the panel at the bottom of the screen at its detent's height, following the drag.
struct _SheetLayout<Content: View>: View, PrimitiveView, LayoutBehavior {
    let entry: PresentationEntry
    let drag: CGFloat
    let selected: PresentationDetent?
    let cover: Bool
    let content: Content
    init(entry: PresentationEntry, drag: CGFloat, selected: PresentationDetent?, cover: Bool, @ViewBuilder content: () -> Content) {
        self.entry = entry; self.drag = drag.isFinite ? drag : 0; self.selected = selected; self.cover = cover; self.content = content()
    }
    var body: Never { bodyNeverCalled("_SheetLayout") }
    var layoutBehavior: (any LayoutBehavior)? { self }
    func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    /// The panel's rectangle in `bounds` (the screen).
    func panelFrame(in bounds: CGRect) -> CGRect {
        if cover { return bounds }
        let heights = entry.sheet.heights(in: bounds.height)
        let base = (heights.first { $0.detent == selected } ?? heights[0]).height
        let largest = heights[heights.count - 1].height
        var shown = base - drag
        // Past the largest detent the sheet follows a third of the finger.
        if shown > largest { shown = largest + (shown - largest) / 3 }
        let height = max(shown, heights[0].height)
        let width = min(bounds.width, SheetMetrics.maxWidth)
        return CGRect(x: bounds.midX - width / 2, y: bounds.maxY - shown, width: width, height: height)
    }

    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let r = panelFrame(in: bounds)
        for item in node.layoutItems {
            _ = pass.size(item, ProposedViewSize(r.size))
            pass.place(item, in: r)
        }
    }
}
