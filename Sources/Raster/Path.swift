// Path: move/line/quad/cubic/close, with builders for the shapes UIs use. Arcs become cubics on
// insertion (≤ 90° each, error < 3e-4 of the radius), so every consumer sees only four verbs.

/// One path element.
public enum PathElement: Hashable, Sendable {
    case move(Point)
    case line(Point)
    case quad(Point, Point)
    case cubic(Point, Point, Point)
    case close
}

/// A 2-D path made of sub-paths. Non-finite points are kept but ignored by the rasterizer
/// (the sub-path holding them is dropped), so NaN input draws nothing rather than garbage.
///
/// A path built by one shape builder (`addRect`, `addEllipse`, `addRoundedRect` and their
/// static spellings) on an empty path keeps only the shape (`shape`) and makes its elements
/// when someone asks for them: a 2000-dot Canvas built 2000 six-element arrays a frame (one
/// allocation each). `withElements` walks them from stack memory; `elements` materializes an
/// array; appending to the path stores the shape's elements first. Either way the path is the
/// same value: equality and hashing go by elements and current point.
public struct Path: Hashable, Sendable {
    /// The elements, when the path is not an inline shape.
    var stored: [PathElement] = []
    /// Set when the whole path is one shape built on an empty path (radii clamped, ellipse
    /// rectangles standardized); `stored` is then empty. Any other change stores its elements.
    var shape: PathShape?
    /// Start of the current sub-path, where `close` returns.
    @usableFromInline var start = Point.zero
    @usableFromInline var current = Point.zero
    @usableFromInline var hasCurrent = false
    /// Set while the path is exactly a ring segment built by `addArc`: an arc on an empty path,
    /// then an arc about the same centre back from its end angle to its start, then `close`
    /// (stage 3), mapped since only by similarities. Such a path is the inline shape
    /// `.sector`: no element array is made (a gauge's ring rebuilt each frame allocated one),
    /// its bounds and its difference from another ring are computed from the hint, and the
    /// canvas fills a closed one analytically (`SectorRasterizer`); any other change stores
    /// its elements and drops the hint. Equality compares it too (the two rasterizers give an
    /// edge pixel a slightly different value).
    var sector: SectorHint? {
        if case .sector(let h)? = shape { return h }
        return nil
    }

    public init() {}
    public init(_ build: (inout Path) -> Void) { build(&self) }

    /// The path's elements (an inline shape's are made on each call: prefer `withElements`
    /// in loops).
    public var elements: [PathElement] {
        guard let s = shape else { return stored }
        var a: [PathElement] = []
        a.reserveCapacity(s.maxElements)
        s.emit { a.append($0) }
        return a
    }

    /// Calls `body` with the elements in contiguous memory, without allocating for an inline
    /// shape (its elements are made on the stack).
    public func withElements<R>(_ body: (UnsafeBufferPointer<PathElement>) throws -> R) rethrows -> R {
        guard let s = shape else { return try stored.withUnsafeBufferPointer(body) }
        if case .sector(let h) = s {
            // Up to 37 elements: 2 KB, past what a temporary allocation keeps on the stack.
            var buf = InlineArray<37, PathElement>(repeating: .close)
            return try withUnsafeMutablePointer(to: &buf) { p in
                let base = UnsafeMutableRawPointer(p).assumingMemoryBound(to: PathElement.self)
                let n = PathShape.writeSector(h, into: base)
                if n > PathShape.sectorCapacity { return try elements.withUnsafeBufferPointer(body) }   // never
                return try body(UnsafeBufferPointer(start: base, count: n))
            }
        }
        // 18 elements of 56 bytes: under the 1 KB up to which a temporary allocation lives on
        // the stack (20 went to the heap: 2000 mallocs a frame of particles-2000).
        return try withUnsafeTemporaryAllocation(of: PathElement.self, capacity: 18) { buf in
            let base = buf.baseAddress!
            var n = 0
            s.emit { e in
                if n < PathShape.capacity { (base + n).initialize(to: e) }
                n += 1
            }
            if n > PathShape.capacity { return try elements.withUnsafeBufferPointer(body) }   // never: maxElements ≤ capacity
            return try body(UnsafeBufferPointer(start: base, count: n))
        }
    }

    /// Set when the whole path is one rounded rectangle (built by `addRoundedRect` on an empty
    /// path, radii already clamped), so the canvas can fill its straight middle rows as boxes
    /// and scan-convert only the corner rows.
    var roundedRect: RoundedRectShape? {
        if case .roundedRect(let r)? = shape { return r }
        return nil
    }

    /// A rectangle, in the path's coordinates, every point of which the filled path covers
    /// (either fill rule): a rectangle itself; of a rounded rectangle, the larger of its two
    /// straight bands (the full width between the corner rows, or the full height between the
    /// corner columns). nil for any other path. Cheap: no elements are made. The renderer
    /// paints what lies under it only where it is not (`RootRenderer.opaqueCore`).
    public var coveredCore: Rect? {
        switch shape {
        case .rect(let r)?:
            return Rect(x: Swift.min(r.minX, r.maxX), y: Swift.min(r.minY, r.maxY), width: abs(r.width), height: abs(r.height))
        case .roundedRect(let s)?:
            let r = s.rect, c = s.radii
            let top = Swift.max(c.topLeft, c.topRight), bottom = Swift.max(c.bottomLeft, c.bottomRight)
            let left = Swift.max(c.topLeft, c.bottomLeft), right = Swift.max(c.topRight, c.bottomRight)
            let wide = Rect(x: r.minX, y: r.minY + top, width: r.width, height: Swift.max(0, r.height - top - bottom))
            let tall = Rect(x: r.minX + left, y: r.minY, width: Swift.max(0, r.width - left - right), height: r.height)
            return wide.width * wide.height >= tall.width * tall.height ? wide : tall
        default: return nil
        }
    }

    /// The rectangle a path made of one rectangle or rounded rectangle (built on an empty path)
    /// fills no pixel outside of; nil for any other path. Cheap: no elements are made.
    public var boxShapeBounds: Rect? {
        switch shape {
        case .rect(let r)?: return Rect(x: Swift.min(r.minX, r.maxX), y: Swift.min(r.minY, r.maxY), width: abs(r.width), height: abs(r.height))
        case .roundedRect(let r)?: return r.rect
        default: return nil
        }
    }

