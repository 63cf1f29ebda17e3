// FDWatcherTests: the poll thread that reads input devices instead of libdispatch's read sources
// (which crashed when an unplugged device's descriptor hung up while its source was cancelled).
// Pipes stand in for devices: a closed write end hangs up as an unplugged evdev node does.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import Kiosk

@Suite struct FDWatcherTests {
    /// What the handlers saw, from the watcher's thread.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes: [UInt8] = []
        private var afterDone = 0
        private var dones = 0
        func add(_ b: ArraySlice<UInt8>) { lock.withLock { bytes += b } }
        var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }
        func ranAfterDone() { lock.withLock { afterDone += 1 } }
        func done() { lock.withLock { dones += 1 } }
        var counts: (afterDone: Int, dones: Int) { lock.withLock { (afterDone, dones) } }
    }

    static func pipePair() -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        return (fds[0], fds[1])
    }

    static func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<400 {
            if condition() { return true }
            usleep(5_000)
        }
        return condition()
    }

    @Test func aHandlerReadsWhatArrivesAndAHangUpEndsTheWatch() throws {
        let watcher = FDWatcher()
        let (r, w) = Self.pipePair()
        let log = Log()
        var buffer = [UInt8](repeating: 0, count: 16)
        let token = try #require(watcher.watch(r) {
            let n = read(r, &buffer, buffer.count)
            if n > 0 { log.add(buffer[0..<n]); return true }
            return n < 0 && errno == EAGAIN   // 0: the writer hung up
        })
        #expect(watcher.count == 1)
        _ = "abc".withCString { write(w, $0, 3) }
        #expect(Self.eventually { log.text == "abc" })
        _ = "de".withCString { write(w, $0, 2) }
        #expect(Self.eventually { log.text == "abcde" })
        // The write end closes: poll reports the hang-up, the read sees end of file, the handler
        // says stop, and the watch is gone without an unwatch.
        close(w)
        #expect(Self.eventually { watcher.count == 0 })
        watcher.unwatch(token) { close(r); log.done() }
        #expect(Self.eventually { log.counts.dones == 1 })
    }

    /// Watches made and ended while their descriptors are written to and hang up, as devices
    /// plugged and unplugged: a handler never runs after its `done`, every `done` runs once, and
    /// the descriptor (closed in `done`, its number reused by the next pipe at once) is never
    /// read by the wrong watch.
    @Test func aHandlerNeverRunsAfterItsWatchIsDoneWhileDevicesComeAndGo() throws {
        let watcher = FDWatcher()
        let log = Log()
        let rounds = 300
        for i in 0..<rounds {
            let (r, w) = Self.pipePair()
            let finished = Log()
            var scratch = [UInt8](repeating: 0, count: 8)
            let token = try #require(watcher.watch(r) {
                if finished.counts.dones > 0 { log.ranAfterDone() }
                // Keeps watching even at end of file: the hang-up is reported on every poll
                // until unwatch, the case the dispatch sources crashed on.
                _ = read(r, &scratch, scratch.count)
                return true
            })
            _ = "x".withCString { write(w, $0, 1) }
            if i % 2 == 0 { close(w) }           // hangs up before the unwatch
            if i % 3 == 0 { usleep(200) }         // lets the handler run meanwhile
            watcher.unwatch(token) {
                finished.done()
                log.done()
                close(r)
            }
            if i % 2 == 1 { close(w) }           // hangs up after it
        }
        #expect(Self.eventually { log.counts.dones == rounds })
        #expect(log.counts.afterDone == 0)
        #expect(watcher.count == 0)
    }
}
