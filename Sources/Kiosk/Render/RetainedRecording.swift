// RetainedRecording: a changed frame records only the subtrees that changed. Every laid-out
// node remembers where its items and hit regions went in the last display list (relative to
// the recording around it) and the state it inherited (transform, opacity, clip, hit testing,
// cull rect, gesture chain). A node none of whose inputs changed since — its view, frame,
// environment, children, animators, modifier state, nor any descendant's (`invalidateRender`
// marks the ancestors' chain) — and which inherits the same state copies its last range as one
// block instead of walking its subtree, and the diff skips copied blocks (they are known equal;
// only their paint order is checked).
//
// What is never copied: a subtree with a gesture node in it (its chain and transform are
// recorded per pass for touch routing), one inside a non-rectangular clip, and the children of
// a node that rewrote their items after recording them (an opacity fade, a group: their ranges
// are not in the list as recorded; the node's own whole range is). A structure change, a
// screen-size change or a behaviour that rewrote items outside its range turns reuse off for
// the next frame.

import Raster

/// Where a node's items and hit regions went in the last recording it took part in.
struct RecordedRange {
    /// Its own recording's number (renewed each time it is recorded, kept when copied).
    var id = -1
    /// The number of the recording it was recorded or copied inside.
    var parent = -2
    /// Start of its items / hit regions relative to that recording's start, and their counts.
    var item = 0, itemCount = 0
    var hit = 0, hitCount = 0
    /// Whether the range may be copied (no gesture node inside, no clip path around).
    var reusable = false
    /// Whether its children's ranges are where they recorded them (nothing rewritten, and the
    /// range not moved since: a shifted copy leaves its children's ranges at their old place).
    var childrenKept = false
    var inputs = RecordInputs()
    /// Moving the range (`RenderPass.shiftCopy`): the union of every device rectangle its
    /// content was cut to the inherited clip from (items' bounds before clipping, groups, clip
    /// rectangles), the device frames tested against the inherited cull rectangle, and whether
    /// anything in it depends on where it is on the screen (a device path, a culled subtree, a
    /// Canvas, a projection).
    var extent = IntRect.empty
    var cullBox = DeviceBox()
    var shiftable = false
}

/// A union of device rectangles in floating point (empty: x0 > x1).
struct DeviceBox: Equatable {
    var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
    var isEmpty: Bool { !(x0 <= x1 && y0 <= y1) }
    mutating func add(_ r: Raster.Rect) {
        x0 = min(x0, r.x); y0 = min(y0, r.y); x1 = max(x1, r.x + r.width); y1 = max(y1, r.y + r.height)
    }
    mutating func add(_ b: DeviceBox) {
        x0 = min(x0, b.x0); y0 = min(y0, b.y0); x1 = max(x1, b.x1); y1 = max(y1, b.y1)
    }
    func offsetBy(_ dx: Double, _ dy: Double) -> DeviceBox {
        isEmpty ? self : DeviceBox(x0: x0 + dx, y0: y0 + dy, x1: x1 + dx, y1: y1 + dy)
    }
    /// Inside `r` with a pixel to spare (rounding of the re-recorded frames cannot cross it).
    func isWellInside(_ r: Raster.Rect) -> Bool {
        isEmpty || (x0 >= r.x + 1 && y0 >= r.y + 1 && x1 <= r.x + r.width - 1 && y1 <= r.y + r.height - 1)
    }
}

/// The pass state a node's items and hit regions depend on besides the node's own subtree.
struct RecordInputs: Equatable {
    var transform = Affine.identity
    var opacity = -1.0
    var clip = IntRect(x0: 0, y0: 0, x1: 0, y1: 0)
    var hitTesting = false
    var cull: Raster.Rect? = nil
    /// The enclosing gesture nodes: how many, and the innermost's serial (its kept chain).
    var gestureCount = 0
    var innerGesture = 0
}

/// The recording a pass is inside, saved and restored around each re-recorded node.
struct RecordContext {
    var id = 0
    /// Its number in the last frame, and where its items / hits started there (-1: unknown,
    /// so nothing inside may be copied).
    var oldID = -3
    var oldItemBase = -1, oldHitBase = -1
    /// Where its items / hits start in this frame's lists.
    var itemBase = 0, hitBase = 0
    /// It rewrote items after its children recorded them.
    var mutated = false
    /// A gesture node was entered inside it.
    var hasGesture = false
    /// What a move of the recording must check (`RecordedRange.extent`, `cullBox`,
    /// `shiftable`): gathered while it records and from the ranges it copies.
    var extent = IntRect.empty
    var cullBox = DeviceBox()
    var fixed = false
}

/// A run of this frame's items copied unchanged from the last frame's list.
struct ReusedBlock: Equatable {
    var new: Int
    var old: Int
    var count: Int
    /// Copied moved by whole pixels (`RenderPass.shiftCopy`): every item differs from its old
    /// one (the diff damages both bounds of each, as item by item).
    var shifted = false
    /// The move of a shifted block, in whole device pixels.
    var dx = 0, dy = 0
}

/// Moving copied items by whole device pixels: what re-recording under an inherited transform
/// moved by (dx, dy) gives, for ranges whose `extent` the inherited clip did not cut.
enum RangeShift {
    /// Multiples of 1/1024 well inside Int: adding a whole number to them is exact, so the
    /// moved transform equals the one a recording computes (integer layout positions, halves
    /// from centring, FreeType's 1/64 metrics).
    @inline(__always) static func onGrid(_ v: Double) -> Bool {
        abs(v) < 1e9 && isWhole(v * 1024)
    }