    /// The most a miter join can reach past half the line width, as a multiple of it, for a
    /// stroke of this path: √2 for one rectangle or rounded rectangle with positive width and
    /// height built on an empty path (a convex outline whose joins each turn at most 90°: the
    /// right corners, or the pieces of a corner's quarter arc, so a miter is at most 1/cos 45°
    /// of the half width), nil for any other path (its miters reach the miter limit).
    public var miterReach: Double? {
        switch shape {
        case .rect(let r)? where r.width != 0 && r.height != 0 && r.width.isFinite && r.height.isFinite: return 2.0.squareRoot()
        case .roundedRect(let r)? where r.rect.width > 0 && r.rect.height > 0 && r.rect.width.isFinite && r.rect.height.isFinite:
            return 2.0.squareRoot()
        default: return nil
        }
    }

    /// The centre and radius when the whole path is one circle built by `addEllipse` or
    /// `addCircle` on an empty path (it starts at angle 0 and runs clockwise on screen).
    public var inlineCircle: (center: Point, radius: Double)? {
        guard case .ellipse(let r)? = shape, r.width == r.height, r.width.isFinite, r.origin.isFinite else { return nil }
        return (Point(r.midX, r.midY), r.width / 2)
    }

    public var isEmpty: Bool { shape == nil && stored.isEmpty }
    /// The current point, or nil before the first `move`.
    public var currentPoint: Point? { hasCurrent ? effectiveCurrent : nil }

    /// Stores an inline shape's elements, so the path can grow.
    @inline(__always) mutating func materialize() {
        guard let s = shape else { return }
        shape = nil
        stored.reserveCapacity(s.maxElements + 4)
        s.emit { stored.append($0) }
        // A ring segment's current point is where its last arc ended (kept lazily: see
        // `effectiveCurrent`).
        if case .sector(let h) = s, h.stage < 3, let last = stored.last,
           case .cubic(_, _, let p) = last { current = p }
    }

    /// The current point: a ring segment still open ends where its last cubic does, which is
    /// worked out only when asked (building the ring computes no cubic).
    var effectiveCurrent: Point {
        guard case .sector(let h)? = shape, h.stage < 3 else { return current }
        var p = current
        PathShape.sector(h).emit { e in if case .cubic(_, _, let q) = e { p = q } }
        return p
    }

    /// Makes the empty path the inline shape `s`, its sub-path closed at `s.start`.
    mutating func setShape(_ s: PathShape) {
        shape = s
        start = s.start; current = start; hasCurrent = true
    }

    /// Appends a shape's elements to a path that is not empty (as the builders did before
    /// shapes were kept inline).
    mutating func appendElements(of s: PathShape) {
        materialize()
        s.emit { e in
            stored.append(e)
            switch e {
            case .move(let p): start = p; current = p; hasCurrent = true
            case .line(let p), .quad(_, let p), .cubic(_, _, let p): current = p
            case .close: current = start
            }
        }
    }

