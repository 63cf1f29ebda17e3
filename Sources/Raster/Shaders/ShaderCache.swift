// ShaderCache: the scratch memory shaders borrow, owned by whoever draws (the Canvas), so that
// preparing a shader allocates nothing in steady state.

/// Reusable buffers for shaders: the gradient lookup table, the sorted stops and a cached row.
///
/// A `Canvas` owns one and passes it to `makeShader(for:transform:opacity:cache:)`. Zero
/// allocations per draw hold once the cache has seen the largest stop count and the widest
/// horizontally-replicated gradient row it will be asked for (both only grow), and the
/// caller keeps its `Paint` values (a gradient's `stops` array is the caller's allocation).
/// Rebuilding the lookup table is skipped when the stops and opacity equal the previous ones.
///
/// One shader at a time per cache: making a new shader reuses the buffers of the previous one,
/// which must not be used afterwards.
public final class ShaderCache {
    /// Premultiplied colours of the current gradient, `GradientLUT.size` entries.
    @usableFromInline let lut: UnsafeMutablePointer<UInt32>
    /// Stops of the current gradient, cleaned and sorted (see `GradientLUT.prepare`).
    @usableFromInline var stops: UnsafeMutablePointer<PreparedStop>
    @usableFromInline var stopCapacity: Int
    @usableFromInline var stopCount = 0
    /// What the table was built from, to skip rebuilding it for the same gradient.
    @usableFromInline var lutStops: [GradientStop]? = nil
    @usableFromInline var lutOpacity: Double = .nan
    @usableFromInline var lutIsOpaque = false
    /// One row of device pixels indexed by device x; valid over `rowValid0..<rowValid1`.
    @usableFromInline var row: UnsafeMutablePointer<UInt32>
    @usableFromInline var rowCapacity: Int
    @usableFromInline var rowValid0 = 0, rowValid1 = 0

    public init() {
        lut = .allocate(capacity: GradientLUT.size)
        lut.initialize(repeating: 0, count: GradientLUT.size)
        stopCapacity = 16
        stops = .allocate(capacity: stopCapacity)
        rowCapacity = 0
        row = .allocate(capacity: 1)
    }

    deinit {
        lut.deallocate(); stops.deallocate(); row.deallocate()
    }

    /// Makes room for `n` stops (allocates only when `n` exceeds every earlier count).
    @usableFromInline func reserveStops(_ n: Int) {
        if n <= stopCapacity { return }
        stops.deallocate()
        stopCapacity = Swift.max(n, stopCapacity * 2)
        stops = .allocate(capacity: stopCapacity)
    }

    /// Makes the row buffer hold device x in 0..<n (allocates only when wider than before).
    @usableFromInline func reserveRow(_ n: Int) {
        if n <= rowCapacity { return }
        row.deallocate()
        rowCapacity = Swift.max(n, 64)
        row = .allocate(capacity: rowCapacity)
        rowValid0 = 0; rowValid1 = 0
    }

    /// Forgets the cached row (a new shader is about to use it).
    @usableFromInline func invalidateRow() { rowValid0 = 0; rowValid1 = 0 }

    /// Forgets the gradient and the row, keeping the buffers: as good as a new cache for the
    /// next canvas (see `RasterScratch.pool`).
    func forget() {
        lutStops = nil; lutOpacity = .nan; lutIsOpaque = false; stopCount = 0
        invalidateRow()
    }
}