    /// Whether `v` (|v| < 2⁵², checked by the caller) is a whole number: truncated to an
    /// integer and back it is itself. `rounded()` is a call into libm's `round` on the x86-64
    /// baseline (no SSE4.1), 2.3 % of recording `lvgl-16`'s scrolled page.
    @inline(__always) static func isWhole(_ v: Double) -> Bool { v == Double(Int64(v)) }

    /// The whole-pixel move from `old` to `new`, when they differ by that alone.
    static func translation(from old: RecordInputs, to new: RecordInputs) -> (Int, Int)? {
        let a = old.transform, b = new.transform
        guard a.a == b.a, a.b == b.b, a.c == b.c, a.d == b.d, old.opacity == new.opacity, old.clip == new.clip,
              old.hitTesting == new.hitTesting, old.cull == new.cull, old.gestureCount == new.gestureCount,
              old.innerGesture == new.innerGesture,
              onGrid(a.tx), onGrid(a.ty), onGrid(b.tx), onGrid(b.ty) else { return nil }
        let dx = b.tx - a.tx, dy = b.ty - a.ty
        guard abs(dx) < 1e8, abs(dy) < 1e8, isWhole(dx), isWhole(dy), dx != 0 || dy != 0 else { return nil }
        return (Int(dx), Int(dy))
    }

    /// Whether `item` (and any group's content) can be moved exactly.
    static func canMove(_ item: DisplayItem) -> Bool {
        if case let .group(effect, list) = item.command {
            switch effect {
            // A shape clip's device path moves with its items (`move`; an inline shape — a
            // rounded rectangle, a capsule — is translated without an allocation).
            case .shadow, .opacity, .colorMatrix, .blur, .blend, .clip: break
            case .mask, .projection, .canvas: return false
            }
            return list.allSatisfy(canMove)
        }
        return onGrid(item.transform.tx) && onGrid(item.transform.ty)
    }

    /// A hit region inside shape clips moves with its device clip paths (`RenderPass.shiftCopy`).
    static func canMove(_ hit: HitRegion) -> Bool {
        onGrid(hit.transform.tx) && onGrid(hit.transform.ty)
    }
}

extension DisplayItem {
    /// Moves an item by whole pixels: bounds, its own clip (the range's inherited `clip0`
    /// stays), transform (a group keeps its identity) and a group's content. The content is
    /// moved in place: held once (the caller took the item out of the old list), its array
    /// is written without a copy.
    mutating func move(dx: Int, dy: Int, clip0: IntRect) {
        bounds = bounds.offsetBy(dx, dy)
        if let c = clip, c != clip0, !c.isEmpty { clip = c.offsetBy(dx, dy) }
        if case .group(var effect, var list) = command {
            command = .group(.canvas, [])
            for k in list.indices { list[k].move(dx: dx, dy: dy, clip0: clip0) }
            if case .clip(let path) = effect { effect = .clip(path.applying(.translation(Double(dx), Double(dy)))) }
            command = .group(effect, list)
        } else {
            transform.tx += Double(dx)
            transform.ty += Double(dy)
        }
    }
}

extension Node {
    /// Something this node draws from changed: it and every ancestor must be recorded again.
    /// The walk stops at a node already marked in this render generation (its ancestors were
    /// marked with it), so many changes in one frame cost one walk each to a shared ancestor.
    /// `asOrigin`: the change is the node's own (a patch records it again), not only one its
    /// children will report.
    func invalidateRender(asOrigin: Bool = true) {
        let g = graph.renderGeneration
        if asOrigin { graph.noteRenderOrigin(self, generation: g) }
        var n: Node? = self
        while let node = n, node.renderDirtyGeneration != g {
            node.renderDirtyGeneration = g
            n = node.parent
        }
    }
}

/// Whether an array's storage is held by this one value only, which Swift's own arrays check
/// before writing in place but do not expose. An array is one reference to its storage object
/// (the standard library's layout on every platform kiosk builds for); the check reads that
/// reference as an object and asks `isKnownUniquelyReferenced`, without retaining it. A
/// self-test at first use turns the check off (always false: nothing recycled) should the
/// layout ever differ.
enum UniqueArray {
    static func isUniquelyReferenced<T>(_ array: inout [T]) -> Bool {
        works && storageIsUnique(&array)
    }

    private static func storageIsUnique<T>(_ array: inout [T]) -> Bool {
        guard MemoryLayout<[T]>.size == MemoryLayout<AnyObject>.size else { return false }
        return withUnsafeMutablePointer(to: &array) { p in
            UnsafeMutableRawPointer(p).withMemoryRebound(to: AnyObject.self, capacity: 1) { isKnownUniquelyReferenced(&$0.pointee) }
        }
    }

    private static let works: Bool = {
        var a: [Int] = []        // made at run time (a literal can be a static, immortal object)
        a.reserveCapacity(4)
        a.append(1)
        guard storageIsUnique(&a) else { return false }
        let b = a
        let shared = storageIsUnique(&a)
        var empty: [Int] = []
        return withExtendedLifetime(b) { !shared && !storageIsUnique(&empty) }
    }()
}
