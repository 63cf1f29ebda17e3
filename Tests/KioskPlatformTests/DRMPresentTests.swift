// DRMPresentTests: DRMDisplay's present path over a scripted KMS fake. The fake behaves like the
// kernel where it matters: a flip queued on the CRTC makes the next flip answer EBUSY until its
// event is read, a file that is not DRM master gets EACCES, and what is "on screen" is the buffer
// of the last SetCrtc or completed flip, so every test can check the pixels a viewer would see.
import Testing
import CDRM
import Raster
import TestSupport
@testable import Kiosk

/// Heap memory standing in for a dumb buffer.
final class HeapScanoutBuffer: ScanoutBuffer {
    let framebuffer: UInt32
    let pitch: Int
    let memory: UnsafeMutableRawPointer
    let size: Int
    init(framebuffer: UInt32, width: Int, height: Int) {
        self.framebuffer = framebuffer; pitch = width * 4; size = pitch * height
        memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: size)
    }
    deinit { memory.deallocate() }
}

final class FakeKMS: KMSCalls {
    /// Scripted answers, consumed one per call; an empty script means success.
    var flipAnswers: [Errno?] = []
    var setCRTCAnswers: [Errno?] = []
    var setMasterAnswers: [Errno?] = []
    /// Every answer from now on (after the scripts): a device that went away, a master that stays.
    var alwaysFlip: Errno?
    var isMaster = true
    /// The framebuffer being scanned out, and the one a queued flip will show.
    var onScreen: UInt32 = 0
    var queued: UInt32?
    var flipCalls = 0, setCRTCCalls = 0
    /// What the connector answers when probed (a hot-plug test flips it), and the mode of the last SetCrtc.
    var connector: Result<ConnectorState, Errno> = .success(ConnectorState(connected: true, modes: [DRMPresentTests.mode(DRMPresentTests.w, DRMPresentTests.h)]))
    var probeCalls = 0
    var lastMode: drmModeModeInfo?
    var waitedMs: Int32 = 0
    var readsWithNothingQueued = 0

    private static func next(_ script: inout [Errno?]) -> Errno?? { script.isEmpty ? nil : .some(script.removeFirst()) }

    func setCRTC(_ crtc: UInt32, framebuffer: UInt32, x: UInt32, y: UInt32, connector: UInt32, mode: drmModeModeInfo) -> Errno? {
        setCRTCCalls += 1
        if let e = FakeKMS.next(&setCRTCAnswers), let e { return e }
        if !isMaster { return .permissionDenied }
        onScreen = framebuffer
        lastMode = mode
        return nil
    }
    func disableCRTC(_ crtc: UInt32) -> Errno? { onScreen = 0; return nil }
    func pageFlip(_ crtc: UInt32, framebuffer: UInt32) -> Errno? {
        flipCalls += 1
        if let e = FakeKMS.next(&flipAnswers), let e { return e }
        if let e = alwaysFlip { return e }
        if !isMaster { return .permissionDenied }
        if queued != nil { return .busy }
        queued = framebuffer
        return nil
    }
    func dirtyFB(_ framebuffer: UInt32, clips: [drmModeClip]) -> Errno? { .notImplemented }
    func setMaster() -> Errno? {
        if let e = FakeKMS.next(&setMasterAnswers) { if e == nil { isMaster = true }; return e }
        isMaster = true
        return nil
    }
    func dropMaster() -> Errno? { isMaster = false; return nil }
    func waitForEvents(timeoutMs: Int32) throws -> Bool {
        if queued != nil { return true }
        waitedMs += timeoutMs
        return false
    }
    func probeConnector(_ id: UInt32) -> Result<ConnectorState, Errno> { probeCalls += 1; return connector }
    func readEvents(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        // The real card is open blocking: a read with nothing queued would hang the main queue.
        guard let fb = queued else { readsWithNothingQueued += 1; throw Errno.wouldBlock }
        onScreen = fb; queued = nil
        // drm_event_vblank: type 2 (flip complete), length 32, user_data, tv_sec, tv_usec, sequence, crtc.
        let words: [UInt32] = [2, 32, 0, 0, 5, 0, 1, 7]
        for (i, w) in words.enumerated() { buffer.storeBytes(of: w, toByteOffset: i * 4, as: UInt32.self) }
        return 32
    }
}

@Suite struct DRMPresentTests {
    static let w = 64, h = 40

    /// A connector mode as libdrm reports it.
    static func mode(_ width: Int, _ height: Int, _ refresh: Int = 60, preferred: Bool = true) -> DRMMode {
        var info = drmModeModeInfo()
        info.hdisplay = UInt16(width); info.vdisplay = UInt16(height); info.vrefresh = UInt32(refresh)
        return DRMMode(width: width, height: height, refresh: refresh, preferred: preferred, info: info)
    }

