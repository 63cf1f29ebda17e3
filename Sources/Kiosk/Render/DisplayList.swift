// DisplayList: the flat list of draw commands a frame produces, in paint order. Every item
// keeps the node that made it, so two frames' lists can be compared item by item: an item
// that changed (or moved in the paint order) damages its old and new device bounds.
// All attributes are plain numbers, colours, transforms and paths, so an animation layer can
// interpolate them.

import Raster

/// A paint as the display list stores it (Raster's `Paint` minus images, plus equality).
enum DrawPaint: Hashable {
    case solid(Raster.Color)
    case linear(Raster.LinearGradient)
    case radial(Raster.RadialGradient)
    case conic(Raster.ConicGradient)

    var paint: Paint {
        switch self {
        case .solid(let c): return .solid(c)
        case .linear(let g): return .linearGradient(g)
        case .radial(let g): return .radialGradient(g)
        case .conic(let g): return .conicGradient(g)
        }
    }
    func multipliedAlpha(_ a: Double) -> DrawPaint {
        func m(_ c: Raster.Color) -> Raster.Color { c.withAlpha(c.a * a) }
        switch self {
        case .solid(let c): return .solid(m(c))
        case .linear(var g): g.stops = g.stops.map { GradientStop($0.location, m($0.color)) }; return .linear(g)
        case .radial(var g): g.stops = g.stops.map { GradientStop($0.location, m($0.color)) }; return .radial(g)
        case .conic(var g): g.stops = g.stops.map { GradientStop($0.location, m($0.color)) }; return .conic(g)
        }
    }
}

/// Stroke parameters, equatable.
struct StrokeParameters: Hashable {
    var lineWidth: Double
    var lineCap: CGLineCap
    var lineJoin: CGLineJoin
    var miterLimit: Double
    var dash: [Double]
    var dashPhase: Double
}

/// A decoded image the display list can draw; equal when it is the same pixels.
final class ImageBox: Hashable {
    let surface: Surface
    /// Sampled past its edges as its edge pixels, not transparent: a nine-slice piece
    /// (`Image.resizable(capInsets:)`), whose scaled edges then meet their neighbours' without
    /// a fading seam.
    let extendsEdges: Bool
    /// Its pixels never change after it is made (a decoded file, an SVG raster, a GIF frame):
    /// only then may drawing keep a copy scaled to the drawn size (ScaledImageCopies). A video
    /// frame's box, refilled in place, is not still.
    let isStill: Bool
    /// Scaled copies kept for drawing (see ScaledImageCopies); the renderer's thread only.
    var scaledCopies: ScaledImageCopies?
    init(_ surface: Surface, extendsEdges: Bool = false, isStill: Bool = false) {
        self.surface = surface; self.extendsEdges = extendsEdges; self.isStill = isStill
    }
    deinit { scaledCopies?.release() }
    static func == (a: ImageBox, b: ImageBox) -> Bool { a === b }
    func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}

enum DrawCommand: Hashable {
    case fill(Raster.Path, DrawPaint, FillRule)
    case stroke(Raster.Path, DrawPaint, StrokeParameters)
    /// Laid-out text: the box's top-left is the origin of the item's transform.
    case text(ResolvedText, width: Double, paint: DrawPaint)
    /// An image scaled into a rect (local coordinates).
    case image(ImageBox, Raster.Rect, Sampling)
    /// An image repeated at its pixel size over a rect (local coordinates).
    case tiledImage(ImageBox, Raster.Rect, Sampling)
    /// Items drawn together through an effect (shape clip, shadow); see LayerDrawing.
    case group(GroupEffect, [DisplayItem])
}

extension DrawCommand {
    /// Paints nothing at all (a fully transparent colour).
    var isInvisible: Bool {
        switch self {
        case .fill(_, .solid(let c), _), .stroke(_, .solid(let c), _), .text(_, _, .solid(let c)): return c.a <= 0
        default: return false
        }
    }
}

