// EvdevDevice: one open /dev/input/event* node that kiosk reads touches or keys from: its
// capabilities (what kind of device it is: InputDeviceKind), axis ranges (EVIOCGABS), and the
// state read back after SYN_DROPPED (EVIOCGMTSLOTS, EVIOCGKEY).
#if canImport(Glibc)
import Glibc
#endif
import CDRM

/// An evdev device's identity and what it can report.
public struct EvdevCapabilities: Sendable, CustomStringConvertible {
    public var name: String
    public var proto: TouchProtocol?
    public var xRange: AxisRange, yRange: AxisRange
    public var slotCount: Int
    public var direct: Bool
    /// What the device is (touch, keyboard, keypad, buttons, rotary encoder, mouse).
    public var kinds: InputDeviceKind = []
    /// True when kiosk reads it: a touch device, a mouse or tablet, or one with keys or a rotary encoder.
    public var isUsable: Bool { proto != nil || !kinds.isDisjoint(with: InputDeviceKind.keys.union([.rotary, .mouse])) }
    public var description: String {
        var parts: [String] = []
        if let proto {
            parts.append("\(proto.rawValue), x \(xRange.minimum)…\(xRange.maximum), y \(yRange.minimum)…\(yRange.maximum)" +
                (proto == .multitouchB ? ", \(slotCount) slots" : "") + (direct ? ", direct" : ""))
        }
        let other = kinds.subtracting(.touch)
        if !other.isEmpty { parts.append(other.description + (isUsable || proto != nil ? "" : " (ignored)")) }
        if parts.isEmpty { return "\(name): not a touch or key device (ignored)" }
        return "\(name): " + parts.joined(separator: ", ")
    }
}

/// An open evdev device.
public final class EvdevDevice {
    public let path: String
    public let fd: Int32
    public let capabilities: EvdevCapabilities
    public var decoder = EvdevDecoder()
    public var tracker: TouchTracker

    /// Opens `path` non-blocking and reads its capabilities.
    public init(path: String, idBase: Int) throws {
        do { fd = try Syscall.open(path, O_RDONLY | O_NONBLOCK) }
        catch let e as Errno { throw PlatformError("open", path: path, errno: e) }
        self.path = path
        do { capabilities = try EvdevDevice.readCapabilities(fd: fd) }
        catch { Syscall.close(fd); throw PlatformError("EVIOCGBIT", path: path, errno: error as? Errno, advice: "\(path) is not an evdev device") }
        tracker = TouchTracker(proto: capabilities.proto ?? .pointer, slotCount: capabilities.slotCount, idBase: idBase)
    }
    deinit { Syscall.close(fd) }

    static func bits(_ fd: Int32, _ request: UInt, count: Int) throws -> [UInt8] {
        var b = [UInt8](repeating: 0, count: (count + 7) / 8)
        _ = try b.withUnsafeMutableBytes { try Syscall.ioctl(fd, request, $0.baseAddress) }
        return b
    }
    static func test(_ b: [UInt8], _ bit: Int) -> Bool { bit / 8 < b.count && (b[bit / 8] >> (bit % 8)) & 1 == 1 }

    static func axis(_ fd: Int32, _ code: UInt16) -> input_absinfo? {
        var info = input_absinfo()
        return (try? Syscall.ioctl(fd, kiosk_EVIOCGABS(UInt32(code)), into: &info)) != nil ? info : nil
    }

