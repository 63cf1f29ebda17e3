// InputManager: every touch-capable evdev device, found at start and hot-plugged through inotify on
// /dev/input, and read as they send (poll: no wakeup while nobody touches). A device that
// disappears mid-touch cancels its contacts.
// Keyboards, keypads, gpio-keys and rotary encoders are hot-plugged the same way and go to a
// KeyRouter (keymap, key repeat, rotary → Tab). Every device is read on FDWatcher's thread, not the
// main queue: the kernel keeps only 64 events for a keyboard (8 packets; evdev_compute_buffer_size),
// 10 keystrokes of a barcode scanner typing at 1000 keys/s, so reading them only between frames
// would lose characters (SYN_DROPPED) behind one 10 ms frame; and libdispatch's read sources crash
// when an unplugged device's descriptor hangs up (FDWatcher.swift). That thread only reads and
// decodes; the events go to the main queue in order, where everything else happens. /dev/input itself need
// not exist at start (devtmpfs creates it with the first input node: a USB touch controller that
// enumerates late, an initramfs that loads evdev after kiosk): until it appears, /dev is watched for
// it, and if it is removed again, for its return.
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
        /// The XKB layout for keyboards (the `keyboard-layout` setting).
        public var keyboardLayout: String
        public init(paths: [String]?, matrix: CalibrationMatrix = .identity, swapXY: Bool = false, invertX: Bool = false,
                    invertY: Bool = false, panelWidth: Int, panelHeight: Int, rotation: Rotation, keyboardLayout: String = "us") {
            self.paths = paths; self.matrix = matrix; self.swapXY = swapXY; self.invertX = invertX; self.invertY = invertY
            self.panelWidth = panelWidth; self.panelHeight = panelHeight; self.rotation = rotation
            self.keyboardLayout = keyboardLayout
        }
    }

    final class Entry {
        let device: EvdevDevice
        let mapping: TouchMapping
        /// The device's id in `keys` (and the base of its touch ids).
        let id: Int
        /// Its watch on FDWatcher's thread (nil: none could be made).
        var token: Int?
        init(device: EvdevDevice, mapping: TouchMapping, id: Int) { self.device = device; self.mapping = mapping; self.id = id }
    }

    public let options: Options
    public var onTouch: (TouchEvent) -> Void
    /// Each key from a keyboard, keypad, scanner, gpio-keys or rotary encoder (main queue).
    public var onKey: (KeyPress) -> Void = { _ in }
    /// Whether a keyboard is attached: once at `start()`, then after every device added or removed.
    public var onKeyboardAttached: (Bool) -> Void = { _ in }
    /// The key devices' keymap, repeat and rotary mapping.
    public private(set) lazy var keys: KeyRouter = {
        let r = KeyRouter(layout: options.keyboardLayout) { [weak self] in self?.onKey($0) }
        r.onKeyboardAttached = { [weak self] in self?.onKeyboardAttached($0) }
        return r
    }()
    private var repeatTimer: DispatchSourceTimer?
    private var repeatTime: Double?
    /// Offered each event node that is a relative mouse or an absolute tablet (MouseInput.open claims
    /// them: Platform/MouseDevice.swift); true = taken. Unclaimed, a tablet acts as a touchscreen.
    public var claimOther: ((String) -> Bool)?
    /// True while input is paused (VT switched away): events are read and dropped.
    public var paused = false
    private var entries: [String: Entry] = [:]
    private var inotifyFD: Int32 = -1
    private var inotifySource: DispatchSourceRead?
    /// The inotify watch on `directory`, or on its parent while `directory` does not exist (-1: none).
    private var directoryWatch: Int32 = -1
    private var parentWatch: Int32 = -1
    /// Why each device node that was looked at is not used (not evdev, not a touch device, no
    /// permission), by path: what `--log-level debug` says, kept for tests and diagnostics.
    private(set) var skipped: [String: String] = [:]
    private var nextIDBase = 1
    /// Each watched device's read buffer (used on FDWatcher's thread; freed once it is unwatched).
    private var buffers: [Int: UnsafeMutableRawBufferPointer] = [:]
    private var readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: InputEvent.size * 64, alignment: 8)
    public let directory: String

    public init(options: Options, directory: String = "/dev/input", onTouch: @escaping (TouchEvent) -> Void) {
        self.options = options; self.directory = directory; self.onTouch = onTouch
    }
    deinit { stop(); readBuffer.deallocate() }

    /// True while `directory` is watched for devices; false while waiting for it to appear.
    public var isWatchingDirectory: Bool { directoryWatch >= 0 }
    /// True while `directory` does not exist and its parent is watched for it.
    public var isWaitingForDirectory: Bool { parentWatch >= 0 }

    /// The directory `directory` is created in (`/dev` for `/dev/input`).
    var parentDirectory: String {
        let trimmed = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }
    private var directoryName: String { String(directory.split(separator: "/").last ?? "") }

    /// Closes every device and the hot-plug watch (contacts still down are cancelled).
    public func stop() {
        for p in entries.keys.sorted() { remove(p, reason: "input stopped") }
        repeatTimer?.cancel(); repeatTimer = nil; repeatTime = nil
        inotifySource?.cancel(); inotifySource = nil
        if inotifyFD >= 0 { Syscall.close(inotifyFD); inotifyFD = -1 }
        directoryWatch = -1; parentWatch = -1
    }

    /// The open touch and key devices, for logs and `kiosk probe`.
    public var devices: [EvdevDevice] { entries.keys.sorted().compactMap { entries[$0]?.device } }

    /// Opens the configured devices (or scans the directory) and starts watching for hot-plug.
    public func start() {
        if let paths = options.paths {
            for p in paths { open(p, explicit: true) }
        } else {
            scan()
        }
        watch()
        if entries.isEmpty { Log.info("input: no touch or key device yet; waiting for one to appear in \(directory)") }
        onKeyboardAttached(keys.keyboardAttached)
    }

    /// Opens every event node in `directory` (at start, and when the directory appears).
    private func scan() {
        for n in Syscall.listDirectory(directory) where n.hasPrefix("event") { open("\(directory)/\(n)", explicit: false) }
    }

    private func open(_ path: String, explicit: Bool) {
        guard entries[path] == nil else { return }
        let dev: EvdevDevice
        do { dev = try EvdevDevice(path: path, idBase: nextIDBase) }
        catch {
            skipped[path] = "\(error)"
            if explicit { Log.warning("input: \(error)") } else { Log.debug("input: \(error)") }
            return
        }
        // Mice and tablets go to the pointer input (a tablet is a touch device here without one).
        let pointer = dev.capabilities.kinds.contains(.tablet) || (dev.capabilities.proto == nil && dev.capabilities.kinds.contains(.mouse))
        if pointer, let claimOther, claimOther(path) {
            skipped[path] = nil
            return
        }
        guard dev.capabilities.isUsable else {
            skipped[path] = "\(dev.capabilities)"
            if explicit { Log.warning("input: \(path): \(dev.capabilities)") }
            return
        }
        skipped[path] = nil
        let id = nextIDBase
        nextIDBase += 1 << 20
        let c = dev.capabilities
        let m = TouchMapping(xRange: c.xRange, yRange: c.yRange, matrix: options.matrix, swapXY: options.swapXY,
                             invertX: options.invertX, invertY: options.invertY,
                             panelWidth: options.panelWidth, panelHeight: options.panelHeight, rotation: options.rotation)
        let e = Entry(device: dev, mapping: m, id: id)
        entries[path] = e
        Log.info("input: \(path) \(c)")
        keys.add(id: id, kind: c.kinds, name: c.name)
        e.token = watch(dev, path: path, id: id)
        if e.token == nil { skipped[path] = "cannot be read (no input thread)" }
    }

    /// Reads `dev` on FDWatcher's thread from now on: what it reads goes to the main queue in
    /// order, and a read that fails (the device is gone) removes it there.
    private func watch(_ dev: EvdevDevice, path: String, id: Int) -> Int? {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: InputEvent.size * 64, alignment: 8)
        let token = FDWatcher.shared.watch(dev.fd) { [weak self] in
            // The device (and its descriptor) is kept alive by this handler until it is unwatched.
            let result = Result { try dev.readEvents(into: buffer) }
            if case .success(let events) = result, events.isEmpty { return true }
            DispatchQueue.main.async {
                guard let self else { return }
                switch result {
                case .success(let events): self.received(events, device: dev, path: path, id: id)
                case .failure(let error): if self.entries[path]?.id == id { self.remove(path, reason: "\(error)") }
                }
            }
            if case .failure = result { return false }   // a gone device stays readable: read it no more
            return true
        }
        if token == nil { buffer.deallocate() } else { buffers[id] = buffer }
        return token
    }

    /// Events read from device `id` (main queue). By id, not by the entry: keys read before the
    /// device's removal still count (the router lets the device go only after them, and ignores
    /// ids it no longer has); touches count only while the device is open.
    private func received(_ events: [InputEvent], device dev: EvdevDevice, path: String, id: Int) {
        if dev.capabilities.proto != nil, let e = entries[path], e.id == id { deliver(dev.touches(in: events), e) }
        if dev.capabilities.isUsable && !dev.capabilities.kinds.isDisjoint(with: InputDeviceKind.keys.union(.rotary)) {
            keyEvents(events, id: id, device: dev)
        }
    }

    private func keyEvents(_ events: [InputEvent], id: Int, device dev: EvdevDevice) {
        guard !paused, !events.isEmpty else { return }
        keys.handle(id: id, events: events, now: Syscall.monotonicNow(), snapshot: { dev.heldKeys() })
        armRepeat()
    }

    /// One timer, armed only while a key is held: the key repeat (KeyRepeater).
    private func armRepeat() {
        let t = keys.repeater.nextTime
        if t == repeatTime { return }
        repeatTime = t
        repeatTimer?.cancel(); repeatTimer = nil
        guard let t else { return }
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + max(0, t - Syscall.monotonicNow()))
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            self.repeatTime = nil; self.repeatTimer = nil
            if !self.paused { self.keys.tick(now: Syscall.monotonicNow()) }
            self.armRepeat()
        }
        timer.resume()
        repeatTimer = timer
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
        guard let token = e.token else { forgetKeys(e, path: path, reason: reason); return }
        // What the device read before the removal is still on its way to the main queue: the
        // router lets it go after that (a scanner unplugged right after its scan keeps its last
        // keys). The device, and so its descriptor, lives until then.
        let buffer = buffers.removeValue(forKey: e.id)
        FDWatcher.shared.unwatch(token) { [weak self] in
            buffer?.deallocate()
            DispatchQueue.main.async { self?.forgetKeys(e, path: path, reason: reason) }
        }
    }

    private func forgetKeys(_ e: Entry, path: String, reason: String) {
        let sent = keys.remove(id: e.id, now: Syscall.monotonicNow())
        armRepeat()
        Log.info("input: \(path) went away (\(reason))" + (sent.map { "; it sent \($0.presses) key presses" } ?? "")
                 + (sent.map { $0.overruns > 0 ? "; the kernel dropped its events \($0.overruns) times (SYN_DROPPED): presses were lost" : "" } ?? ""))
    }

    /// Pauses delivery and cancels contacts (VT switched away).
    public func pause() {
        for e in entries.values {
            deliver(e.device.tracker.cancelAll(time: Syscall.monotonicNow()), e)
        }
        keys.releaseAll(now: Syscall.monotonicNow())
        armRepeat()
        paused = true
    }
    public func resume() { paused = false }

    private func watch() {
        guard options.paths == nil || !(options.paths!.isEmpty) else { return }
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { Log.warning("input: inotify: \(Errno.current); hot-plug disabled"); return }
        inotifyFD = fd
        if !watchDirectory() && !watchParent() {
            Log.info("input: cannot watch \(directory) or \(parentDirectory) (\(Errno.current)); hot-plug disabled")
            Syscall.close(fd); inotifyFD = -1
            return
        }
        let src = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
        src.setEventHandler { [weak self] in self?.readInotify() }
        src.resume()
        inotifySource = src
    }

    /// Watches `directory` for device nodes; false when it does not exist (yet).
    private func watchDirectory() -> Bool {
        // IN_ATTRIB: udev creates the node first and fixes its permissions a moment later.
        let wd = inotify_add_watch(inotifyFD, directory, UInt32(IN_CREATE | IN_ATTRIB | IN_DELETE | IN_ONLYDIR))
        guard wd >= 0 else { return false }
        directoryWatch = wd
        return true
    }

    /// Watches the parent for `directory` to appear. Checks once more afterwards: the directory may
    /// have appeared between the failed watch and this one, and then no event would ever say so.
    private func watchParent() -> Bool {
        let wd = inotify_add_watch(inotifyFD, parentDirectory, UInt32(IN_CREATE | IN_MOVED_TO | IN_ONLYDIR))
        guard wd >= 0 else { return false }
        parentWatch = wd
        if watchDirectory() { directoryAppeared() } else {
            Log.info("input: \(directory) does not exist yet; watching \(parentDirectory) for it")
        }
        return true
    }

    /// `directory` exists now: stop watching the parent and open what is already in it (nodes
    /// created before the watch started send no event).
    private func directoryAppeared() {
        if parentWatch >= 0 { inotify_rm_watch(inotifyFD, parentWatch); parentWatch = -1 }
        Log.info("input: \(directory) appeared; watching it for touch devices")
        if options.paths == nil { scan() } else { for p in options.paths! where p.hasPrefix(directory + "/") { open(p, explicit: true) } }
    }

    func readInotify() {
        while inotifyFD >= 0 {
            let n: Int
            do { n = try Syscall.read(inotifyFD, readBuffer.baseAddress!, readBuffer.count) } catch { return }
            if n <= 0 { return }
            for e in InotifyEvent.decode(UnsafeRawBufferPointer(rebasing: readBuffer[0..<n])) { handle(e) }
        }
    }

    private func handle(_ e: InotifyEvent) {
        if e.watch == parentWatch && parentWatch >= 0 {
            if e.name == directoryName && watchDirectory() { directoryAppeared() }
            return
        }
        guard e.watch == directoryWatch && directoryWatch >= 0 else { return }
        if e.mask & UInt32(IN_IGNORED) != 0 {
            // The directory was removed (its devices' reads fail and remove them): wait for it again.
            directoryWatch = -1
            Log.info("input: \(directory) was removed")
            if !watchParent() { Log.warning("input: cannot watch \(parentDirectory) (\(Errno.current)); hot-plug disabled") }
            return
        }
        guard e.name.hasPrefix("event") else { return }
        let path = "\(directory)/\(e.name)"
        if let wanted = options.paths, !wanted.contains(path) { return }
        if e.mask & UInt32(IN_DELETE) != 0 { remove(path, reason: "removed"); skipped[path] = nil }
        else { open(path, explicit: options.paths != nil) }
    }
}