    public mutating func move(to p: Point) {
        materialize()
        stored.append(.move(p)); start = p; current = p; hasCurrent = true
    }
    public mutating func line(to p: Point) {
        if !hasCurrent { move(to: p); return }
        materialize()
        stored.append(.line(p)); current = p
    }
    public mutating func quad(to p: Point, control c: Point) {
        if !hasCurrent { move(to: c) }
        materialize()
        stored.append(.quad(c, p)); current = p
    }
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        if !hasCurrent { move(to: c1) }
        materialize()
        stored.append(.cubic(c1, c2, p)); current = p
    }
    public mutating func close() {
        guard hasCurrent else { return }
        if case .sector(var h)? = shape, h.stage == 2 {
            h.stage = 3; shape = .sector(h); current = start
            return
        }
        materialize()
        stored.append(.close); current = start
    }
    public mutating func move(to x: Double, _ y: Double) { move(to: Point(x, y)) }
    public mutating func line(to x: Double, _ y: Double) { line(to: Point(x, y)) }

    /// Appends all of `other`.
    public mutating func addPath(_ other: Path, transform t: Affine = .identity) {
        if isEmpty, t.isIdentity { self = other; return }
        (t.isIdentity ? other : other.applying(t)).withElements { elements in
            for e in elements {
                switch e {
                case .move(let p): move(to: p)
                case .line(let p): line(to: p)
                case .quad(let c, let p): quad(to: p, control: c)
                case .cubic(let c1, let c2, let p): cubic(to: p, control1: c1, control2: c2)
                case .close: close()
                }
            }
        }
    }

    public static func == (a: Path, b: Path) -> Bool {
        guard a.sector == b.sector else { return false }
        // One shape is one path (its start and current point follow from it).
        if let x = a.shape, let y = b.shape, x == y { return true }
        guard a.start == b.start, a.effectiveCurrent == b.effectiveCurrent, a.hasCurrent == b.hasCurrent else { return false }
        switch (a.shape, b.shape) {
        case (nil, nil): return a.stored == b.stored
        default: return a.withElements { ea in b.withElements { eb in ea.elementsEqual(eb) } }
        }
    }

    public func hash(into h: inout Hasher) {
        withElements { es in
            h.combine(es.count)
            for e in es { h.combine(e) }
        }
        h.combine(start); h.combine(effectiveCurrent); h.combine(hasCurrent)
    }

    /// An arc of the circle at `center` with `radius`, from `startAngle` to `endAngle` (radians,
    /// 0 = +x, increasing clockwise on screen since y points down). `clockwise` in that screen
    /// sense means increasing angle. Draws a line from the current point to the arc's start,
    /// as CGPath/SwiftUI's `addArc` do.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                                clockwise: Bool = true) {
        addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise, onGrid: true)
    }

    /// `addArc` in ⌈|sweep| / 90°⌉ equal pieces, as every arc was cut before `arcGrid`: kiosk's
    /// built-in symbols keep their pixels (and goldens) with it.
    public mutating func _addArcInEqualPieces(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                                              clockwise: Bool = true) {
        addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise, onGrid: false)
    }

    mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                         clockwise: Bool, onGrid: Bool) {
        let r = Swift.abs(radius)
        var sweep = endAngle - startAngle
        let twoPi = 2 * Double.pi
        if !sweep.isFinite || !r.isFinite { return }
        if clockwise { if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: twoPi) + twoPi } }
        else { if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: twoPi) - twoPi } }
        if Swift.abs(sweep) > twoPi { sweep = sweep < 0 ? -twoPi : twoPi }
        // A ring segment in the making (see `sector`), kept inline: this arc on an empty path,
        // or the arc back from the first one's end to its start about the same centre. Its
        // elements are the ones the code below appends.
        if onGrid {
            if isEmpty && !hasCurrent {
                setShape(.sector(SectorHint(center: center, outer: r, inner: 0, start: startAngle, end: endAngle,
                                            sweep: sweep, back: 0, clockwise: clockwise, stage: 1)))
                return
            } else if case .sector(var h)? = shape, h.stage == 1, h.center == center, startAngle == h.end,
                      endAngle == h.start, clockwise != h.clockwise {
                h.inner = r; h.back = sweep; h.stage = 2
                shape = .sector(h)
                return
            }
        }
        let p0 = Path.arcStart(center: center, radius: r, angle: startAngle)
        // Room for the line or move and the cubics at once, with as much again for what follows
        // (a ring's second arc and close): element by element the array was reallocated 5–6
        // times for a ring of two arcs; now it is allocated once.
        materialize()
        let needed = stored.count + Int(Swift.abs(sweep) / Path.arcGrid) + 3
        if stored.capacity < needed { stored.reserveCapacity(Swift.max(2 * needed, 2 * stored.capacity)) }
        if hasCurrent { line(to: p0) } else { move(to: p0) }
        Path.arcCubics(center: center, radius: r, startAngle: startAngle, sweep: sweep, onGrid: onGrid) { c1, c2, p in
            cubic(to: p, control1: c1, control2: c2)
        }
    }

    @inline(__always) static func arcStart(center: Point, radius r: Double, angle: Double) -> Point {
        Point(center.x + r * _cos(angle), center.y + r * _sin(angle))
    }

    /// Whether `arcCubics` cuts an arc on the grid rather than in equal pieces: past a quarter
    /// turn, at angles under 10⁶ rad (past them a grid step would not move the angle).
    @inline(__always) static func cutsOnGrid(startAngle: Double, sweep: Double) -> Bool {
        !(Swift.abs(sweep) <= Double.pi / 2 * (1 + 1e-12)) && Swift.abs(startAngle) < 1e6
    }

    /// Longer arcs are cut where their angle crosses a multiple of this (see `arcCubics`).
    static let arcGrid = Double.pi / 8
    /// The cubic handle factor of a piece one `arcGrid` long: 4/3 · tan(grid / 4).
    static let arcGridHandle = 4.0 / 3.0 * _tan(arcGrid / 4)

    /// The cubics of an arc from `startAngle` turning by `sweep` (|sweep| ≤ 2π). Up to a quarter
    /// turn: ⌈|sweep| / 90°⌉ equal pieces (one, or two when the sweep rounds just past 90°), as
    /// a rounded rectangle's corners are made (`CornerArc`). Longer: cut at the multiples of
    /// `arcGrid` inside it, so the cubics between two grid angles depend only on the centre and
    /// radius. An arc whose end moves (a progress ring, a gauge) then keeps its other cubics bit
    /// for bit from frame to frame, and the display list damages only the cubics that changed
    /// (`PathDifference`); with equal pieces every cubic moved a little each time.
    @inline(__always)
    static func arcCubics(center: Point, radius r: Double, startAngle: Double, sweep: Double, onGrid: Bool = true,
                          _ body: (Point, Point, Point) -> Void) {
        // Each piece starts where the last ended: its cosine and sine are carried over, and a
        // piece between two grid angles takes the grid's handle factor (a third of the libm
        // calls of computing every piece alone).
        var c0 = 0.0, s0 = 0.0
        // `at`: a1's grid index when a1 is a grid angle (its cosine and sine from the table).
        @inline(__always) func piece(_ a0: Double, _ a1: Double, grid: Bool, first: Bool, at index: Double = .nan) {
            let k = grid ? (a1 > a0 ? arcGridHandle : -arcGridHandle) : 4.0 / 3.0 * _tan((a1 - a0) / 4)
            if first { c0 = _cos(a0); s0 = _sin(a0) }
            var c1 = 0.0, s1 = 0.0
            if Swift.abs(index) <= ArcGridTable.range {
                let j = Int(index) + ArcGridTable.offset
                c1 = ArcGridTable.cos[j]; s1 = ArcGridTable.sin[j]
            } else { c1 = _cos(a1); s1 = _sin(a1) }
            body(Point(center.x + r * (c0 - k * s0), center.y + r * (s0 + k * c0)),
                 Point(center.x + r * (c1 + k * s1), center.y + r * (s1 - k * c1)),
                 Point(center.x + r * c1, center.y + r * s1))
            c0 = c1; s0 = s1
        }
        let quarter = Double.pi / 2
        if !onGrid || !cutsOnGrid(startAngle: startAngle, sweep: sweep) {
            let n = Swift.max(1, Int((Swift.abs(sweep) / quarter).rounded(.up)))
            let step = sweep / Double(n)
            let k = 4.0 / 3.0 * _tan(step / 4)
            var a0 = startAngle
            for _ in 0..<n {
                let a1 = a0 + step
                let c0 = _cos(a0), s0 = _sin(a0), c1 = _cos(a1), s1 = _sin(a1)
                body(Point(center.x + r * (c0 - k * s0), center.y + r * (s0 + k * c0)),
                     Point(center.x + r * (c1 + k * s1), center.y + r * (s1 - k * c1)),
                     Point(center.x + r * c1, center.y + r * s1))
                a0 = a1
            }
            return
        }
        let g = arcGrid, end = startAngle + sweep
        // Grid angles closer than this to an end are not cut at (no sliver cubics).
        let eps = 1e-9
        var a0 = startAngle
        var n = 0          // pieces made
        // At most this many grid angles lie inside (|sweep| ≤ 2π); the bound also ends the walk
        // for angles so large that a step of one grid index does not change them.
        var left = Int(Swift.abs(sweep) / g) + 2
        if sweep > 0 {
            var i = (startAngle / g).rounded(.down) + 1
            while left > 0 {
                let a = i * g
                if a >= end - eps { break }
                if a > a0 + eps { piece(a0, a, grid: n > 0, first: n == 0, at: i); a0 = a; n += 1 }
                i += 1; left -= 1
            }
        } else {
            var i = (startAngle / g).rounded(.up) - 1
            while left > 0 {
                let a = i * g
                if a <= end + eps { break }
                if a < a0 - eps { piece(a0, a, grid: n > 0, first: n == 0, at: i); a0 = a; n += 1 }
                i -= 1; left -= 1
            }
        }
        piece(a0, end, grid: false, first: n == 0)
    }

    /// Axis-aligned rectangle, clockwise from the top-left corner.
    public mutating func addRect(_ r: Rect) {
        if isEmpty { setShape(.rect(r)) } else { appendElements(of: .rect(r)) }
    }

    /// Rounded rectangle with per-corner radii (top-left, top-right, bottom-right, bottom-left);
    /// each radius is clamped to half the shorter side, and corners are circular.
    public mutating func addRoundedRect(_ r: Rect, radii: CornerRadii) {
        let rr = r.standardized
        let limit = Swift.min(rr.width, rr.height) * 0.5
        func c(_ v: Double) -> Double { v.isFinite ? Swift.max(0, Swift.min(v, limit)) : 0 }
        let shape = PathShape.roundedRect(RoundedRectShape(
            rect: rr, radii: CornerRadii(topLeft: c(radii.topLeft), topRight: c(radii.topRight),
                                         bottomRight: c(radii.bottomRight), bottomLeft: c(radii.bottomLeft))))
        if isEmpty { setShape(shape) } else { appendElements(of: shape) }
    }
    public mutating func addRoundedRect(_ r: Rect, cornerRadius: Double) {
        addRoundedRect(r, radii: CornerRadii(cornerRadius))
    }
    /// Ellipse inscribed in `r`.
    public mutating func addEllipse(in r: Rect) {
        let shape = PathShape.ellipse(r.standardized)
        if isEmpty { setShape(shape) } else { appendElements(of: shape) }
    }
    public mutating func addCircle(center: Point, radius: Double) {
        addEllipse(in: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
    }
    /// A capsule: a rounded rectangle whose radius is half its shorter side.
    public mutating func addCapsule(in r: Rect) {
        addRoundedRect(r, cornerRadius: Swift.min(Swift.abs(r.width), Swift.abs(r.height)) / 2)
    }

    public static func rect(_ r: Rect) -> Path { Path { $0.addRect(r) } }
    public static func roundedRect(_ r: Rect, cornerRadius: Double) -> Path { Path { $0.addRoundedRect(r, cornerRadius: cornerRadius) } }
    public static func roundedRect(_ r: Rect, radii: CornerRadii) -> Path { Path { $0.addRoundedRect(r, radii: radii) } }
    public static func ellipse(in r: Rect) -> Path { Path { $0.addEllipse(in: r) } }
    public static func circle(center: Point, radius: Double) -> Path { Path { $0.addCircle(center: center, radius: radius) } }
    public static func capsule(in r: Rect) -> Path { Path { $0.addCapsule(in: r) } }

    /// Maps every point through `t` in place: the same path as `applying(t)`, without a new
    /// element array when this one is not shared (a shape's outline moved to its frame).
    public mutating func transform(by t: Affine) {
        if let s = shape, t.a == 1, t.b == 0, t.c == 0, t.d == 1, t.tx.isFinite, t.ty.isFinite {
            setShape(s.translated(t.tx, t.ty))
            return
        }
        if case .sector(let h)? = shape, let m = h.applying(t) { setShape(.sector(m)); return }
        materialize()
        stored.withUnsafeMutableBufferPointer { buf in
            for i in buf.indices {
                switch buf[i] {
                case .move(let a): buf[i] = .move(t.apply(a))
                case .line(let a): buf[i] = .line(t.apply(a))
                case .quad(let a, let b): buf[i] = .quad(t.apply(a), t.apply(b))
                case .cubic(let a, let b, let c): buf[i] = .cubic(t.apply(a), t.apply(b), t.apply(c))
                case .close: break
                }
            }
        }
        start = t.apply(start); current = t.apply(current)
    }

    /// The path with every point mapped through `t`.
    public func applying(_ t: Affine) -> Path {
        // A translated inline shape stays one: SwiftUI shapes reach the display list as their
        // local path translated to the frame, and the canvas's box, rounded-rect and ellipse
        // paths look for the shape (a card's rounded rect and its border went through the full
        // sweep without it: LVGL scene 11, see Canvas.strokedRoundedRectRows).
        if let s = shape, t.a == 1, t.b == 0, t.c == 0, t.d == 1, t.tx.isFinite, t.ty.isFinite {
            var p = Path()
            p.setShape(s.translated(t.tx, t.ty))
            return p
        }
        if case .sector(let h)? = shape, let m = h.applying(t) {
            var p = Path()
            p.setShape(.sector(m))
            return p
        }
        var p = Path()
        withElements { elements in
            p.stored.reserveCapacity(elements.count)
            for e in elements {
                switch e {
                case .move(let a): p.stored.append(.move(t.apply(a)))
                case .line(let a): p.stored.append(.line(t.apply(a)))
                case .quad(let a, let b): p.stored.append(.quad(t.apply(a), t.apply(b)))
                case .cubic(let a, let b, let c): p.stored.append(.cubic(t.apply(a), t.apply(b), t.apply(c)))
                case .close: p.stored.append(.close)
                }
            }
        }
        p.start = t.apply(start); p.current = t.apply(effectiveCurrent); p.hasCurrent = hasCurrent
        return p
    }

    /// A finite inline rectangle or ellipse's bounds, without making the elements (the
    /// ellipse's control points lie between its extreme points); nil for any other path.
    var inlineShapeBounds: Rect? {
        switch shape {
        case .rect(let r)? where r.origin.isFinite && r.size.width.isFinite && r.size.height.isFinite:
            return Rect(corners: Point(r.minX, r.minY), Point(r.maxX, r.maxY))
        case .ellipse(let r)? where r.origin.isFinite && r.size.width.isFinite && r.size.height.isFinite:
            let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
            return Rect(corners: Point(cx - rx, cy - ry), Point(cx + rx, cy + ry))
        default: return nil
        }
    }

    /// Bounds of all points including control points (a cheap superset of the exact bounds).
    /// Non-finite points are skipped; `.zero` for an empty path.
    public var controlPointBounds: Rect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func add(_ p: Point) {
            guard p.isFinite else { return }
            x0 = Swift.min(x0, p.x); y0 = Swift.min(y0, p.y); x1 = Swift.max(x1, p.x); y1 = Swift.max(y1, p.y)
        }
        if let b = inlineShapeBounds { return b }
        withElements { elements in
            for e in elements {
                switch e {
                case .move(let a), .line(let a): add(a)
                case .quad(let a, let b): add(a); add(b)
                case .cubic(let a, let b, let c): add(a); add(b); add(c)
                case .close: break
                }
            }
        }
        return x0 <= x1 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
    }

    /// Exact bounds of the curve (curve extrema, not control points) over the sub-paths the
    /// rasterizer draws: a lone `move` adds nothing and a sub-path holding a non-finite point is
    /// left out whole; `.zero` when nothing is left. Each curve's extrema are solved for (the
    /// roots of its derivative) only on an axis where a control point lies outside its ends;
    /// nothing is allocated (this flattened the path into a point array: 12 % of a scene-10
    /// frame and one allocation per changed arc).
    public var bounds: Rect {
        if let b = inlineShapeBounds { return b }
        if case .sector(let h)? = shape, let b = h.bounds { return b }
        return withElements { Self.bounds(of: $0) }
    }

    /// `bounds` of an element list. A function of its own: as the closure's body, its mutable
    /// locals were captured variables, each access a dynamic exclusivity check
    /// (swift_beginAccess: 26 k calls, 3.6 M instructions in LVGL scene 10's run, callgrind).
    static func bounds(of elements: UnsafeBufferPointer<PathElement>) -> Rect {
        var b = PathBoundsBox()
        do {
            var sub = PathBoundsBox()          // the current sub-path's
            var start = Point.zero, cur = Point.zero
            var finite = true, drawn = false, open = false
            @inline(__always) func endSubpath() {
                if drawn && finite { b.add(sub) }
                sub = PathBoundsBox(); drawn = false; finite = true
            }
            @inline(__always) func begin() {
                // A segment after a close starts a new sub-path at the old start.
                if !open { sub = PathBoundsBox(); sub.add(start); finite = start.isFinite; open = true }
            }
            for e in elements {
                switch e {
                case .move(let p):
                    endSubpath()
                    start = p; cur = p; open = true
                    sub.add(p); finite = p.isFinite
                case .line(let p):
                    begin()
                    finite = finite && p.isFinite
                    sub.add(p); cur = p; drawn = true
                case .quad(let c, let p):
                    begin()
                    finite = finite && c.isFinite && p.isFinite
                    if finite { sub.addQuad(cur, c, p) }
                    cur = p; drawn = true
                case .cubic(let c1, let c2, let p):
                    begin()
                    finite = finite && c1.isFinite && c2.isFinite && p.isFinite
                    if finite { sub.addCubic(cur, c1, c2, p) }
                    cur = p; drawn = true
                case .close:
                    endSubpath()
                    cur = start; open = false
                }
            }
            endSubpath()
        }
        return b.rect
    }

    /// Calls `body` with each line segment of the flattened path (every sub-path closed),
    /// curves split until the chord is within `tolerance` of the curve. Sub-paths holding a
    /// non-finite point are dropped whole.
    public func forEachFlattened(tolerance: Double, closeSubpaths: Bool = true,
                                 _ body: (Point, Point) -> Void) {
        Flattener.flatten(self, tolerance: tolerance, closeSubpaths: closeSubpaths, body)
    }
}

