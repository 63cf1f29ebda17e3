// AllocationCountTests: CAllocationCount (what `kiosk bench` reports as allocations per frame)
// counts every malloc-family call the calling thread makes, whichever library makes it, and
// nothing else. The counts are read back to back with no test macro in between (#expect allocates).
import Testing
#if canImport(Glibc)
import Glibc
#endif
import CAllocationCount
import CDRM            // malloc.h: memalign
import TestSupport
@testable import Kiosk

private final class Box { var value = 7 }

@Suite(.disabled(if: Sanitizers.replaceMalloc, "a sanitizer's malloc replaces the counted one (scripts/sanitize)"))
struct AllocationCountTests {
    @Test func knownAllocationsAreCountedOnce() {
        #expect(kiosk_allocation_counting_active() == 1)
        let a0 = kiosk_thread_allocations()
        let box = Box()                                                     // swift_allocObject → malloc
        let a1 = kiosk_thread_allocations()
        let aligned = UnsafeMutableRawPointer.allocate(byteCount: 256, alignment: 64)  // swift_slowAlloc, aligned path
        let a2 = kiosk_thread_allocations()
        let c = calloc(4, 16)
        let r = realloc(c, 4096)
        var pm: UnsafeMutableRawPointer?
        let pmResult = posix_memalign(&pm, 128, 100)
        let aa = aligned_alloc(64, 128)
        let ma = memalign(32, 64)
        let a3 = kiosk_thread_allocations()
        let bad = aligned_alloc(3, 16)                                      // refused (not a power of two), still counted
        let a4 = kiosk_thread_allocations()
        free(r); free(pm); free(aa); free(ma); aligned.deallocate()
        #expect(box.value == 7 && pmResult == 0 && bad == nil)
        #expect(a1 - a0 == 1, "class instance")
        #expect(a2 - a1 == 1, "64-byte aligned allocate")
        #expect(a3 - a2 == 5, "calloc, realloc, posix_memalign, aligned_alloc, memalign")
        #expect(a4 - a3 == 1)
    }

    @Test func loopThatDoesNotAllocateCountsZero() {
        let buffer = UnsafeMutablePointer<UInt32>.allocate(capacity: 4096)
        buffer.initialize(repeating: 1, count: 4096)
        var sum: UInt32 = 0
        let a0 = kiosk_thread_allocations()
        for _ in 0..<100 { for i in 0..<4096 { buffer[i] = buffer[i] &* 3 &+ 1; sum &+= buffer[i] } }
        let a1 = kiosk_thread_allocations()
        buffer.deallocate()
        #expect(a1 == a0, "\(a1 - a0) allocations in a loop over a preallocated buffer (sum \(sum))")
    }

    @Test func otherThreadsAllocationsAreNotThisThreads() {
        let a0 = kiosk_thread_allocations()
        // Another thread allocates a lot meanwhile; this thread's count must not move.
        var t = pthread_t()
        pthread_create(&t, nil, { _ in
            for _ in 0..<1000 { free(malloc(64)) }
            return nil
        }, nil)
        pthread_join(t, nil)
        let a1 = kiosk_thread_allocations()
        #expect(a1 - a0 <= 2, "pthread_create itself may allocate on this thread, but not 1000 times")
    }
}
