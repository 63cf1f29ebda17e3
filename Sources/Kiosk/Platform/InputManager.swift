// InputManager: every touch-capable evdev device, found at start and hot-plugged through inotify on
// /dev/input, read from the main queue with dispatch read sources (no thread, no wakeup while
// nobody touches). A device that disappears mid-touch cancels its contacts.
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import CDRM
import Raster

/// Reads touches from evdev devices and hands them, in logical pixels, to `onTouch`.
public final class InputManager {
    public struct Options: Sendable {
        public var paths: [String]?          // nil = every device under /dev/input
        public var matrix: CalibrationMatrix
        public var swapXY: Bool, invertX: Bool, invertY: Bool
        public var panelWidth: Int, panelHeight: Int
        public var rotation: Rotation
        public init(paths: [String]?, matrix: CalibrationMatrix = .identity, swapXY: Bool = false, invertX: Bool = false,
                    invertY: Bool = false, panelWidth: Int, panelHeight: Int, rotation: Rotation) {
            self.paths = paths; self.matrix = matrix; self.swapXY = swapXY; self.invertX = invertX; self.invertY = invertY
            self.panelWidth = panelWidth; self.panelHeight = panelHeight; self.rotation = rotation
        }
    }

    final class Entry {
        let device: EvdevDevice
        let mapping: TouchMapping
        var source: DispatchSourceRead?
        init(device: EvdevDevice, mapping: TouchMapping) { self.device = device; self.mapping = mapping }
    }

    public let options: Options
    public var onTouch: (TouchEvent) -> Void
    /// True while input is paused (VT switched away): events are read and dropped.
    public var paused = false
    private var entries: [String: Entry] = [:]
    private var inotifyFD: Int32 = -1
    private var inotifySource: DispatchSourceRead?
    private var nextIDBase = 1
    private var readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: InputEvent.size * 64, alignment: 8)
    public let directory: String

    public init(options: Options, directory: String = "/dev/input", onTouch: @escaping (TouchEvent) -> Void) {
        self.options = options; self.directory = directory; self.onTouch = onTouch
    }
    deinit { readBuffer.deallocate() }

    /// The open touch devices, for logs and `kiosk probe`.
    public var devices: [EvdevDevice] { entries.keys.sorted().compactMap { entries[$0]?.device } }

    /// Opens the configured devices (or scans the directory) and starts watching for hot-plug.
    public func start() {
        if let paths = options.paths {
            for p in paths { open(p, explicit: true) }
        } else {
            for n in Syscall.listDirectory(directory) where n.hasPrefix("event") { open("\(directory)/\(n)", explicit: false) }
        }
        watch()
        if entries.isEmpty { Log.info("input: no touch device yet; waiting for one to appear in \(directory)") }
    }

    private func open(_ path: String, explicit: Bool) {
        guard entries[path] == nil else { return }
        let dev: EvdevDevice
        do { dev = try EvdevDevice(path: path, idBase: nextIDBase) }
        catch { if explicit { Log.warning("input: \(error)") } else { Log.debug("input: \(error)") }; return }
        guard dev.capabilities.proto != nil else {
            if explicit { Log.warning("input: \(path): \(dev.capabilities)") }
            return
        }
        nextIDBase += 1 << 20
        let c = dev.capabilities
        let m = TouchMapping(xRange: c.xRange, yRange: c.yRange, matrix: options.matrix, swapXY: options.swapXY,
                             invertX: options.invertX, invertY: options.invertY,
                             panelWidth: options.panelWidth, panelHeight: options.panelHeight, rotation: options.rotation)
        let e = Entry(device: dev, mapping: m)
        let src = DispatchSource.makeReadSource(fileDescriptor: dev.fd, queue: .main)
        src.setEventHandler { [weak self, weak e] in if let self, let e { self.read(e) } }
        src.resume()
        e.source = src
        entries[path] = e
        Log.info("input: \(path) \(c)")
    }

    private func read(_ e: Entry) {
        do {
            let touches = try e.device.readTouches(into: readBuffer)
            deliver(touches, e)
        } catch {
            remove(e.device.path, reason: "\(error)")
        }
    }

    private func deliver(_ touches: [RawTouch], _ e: Entry) {
        guard !paused else { return }
        for t in touches {
            onTouch(TouchEvent(id: t.id, phase: t.phase, location: e.mapping.map(x: t.x, y: t.y), time: Syscall.monotonicNow()))
        }
    }

    /// Closes a device; contacts still down are cancelled so gestures end cleanly.
    public func remove(_ path: String, reason: String) {
        guard let e = entries.removeValue(forKey: path) else { return }
        deliver(e.device.tracker.cancelAll(time: Syscall.monotonicNow()), e)
        e.source?.cancel()
        Log.info("input: \(path) went away (\(reason))")
    }

    /// Pauses delivery and cancels contacts (VT switched away).
    public func pause() {
        for e in entries.values { deliver(e.device.tracker.cancelAll(time: Syscall.monotonicNow()), e) }
        paused = true
    }
    public func resume() { paused = false }

    private func watch() {
        guard options.paths == nil || !(options.paths!.isEmpty) else { return }
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { Log.warning("input: inotify: \(Errno.current); hot-plug disabled"); return }
        // IN_ATTRIB: udev creates the node first and fixes its permissions a moment later.
        if inotify_add_watch(fd, directory, UInt32(IN_CREATE | IN_ATTRIB | IN_DELETE)) < 0 {
            Log.info("input: cannot watch \(directory) (\(Errno.current)); hot-plug disabled")
            Syscall.close(fd); return
        }
        inotifyFD = fd
        let src = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
        src.setEventHandler { [weak self] in self?.readInotify() }
        src.resume()
        inotifySource = src
    }

    private func readInotify() {
        var buf = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = (try? buf.withUnsafeMutableBytes { try Syscall.read(inotifyFD, $0.baseAddress!, $0.count) }) ?? 0
            if n <= 0 { return }
            var off = 0
            while off + 16 <= n {
                let mask = buf.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: off + 4, as: UInt32.self) }
                let len = Int(buf.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: off + 12, as: UInt32.self) })
                let nameBytes = buf[(off + 16)..<min(n, off + 16 + len)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                off += 16 + len
                guard name.hasPrefix("event") else { continue }
                let path = "\(directory)/\(name)"
                if let wanted = options.paths, !wanted.contains(path) { continue }
                if mask & UInt32(IN_DELETE) != 0 { remove(path, reason: "removed") }
                else { open(path, explicit: options.paths != nil) }
            }
        }
    }
}