struct DisplayItem: Hashable {
    /// The node that emitted it and its number among that node's items.
    var owner: Int
    var index: Int
    var command: DrawCommand
    /// Local (layout) coordinates → device pixels.
    var transform: Affine
    var opacity: Double
    /// Device-space clip (from clipShape/clipped); the whole surface when nil.
    var clip: IntRect?
    /// Conservative device bounds of what it paints, inside the clip.
    var bounds: IntRect

    var key: ItemKey { ItemKey(owner: owner, index: index) }
}

struct ItemKey: Hashable { var owner: Int; var index: Int }

/// The rectangles two display lists differ by: old ∪ new bounds of every item that changed,
/// appeared, disappeared or changed paint order.
enum Damage {
    static func between(old: [DisplayItem], new: [DisplayItem]) -> [IntRect] {
        DamageTracker().between(old: old, new: new, within: nil)
    }

    /// Merges overlapping (or touching) rectangles until none overlap, so nothing is painted twice.
    static func merge(_ input: [IntRect]) -> [IntRect] {
        var rects = input
        merge(&rects)
        return rects
    }

    static func merge(_ rects: inout [IntRect]) {
        // Small lists: the all-pairs loop (its result is the one the goldens were made with).
        if rects.count <= sweepThreshold { mergePairs(&rects); return }
        let kept = rects.withUnsafeMutableBufferPointer { mergeSweep($0) }
        rects.removeSubrange(kept...)
    }

    /// Above this many rectangles the merge sorts and sweeps: all pairs cost 38 % of a
    /// springs-500 frame (1000 rectangles, 11.6 M instructions a frame in callgrind).
    static let sweepThreshold = 32

    private static func mergePairs(_ rects: inout [IntRect]) {
        var changed = true
        while changed {
            changed = false
            var i = 0
            while i < rects.count {
                var j = i + 1
                while j < rects.count {
                    let a = rects[i], b = rects[j]
                    if a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1 {
                        rects[i] = a.union(b)
                        rects.remove(at: j)
                        changed = true
                    } else { j += 1 }
                }
                i += 1
            }
        }
    }

    /// Sorts by x0 and merges each rectangle with the later ones whose x0 lies inside it,
    /// pass after pass until a pass merges nothing (then no two overlap: of an overlapping
    /// pair the later one starts inside the earlier). Merged-away rectangles are left
    /// empty at the end; returns the count kept. Allocates nothing.
    private static func mergeSweep(_ buf: UnsafeMutableBufferPointer<IntRect>) -> Int {
        var n = buf.count
        var changed = true
        while changed {
            changed = false
            sortByX0(buf, count: n)
            var i = 0
            while i < n {
                var a = buf[i]
                if a.isEmpty { i += 1; continue }
                var grew = true
                while grew {
                    grew = false
                    var j = i + 1
                    while j < n, buf[j].x0 <= a.x1 {
                        let b = buf[j]
                        if !b.isEmpty && a.y0 <= b.y1 && b.y0 <= a.y1 {
                            let u = a.union(b)
                            // A taller union may now meet rectangles already passed over.
                            if u.y0 != a.y0 || u.y1 != a.y1 { grew = true }
                            a = u
                            buf[j] = IntRect(x0: 0, y0: 0, x1: 0, y1: 0)
                            changed = true
                        }
                        j += 1
                    }
                }
                buf[i] = a
                i += 1
            }
            // Compact: the kept ones first.
            var k = 0
            for m in 0..<n where !buf[m].isEmpty { buf[k] = buf[m]; k += 1 }
            for m in k..<n { buf[m] = IntRect(x0: 0, y0: 0, x1: 0, y1: 0) }
            n = k
        }
        return n
    }

    /// Heap sort on x0: in place, O(n log n), no buffer (Array.sort allocates one).
    private static func sortByX0(_ buf: UnsafeMutableBufferPointer<IntRect>, count n: Int) {
        func siftDown(_ start: Int, _ end: Int) {
            var root = start
            while true {
                var child = 2 * root + 1
                if child >= end { return }
                if child + 1 < end && buf[child].x0 < buf[child + 1].x0 { child += 1 }
                if buf[root].x0 >= buf[child].x0 { return }
                buf.swapAt(root, child)
                root = child
            }
        }
        if n < 2 { return }
        var start = n / 2 - 1
        while start >= 0 { siftDown(start, n); start -= 1 }
        var end = n - 1
        while end > 0 {
            buf.swapAt(0, end)
            siftDown(0, end)
            end -= 1
        }
    }
}