    /// A display of `count` heap buffers (framebuffers 101, 102, …) over `kms`.
    static func display(_ kms: FakeKMS, count: Int = 2, rotation: Rotation = .degrees0,
                        modeRequest: ModeRequest? = nil) -> (DRMDisplay, [HeapScanoutBuffer]) {
        let mode = Self.mode(w, h)
        let conn = DRMConnector(id: 31, name: "Virtual-1", connected: true, modes: [mode], currentCRTC: 7, possibleCRTCs: [7])
        let bufs = (0..<count).map { HeapScanoutBuffer(framebuffer: UInt32(101 + $0), width: w, height: h) }
        let d = DRMDisplay(kms: kms, path: "/dev/dri/fake", driver: "fake", connector: conn, mode: mode, crtc: 7,
                           rotation: rotation, buffers: bufs, savedCRTC: nil, modeRequest: modeRequest)
        return (d, bufs)
    }

    /// True when the buffer on screen holds exactly `surface`, converted as the display converts it.
    static func screenShows(_ surface: Surface, _ kms: FakeKMS, _ bufs: [HeapScanoutBuffer], rotation: Rotation = .degrees0) -> Bool {
        guard let shown = bufs.first(where: { $0.framebuffer == kms.onScreen }) else { return false }
        let expected = HeapScanoutBuffer(framebuffer: 0, width: w, height: h)
        ScanoutCopy.copy(surface, rect: surface.bounds, to: expected.memory, dstStride: expected.pitch, format: .xrgb8888, rotation: rotation)
        return memcmp(shown.memory, expected.memory, expected.size) == 0
    }

    static func paint(_ s: Surface, _ r: IntRect, _ argb: UInt32) {
        for y in r.y0..<r.y1 { for x in r.x0..<r.x1 { s.row(y)[x] = argb } }
    }

    /// A display whose first frame (a plain `argb` screen) is up, through SetCrtc.
    static func lit(_ kms: FakeKMS, count: Int = 2, argb: UInt32 = 0xFF00_0000,
                    modeRequest: ModeRequest? = nil) throws -> (DRMDisplay, [HeapScanoutBuffer], Surface) {
        let (d, bufs) = display(kms, count: count, modeRequest: modeRequest)
        let s = try Surface(width: w, height: h)
        paint(s, s.bounds, argb)
        #expect(try d.present(s, damage: [s.bounds]) != nil)
        return (d, bufs, s)
    }

    @Test func busyFlipIsRetriedAfterWaitingAndCounted() throws {
        let kms = FakeKMS()
        let (d, bufs, s) = try Self.lit(kms)
        let r = IntRect(x: 3, y: 4, width: 10, height: 6)
        Self.paint(s, r, 0xFFFF_0000)
        kms.flipAnswers = [.busy, .busy]                            // then the flip goes through
        #expect(try d.present(s, damage: [r]) == nil)
        #expect(d.busyRetries == 2 && d.flipFallbacks == 0 && kms.flipCalls == 3 && d.isFlipPending)
        // Each retry waited at most `attempt` refresh periods (17 + 34 ms at 60 Hz), never 0 ms.
        #expect(kms.waitedMs > 0 && kms.waitedMs <= 17 + 34)
        #expect(try d.handleEvents() == 5.0)
        #expect(Self.screenShows(s, kms, bufs))
    }

    @Test func busyForeverFallsBackToSetCrtcInBoundedTime() throws {
        let kms = FakeKMS()
        let (d, bufs, s) = try Self.lit(kms, argb: 0xFF20_4060)
        kms.alwaysFlip = .busy
        let r = IntRect(x: 0, y: 0, width: 5, height: 5)
        Self.paint(s, r, 0xFF00_FF00)
        #expect(try d.present(s, damage: [r]) != nil)               // shown now, through SetCrtc
        #expect(kms.flipCalls == DRMDisplay.busyRetryLimit + 1 && d.busyRetries == DRMDisplay.busyRetryLimit)
        #expect(d.flipFallbacks == 1 && !d.isFlipPending)
        #expect(kms.waitedMs <= 17 + 34 + 50)                        // ≈ 100 ms at worst, no spin
        #expect(Self.screenShows(s, kms, bufs))
    }

    @Test func busySetCrtcBecomesRetryableUnavailable() throws {
        let kms = FakeKMS()
        let (d, bufs) = Self.display(kms)
        let s = try Surface(width: Self.w, height: Self.h)
        Self.paint(s, s.bounds, 0xFF11_2233)
        kms.setCRTCAnswers = Array(repeating: .busy, count: DRMDisplay.busyRetryLimit + 1)
        do { try d.present(s, damage: [s.bounds]); Issue.record("a CRTC busy through every retry presented") }
        catch let e as DisplayUnavailable {
            #expect(e.reason.errno == .busy && e.retryAfter > 0 && e.description.contains("tries again"))
        }
        // The loop's retry (a full redraw) shows the frame.
        #expect(try d.present(s, damage: [s.bounds]) != nil)
        #expect(Self.screenShows(s, kms, bufs))
    }