/// The cosine and sine of the arc grid's angles `i · arcGrid` for |i| ≤ 64 (±8 turns), each
/// computed as `arcCubics` computes it (`_cos(i * g)` with `i` a Double), so a looked-up value is
/// the libm value bit for bit: a ring's grid pieces cost two table reads instead of two libm
/// calls each (2 % of an LVGL scene-10 frame was `cos`/`sin`).
enum ArcGridTable {
    /// The largest grid index in the table, as a Double (a NaN index is not in it).
    static let range = Double(offset)
    static let offset = 64
    static let cos = table(_cos)
    static let sin = table(_sin)
    /// One allocation: `(-64...64).map` made ≈ 800 in a debug build (its generic range
    /// iteration), all on whichever frame first drew an arc past a quarter turn.
    static func table(_ f: (Double) -> Double) -> [Double] {
        [Double](unsafeUninitializedCapacity: 2 * offset + 1) { buf, n in
            for k in 0..<buf.count { buf.initializeElement(at: k, to: f(Double(k - offset) * Path.arcGrid)) }
            n = buf.count
        }
    }
}

/// What `Path.sector` knows of a ring segment being built: the first arc (centre, radius,
/// start and end angles as given, its sweep and direction), the second arc's radius and
/// sweep (as `addArc` normalized them), and how far it got (1: one arc; 2: both arcs; 3:
/// closed).
struct SectorHint: Hashable, Sendable {
    var center: Point
    var outer: Double
    var inner: Double
    var start: Double
    var end: Double
    var sweep: Double
    var back: Double
    var clockwise: Bool
    var stage: UInt8