/// A scroll done by moving pixels: the surface's `source` rectangle moved by (dx, dy)
/// (`DamageTracker.planMove`, `Surface.move`).
struct PixelMove: Equatable {
    var source: IntRect
    var dx: Int, dy: Int
    var destination: IntRect {
        IntRect(x0: source.x0 + dx, y0: source.y0 + dy, x1: source.x1 + dx, y1: source.y1 + dy)
    }
    /// Smaller moves are painted (not worth planning).
    static let minimumArea = 4096
}

/// `Damage.between` with its index, set and result kept between frames: a renderer owns one,
/// so diffing two display lists allocates nothing once the tables have grown (it was 13
/// allocations a frame on the `views` scene).
final class DamageTracker {
    @exclusivity(unchecked) private var oldIndex: [ItemKey: Int] = [:]
    @exclusivity(unchecked) private var seen = Set<ItemKey>()
    @exclusivity(unchecked) private var rects: [IntRect] = []
    /// Old items inside a reused block (`between(old:new:reused:within:)`).
    @exclusivity(unchecked) private var covered: [Bool] = []

    /// The damage, clipped to `bounds` when given. The result shares the tracker's storage:
    /// drop it before the next call for that call to reuse it.
    func between(old: [DisplayItem], new: [DisplayItem], within bounds: IntRect?) -> [IntRect] {
        between(old: old, new: new, reused: [], within: bounds)
    }

    /// The same damage when the runs `reused` of `new` are copies of runs of `old` (a retained
    /// recording): those items are equal by construction and are neither hashed nor compared;
    /// only their paint order is checked, as a whole run. Gives what the item-by-item diff gives.
    func between(old: [DisplayItem], new: [DisplayItem], reused: [ReusedBlock], within bounds: IntRect?) -> [IntRect] {
        between(old: old, new: new, reused: reused, within: bounds, movingPixels: false)
    }

    /// The same, and with `movingPixels` (the surface still holds the last frame, as this
    /// tracker's renderer drew it) a scroll done by moving pixels when it pays (`move`): the
    /// damage is then what must be painted after the move.
    func between(old: [DisplayItem], new: [DisplayItem], reused: [ReusedBlock], within bounds: IntRect?,
                 movingPixels: Bool) -> [IntRect] {
        oldIndex.removeAll(keepingCapacity: true)
        seen.removeAll(keepingCapacity: true)
        rects.removeAll(keepingCapacity: true)
        move = nil
        if reused.isEmpty { diffAll(old: old, new: new, screen: movingPixels ? bounds : nil) } else {
            diff(old: old, new: new, reused: reused, screen: movingPixels ? bounds : nil)
        }
        return merged(within: bounds)
    }

    /// The pixel move the last `between` planned: the renderer moves `source` by (dx, dy)
    /// before it paints the damage.
    @exclusivity(unchecked) private(set) var move: PixelMove?
    /// Rectangles the planned move must still paint (`planMove`), and the old items moved.
    @exclusivity(unchecked) private var moveRects: [IntRect] = []
    @exclusivity(unchecked) private var movedOld: [Bool] = []
    @exclusivity(unchecked) private var movedNew: [Bool] = []
    /// Items moved by each distinct (dx, dy) of the shifted blocks (`planMove`; storage kept).
    private struct MoveTally { var dx: Int, dy: Int, count: Int }
    @exclusivity(unchecked) private var moveTally: [MoveTally] = []

    /// Damage item by item for items replaced in place (`RenderPass.patch`): every other item
    /// is the same item at the same place, so the diff would compare just these pairs (same
    /// keys, in paint order) and find no order change. `beginPatch`, `addChange` per pair, then
    /// `finishPatch`.
    func beginPatch() { rects.removeAll(keepingCapacity: true) }
    @inline(__always) func addChange(_ old: DisplayItem, _ new: DisplayItem) { if old != new { addChanged(old, new) } }
    /// An item that differs from its old one: the part of the outline that changed, or both bounds.
    @inline(__always) private func addChanged(_ old: DisplayItem, _ new: DisplayItem) {
        if let part = Self.changedPart(old, new) { add(part) } else { add(old.bounds); add(new.bounds) }
    }
    func finishPatch(within bounds: IntRect?) -> [IntRect] { merged(within: bounds) }

