import Testing
import CDRM

/// CDRM imports and links: libdrm answers, and the shimmed macros have the kernel's values.
@Suite struct CDRMImportTests {
    @Test func drmAvailableAnswers() {
        // No DRM device on a build machine is fine; the call must link and return 0 or 1.
        let r = drmAvailable()
        #expect(r == 0 || r == 1)
    }
    @Test func evdevRequestCodesMatchTheKernel() {
        // _IOR('E', 0x40 + abs, struct input_absinfo): dir=2 (read), size=24, type 'E'=0x45.
        #expect(kiosk_EVIOCGABS(0) == 0x8018_4540)
        #expect(kiosk_EVIOCGABS(0x35) == 0x8018_4575)   // ABS_MT_POSITION_X
        #expect(kiosk_EVIOCGNAME(256) == 0x8100_4506)
        #expect(MemoryLayout<input_event>.size == 24)
    }
    @Test func fourccCodes() {
        #expect(kiosk_DRM_FORMAT_XRGB8888 == 0x3432_5258)  // 'XR24'
        #expect(kiosk_DRM_FORMAT_ARGB8888 == 0x3432_5241)  // 'AR24'
        #expect(kiosk_FBIOGET_VSCREENINFO() == 0x4600)
    }
}
