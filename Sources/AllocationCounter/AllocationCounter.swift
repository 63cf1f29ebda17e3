// AllocationCounter (a library both benchmarks link): counts heap allocations by interposing the C allocator. The executable
// defines counting wrappers for `malloc`, `calloc`, `realloc`, `posix_memalign`,
// `aligned_alloc` and `memalign`, each forwarding to glibc's exported `__libc_*` function (so
// `free` needs no wrapper). `scripts/bench` links with
//   -Xlinker --export-dynamic -Xlinker --defsym=malloc=kiosk_bench_malloc …
// so the dynamic linker binds every library's calls (the Swift runtime's swift_slowAlloc
// included) to the wrappers. No LD_PRELOAD, no C module, and no reserved names in Swift source
// (`@_cdecl` with the name `malloc` warns that it will become an error). Built without those flags the
// wrappers are never called; `AllocationCounter.isActive` detects that and the report says so.
//
// Why not mallinfo2(): its counters are net bytes in use, so an allocation freed within the
// same draw — the kind that costs time — leaves no trace.
//
// The counter is a plain global with a constant initialiser: in a release build it is static
// data (no lazy-initialisation call), which matters because malloc runs before main.

#if canImport(Glibc)
import Glibc
#endif

/// Heap allocations since the process started (all threads; the benchmark is single-threaded).
nonisolated(unsafe) public var allocationCount = 0

@_silgen_name("__libc_malloc") private func libcMalloc(_ n: Int) -> UnsafeMutableRawPointer?
@_silgen_name("__libc_calloc") private func libcCalloc(_ n: Int, _ size: Int) -> UnsafeMutableRawPointer?
@_silgen_name("__libc_realloc") private func libcRealloc(_ p: UnsafeMutableRawPointer?, _ n: Int) -> UnsafeMutableRawPointer?
@_silgen_name("__libc_memalign") private func libcMemalign(_ align: Int, _ n: Int) -> UnsafeMutableRawPointer?

@_cdecl("kiosk_bench_malloc") public func benchMalloc(_ n: Int) -> UnsafeMutableRawPointer? {
    allocationCount &+= 1
    return libcMalloc(n)
}
@_cdecl("kiosk_bench_calloc") public func benchCalloc(_ n: Int, _ size: Int) -> UnsafeMutableRawPointer? {
    allocationCount &+= 1
    return libcCalloc(n, size)
}
@_cdecl("kiosk_bench_realloc") public func benchRealloc(_ p: UnsafeMutableRawPointer?, _ n: Int) -> UnsafeMutableRawPointer? {
    allocationCount &+= 1
    return libcRealloc(p, n)
}
@_cdecl("kiosk_bench_memalign") public func benchMemalign(_ align: Int, _ n: Int) -> UnsafeMutableRawPointer? {
    allocationCount &+= 1
    return libcMemalign(align, n)
}
@_cdecl("kiosk_bench_aligned_alloc") public func benchAlignedAlloc(_ align: Int, _ n: Int) -> UnsafeMutableRawPointer? {
    allocationCount &+= 1
    return libcMemalign(align, n)
}
@_cdecl("kiosk_bench_posix_memalign") public func benchPosixMemalign(_ out: UnsafeMutablePointer<UnsafeMutableRawPointer?>,
                                                        _ align: Int, _ n: Int) -> Int32 {
    allocationCount &+= 1
    guard align >= MemoryLayout<UnsafeRawPointer>.size, align & (align - 1) == 0 else { return EINVAL }
    guard let p = libcMemalign(align, n) else { return ENOMEM }
    out.pointee = p
    return 0
}

/// Whether the wrappers are linked in (see the header): one known allocation must count.
public enum AllocationCounter {
    public static var isActive: Bool {
        let before = allocationCount
        let p = UnsafeMutableRawPointer.allocate(byteCount: 24, alignment: 8)
        let active = allocationCount != before
        p.deallocate()
        return active
    }
}
