// Scratch memory for drawing, owned by a Canvas and reused by every draw so that steady-state
// drawing allocates nothing: buffers only grow, never shrink. A canvas that goes away hands its
// scratch to the next one (`RasterScratch.pool`).
import Glibc

/// A growable raw buffer of `T` that is reused across draws.
@usableFromInline struct ScratchBuffer<T> {
    @usableFromInline var base: UnsafeMutablePointer<T>
    @usableFromInline var capacity: Int
    init(_ initial: Int = 64) {
        capacity = Swift.max(initial, 1)
        base = .allocate(capacity: capacity)
    }
    /// Makes room for `n` elements, keeping the first `keep` ones.
    @inline(__always) mutating func reserve(_ n: Int, keep: Int = 0) {
        if n <= capacity { return }
        var c = capacity
        while c < n { c *= 2 }
        let nb = UnsafeMutablePointer<T>.allocate(capacity: c)
        if keep > 0 { nb.moveInitialize(from: base, count: keep) }
        base.deallocate()
        base = nb; capacity = c
    }
    func free() { base.deallocate() }
}

/// All the scratch a Canvas's drawing needs.
final class RasterScratch {
    // Dynamic exclusivity checks are off for these buffers (`@exclusivity(unchecked)`): one
    // Canvas draws on one thread and no draw re-enters another, and each check cost ≈ 75
    // instructions in swift_beginAccess plus its thread-local access set (callgrind).
    /// Device-space line segments, 4 Doubles each: x0, y0, x1, y1 (in path order).
    @exclusivity(unchecked) var segments = ScratchBuffer<Double>(4 * 256)
    @exclusivity(unchecked) var segmentCount = 0
    /// One flattened sub-path in user space (reused; only grows).
    @exclusivity(unchecked) var points: [Point] = []
    /// Segment indices bucketed by first strip.
    @exclusivity(unchecked) var order = ScratchBuffer<Int32>(256)
    @exclusivity(unchecked) var active = ScratchBuffer<Int32>(256)
    @exclusivity(unchecked) var stripCounts = ScratchBuffer<Int32>(256)
    /// Signed area/cover accumulation for one strip of rows (fixed point, 65536 = one pixel).
    @exclusivity(unchecked) var accumulation = ScratchBuffer<Int32>(16 * 2048)
    /// One bit per cell of the strip (64 cells a word, rows padded to whole words): set when
    /// a segment touched the cell.
    @exclusivity(unchecked) var dirty = ScratchBuffer<UInt64>(16 * 32)
    /// One row of coverage and one row of shaded colours.
    @exclusivity(unchecked) var coverage = ScratchBuffer<UInt8>(2048)
    /// The rectangle-list fast path: rectangles (5 Doubles each), band edges, per-band span
    /// offsets, spans (x0, x1 pairs), one band's x edges, and one row of float coverage.
    @exclusivity(unchecked) var boxes = ScratchBuffer<Double>(5 * 64)
    @exclusivity(unchecked) var bandEdges = ScratchBuffer<Double>(128)
    @exclusivity(unchecked) var spanStarts = ScratchBuffer<Int32>(128)
    @exclusivity(unchecked) var spans = ScratchBuffer<Double>(256)
    @exclusivity(unchecked) var xedges = ScratchBuffer<XEdge>(128)
    @exclusivity(unchecked) var rowCoverage = ScratchBuffer<Double>(2048)
    @exclusivity(unchecked) var rowOps = ScratchBuffer<RowOp>(128)
    @exclusivity(unchecked) var colors = ScratchBuffer<UInt32>(2048)
    /// scale(colour, m) for the last solid colour drawn (see PaintSink.table); starts all zero,
    /// which is the right table for colour 0.
    @exclusivity(unchecked) var maskTable = ScratchBuffer<UInt32>(256)
    /// `Blend.unit` (257 in every lane), held here so that the kernels get it as a value the
    /// optimiser cannot fold (a stored `var` of a class instance); see `Blend.unit`.
    var k257 = Blend.unit
    /// The canvas's gradient tables (ShaderCache), pooled with the rest: four allocations and
    /// a 1 K-entry table zeroed per canvas otherwise.
    let shaders = ShaderCache()
    init() {
        // The accumulation and dirty buffers must start (and stay) zero: the sweep relies on it.
        accumulation.base.initialize(repeating: 0, count: accumulation.capacity)
        dirty.base.initialize(repeating: 0, count: dirty.capacity)
        maskTable.base.initialize(repeating: 0, count: 256)
    }
    /// Scratch of canvases that are gone, for the next `Canvas` to take: the engine makes a
    /// canvas per offscreen layer per frame (shadows, opacity groups), and a fresh scratch is
    /// 21 allocations plus zeroing its 128 KB accumulation strip. LVGL scene 11 at 800×480
    /// (4 cards) made 12 canvases a frame, whose scratch was 12 % of the frame's instructions
    /// (memset, callgrind). Every buffer keeps the invariants a sweep leaves (accumulation and
    /// dirty bits zero), so a pooled scratch is as good as a new one. At most `poolLimit` wait
    /// here, each as large as the largest draw it served.
    static let pool: Locked<[RasterScratch]> = {
        var items: [RasterScratch] = []
        items.reserveCapacity(poolLimit)
        return Locked(items)
    }()
    static let poolLimit = 8

    /// A pooled scratch, or a new one.
    static func take() -> RasterScratch {
        pool.withLock { $0.popLast() } ?? RasterScratch()
    }

    /// Returns `s` (no longer used by anyone) to the pool; dropped when the pool is full.
    static func give(_ s: RasterScratch) {
        s.shaders.forget()
        pool.withLock { if $0.count < poolLimit { $0.append(s) } }
    }

    deinit {
        segments.free(); order.free(); active.free(); stripCounts.free()
        accumulation.free(); dirty.free(); coverage.free(); colors.free(); maskTable.free()
        boxes.free(); bandEdges.free(); spanStarts.free(); spans.free(); xedges.free(); rowCoverage.free(); rowOps.free()
    }
}
