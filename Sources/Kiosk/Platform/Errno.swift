// Errno: the C error number as a typed Swift error with a readable name, in the manner of
// swift-system's `Errno`. Every syscall in Platform/ passes through `Syscall` and throws these.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A POSIX error number (`errno`) with its symbolic name.
///
///     do { try Syscall.open("/dev/dri/card0", O_RDWR) }
///     catch let e as Errno where e == .permissionDenied { … }
public struct Errno: RawRepresentable, Error, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32
    @inlinable public init(rawValue: Int32) { self.rawValue = rawValue }
    /// The calling thread's current `errno`.
    public static var current: Errno { Errno(rawValue: errno) }

    public static let notPermitted = Errno(rawValue: EPERM)
    public static let noSuchFile = Errno(rawValue: ENOENT)
    public static let interrupted = Errno(rawValue: EINTR)
    public static let ioError = Errno(rawValue: EIO)
    public static let noSuchDevice = Errno(rawValue: ENODEV)
    public static let noSuchDeviceOrAddress = Errno(rawValue: ENXIO)
    public static let badFileDescriptor = Errno(rawValue: EBADF)
    public static let wouldBlock = Errno(rawValue: EAGAIN)
    public static let noMemory = Errno(rawValue: ENOMEM)
    public static let permissionDenied = Errno(rawValue: EACCES)
    public static let busy = Errno(rawValue: EBUSY)
    public static let invalidArgument = Errno(rawValue: EINVAL)
    public static let notTTY = Errno(rawValue: ENOTTY)
    public static let notImplemented = Errno(rawValue: ENOSYS)
    public static let notSupported = Errno(rawValue: EOPNOTSUPP)
    public static let timedOut = Errno(rawValue: ETIMEDOUT)

    /// The symbolic name (`EACCES`), or `errno N` for numbers without one here.
    public var name: String {
        switch rawValue {
        case EPERM: return "EPERM"
        case ENOENT: return "ENOENT"
        case EINTR: return "EINTR"
        case EIO: return "EIO"
        case ENXIO: return "ENXIO"
        case EBADF: return "EBADF"
        case EAGAIN: return "EAGAIN"
        case ENOMEM: return "ENOMEM"
        case EACCES: return "EACCES"
        case EFAULT: return "EFAULT"
        case EBUSY: return "EBUSY"
        case EEXIST: return "EEXIST"
        case ENODEV: return "ENODEV"
        case ENOTDIR: return "ENOTDIR"
        case EISDIR: return "EISDIR"
        case EINVAL: return "EINVAL"
        case ENOTTY: return "ENOTTY"
        case ENOSPC: return "ENOSPC"
        case EROFS: return "EROFS"
        case ERANGE: return "ERANGE"
        case ENOSYS: return "ENOSYS"
        case EOPNOTSUPP: return "EOPNOTSUPP"
        case ETIMEDOUT: return "ETIMEDOUT"
        default: return "errno \(rawValue)"
        }
    }

    /// The C library's message (`Permission denied`).
    public var message: String { String(cString: strerror(rawValue)) }

    public var description: String { "\(name) (\(message))" }
}

/// A failed operation on a device or file: what was tried, on what, why it failed, and what to do.
///
/// Its `description` is one line meant for a person reading the journal, for example
/// `open /dev/dri/card0: EACCES (Permission denied) — add the user to the "video" group or run as root`.
public struct PlatformError: Error, CustomStringConvertible, Sendable {
    /// The operation, for example `open` or `DRM_IOCTL_MODE_SETCRTC`.
    public var operation: String
    /// The device or file involved; empty when none.
    public var path: String
    /// The underlying error number, if a syscall failed.
    public var errno: Errno?
    /// What the reader can do about it.
    public var advice: String

    public init(_ operation: String, path: String = "", errno: Errno? = nil, advice: String = "") {
        self.operation = operation; self.path = path; self.errno = errno
        self.advice = advice.isEmpty ? PlatformError.defaultAdvice(for: errno, path: path) : advice
    }

    public var description: String {
        var s = operation
        if !path.isEmpty { s += " \(path)" }
        if let e = errno { s += ": \(e)" }
        if !advice.isEmpty { s += " — \(advice)" }
        return s
    }

    /// Generic advice for the common errno values, so no message leaves the reader stranded.
    static func defaultAdvice(for e: Errno?, path: String) -> String {
        guard let e else { return "" }
        switch e {
        case .permissionDenied, .notPermitted:
            if path.hasPrefix("/dev/input") { return "add the user to the \"input\" group or run as root" }
            if path.hasPrefix("/dev/tty") { return "add the user to the \"tty\" group or run as root" }
            return "add the user to the \"video\" group (or run as root)"
        case .noSuchFile: return "check the path exists; is the driver module loaded?"
        case .noSuchDevice, .noSuchDeviceOrAddress: return "the device went away; check cabling and dmesg"
        case .busy: return "another process holds the device (a display server or another kiosk?); stop it"
        case .notTTY, .invalidArgument: return "the device does not support this request; choose another display or input"
        default: return ""
        }
    }
}