    private func merged(within bounds: IntRect?) -> [IntRect] {
        Damage.merge(&rects)
        if let bounds {
            // Clipped after merging, as the renderer always did (merging clipped rectangles
            // could split one repaint into two).
            var n = 0
            for i in rects.indices {
                let r = rects[i].intersection(bounds)
                if !r.isEmpty { rects[n] = r; n += 1 }
            }
            rects.removeSubrange(n...)
        }
        return rects
    }

    private func diff(old: [DisplayItem], new: [DisplayItem], reused: [ReusedBlock], screen: IntRect?) {
        covered.removeAll(keepingCapacity: true)
        covered.append(contentsOf: repeatElement(false, count: old.count))
        var loose = old.count
        covered.withUnsafeMutableBufferPointer { c in
            for b in reused { for i in b.old..<(b.old + b.count) { c[i] = true }; loose -= b.count }
        }
        oldIndex.reserveCapacity(max(0, loose))
        for i in old.indices where !covered[i] { oldIndex[old[i].key] = i }
        if let screen { planMove(old: old, new: new, reused: reused, screen: screen) }
        let moved = move
        var lastOld = -1
        var i = 0, next = 0
        while i < new.count {
            if next < reused.count && reused[next].new == i {
                let b = reused[next]
                next += 1
                if b.shifted, let m = moved, b.dx == m.dx, b.dy == m.dy {
                    // Moved with the pixels: painted by `moveRects` where the move leaves them
                    // wrong, and like a copied run where the paint order changed.
                    if b.old < lastOld { for j in 0..<min(b.count, lastOld - b.old) { add(new[i + j].bounds) } }
                    lastOld = max(lastOld, b.old + b.count - 1)
                    i += b.count
                    continue
                }
                if b.shifted {
                    // Moved copies: each differs from its old item, which item by item damages
                    // both bounds (in this order) and leaves no paint-order damage.
                    for j in 0..<b.count { add(old[b.old + j].bounds); add(new[i + j].bounds) }
                    lastOld = max(lastOld, b.old + b.count - 1)
                    i += b.count
                    continue
                }
                // Item by item this is `old index < lastOld`: the run's head that lies before
                // an item already painted later in the old list.
                if b.old < lastOld { for j in 0..<min(b.count, lastOld - b.old) { add(new[i + j].bounds) } }
                lastOld = max(lastOld, b.old + b.count - 1)
                i += b.count
                continue
            }
            compare(new[i], old: old, lastOld: &lastOld)
            i += 1
        }
        for i in old.indices where !covered[i] && !seen.contains(old[i].key) { add(old[i].bounds) }
        if moved != nil { for r in moveRects { add(r) } }
    }

