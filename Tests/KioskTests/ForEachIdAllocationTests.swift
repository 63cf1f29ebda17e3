// Issue 39: `ForEach(0..<n, id: \.self)` — the commonest spelling in public code — costs no
// allocation per element per update: the identity key path is recognised when the ForEach is
// made, so ids are read without applying a key path, and a range's ids skip the duplicate check.
import Testing
import CAllocationCount
import TestSupport
@testable import Kiosk
@testable import KioskScenes

// The view measured is `ForEachIdBench` (KioskScenes' `bench-foreach-*` scenes, which `kiosk bench`
// measures in release): a ForEach over a range re-made by a TimelineView every frame.

@Suite(.serialized, .disabled(if: Sanitizers.replaceMalloc, "a sanitizer's malloc replaces the counted one (scripts/sanitize)"))
struct ForEachIdAllocationTests {
    @Test func aSelfKeyPathIdCostsNothingPerElement() throws {
        #expect(kiosk_allocation_counting_active() == 1)
        let few = try ReEvaluationAllocationTests.updateAllocations(of: ForEachIdBench(count: 4))
        let many = try ReEvaluationAllocationTests.updateAllocations(of: ForEachIdBench(count: 64))
        let range = try ReEvaluationAllocationTests.updateAllocations(of: ForEachIdBench(count: 64, byKeyPath: false))
        print("ForEachIdAllocation: id: \\.self 4 elements \(few), 64 elements \(many); range init 64 \(range)")
        #expect(many.max()! <= few.max()! + 4, "update allocations: 4 elements \(few), 64 elements \(many)")
        #expect(many.max()! <= range.max()! + 2, "id: \\.self \(many) vs the range initialiser \(range)")
    }

    @Test func aSelfKeyPathOverAnArrayStillWarnsOfDuplicates() {
        let host = HeadlessHost(width: 100, height: 100) {
            VStack { ForEach([1, 2, 1], id: \.self) { Text("\($0)") } }
        }
        _ = host.snapshot()
        #expect(host.frame(ofText: "1", 1) != nil)      // both 1s shown, each its own identity
        #expect(host.warnings.contains { $0.contains("occurs more than once") })
    }

    @Test func otherKeyPathsStillReadTheirIds() {
        struct Item { let name: String; let code: Int }
        let host = HeadlessHost(width: 100, height: 100) {
            VStack { ForEach([Item(name: "a", code: 7), Item(name: "b", code: 9)], id: \.code) { Text($0.name) } }
        }
        _ = host.snapshot()
        #expect(host.frame(ofText: "a") != nil && host.frame(ofText: "b") != nil)
        #expect(host.warnings.isEmpty)
    }
}
