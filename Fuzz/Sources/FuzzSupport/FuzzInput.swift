// FuzzInput: turns libFuzzer's flat bytes into typed values, so one input drives a structured
// sequence of calls. Running out of bytes yields zeros (never traps), so every prefix of an input
// is itself a valid input and libFuzzer's minimiser can shrink crashes freely.
import CFuzzDriver
#if canImport(Glibc)
import Glibc
#endif

/// Reads numbers, flags and strings from the front of a byte buffer.
public struct FuzzInput {
    public let bytes: UnsafeRawBufferPointer
    public private(set) var offset = 0

    public init(_ data: UnsafePointer<UInt8>?, _ count: Int) {
        bytes = UnsafeRawBufferPointer(start: data, count: count)
    }

    public var isEmpty: Bool { offset >= bytes.count }
    public var remaining: Int { max(0, bytes.count - offset) }

    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    public mutating func u16() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }
    public mutating func u32() -> UInt32 { UInt32(u16()) | UInt32(u16()) << 16 }
    public mutating func i32() -> Int32 { Int32(bitPattern: u32()) }
    public mutating func u64() -> UInt64 { UInt64(u32()) | UInt64(u32()) << 32 }
    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A number in 0..<n (n ≥ 1).
    public mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : Int(u16()) % n }

    /// A double biased toward what breaks geometry: small integers and fractions most of the time,
    /// and NaN, ±∞, ±1e30, ±0, subnormals, huge and raw bit patterns the rest.
    public mutating func double() -> Double {
        let kind = byte()
        switch kind % 16 {
        case 0: return .nan
        case 1: return kind & 0x10 == 0 ? .infinity : -.infinity
        case 2: return kind & 0x10 == 0 ? 1e30 : -1e30
        case 3: return kind & 0x10 == 0 ? 0 : -0.0
        case 4: return Double(bitPattern: u64())
        case 5: return .leastNonzeroMagnitude
        case 6: return kind & 0x10 == 0 ? 1e9 : -1e9
        case 7: return Double(Int16(bitPattern: u16())) * 1e-3
        default: return Double(Int16(bitPattern: u16())) / 16
        }
    }

    /// Up to `maxCount` bytes.
    public mutating func bytes(upTo maxCount: Int) -> [UInt8] {
        let n = min(Int(u16()) % (maxCount + 1), remaining)
        let out = Array(bytes[offset..<offset + n])
        offset += n
        return out
    }

    /// Everything left.
    public mutating func rest() -> [UInt8] {
        let out = Array(bytes[min(offset, bytes.count)...])
        offset = bytes.count
        return out
    }

    /// A string of up to `maxCount` UTF-8 bytes (invalid sequences become U+FFFD, as file text does).
    public mutating func string(upTo maxCount: Int) -> String {
        String(decoding: bytes(upTo: maxCount), as: UTF8.self)
    }
}

/// Runs libFuzzer with the process's arguments (`-runs=`, `-max_total_time=`, corpus folders…)
/// and `body` as the function under test; exits with libFuzzer's status.
public func runFuzzer(_ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, body))
}

/// Stops the run with a message libFuzzer reports as a crash: a harness's own invariant failed.
public func fuzzFailure(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError("fuzz invariant: \(message)", file: file, line: line)
}