    /// Plans a scroll as a pixel move (`PixelMove`) when most of the moved items (`shiftCopy`'s
    /// blocks) moved by one whole-pixel (dx, dy), over a backdrop that is one unchanged opaque
    /// solid rectangle (or nothing: the clear colour) where the pixels are read and written.
    ///
    /// Why the moved pixels are right: the moved items are what recording them at their new
    /// place gives (`RangeShift`: exact whole-pixel moves of what does not depend on where it
    /// is), and the rasterizers are exact under whole-pixel translations (fixed-point cells,
    /// glyphs and images at the same sub-pixel phase). A pixel p of the destination, read from
    /// p − d, shows the backdrop (the same colour at both), the moved items (the same items
    /// moved by d) and the other items over either — so it is right wherever no other item of
    /// the new list covers p and no other item of the old list covered p − d. Those places
    /// (each other item's new bounds, and its old bounds moved by d, inside the destination)
    /// are painted, as are the moved items' old and new bounds outside the destination (what
    /// the move uncovers, and what came from outside the screen).
    ///
    /// Not planned when painting all that would not save half the destination, nor when the
    /// moved items cover less than half of it (scattered items: the copy moves mostly
    /// backdrop): the move costs a copy of the destination's rows.
    private func planMove(old: [DisplayItem], new: [DisplayItem], reused: [ReusedBlock], screen: IntRect) {
        // The move most shifted items made: the items of each distinct move tallied in one pass
        // (in order of first appearance, so the first of equal counts wins, as before). Counting
        // every block's move over all blocks was quadratic: 32 images moved by a ticker each
        // frame (`lvgl-5`'s shape), now shift-copied since unchanged images keep their
        // recording, visited 1 024 blocks a frame (≈ 450 allocations in a debug build, where
        // each array element an iterator reads allocates).
        moveTally.removeAll(keepingCapacity: true)
        reused.withUnsafeBufferPointer { rb in
            var i = 0
            while i < rb.count {
                let b = rb[i]
                i += 1
                guard b.shifted else { continue }
                let k = moveTally.withUnsafeMutableBufferPointer { t -> Int in
                    var k = 0
                    while k < t.count {
                        if t[k].dx == b.dx && t[k].dy == b.dy { t[k].count += b.count; return k }
                        k += 1
                    }
                    return -1
                }
                if k < 0 { moveTally.append(MoveTally(dx: b.dx, dy: b.dy, count: b.count)) }
            }
        }
        let byKeys = reused.isEmpty
        if byKeys {
            // No copied blocks: each new item's move from its old one by key, read from their
            // bounds (a group's transform stays the identity); checked exactly below.
            forEachKeyedPair(old, new) { _, _, a, b, _, _ in
                guard !a.isEmpty, a.width == b.width, a.height == b.height, a.x0 != b.x0 || a.y0 != b.y0 else { return }
                let dx = b.x0 - a.x0, dy = b.y0 - a.y0
                if let k = moveTally.firstIndex(where: { $0.dx == dx && $0.dy == dy }) { moveTally[k].count += 1 } else {
                    if moveTally.count < 8 { moveTally.append(MoveTally(dx: dx, dy: dy, count: 1)) }
                }
            }
        }
        var dx = 0, dy = 0, best = 0
        moveTally.withUnsafeBufferPointer { t in
            var k = 0
            while k < t.count {
                if t[k].count > best { best = t[k].count; dx = t[k].dx; dy = t[k].dy }
                k += 1
            }
        }
        guard best > 0 else { return }
        movedOld.removeAll(keepingCapacity: true)
        movedOld.append(contentsOf: repeatElement(false, count: old.count))
        movedNew.removeAll(keepingCapacity: true)
        movedNew.append(contentsOf: repeatElement(false, count: new.count))
        var newBox = IntRect.empty, oldBox = IntRect.empty
        var firstNew = Int.max, firstOld = Int.max
        // What the moved items cover on screen (their new bounds' areas; an item inside the last
        // one counted, a card's child, is not counted again; overlaps otherwise count twice):
        // painting them is what the move saves.
        var covered = 0, lastCounted = IntRect.empty
        @inline(__always) func count(_ bounds: IntRect) {
            let r = bounds.intersection(screen)
            if r.isEmpty || lastCounted.contains(r) { return }
            covered += r.area
            lastCounted = r
        }
        // Clips the moved items keep where they are (an inherited scroll viewport): the pixels
        // read and written must lie inside them.
        var clips = screen
        if byKeys {
            forEachKeyedPair(old, new) { i, o, a, b, oldItem, newItem in
                guard b.x0 - a.x0 == dx, b.y0 - a.y0 == dy, a.width == b.width, a.height == b.height,
                      Self.isMovedCopy(oldItem, to: newItem, dx: dx, dy: dy) else { return }
                if let c = newItem.clip, c == oldItem.clip { clips = clips.intersection(c) }
                firstNew = min(firstNew, i); firstOld = min(firstOld, o)
                count(b)
                newBox = newBox.union(b)
                oldBox = oldBox.union(a)
                movedOld[o] = true
                movedNew[i] = true
            }
            guard firstNew < Int.max else { return }
        }
        new.withUnsafeBufferPointer { nb in
            old.withUnsafeBufferPointer { ob in
                for b in reused where b.shifted && b.dx == dx && b.dy == dy {
                    firstNew = min(firstNew, b.new); firstOld = min(firstOld, b.old)
                    for k in 0..<b.count {
                        count(nb[b.new + k].bounds)
                        newBox = newBox.union(nb[b.new + k].bounds)
                        oldBox = oldBox.union(ob[b.old + k].bounds)
                        movedOld[b.old + k] = true
                        movedNew[b.new + k] = true
                    }
                }
            }
        }
        // The backdrop: the last item under the moved ones that matters where they are.
        var hull = Self.moveHull(newBox, dx, dy, screen)
        var backNew = -1
        new.withUnsafeBufferPointer { nb in
            var k = firstNew - 1
            while k >= 0 {
                if !nb[k].bounds.intersection(hull).isEmpty && Self.coversUniformly(nb[k], hull) { backNew = k; break }
                k -= 1
            }
        }
        var backOld = -1
        if backNew >= 0 {
            if let b = reused.first(where: { !$0.shifted && $0.new <= backNew && backNew < $0.new + $0.count }) {
                backOld = b.old + backNew - b.new
            } else if let i = oldIndex[new[backNew].key], old[i] == new[backNew] {
                backOld = i
            } else { return }
            guard backOld < firstOld else { return }
        }
        // Items recorded again that are their old ones moved by (dx, dy) (a card crossing the
        // cull edge, a label re-evaluated, a panel taller than the clip it scrolls in) move
        // with the pixels too, while their clips hold where pixels are read and written.
        new.withUnsafeBufferPointer { nb in
            old.withUnsafeBufferPointer { ob in
                for i in (backNew + 1)..<nb.count where !movedNew[i] {
                    guard let o = oldIndex[nb[i].key], o > backOld, !movedOld[o],
                          Self.isMoved(ob[o], to: nb[i], dx: dx, dy: dy, within: hull) else { continue }
                    if let c = nb[i].clip { clips = clips.intersection(c) }
                    movedOld[o] = true
                    movedNew[i] = true
                    count(nb[i].bounds)
                    newBox = newBox.union(nb[i].bounds)
                    oldBox = oldBox.union(ob[o].bounds)
                }
            }
        }
        hull = Self.moveHull(newBox, dx, dy, screen)
        if backNew >= 0 && !Self.coversUniformly(new[backNew], hull) { return }
        guard clips.contains(hull) else { return }
        let dest0 = newBox.intersection(screen)
        let source = IntRect(x0: dest0.x0 - dx, y0: dest0.y0 - dy, x1: dest0.x1 - dx, y1: dest0.y1 - dy).intersection(screen)
        let dest = IntRect(x0: source.x0 + dx, y0: source.y0 + dy, x1: source.x1 + dx, y1: source.y1 + dy)
        guard dest.area >= PixelMove.minimumArea else { return }
        // Moved items scattered over the backdrop (`lvgl-5`'s 8 or 55 falling images, most of
        // them a pixel down in a frame): the destination is their bounding box, mostly backdrop,
        // and copying it costs more than painting the items where they were and are. Moved only
        // when they cover half of it: a scrolled page (cards, rows) covers most of its box.
        guard covered * 2 >= dest.area else { return }
        moveRects.removeAll(keepingCapacity: true)
        // The moved items outside the destination, old and new.
        addPieces(of: oldBox.intersection(screen), outside: dest)
        addPieces(of: dest0, outside: dest)
        // Every other item over the backdrop, where it is now and where its old pixels went.
        new.withUnsafeBufferPointer { nb in
            for i in (backNew + 1)..<nb.count where !movedNew[i] { addMoveRect(nb[i].bounds.intersection(dest)) }
        }
        old.withUnsafeBufferPointer { ob in
            for j in (backOld + 1)..<ob.count where !movedOld[j] {
                let b = ob[j].bounds
                addMoveRect(IntRect(x0: b.x0 + dx, y0: b.y0 + dy, x1: b.x1 + dx, y1: b.y1 + dy).intersection(dest))
            }
        }
        var painted = 0
        for r in moveRects { painted += r.area }
        guard painted * 2 < dest.area else { return }
        move = PixelMove(source: source, dx: dx, dy: dy)
    }

