// DRMEvent: decoding what `read()` returns on a DRM fd. The kernel writes whole `drm_event`
// records (type, length) — a page-flip completion is a `drm_event_vblank` carrying the flip's
// timestamp on CLOCK_MONOTONIC, which becomes the animation clock's base.

/// One event read from a DRM file descriptor.
public enum DRMEvent: Equatable, Sendable {
    /// A page flip (or vblank) completed at `time` seconds (CLOCK_MONOTONIC), vblank `sequence`.
    case flipComplete(time: Double, sequence: UInt32, crtc: UInt32)
    case vblank(time: Double, sequence: UInt32)
    case other(type: UInt32)

    static let typeVblank: UInt32 = 0x01
    static let typeFlipComplete: UInt32 = 0x02

    /// Decodes every whole event in `bytes`; a truncated or malformed tail is ignored.
    public static func decode(_ bytes: UnsafeRawBufferPointer) -> [DRMEvent] {
        var out: [DRMEvent] = []
        var off = 0
        while bytes.count - off >= 8 {
            let type = bytes.loadUnaligned(fromByteOffset: off, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: off + 4, as: UInt32.self))
            guard length >= 8, length <= bytes.count - off else { break }
            if (type == typeFlipComplete || type == typeVblank) && length >= 32 {
                let sec = bytes.loadUnaligned(fromByteOffset: off + 16, as: UInt32.self)
                let usec = bytes.loadUnaligned(fromByteOffset: off + 20, as: UInt32.self)
                let seq = bytes.loadUnaligned(fromByteOffset: off + 24, as: UInt32.self)
                let crtc = bytes.loadUnaligned(fromByteOffset: off + 28, as: UInt32.self)
                let t = Double(sec) + Double(usec) * 1e-6
                out.append(type == typeFlipComplete ? .flipComplete(time: t, sequence: seq, crtc: crtc) : .vblank(time: t, sequence: seq))
            } else {
                out.append(.other(type: type))
            }
            off += length
        }
        return out
    }
}