    /// The cubics stay within this fraction of the radius outside their circle (`Path.arcCubics`:
    /// 2.7e-4 for a quarter-turn piece, less for grid pieces).
    static let cubicError = 3e-4

    /// The box of the path's curves, from the circles: the arcs' end points and the outer
    /// circle's axis points the sweep passes, so it holds what a scan conversion of the cubics
    /// draws as well as the analytic fill. Next to an end point a cubic turns away from the
    /// box's side as the circle does (it leaves the end along the tangent and strays less
    /// than the circle turns); an axis point is a cubic's end on the grid (`arcCubics` cuts at
    /// multiples of π/8), so only an arc of equal pieces bulges past it, by the cubics' error,
    /// which its box grows by there. nil when a number is not finite or an angle too large to
    /// be trusted (the element walk decides).
    var bounds: Rect? {
        guard isBoundable else { return nil }
        let a = Swift.min(start, start + sweep), b = Swift.max(start, start + sweep)
        return wedgeBox(from: a, to: b, innerToo: stage >= 2)
    }

    /// Whether `bounds` can answer: every number finite, the angles under 10⁶ rad.
    var isBoundable: Bool {
        center.x.isFinite && center.y.isFinite && outer.isFinite && inner.isFinite && sweep.isFinite && back.isFinite
            && Swift.abs(start) < 1e6 && Swift.abs(end) < 1e6
    }