    /// Calls `body(i, o, old bounds, new bounds, old item, new item)` for each new item `i`
    /// whose key the old list holds at `o` (`oldIndex`), in the new list's order.
    @inline(__always)
    private func forEachKeyedPair(_ old: [DisplayItem], _ new: [DisplayItem],
                                  _ body: (Int, Int, IntRect, IntRect, DisplayItem, DisplayItem) -> Void) {
        new.withUnsafeBufferPointer { nb in
            old.withUnsafeBufferPointer { ob in
                for i in 0..<nb.count {
                    guard let o = oldIndex[nb[i].key] else { continue }
                    body(i, o, ob[o].bounds, nb[i].bounds, ob[o], nb[i])
                }
            }
        }
    }

    /// Where a move of the items inside `box` by (dx, dy) reads and writes pixels.
    private static func moveHull(_ box: IntRect, _ dx: Int, _ dy: Int, _ screen: IntRect) -> IntRect {
        let dest = box.intersection(screen)
        return dest.union(IntRect(x0: dest.x0 - dx, y0: dest.y0 - dy, x1: dest.x1 - dx, y1: dest.y1 - dy).intersection(screen))
    }

    @inline(__always) private func addMoveRect(_ r: IntRect) { if !r.isEmpty { moveRects.append(r) } }

