// DRMHotplugTests: a screen unplugged and plugged back, over the scripted KMS fake. Unplugged: the
// display says so once (DisplayUnavailable with the connector's name, a slow retry), sets no mode
// and flips nothing; back: the mode is picked again (configured, else preferred of the same size,
// else the nearest rate), set, and the whole frame shown although the frame's damage was small.
import Testing
import CDRM
import Raster
@testable import Kiosk

@Suite struct DRMHotplugTests {
    typealias T = DRMPresentTests
    static let gone = Result<ConnectorState, Errno>.success(ConnectorState(connected: false, modes: []))

    @Test func unplugIsNoticedByAFailedFlipWaitedOutAndRepaintedWhenBack() throws {
        let kms = FakeKMS()
        let (d, bufs, s) = try T.lit(kms)
        kms.connector = Self.gone
        kms.alwaysFlip = .noSuchFile                                  // what virtio-gpu answers for a vanished output
        let r = IntRect(x: 2, y: 2, width: 5, height: 5)
        T.paint(s, r, 0xFFFF_0000)
        do { try d.present(s, damage: [r]); Issue.record("presented to an unplugged connector") }
        catch let e as DisplayUnavailable {
            #expect(e.description.contains("display on connector Virtual-1 was unplugged; waiting for it to come back"))
            #expect(e.retryAfter >= 1)                                // a slow retry, not a spin
        }
        #expect(d.unplugged)
        // Still gone: each retry probes once and touches neither CRTC nor flip.
        kms.alwaysFlip = nil
        let (crtcCalls, flips, probes) = (kms.setCRTCCalls, kms.flipCalls, kms.probeCalls)
        for _ in 0..<3 { #expect(throws: DisplayUnavailable.self) { try d.present(s, damage: [s.bounds]) } }
        #expect(kms.setCRTCCalls == crtcCalls && kms.flipCalls == flips && kms.probeCalls == probes + 3)
        // Back, offering another size (preferred) and our size at 50 and 75 Hz: 50 is nearest 60.
        kms.connector = .success(ConnectorState(connected: true, modes: [T.mode(100, 80), T.mode(T.w, T.h, 75, preferred: false),
                                                                            T.mode(T.w, T.h, 50, preferred: false)]))
        let small = IntRect(x: 30, y: 20, width: 2, height: 2)
        T.paint(s, small, 0xFF00_FF00)
        #expect(try d.present(s, damage: [small]) != nil)             // a modeset, shown at once
        #expect(!d.unplugged && d.mode.refresh == 50 && kms.lastMode?.vrefresh == 50 && abs(d.refreshInterval - 0.02) < 1e-9)
        #expect(T.screenShows(s, kms, bufs))                           // the whole frame, not only `small`
    }

    @Test func hotplugEventMakesTheNextPresentProbeAndKeepTheConfiguredMode() throws {
        let kms = FakeKMS()
        kms.connector = .success(ConnectorState(connected: true, modes: [T.mode(T.w, T.h, 60), T.mode(T.w, T.h, 75, preferred: false)]))
        let (d, bufs, s) = try T.lit(kms, modeRequest: ModeRequest(width: T.w, height: T.h, refresh: 75))
        // A uevent that changed nothing for this connector: one probe, no modeset.
        d.noteHotplug()
        let crtcCalls = kms.setCRTCCalls
        #expect(try d.present(s, damage: [IntRect(x: 0, y: 0, width: 1, height: 1)]) == nil)
        #expect(kms.probeCalls == 1 && kms.setCRTCCalls == crtcCalls)
        _ = try d.handleEvents()
        // Unplugged: the uevent alone is enough, no call has to fail first.
        kms.connector = Self.gone
        d.noteHotplug()
        #expect(throws: DisplayUnavailable.self) { try d.present(s, damage: [s.bounds]) }
        kms.connector = .success(ConnectorState(connected: true, modes: [T.mode(T.w, T.h, 60), T.mode(T.w, T.h, 75, preferred: false)]))
        d.noteHotplug()
        #expect(try d.present(s, damage: [s.bounds]) != nil)
        #expect(d.mode.refresh == 75 && kms.lastMode?.vrefresh == 75)  // --mode …@75 is still offered
        #expect(T.screenShows(s, kms, bufs))
    }

    @Test func screenBackWithoutOurSizeIsFatalWithAdvice() throws {
        let kms = FakeKMS()
        let (d, _, s) = try T.lit(kms)
        kms.connector = Self.gone
        d.noteHotplug()
        #expect(throws: DisplayUnavailable.self) { try d.present(s, damage: [s.bounds]) }
        kms.connector = .success(ConnectorState(connected: true, modes: [T.mode(1920, 1080)]))
        do { try d.present(s, damage: [s.bounds]); Issue.record("presented a 64x40 frame to a 1920x1080-only screen") }
        catch let e as PlatformError { #expect(e.description.contains("1920x1080") && e.description.contains("restarts it at the new size")) }
    }

    @Test func cardGoneWhileProbingIsFatal() throws {
        let kms = FakeKMS()
        let (d, _, s) = try T.lit(kms)
        kms.connector = .failure(.noSuchDevice)
        d.noteHotplug()
        do { try d.present(s, damage: [s.bounds]); Issue.record("presented on a card that went away") }
        catch is DisplayUnavailable { Issue.record("a vanished card was treated as recoverable") }
        catch let e as PlatformError { #expect(e.errno == .noSuchDevice && e.description.contains("went away")) }
    }

    @Test func modeAfterReplugPrefersConfiguredThenPreferredThenNearestRate() {
        let cur = T.mode(800, 480, 60)
        let offered = [T.mode(1024, 768), T.mode(800, 480, 50, preferred: false), T.mode(800, 480, 72, preferred: false)]
        #expect(DRMDisplay.modeAfterReplug(request: nil, current: cur, offered: offered)?.refresh == 50)
        #expect(DRMDisplay.modeAfterReplug(request: ModeRequest(width: 800, height: 480, refresh: 72), current: cur, offered: offered)?.refresh == 72)
        let withPreferred = offered + [T.mode(800, 480, 30, preferred: true)]
        #expect(DRMDisplay.modeAfterReplug(request: nil, current: cur, offered: withPreferred)?.refresh == 30)
        #expect(DRMDisplay.modeAfterReplug(request: nil, current: cur, offered: [T.mode(1024, 768)]) == nil)
    }

    @Test func ueventParserFindsDRMChangesOnly() {
        func msg(_ fields: [String]) -> [UInt8] { fields.flatMap { Array($0.utf8) + [0] } }
        let hot = msg(["change@/devices/pci0000:00/0000:00:02.0/drm/card0", "ACTION=change", "DEVPATH=/devices/pci0000:00/0000:00:02.0/drm/card0",
                       "SUBSYSTEM=drm", "HOTPLUG=1", "CONNECTOR=31", "DEVNAME=dri/card0", "SEQNUM=1234"])
        let other = msg(["add@/devices/virtual/input/input7", "ACTION=add", "SUBSYSTEM=input", "HOTPLUG=1"])
        let synthetic = msg(["change@/devices/x/drm/card0", "ACTION=change", "SUBSYSTEM=drm", "SYNTH_UUID=0", "DEVNAME=dri/card0"])
        let added = msg(["add@/devices/x/drm/card1", "ACTION=add", "SUBSYSTEM=drm", "DEVNAME=dri/card1"])
        let prefixOnly = msg(["ACTION=changed", "SUBSYSTEM=drmx", "HOTPLUG=1"])
        #expect(hot.withUnsafeBytes { UeventMonitor.isDRMChange($0) })
        #expect(synthetic.withUnsafeBytes { UeventMonitor.isDRMChange($0) })
        #expect(!other.withUnsafeBytes { UeventMonitor.isDRMChange($0) })
        #expect(!added.withUnsafeBytes { UeventMonitor.isDRMChange($0) })
        #expect(!prefixOnly.withUnsafeBytes { UeventMonitor.isDRMChange($0) })
        #expect(!Array(hot.prefix(20)).withUnsafeBytes { UeventMonitor.isDRMChange($0) })   // truncated
        var rng = SystemRandomNumberGenerator()
        let garbage = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &rng) }
        #expect(!garbage.withUnsafeBytes { UeventMonitor.isDRMChange($0) })
    }
}