    @Test func anotherMasterMakesTheDisplayWaitThenRepaintEverything() throws {
        let kms = FakeKMS()
        kms.isMaster = false                       // a splash held the card when kiosk started
        let (d, bufs) = Self.display(kms)
        let s = try Surface(width: Self.w, height: Self.h)
        Self.paint(s, s.bounds, 0xFF80_8080)
        do { try d.present(s, damage: [s.bounds]); Issue.record("presented without DRM master") }
        catch let e as DisplayUnavailable {
            #expect(e.reason.errno == .permissionDenied)
            #expect(e.description.contains("another process is DRM master") && e.description.contains("stop that process"))
        }
        #expect(d.waitingForMaster)
        // Still held: drmSetMaster answers EBUSY; the next frame (only a small damage) waits too.
        kms.setMasterAnswers = [.busy]
        let r = IntRect(x: 10, y: 10, width: 4, height: 4)
        Self.paint(s, r, 0xFF00_00FF)
        do { try d.present(s, damage: [r]); Issue.record("presented while another master held the card") }
        catch let e as DisplayUnavailable { #expect(e.reason.operation == "drmSetMaster" && e.description.contains("still DRM master")) }
        // Released: the next present takes master back and shows the whole current frame, although
        // its own damage is one small rectangle.
        let r2 = IntRect(x: 30, y: 20, width: 3, height: 3)
        Self.paint(s, r2, 0xFFFF_FF00)
        #expect(try d.present(s, damage: [r2]) != nil)
        #expect(!d.waitingForMaster && Self.screenShows(s, kms, bufs))
    }

    @Test func masterLostMidRunIsWaitedOutWithoutLosingDamage() throws {
        let kms = FakeKMS()
        let (d, bufs, s) = try Self.lit(kms, count: 3)
        kms.isMaster = false                                           // a display server took over
        let r = IntRect(x: 1, y: 1, width: 8, height: 8)
        Self.paint(s, r, 0xFFAB_CDEF)
        #expect(throws: DisplayUnavailable.self) { try d.present(s, damage: [r]) }
        Self.paint(s, IntRect(x: 40, y: 30, width: 2, height: 2), 0xFF12_3456)
        _ = try d.present(s, damage: [IntRect(x: 40, y: 30, width: 2, height: 2)])  // master is free again
        _ = try d.handleEvents()
        #expect(Self.screenShows(s, kms, bufs))
    }

    @Test func deviceGoneIsFatalAndSaysWhatHappens() throws {
        let kms = FakeKMS()
        let (d, _, s) = try Self.lit(kms)
        kms.alwaysFlip = .noSuchDevice
        do { try d.present(s, damage: [s.bounds]); Issue.record("presented on a device that went away") }
        catch is DisplayUnavailable { Issue.record("a vanished device was treated as recoverable") }
        catch let e as PlatformError {
            #expect(e.errno == .noSuchDevice && e.description.contains("went away") && e.description.contains("restart"))
        }
        #expect(d.flipFallbacks == 0)
    }

    /// Random frames with random damage and random injected failures: after every frame that is
    /// shown, the screen holds exactly the latest frame, with 2 and 3 buffers and any rotation.
    @Test(arguments: [(2, Rotation.degrees0), (3, .degrees90), (2, .degrees270)])
    func randomFailuresNeverLeaveAStaleScreen(count: Int, rotation: Rotation) throws {
        var rng = SplitMix64(seed: 0x5EED_0000 + UInt64(count))
        let kms = FakeKMS()
        let (d, bufs) = Self.display(kms, count: count, rotation: rotation)
        let s = try Surface(width: d.width, height: d.height)
        Self.paint(s, s.bounds, 0xFF00_0000)
        try d.present(s, damage: [s.bounds])
        var shownFrames = 0
        for frame in 0..<300 {
            var damage: [IntRect] = []
            for _ in 0..<Int(rng.next() % 3 + 1) {
                let x = Int(rng.next() % UInt64(d.width - 1)), y = Int(rng.next() % UInt64(d.height - 1))
                let r = IntRect(x: x, y: y, width: Int(rng.next() % 12) + 1, height: Int(rng.next() % 9) + 1).intersection(s.bounds)
                Self.paint(s, r, 0xFF00_0000 | UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF)
                damage.append(r)
            }
            switch rng.next() % 10 {
            case 0: kms.flipAnswers = [.busy]
            case 1: kms.flipAnswers = Array(repeating: .busy, count: 5)             // falls back to SetCrtc
            case 2: kms.flipAnswers = [.invalidArgument]
            case 3 where frame % 3 == 0: kms.isMaster = false                       // lost until the next frame
            default: break
            }
            do {
                if try d.present(s, damage: damage) == nil { _ = try d.handleEvents() }
                shownFrames += 1
                #expect(Self.screenShows(s, kms, bufs, rotation: rotation), "frame \(frame)")
            } catch is DisplayUnavailable {
                kms.isMaster = true
                kms.flipAnswers = []
            }
        }
        #expect(shownFrames > 250 && d.busyRetries > 0 && d.flipFallbacks > 0)
    }
}