    /// Adds `r` minus `hole` to `moveRects`, as up to four rectangles.
    private func addPieces(of r: IntRect, outside hole: IntRect) {
        if r.isEmpty { return }
        let h = r.intersection(hole)
        if h.isEmpty { addMoveRect(r); return }
        addMoveRect(IntRect(x0: r.x0, y0: r.y0, x1: r.x1, y1: h.y0))
        addMoveRect(IntRect(x0: r.x0, y0: h.y1, x1: r.x1, y1: r.y1))
        addMoveRect(IntRect(x0: r.x0, y0: h.y0, x1: h.x0, y1: h.y1))
        addMoveRect(IntRect(x0: h.x1, y0: h.y0, x1: r.x1, y1: h.y1))
    }

    /// Whether `new` is `old` moved by whole pixels (dx, dy) and nothing else, exactly (the
    /// same command and opacity, translations on `RangeShift`'s grid, a clip that cuts
    /// neither inside `hull`, where the pixels are read and written), so it paints the same
    /// pixels moved there.
    private static func isMoved(_ old: DisplayItem, to new: DisplayItem, dx: Int, dy: Int, within hull: IntRect) -> Bool {
        let a = old.transform, b = new.transform
        guard old.clip == new.clip, old.clip.map({ $0.contains(hull) }) ?? true, old.opacity == new.opacity, a.a == b.a, a.b == b.b, a.c == b.c, a.d == b.d,
              RangeShift.onGrid(a.tx), RangeShift.onGrid(a.ty), b.tx - a.tx == Double(dx), b.ty - a.ty == Double(dy),
              RangeShift.canMove(new) else { return false }
        return old.command == new.command
    }

    /// Whether `new` is `old` moved by whole pixels as a copied range moves it
    /// (`DisplayItem.move`: its own clip and a group's content and clip path with it, a clip it
    /// shares with `new` — inherited, the scroll viewport — staying), exactly. A moved group is
    /// compared through a moved copy of the old one (an allocation: only in frames recorded
    /// again whole).
    private static func isMovedCopy(_ old: DisplayItem, to new: DisplayItem, dx: Int, dy: Int) -> Bool {
        guard old.opacity == new.opacity, RangeShift.canMove(old), RangeShift.canMove(new) else { return false }
        var moved = old
        moved.move(dx: dx, dy: dy, clip0: old.clip == new.clip ? old.clip ?? .empty : .empty)
        return moved == new
    }

    /// Whether `item` paints every pixel of `rect` with one opaque colour.
    private static func coversUniformly(_ item: DisplayItem, _ rect: IntRect) -> Bool {
        guard case .fill(_, .solid, _) = item.command, item.clip.map({ $0.contains(rect) }) ?? true,
              let core = RootRenderer.opaqueCoreBox(item) else { return false }
        return core.contains(rect)
    }

