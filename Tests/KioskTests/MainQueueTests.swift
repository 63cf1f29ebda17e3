import Testing
@testable import Kiosk

struct DeferredWork: View {
    @State var label = "before"
    var body: some View {
        Text(label).onAppear {
            DispatchQueue.main.async { label = "after" }
        }
    }
}

@Suite struct MainQueueTests {
    @Test func mainQueueBlocksRunBeforeAdvanceReturns() {
        let host = HeadlessHost(width: 200, height: 100) { DeferredWork() }
        host.advance(by: 0.1)
        #expect(host.frame(ofText: "after") != nil)
    }

    @MainActor @Test func onTheMainActorSettleRunsQueuedBlocks() async {
        let host = HeadlessHost(width: 200, height: 100) { DeferredWork() }
        host.advance(by: 0.1)
        await host.settle()
        #expect(host.frame(ofText: "after") != nil)
    }
}
