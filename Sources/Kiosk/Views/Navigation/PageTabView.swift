// PageTabView: a TabView in the `.page` style — its tabs side by side, one screen wide each,
// swiped horizontally with page dots at the bottom (UIPageViewController's look, as SwiftUI's).
//
// The selected page and its two neighbours are built (a pager shows at most two at once);
// farther pages are not, and lose their state, as a lazily built page view's do. A drag moves
// the pages with the finger (past the first and last page with UIKit's rubber band); on release
// a flick faster than 300 pt/s turns the page in its direction, a slower release goes to the
// page nearest the offset, and the pages settle with the scroll views' paging spring (response
// 0.35 s, no bounce, ScrollMotion.snapSpring). The selection (binding or own) changes on release.
// Dots (UIPageControl, iOS 17): 8-point dots 16 points apart, the current one white, the others
// white at 35 %, centred 22 points above the bottom edge; with `.indexViewStyle(.page(
// backgroundDisplayMode: .always))` on a capsule of black at 25 % (`.interactive`: while dragged).

/// The paged presentation of a TabView's tabs.
struct _PageTabView: View {
    let entries: [TabEntry]
    let selected: Int
    let indexDisplayMode: PageTabViewStyle.IndexDisplayMode
    let select: (Int) -> Void
    @State private var drag: CGFloat = 0
    @State private var dragging = false
    @Environment(\.indexBackground) private var background

    /// UIScrollView's paging settle (ScrollMotion.snapSpring).
    static var settle: Animation { .spring(response: 0.35, dampingFraction: 1) }
    /// Release speed (points per second) past which the page turns whatever the offset.
    static let flickSpeed: CGFloat = 300

    var body: some View {
        GeometryReader { proxy in
            let width = proxy.size.width
            let current = max(0, selected)
            let range = entries.isEmpty ? 0..<0 : max(0, current - 1)..<min(entries.count, current + 2)
            ZStack {
                ForEach(entries[range]) { entry in
                    let index = entries.firstIndex { $0.id == entry.id } ?? 0
                    entry.view
                        .frame(width: width, height: proxy.size.height)
                        .offset(x: CGFloat(index - current) * width + drag)
                }
            }
            .frame(width: width, height: proxy.size.height)
            .clipped()
            .contentShape(Rectangle())
            .gesture(DragGesture()
                .onChanged { value in
                    dragging = true
                    drag = Self.follow(value.translation.width, page: current, count: entries.count, width: width)
                }
                .onEnded { value in
                    let target = Self.target(page: current, count: entries.count, width: width,
                                             offset: drag, velocity: value.velocity.width)
                    withAnimation(Self.settle) {
                        dragging = false
                        drag = 0
                        if target != current { select(target) }
                    }
                })
            .overlay(alignment: .bottom) { dots(current: current) }
        }
    }

    @ViewBuilder private func dots(current: Int) -> some View {
        let shown: Bool = switch indexDisplayMode.kind {
        case .always: true
        case .never: false
        case .automatic: entries.count > 1
        }
        let backdrop = background.kind == .always || (background.kind == .interactive && dragging)
        if shown {
            HStack(spacing: 8) {
                ForEach(0..<entries.count, id: \.self) { i in
                    Circle().fill(i == current ? Color.white : Color.white.opacity(0.35)).frame(width: 8, height: 8)
                }
            }
            .padding(.horizontal, 10)
            .frame(height: 26)
            .background(Capsule().fill(backdrop ? Color.black.opacity(0.25) : Color.clear))
            .padding(.bottom, 9)
        }
    }

    /// The pages' offset for a finger `translation` points along: the finger's own past the
    /// ends, UIKit's rubber band.
    static func follow(_ translation: CGFloat, page: Int, count: Int, width: CGFloat) -> CGFloat {
        guard translation.isFinite, width > 0 else { return 0 }
        let past = (translation > 0 && page == 0) || (translation < 0 && page >= count - 1)
        guard past else { return translation }
        let band = CGFloat(ScrollMotion.rubberBand(Double(abs(translation)), length: Double(width)))
        return translation < 0 ? -band : band
    }

    /// The page a release settles on.
    static func target(page: Int, count: Int, width: CGFloat, offset: CGFloat, velocity: CGFloat) -> Int {
        guard count > 0, width > 0, offset.isFinite else { return max(0, min(page, count - 1)) }
        let v = velocity.isFinite ? velocity : 0
        let step: Int
        if v < -flickSpeed { step = 1 } else if v > flickSpeed { step = -1 } else { step = -Int((offset / width).rounded()) }
        return max(0, min(count - 1, page + max(-1, min(1, step))))
    }
}