    /// Whether an arc of the path is cut in equal pieces rather than on the grid.
    var hasEqualPieces: Bool {
        !Path.cutsOnGrid(startAngle: start, sweep: sweep) || (stage >= 2 && !Path.cutsOnGrid(startAngle: end, sweep: back))
    }

    /// The same ring but for the end angle: stage, centre, radii and start angle equal.
    func sharesStart(with o: SectorHint) -> Bool {
        stage == o.stage && center == o.center && outer == o.outer && inner == o.inner && start == o.start
    }

    /// The box of the ring between the angles `a ≤ b` on the outer circle (and the inner one
    /// when `innerToo`), its axis points grown by the cubics' error when they may bulge.
    func wedgeBox(from a: Double, to b: Double, innerToo: Bool) -> Rect {
        let r0 = Swift.abs(outer), r1 = innerToo ? Swift.abs(inner) : r0
        let r = Swift.max(r0, r1)
        let box = SectorHint.ringBox(start: a, sweep: b - a, outer: r, inner: Swift.min(r0, r1),
                                     c0: _cos(a), s0: _sin(a), c1: _cos(b), s1: _sin(b),
                                     axisMargin: hasEqualPieces ? SectorHint.cubicError * r : 0)
        return Rect(x: center.x + box.x0, y: center.y + box.y0, width: box.x1 - box.x0, height: box.y1 - box.y0)
    }

    /// The box, relative to the centre, of the ring between two circles from angle `start`
    /// turning by `sweep ≥ 0` (its end directions' cosines and sines given): the four corner
    /// points and the outer circle's axis points inside, `axisMargin` further out; a whole
    /// turn, the outer circle's box (as far out).
    static func ringBox(start: Double, sweep: Double, outer: Double, inner: Double,
                        c0: Double, s0: Double, c1: Double, s1: Double, axisMargin: Double = 0) -> PathBoundsBox {
        var b = PathBoundsBox()
        let far = outer + axisMargin
        if sweep >= 2 * Double.pi {
            b.add(Point(-far, -far)); b.add(Point(far, far))
            return b
        }
        b.add(Point(outer * c0, outer * s0)); b.add(Point(inner * c0, inner * s0))
        b.add(Point(outer * c1, outer * s1)); b.add(Point(inner * c1, inner * s1))
        let end = start + sweep
        // Axis angles k·π/2 inside (start, end).
        let q = Double.pi / 2
        var k = (start / q).rounded(.down) + 1
        var n = 0
        while k * q < end && n < 5 {
            switch ((Int(k) % 4) + 4) % 4 {
            case 0: b.addX(far)
            case 1: b.addY(far)
            case 2: b.addX(-far)
            default: b.addY(-far)
            }
            k += 1; n += 1
        }
        return b
    }

    /// Where two closed ring segments with the same centre, radii and start differ (nil when
    /// they do not qualify: `PathDifference` then compares elements): the ring between their
    /// end angles, reaching back to the grid angle where their outer cubics part (as far as
    /// what a scan conversion of the cubics would change: `Path.arcCubics`), or to the start
    /// when the cubics are equal pieces or the inner arcs end apart. The analytic fill changes
    /// less: a pixel's value depends on the end angle only inside the swept wedge and within
    /// a pixel of the end ray (SectorRasterizer), all between the two end rays.
    static func difference(_ a: SectorHint, _ b: SectorHint) -> Rect? {
        guard a.stage == 3, a.sharesStart(with: b), a.clockwise == b.clockwise, a.isBoundable, b.isBoundable,
              (a.sweep > 0) == (b.sweep > 0), a.sweep != 0, b.sweep != 0 else { return nil }
        // In the sweep's direction: s = 1 turning up, −1 down (the walk of `arcCubics` is the
        // same with every angle negated).
        let s: Double = a.sweep > 0 ? 1 : -1
        let start = s * a.start
        let nearEnd = Swift.min(s * (a.start + a.sweep), s * (b.start + b.sweep))
        let farEnd = Swift.max(s * (a.start + a.sweep), s * (b.start + b.sweep))
        var from = start
        // (A sweep down keeps the start ray: the fill turns it into a sweep up from the end,
        // whose far ray comes back to the start within a rounding.)
        if s > 0, !a.hasEqualPieces, !b.hasEqualPieces, a.end + a.back == b.end + b.back {
            // The last grid angle the shorter outer arc is cut at: below its end by more than
            // the walk's epsilon and above the start by more.
            let g = Path.arcGrid, eps = 1e-9
            var i = ((nearEnd - eps) / g).rounded(.up) - 1
            while i * g >= nearEnd - eps { i -= 1 }
            if i * g > start + eps { from = i * g }
        }
        let lo = s > 0 ? from : -farEnd, hi = s > 0 ? farEnd : -from
        return a.wedgeBox(from: lo, to: hi, innerToo: true)
    }

    /// The hint of the path mapped by `t`, when `t` is a similarity (a rotation, a uniform scale
    /// and a translation, or their mirror image): a ring segment stays one, its angles turned
    /// (or mirrored) and radii scaled; nil for any other map.
    func applying(_ t: Affine) -> SectorHint? {
        let k = (t.a * t.a + t.b * t.b).squareRoot()
        guard k > 0, k.isFinite else { return nil }
        var h = self
        h.center = t.apply(center)
        h.outer = outer * k; h.inner = inner * k
        // An exact rotation part adds nothing (atan2(0, k) = 0): a translated ring keeps its
        // angles bit for bit.
        let turn = t.b == 0 && t.a > 0 ? 0 : _atan2(t.b, t.a)
        if t.d == t.a && t.c == -t.b {
            h.start = start + turn; h.end = end + turn
        } else if t.d == -t.a && t.c == t.b {
            h.start = turn - start; h.end = turn - end; h.sweep = -sweep; h.back = -back; h.clockwise = !clockwise
        } else { return nil }
        return h
    }
}

