// Pinned section views (`LazyVStack(pinnedViews: [.sectionHeaders, .sectionFooters])`, and the
// same on LazyHStack, LazyVGrid and LazyHGrid) inside a ScrollView: a section's header sticks to
// the scroll view's leading edge (the top of a vertical stack) while its section scrolls under
// it, and is pushed away by the end of its section — so the next section's header pushes it
// up; a pinned footer sticks to the trailing edge while its section reaches past it.
//
//     ScrollView {
//         LazyVStack(pinnedViews: [.sectionHeaders]) {
//             ForEach(groups) { g in
//                 Section { ForEach(g.rows) { Row($0) } } header: { Header(g.title) }
//             }
//         }
//     }
//
// Done when the list is recorded, not in layout: every view keeps its laid-out frame (the
// header's frame is where it would be unpinned, as in SwiftUI's geometry), and the stack's
// render draws the other items first, then each pinned header and footer moved by its pin
// offset (whole points, as the scroll offset is) — so rows pass under the header — with taps
// following the drawing. The recording around a pinning stack depends on the scroll offset, so
// it is never moved as a block (`noteFixedPosition`): a scroll frame records the stack again and
// its rows are copied moved, as before. The stack lays its Sections out whole (a ForEach of
// Sections is not built lazily: a section is several items of the stack).

import Raster

enum PinnedSections {
    /// One pinned item and its offset along the stack's axis; a scratch list shared by every
    /// pinning stack (nested ones append after and truncate back), kept between frames.
    private struct Pin { let node: Node; let shift: CGFloat }
    nonisolated(unsafe) private static var pins: [Pin] = []

    /// Renders a lazy stack's or grid's children with its pinned section views moved.
    static func render(node: Node, pass: RenderPass, axis: Axis, pinned: PinnedScrollableViews) {
        guard !pinned.isEmpty, let scroll = enclosingScroll(of: node) else { pass.renderChildren(of: node); return }
        let start = pins.count
        defer { pins.removeSubrange(start...) }
        let visible = scroll.visibleRect
        let lo = axis == .vertical ? visible.minY : visible.minX
        let hi = axis == .vertical ? visible.maxY : visible.maxX
        collect(node, axis: axis, pinned: pinned, lo: lo, hi: hi)
        guard pins.count > start else { pass.renderChildren(of: node); return }
        pass.noteFixedPosition()
        for item in node.renderItems where !isPinned(item, from: start) { pass.render(item) }
        for i in start..<pins.count {
            let pin = pins[i]
            if pin.shift == 0 { pass.render(pin.node); continue }
            pass.withSavedState {
                let dx = axis == .horizontal ? Double(pin.shift) : 0, dy = axis == .vertical ? Double(pin.shift) : 0
                pass.transform = Affine.translation(dx, dy).concatenating(pass.transform)
                pass.render(pin.node)
            }
        }
    }

    private static func isPinned(_ node: Node, from start: Int) -> Bool {
        for i in start..<pins.count where pins[i].node === node { return true }
        return false
    }

    /// The pin offsets of the sections below `node` (through ForEach, Group and other
    /// layout-less nodes; a view that lays out is an item, not searched further).
    private static func collect(_ node: Node, axis: Axis, pinned: PinnedScrollableViews, lo: CGFloat, hi: CGFloat) {
        for child in node.children where !child.isLeaving {
            if child.view is any ListSection, child.children.count == 3 {
                section(child, axis: axis, pinned: pinned, lo: lo, hi: hi)
            } else if child.layout == nil {
                collect(child, axis: axis, pinned: pinned, lo: lo, hi: hi)
            }
        }
    }

    /// Where `node`'s laid-out items span along `axis` (nil when it has none).
    private static func span(of part: Node, axis: Axis) -> (lo: CGFloat, hi: CGFloat)? {
        var result: (lo: CGFloat, hi: CGFloat)?
        func add(_ n: Node) {
            let f = n.frame
            let a = axis == .vertical ? f.minY : f.minX, b = axis == .vertical ? f.maxY : f.maxX
            result = result.map { (min($0.lo, a), max($0.hi, b)) } ?? (a, b)
        }
        if part.layout != nil { add(part) } else {
            for n in part.layoutItems { add(n) }
        }
        return result
    }

    private static func section(_ s: Node, axis: Axis, pinned: PinnedScrollableViews, lo: CGFloat, hi: CGFloat) {
        let header = s.children[0], content = s.children[1], footer = s.children[2]
        let h = span(of: header, axis: axis), c = span(of: content, axis: axis), f = span(of: footer, axis: axis)
        var whole: (lo: CGFloat, hi: CGFloat)?
        func merge(_ p: (lo: CGFloat, hi: CGFloat)?) {
            guard let p else { return }
            whole = whole.map { (min($0.lo, p.lo), max($0.hi, p.hi)) } ?? p
        }
        merge(h); merge(c); merge(f)
        guard let whole else { return }
        if pinned.contains(.sectionHeaders), let h {
            // Down to the leading edge, but never past the section's end.
            let shift = max(0, min(lo - h.lo, whole.hi - h.hi)).rounded()
            add(header, shift: shift)
        }
        if pinned.contains(.sectionFooters), let f {
            // Up to the trailing edge, but never before the section's start (below its header).
            let floor = whole.lo + (h.map { $0.hi - $0.lo } ?? 0)
            let shift = min(0, max(hi - f.hi, floor - f.lo)).rounded()
            add(footer, shift: shift)
        }
    }

    private static func add(_ part: Node, shift: CGFloat) {
        if part.layout != nil { pins.append(Pin(node: part, shift: shift)); return }
        for n in part.layoutItems { pins.append(Pin(node: n, shift: shift)) }
    }

    /// The ScrollView around `node` (its box), if any.
    private static func enclosingScroll(of node: Node) -> ScrollBox? {
        var n = node.parent
        while let p = n {
            if let box = p.modifierState as? ScrollBox, p.primitive is any NodeGestureSource { return box }
            n = p.parent
        }
        return nil
    }
}