    public static func readCapabilities(fd: Int32) throws -> EvdevCapabilities {
        var nameBuf = [CChar](repeating: 0, count: 256)
        _ = try? nameBuf.withUnsafeMutableBytes { try Syscall.ioctl(fd, kiosk_EVIOCGNAME(255), $0.baseAddress) }
        let name = String(cString: nameBuf)
        let ev = try bits(fd, kiosk_EVIOCGBIT(0, 4), count: 32)
        let abs = test(ev, Int(EV.abs)) ? try bits(fd, kiosk_EVIOCGBIT(UInt32(EV.abs), 8), count: 64) : []
        let key = test(ev, Int(EV.key)) ? try bits(fd, kiosk_EVIOCGBIT(UInt32(EV.key), 96), count: 768) : []
        let rel = test(ev, Int(EV.rel)) ? ((try? bits(fd, kiosk_EVIOCGBIT(UInt32(EV.rel), 2), count: 16)) ?? []) : []
        let prop = (try? bits(fd, kiosk_EVIOCGPROP(4), count: 32)) ?? []
        var proto: TouchProtocol?
        var xCode = EV.absX, yCode = EV.absY
        if test(abs, Int(EV.absMTSlot)) && test(abs, Int(EV.absMTPositionX)) && test(abs, Int(EV.absMTPositionY)) {
            proto = .multitouchB; xCode = EV.absMTPositionX; yCode = EV.absMTPositionY
        } else if test(abs, Int(EV.absX)) && test(abs, Int(EV.absY)) {
            if test(key, Int(EV.btnTouch)) { proto = .singleTouch } else if test(key, Int(EV.btnLeft)) { proto = .pointer }
        }
        let xi = axis(fd, xCode), yi = axis(fd, yCode)
        let slots = proto == .multitouchB ? Int((axis(fd, EV.absMTSlot)?.maximum ?? 9) + 1) : 1
        return EvdevCapabilities(name: name, proto: proto,
                                 xRange: AxisRange(xi?.minimum ?? 0, xi?.maximum ?? 0),
                                 yRange: AxisRange(yi?.minimum ?? 0, yi?.maximum ?? 0),
                                 slotCount: slots, direct: test(prop, EV.inputPropDirect),
                                 kinds: InputDeviceKind.classify(events: ev, keys: key, relative: rel, touch: proto != nil,
                                                                  absolute: abs, properties: prop))
    }

    /// The device's current state, read back with ioctls (for resync after SYN_DROPPED).
    public func snapshot() -> DeviceSnapshot? {
        switch tracker.proto {
        case .multitouchB:
            let n = tracker.slotCount
            func values(_ code: UInt16) -> [Int32]? {
                var buf = [Int32](repeating: 0, count: n + 1)
                buf[0] = Int32(code)
                let ok = buf.withUnsafeMutableBytes { (try? Syscall.ioctl(fd, kiosk_EVIOCGMTSLOTS(UInt32((n + 1) * 4)), $0.baseAddress)) != nil }
                return ok ? Array(buf[1...]) : nil
            }
            guard let ids = values(EV.absMTTrackingID), let xs = values(EV.absMTPositionX), let ys = values(EV.absMTPositionY) else { return nil }
            return DeviceSnapshot(slots: (0..<n).map { (ids[$0], xs[$0], ys[$0]) })
        case .singleTouch, .pointer:
            guard let keys = try? EvdevDevice.bits(fd, kiosk_EVIOCGKEY(96), count: 768),
                  let xi = EvdevDevice.axis(fd, EV.absX), let yi = EvdevDevice.axis(fd, EV.absY) else { return nil }
            let button = tracker.proto == .singleTouch ? EV.btnTouch : EV.btnLeft
            return DeviceSnapshot(buttonDown: EvdevDevice.test(keys, Int(button)), x: xi.value, y: yi.value)
        }
    }

    /// The keys down now (EVIOCGKEY), for the key resync after SYN_DROPPED; nil when unreadable.
    public func heldKeys() -> Set<UInt16>? {
        guard let keys = try? EvdevDevice.bits(fd, kiosk_EVIOCGKEY(96), count: 768) else { return nil }
        var out = Set<UInt16>()
        for (i, byte) in keys.enumerated() where byte != 0 {
            for bit in 0..<8 where (byte >> bit) & 1 == 1 { out.insert(UInt16(i * 8 + bit)) }
        }
        return out
    }

    /// Reads everything available (until the read would block) and returns its complete events.
    /// Throws ``Errno/noSuchDevice`` when the device was unplugged.
    public func readEvents(into buffer: UnsafeMutableRawBufferPointer) throws -> [InputEvent] {
        var out: [InputEvent] = []
        while true {
            let n: Int
            do { n = try Syscall.read(fd, buffer.baseAddress!, buffer.count) }
            catch let e as Errno where e == .wouldBlock { break }
            if n == 0 { throw Errno.noSuchDevice }
            out += decoder.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
            if n < buffer.count { break }
        }
        return out
    }

    /// Reads what is available and returns the contact changes. Throws ``Errno/noSuchDevice`` when
    /// the device was unplugged.
    public func readTouches(into buffer: UnsafeMutableRawBufferPointer) throws -> [RawTouch] {
        touches(in: try readEvents(into: buffer))
    }

    /// The contact changes `events` make.
    public func touches(in events: [InputEvent]) -> [RawTouch] {
        var out: [RawTouch] = []
        for e in events { out += tracker.handle(e, snapshot: { self.snapshot() }) }
        return out
    }
}