    private func diffAll(old: [DisplayItem], new: [DisplayItem], screen: IntRect? = nil) {
        oldIndex.reserveCapacity(old.count)
        for i in old.indices { oldIndex[old[i].key] = i }
        if let screen, !old.isEmpty {
            // Recorded again whole (a structure change: a lazy grid building a line as it
            // scrolls): the items that are their old ones moved are found by their keys.
            planMove(old: old, new: new, reused: [], screen: screen)
        }
        var lastOld = -1
        for item in new { compare(item, old: old, lastOld: &lastOld) }
        for item in old where !seen.contains(item.key) { add(item.bounds) }
        if move != nil { for r in moveRects { add(r) } }
    }

    @inline(__always) private func compare(_ item: DisplayItem, old: [DisplayItem], lastOld: inout Int) {
        do {
            seen.insert(item.key)
            if let i = oldIndex[item.key] {
                let before = old[i]
                if move != nil && movedOld[i] {
                    // Moved with the pixels (`planMove`); still damaged if painted in another order.
                    if i < lastOld { add(item.bounds) }
                } else if before != item {
                    addChanged(before, item)
                } else if i < lastOld {
                    add(item.bounds)       // same pixels, now painted in another order
                }
                lastOld = max(lastOld, i)
            } else {
                add(item.bounds)
            }
        }
    }

    /// Adds a damaged rectangle unless one of the last four added holds it: then it changes
    /// no merge (whatever touches it touches that one, and the merged boxes are the same), and
    /// the children of a moved card, each damaged at its old and new place right after the
    /// card's own box there, would only lengthen the merge's sort and sweeps. LVGL scene 15
    /// at 1920×1080 added 1280 rectangles a frame, 160 of them not inside the one before.
    @inline(__always) private func add(_ rect: IntRect) {
        if rect.isEmpty { return }
        let n = rects.count
        var k = n &- 1
        let stop = Swift.max(0, n &- 4)
        while k >= stop {
            if rects[k].contains(rect) { return }
            k &-= 1
        }
        rects.append(rect)
    }

    /// The damage of a fill whose outline changed in part and nothing else (paint, rule,
    /// transform, opacity, clip): the device box of the segments that differ
    /// (`Raster.PathDifference`: no pixel outside it changes), grown by a pixel, within the old ∪
    /// new bounds. Exact because the rasterizers' cells are fixed-point integers: the changed
    /// segments add, right of their box, a cover that sums to the same integer in both frames,
    /// and a pixel gets the same value whatever clip, strip or rasterizer (the one-box
    /// `TinyRasterizer` included) draws it. `.empty` when the outlines draw the same segments;
    /// nil when the whole of both must be repainted.
    static func changedPart(_ old: DisplayItem, _ new: DisplayItem) -> IntRect? {
        guard case .fill(let a, let paintA, let ruleA) = old.command, case .fill(let b, let paintB, let ruleB) = new.command,
              old.transform == new.transform, old.opacity == new.opacity, old.clip == new.clip,
              ruleA == ruleB, paintA == paintB else { return nil }
        switch PathDifference.between(a, b) {
        case .unknown: return nil
        case .same: return .empty
        case .within(let r):
            let t = new.transform
            let p0 = t.apply(Raster.Point(r.minX, r.minY)), p1 = t.apply(Raster.Point(r.maxX, r.minY))
            let p2 = t.apply(Raster.Point(r.minX, r.maxY)), p3 = t.apply(Raster.Point(r.maxX, r.maxY))
            let x0 = min(min(p0.x, p1.x), min(p2.x, p3.x)), x1 = max(max(p0.x, p1.x), max(p2.x, p3.x))
            let y0 = min(min(p0.y, p1.y), min(p2.y, p3.y)), y1 = max(max(p0.y, p1.y), max(p2.y, p3.y))
            guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return nil }
            let box = IntRect(covering: Raster.Rect(x: x0 - 1, y: y0 - 1, width: x1 - x0 + 2, height: y1 - y0 + 2))
            return box.intersection(old.bounds.union(new.bounds))
        }
    }
}
