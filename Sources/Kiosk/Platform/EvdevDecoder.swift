// EvdevDecoder: bytes from an evdev fd → `input_event` records. Pure, so tests feed it recorded
// streams. A read may end mid-record (a short read, a small buffer); the tail is kept for the next
// chunk rather than misaligning every later event.

/// One `struct input_event` (24 bytes on 64-bit Linux: timeval, type, code, value).
public struct InputEvent: Equatable, Sendable, CustomStringConvertible {
    public var time: Double
    public var type: UInt16
    public var code: UInt16
    public var value: Int32
    public init(time: Double = 0, type: UInt16, code: UInt16, value: Int32) {
        self.time = time; self.type = type; self.code = code; self.value = value
    }
    public static let size = 24
    public var description: String { "ev(\(type),\(code),\(value))" }

    /// The 24 bytes the kernel would write for this event.
    public var bytes: [UInt8] {
        var out = [UInt8](repeating: 0, count: InputEvent.size)
        let sec = Int64(time.rounded(.down)), usec = Int64((time - Double(sec)) * 1e6)
        out.withUnsafeMutableBytes { b in
            b.storeBytes(of: sec.littleEndian, toByteOffset: 0, as: Int64.self)
            b.storeBytes(of: usec.littleEndian, toByteOffset: 8, as: Int64.self)
            b.storeBytes(of: type.littleEndian, toByteOffset: 16, as: UInt16.self)
            b.storeBytes(of: code.littleEndian, toByteOffset: 18, as: UInt16.self)
            b.storeBytes(of: value.littleEndian, toByteOffset: 20, as: Int32.self)
        }
        return out
    }
}

/// evdev constants kiosk reads (linux/input-event-codes.h).
public enum EV {
    public static let syn: UInt16 = 0x00, key: UInt16 = 0x01, rel: UInt16 = 0x02, abs: UInt16 = 0x03, msc: UInt16 = 0x04
    public static let synReport: UInt16 = 0, synDropped: UInt16 = 3
    public static let btnLeft: UInt16 = 0x110, btnTouch: UInt16 = 0x14a
    public static let absX: UInt16 = 0x00, absY: UInt16 = 0x01
    public static let absMTSlot: UInt16 = 0x2f, absMTPositionX: UInt16 = 0x35, absMTPositionY: UInt16 = 0x36
    public static let absMTTrackingID: UInt16 = 0x39
    public static let inputPropDirect: Int = 0x01
}

/// Splits a byte stream into input events, carrying partial records across chunks.
public struct EvdevDecoder: Sendable {
    private var pending: [UInt8] = []
    public init() {}

    /// Bytes of a partial record waiting for the rest.
    public var pendingByteCount: Int { pending.count }

    /// Appends `chunk` and returns every complete event.
    public mutating func feed(_ chunk: UnsafeRawBufferPointer) -> [InputEvent] {
        var out: [InputEvent] = []
        var start = 0
        if !pending.isEmpty {
            let need = InputEvent.size - pending.count
            let take = min(need, chunk.count)
            pending.append(contentsOf: chunk[0..<take])
            start = take
            if pending.count < InputEvent.size { return out }
            pending.withUnsafeBytes { out.append(EvdevDecoder.decodeOne($0, at: 0)) }
            pending.removeAll(keepingCapacity: true)
        }
        while chunk.count - start >= InputEvent.size {
            out.append(EvdevDecoder.decodeOne(chunk, at: start))
            start += InputEvent.size
        }
        if start < chunk.count { pending.append(contentsOf: chunk[start...]) }
        return out
    }

    public mutating func feed(_ bytes: [UInt8]) -> [InputEvent] { bytes.withUnsafeBytes { feed($0) } }

    /// Drops a partial record (the device went away or was reopened).
    public mutating func reset() { pending.removeAll() }

    static func decodeOne(_ b: UnsafeRawBufferPointer, at o: Int) -> InputEvent {
        let sec = Int64(littleEndian: b.loadUnaligned(fromByteOffset: o, as: Int64.self))
        let usec = Int64(littleEndian: b.loadUnaligned(fromByteOffset: o + 8, as: Int64.self))
        return InputEvent(time: Double(sec) + Double(usec) * 1e-6,
                          type: UInt16(littleEndian: b.loadUnaligned(fromByteOffset: o + 16, as: UInt16.self)),
                          code: UInt16(littleEndian: b.loadUnaligned(fromByteOffset: o + 18, as: UInt16.self)),
                          value: Int32(littleEndian: b.loadUnaligned(fromByteOffset: o + 20, as: Int32.self)))
    }
}
