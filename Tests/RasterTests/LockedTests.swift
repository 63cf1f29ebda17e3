import Foundation
import Testing
@testable import Raster

@Suite struct LockedTests {
    /// Eight threads add to one counter and one array 10⁴ times each: nothing is lost, which an
    /// unlocked read-modify-write loses within a few hundred iterations (and TSan reports).
    @Test func concurrentUpdatesAreNotLost() {
        let shared = Locked((count: 0, items: [Int]()))
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for i in 0..<10_000 {
                shared.withLock { state in
                    state.count += 1
                    if i % 100 == 0 { state.items.append(worker) }
                }
            }
        }
        let (count, items) = shared.withLock { ($0.count, $0.items) }
        #expect(count == 80_000)
        #expect(items.count == 800)
        #expect(Dictionary(grouping: items, by: { $0 }).mapValues(\.count) == Dictionary(uniqueKeysWithValues: (0..<8).map { ($0, 100) }))
    }

    @Test func withLockReturnsAndRethrows() throws {
        struct Refused: Error {}
        let box = Locked([1, 2, 3])
        #expect(box.withLock { $0.reduce(0, +) } == 6)
        #expect(throws: Refused.self) { try box.withLock { _ in throw Refused() } }
        box.withLock { $0.append(4) }   // the lock was released by the throw
        #expect(box.withLock { $0 } == [1, 2, 3, 4])
    }
}
