import Testing
@testable import Kiosk

@Suite struct FrameTimingTests {
    @Test func targetIsLastFlipPlusOnePeriod() {
        var c = FrameClock(refreshInterval: 0.016)
        #expect(abs(c.targetTime(now: 10) - 10.016) < 1e-9)   // no flip yet: one period ahead
        c.didPresent(at: 10.010)
        #expect(abs(c.targetTime(now: 10.012) - 10.026) < 1e-9)
        c.didPresent(at: 10.026)
        #expect(c.missedFlips == 0)
        // Idle for a while: the target is the next vblank on the grid after now.
        let t = c.targetTime(now: 11.0)
        #expect(t > 11.0 && t <= 11.016 + 1e-9)
        #expect(abs((t - 10.026) / 0.016 - ((t - 10.026) / 0.016).rounded()) < 1e-6)
    }

    @Test func lateFlipsAreCounted() {
        var c = FrameClock(refreshInterval: 0.010)
        c.didPresent(at: 1.000)
        _ = c.targetTime(now: 1.001)          // aims at 1.010
        c.didPresent(at: 1.030)               // shown two periods late
        #expect(c.missedFlips == 2)
        _ = c.targetTime(now: 1.031)
        c.didPresent(at: 1.040)
        #expect(c.missedFlips == 2 && c.framesPresented == 3)
    }

    @Test func drmEventsDecode() {
        // drm_event_vblank: type 2 (flip complete), length 32, user_data, tv_sec, tv_usec, sequence, crtc_id.
        var bytes: [UInt8] = []
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
        u32(2); u32(32); u32(0); u32(0); u32(12); u32(500_000); u32(77); u32(41)
        u32(0x8000_0000); u32(12)  // an unknown event, 12 bytes
        bytes += [0, 0, 0, 0]
        u32(2); u32(32)           // truncated tail
        let ev = bytes.withUnsafeBytes { DRMEvent.decode($0) }
        #expect(ev == [.flipComplete(time: 12.5, sequence: 77, crtc: 41), .other(type: 0x8000_0000)])
        // A zero length must not loop forever.
        var zero: [UInt8] = []
        withUnsafeBytes(of: UInt32(2)) { zero += $0 }; zero += [0, 0, 0, 0]
        #expect(zero.withUnsafeBytes { DRMEvent.decode($0) }.isEmpty)
    }
}