/// A rounded rectangle a path is known to be exactly.
struct RoundedRectShape: Hashable, Sendable {
    var rect: Rect
    var radii: CornerRadii
}

/// The one shape an inline path is (see `Path.shape`), and the elements it stands for: the
/// same points the builders appended when they stored elements.
enum PathShape: Hashable, Sendable {
    /// As given (not standardized), clockwise from (minX, minY).
    case rect(Rect)
    /// The standardized rectangle the ellipse is inscribed in.
    case ellipse(Rect)
    /// Standardized rectangle, radii clamped.
    case roundedRect(RoundedRectShape)
    /// A ring segment, or the first arc of one (`Path.sector`).
    case sector(SectorHint)

    /// Room for any shape's elements (a rounded rect: move, close, 4 edges, 4 × (line + ≤ 2
    /// cubics: a corner's sweep computed as 3π/2 − π may round just above π/2 and split)); a
    /// ring segment: move, line, close and ≤ 17 cubics an arc (16 grid pieces of a full turn
    /// and a partial one; `arcCubics`).
    static let capacity = 18
    static let sectorCapacity = 37
    var maxElements: Int {
        switch self { case .rect: 5; case .ellipse: 6; case .roundedRect: 18; case .sector: Self.sectorCapacity }
    }

    /// The same shape moved by (dx, dy).
    func translated(_ dx: Double, _ dy: Double) -> PathShape {
        @inline(__always) func move(_ r: Rect) -> Rect { Rect(origin: Point(r.origin.x + dx, r.origin.y + dy), size: r.size) }
        switch self {
        case .rect(let r): return .rect(move(r))
        case .ellipse(let r): return .ellipse(move(r))
        case .roundedRect(let s): return .roundedRect(RoundedRectShape(rect: move(s.rect), radii: s.radii))
        case .sector(var h): h.center = Point(h.center.x + dx, h.center.y + dy); return .sector(h)
        }
    }

    /// Where the shape's sub-path starts (and, closed, ends).
    var start: Point {
        switch self {
        case .rect(let r): return Point(r.minX, r.minY)
        case .ellipse(let r): return Point(r.midX + r.width / 2, r.midY)
        case .roundedRect(let s): return Point(s.rect.minX + s.radii.topLeft, s.rect.minY)
        case .sector(let h): return Path.arcStart(center: h.center, radius: h.outer, angle: h.start)
        }
    }

    /// Calls `body` with each element, in order.
    @inline(__always) func emit(_ body: (PathElement) -> Void) {
        switch self {
        case .rect(let r):
            body(.move(Point(r.minX, r.minY))); body(.line(Point(r.maxX, r.minY)))
            body(.line(Point(r.maxX, r.maxY))); body(.line(Point(r.minX, r.maxY))); body(.close)
        case .ellipse(let rr):
            let cx = rr.midX, cy = rr.midY, rx = rr.width / 2, ry = rr.height / 2
            let k = 0.5522847498307936
            body(.move(Point(cx + rx, cy)))
            body(.cubic(Point(cx + rx, cy + k * ry), Point(cx + k * rx, cy + ry), Point(cx, cy + ry)))
            body(.cubic(Point(cx - k * rx, cy + ry), Point(cx - rx, cy + k * ry), Point(cx - rx, cy)))
            body(.cubic(Point(cx - rx, cy - k * ry), Point(cx - k * rx, cy - ry), Point(cx, cy - ry)))
            body(.cubic(Point(cx + k * rx, cy - ry), Point(cx + rx, cy - k * ry), Point(cx + rx, cy)))
            body(.close)
        case .roundedRect(let s):
            let rr = s.rect
            let tl = s.radii.topLeft, tr = s.radii.topRight, br = s.radii.bottomRight, bl = s.radii.bottomLeft
            // Each corner as `addArc` draws it: a line to the arc's start, then its cubics, from
            // the same cosines and sines computed once (per call they were 16 libm calls a fill).
            @inline(__always) func arc(_ c: Point, _ r: Double, _ a: CornerArc) {
                body(.line(Point(c.x + r * a.c.0, c.y + r * a.s.0)))
                let k = a.k
                for j in 0..<a.n {
                    let c0 = j == 0 ? a.c.0 : a.c.1, s0 = j == 0 ? a.s.0 : a.s.1
                    let c1 = j == 0 ? a.c.1 : a.c.2, s1 = j == 0 ? a.s.1 : a.s.2
                    body(.cubic(Point(c.x + r * (c0 - k * s0), c.y + r * (s0 + k * c0)),
                                Point(c.x + r * (c1 + k * s1), c.y + r * (s1 - k * c1)),
                                Point(c.x + r * c1, c.y + r * s1)))
                }
            }
            let arcs = CornerArc.all
            body(.move(Point(rr.minX + tl, rr.minY)))
            body(.line(Point(rr.maxX - tr, rr.minY)))
            if tr > 0 { arc(Point(rr.maxX - tr, rr.minY + tr), tr, arcs.0) }
            body(.line(Point(rr.maxX, rr.maxY - br)))
            if br > 0 { arc(Point(rr.maxX - br, rr.maxY - br), br, arcs.1) }
            body(.line(Point(rr.minX + bl, rr.maxY)))
            if bl > 0 { arc(Point(rr.minX + bl, rr.maxY - bl), bl, arcs.2) }
            body(.line(Point(rr.minX, rr.minY + tl)))
            if tl > 0 { arc(Point(rr.minX + tl, rr.minY + tl), tl, arcs.3) }
            body(.close)
        case .sector(let h): PathShape.emitSector(h, body)
        }
    }
}

extension PathShape {
    /// What `addArc` appends for a ring: a move to the first arc's start and its cubics; the
    /// line to the second arc's start and its cubics; the close. Not inlined: `emit` is, into
    /// every `withElements` specialization, and two inlined arc walks each grew the static
    /// binary by 440 kB.
    @inline(never) static func emitSector(_ h: SectorHint, _ body: (PathElement) -> Void) {
        body(.move(Path.arcStart(center: h.center, radius: h.outer, angle: h.start)))
        Path.arcCubics(center: h.center, radius: h.outer, startAngle: h.start, sweep: h.sweep) { body(.cubic($0, $1, $2)) }
        guard h.stage >= 2 else { return }
        body(.line(Path.arcStart(center: h.center, radius: h.inner, angle: h.end)))
        Path.arcCubics(center: h.center, radius: h.inner, startAngle: h.end, sweep: h.back) { body(.cubic($0, $1, $2)) }
        if h.stage == 3 { body(.close) }
    }

    /// A ring's elements into `base` (room for `sectorCapacity`); their count.
    @inline(never) static func writeSector(_ h: SectorHint, into base: UnsafeMutablePointer<PathElement>) -> Int {
        var n = 0
        emitSector(h) { e in
            if n < sectorCapacity { base[n] = e }
            n += 1
        }
        return n
    }
}

/// A rounded rectangle's corner arc (top-right, bottom-right, bottom-left, top-left) as
/// `Path.addArc` splits it, its cosines and sines at the cubics' ends and its handle factor
/// computed by the same expressions, so the corners' elements are bit for bit addArc's.
struct CornerArc {
    let n: Int, k: Double
    let c: (Double, Double, Double), s: (Double, Double, Double)
    init(_ start: Double, _ end: Double) {
        let sweep = end - start
        n = Swift.min(2, Swift.max(1, Int((Swift.abs(sweep) / (Double.pi / 2)).rounded(.up))))
        let step = sweep / Double(n)
        k = 4.0 / 3.0 * _tan(step / 4)
        let a1 = start + step, a2 = a1 + step
        c = (_cos(start), _cos(a1), _cos(a2)); s = (_sin(start), _sin(a1), _sin(a2))
    }
    static let all: (CornerArc, CornerArc, CornerArc, CornerArc) = {
        let h = Double.pi / 2
        return (CornerArc(-h, 0), CornerArc(0, h), CornerArc(h, 2 * h), CornerArc(2 * h, 3 * h))
    }()
}

/// Radii of a rounded rectangle's four corners.
public struct CornerRadii: Hashable, Sendable {
    public var topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double
    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft; self.topRight = topRight; self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }
    public init(_ all: Double) { self.init(topLeft: all, topRight: all, bottomRight: all, bottomLeft: all) }
}

@inlinable func _tan(_ x: Double) -> Double { tan(x) }
@inlinable func _atan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Path {
    /// Removes every element, keeping the storage when asked, so a path can be rebuilt each
    /// frame without allocating (the stroker appends into a reused path).
    public mutating func removeAll(keepingCapacity: Bool = false) {
        shape = nil
        stored.removeAll(keepingCapacity: keepingCapacity)
        start = .zero; current = .zero; hasCurrent = false
    }
}

/// A growing bounding box of points and curve extrema (`Path.bounds`).
struct PathBoundsBox {
    var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity

    var rect: Rect { x0 <= x1 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero }

    @inline(__always) mutating func add(_ p: Point) {
        x0 = Swift.min(x0, p.x); y0 = Swift.min(y0, p.y); x1 = Swift.max(x1, p.x); y1 = Swift.max(y1, p.y)
    }
    @inline(__always) mutating func add(_ o: PathBoundsBox) {
        x0 = Swift.min(x0, o.x0); y0 = Swift.min(y0, o.y0); x1 = Swift.max(x1, o.x1); y1 = Swift.max(y1, o.y1)
    }
    @inline(__always) mutating func addX(_ v: Double) { x0 = Swift.min(x0, v); x1 = Swift.max(x1, v) }
    @inline(__always) mutating func addY(_ v: Double) { y0 = Swift.min(y0, v); y1 = Swift.max(y1, v) }

    /// The end point and, on an axis where the control point lies outside the ends, the extremum.
    mutating func addQuad(_ p0: Point, _ c: Point, _ p1: Point) {
        add(p1)
        @inline(__always) func axis(_ a: Double, _ b: Double, _ d: Double) -> Double? {
            guard b < Swift.min(a, d) || b > Swift.max(a, d) else { return nil }
            let den = a - 2 * b + d
            guard den != 0 else { return nil }
            let t = (a - b) / den
            guard t > 0 && t < 1 else { return nil }
            let mt = 1 - t
            return mt * mt * a + 2 * mt * t * b + t * t * d
        }
        if let v = axis(p0.x, c.x, p1.x) { addX(v) }
        if let v = axis(p0.y, c.y, p1.y) { addY(v) }
    }

    /// The end point and, on an axis where a control point lies outside the ends, the extrema.
    mutating func addCubic(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point) {
        add(p1)
        @inline(__always) func value(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ t: Double) -> Double {
            let mt = 1 - t
            return mt * mt * mt * a + 3 * mt * mt * t * b + 3 * mt * t * t * c + t * t * t * d
        }
        // Roots in (0, 1) of the derivative 3(qa t² + qb t + qc) on one axis, through `body`.
        @inline(__always) func extrema(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ body: (Double) -> Void) {
            let lo = Swift.min(a, d), hi = Swift.max(a, d)
            guard b < lo || b > hi || c < lo || c > hi else { return }
            let qa = -a + 3 * b - 3 * c + d, qb = 2 * (a - 2 * b + c), qc = b - a
            if Swift.abs(qa) < 1e-12 * (Swift.abs(qb) + Swift.abs(qc)) || qa == 0 {
                if qb != 0 { let t = -qc / qb; if t > 0 && t < 1 { body(value(a, b, c, d, t)) } }
                return
            }
            let disc = qb * qb - 4 * qa * qc
            guard disc >= 0 else { return }
            let sq = disc.squareRoot()
            let t0 = (-qb + sq) / (2 * qa), t1 = (-qb - sq) / (2 * qa)
            if t0 > 0 && t0 < 1 { body(value(a, b, c, d, t0)) }
            if t1 > 0 && t1 < 1 { body(value(a, b, c, d, t1)) }
        }
        extrema(p0.x, c1.x, c2.x, p1.x) { addX($0) }
        extrema(p0.y, c1.y, c2.y, p1.y) { addY($0) }
    }
}
