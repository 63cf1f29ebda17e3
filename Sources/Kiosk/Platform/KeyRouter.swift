// KeyRouter: every key device's events → KeyPresses for the frame loop's source. It owns the
// keymap (compiled on the first key device, so a touch-only kiosk never reads XKB data), each
// device's tracker and keyboard state, the key repeat, the rotary encoders' mapping, and whether a
// hardware keyboard is attached. No file descriptors: InputManager feeds it events and a clock,
// and tests do the same with recorded streams and virtual time.
//
// Rotary encoders: each detent is a Tab press (forward, positive REL_DIAL/REL_WHEEL) or a Shift-Tab
// press (backward), which moves focus as on a keyboard; any key on the encoder (its push) is Return,
// which activates the focused view. A turn of more than 64 detents in one frame is 64.

/// Turns key devices' events into ``KeyPress``es.
public final class KeyRouter {
    /// Each KeyPress, in the order its device sent it.
    public var onKey: (KeyPress) -> Void
    /// Told whether a keyboard (letter keys: a keyboard or a barcode scanner) is attached, after
    /// every device added or removed.
    public var onKeyboardAttached: (Bool) -> Void = { _ in }
    /// The keyboard layout (the `keyboard-layout` setting).
    public let layout: String

    struct Device {
        var kind: InputDeviceKind
        var name: String
        var tracker = KeyTracker()
        var state: XKBKeyboardState?
        /// KeyPresses with phase `.down` it sent (the E2E test counts a scan's keys with it).
        var downs = 0
    }
    private var devices: [Int: Device] = [:]
    private var keymap: Keymap?
    private var keymapTried = false
    public private(set) var repeater = KeyRepeater()
    /// Keys delivered so far (for `kiosk probe` style diagnostics and tests).
    public private(set) var delivered = 0

    public init(layout: String = "us", onKey: @escaping (KeyPress) -> Void) {
        self.layout = layout; self.onKey = onKey
    }

    /// True while a keyboard with letter keys is attached.
    public var keyboardAttached: Bool { devices.values.contains { $0.kind.contains(.keyboard) } }
    /// The ids of the devices read.
    public var deviceIDs: [Int] { devices.keys.sorted() }

    /// The compiled keymap (compiled now if no device needed it yet); nil without XKB data.
    public func loadedKeymap() -> Keymap? {
        if !keymapTried {
            keymapTried = true
            keymap = Keymap.load(layout: layout)
            if let keymap {
                Log.info("input: keyboard layout \(keymap.layout)" + (keymap.hasCompose ? "" : "; no Compose table (install libx11-data): dead keys type nothing"))
            }
        }
        return keymap
    }

    /// Starts reading a device of `kind` (keys, keypad, buttons, rotary; others are ignored).
    public func add(id: Int, kind: InputDeviceKind, name: String) {
        guard !kind.isDisjoint(with: InputDeviceKind.keys.union(.rotary)) else { return }
        var d = Device(kind: kind, name: name)
        if !kind.contains(.rotary) { d.state = loadedKeymap().map { XKBKeyboardState(keymap: $0) } }
        devices[id] = d
        onKeyboardAttached(keyboardAttached)
    }

    /// The device went away: its held keys are released (`.up` sent) and its repeat stops.
    /// Returns how many key presses (`.down`) it sent in its life and how often the kernel dropped
    /// its events (SYN_DROPPED); nil for a device not read.
    @discardableResult
    public func remove(id: Int, now: Double) -> (presses: Int, overruns: Int)? {
        guard var d = devices.removeValue(forKey: id) else { return nil }
        repeater.stop(device: id)
        deliver(d.tracker.releaseAll(time: now), device: id, &d, now: now)
        onKeyboardAttached(keyboardAttached)
        return (d.downs, d.tracker.overruns)
    }

    /// Input paused (VT switched away): every held key is released.
    public func releaseAll(now: Double) {
        for id in devices.keys.sorted() {
            guard var d = devices[id] else { continue }
            repeater.stop(device: id)
            deliver(d.tracker.releaseAll(time: now), device: id, &d, now: now)
            devices[id] = d
        }
    }

    /// Events read from device `id` at `now` (the loop's clock: evdev's timestamps are wall-clock
    /// time and not used). `snapshot` gives the keys down now, for SYN_DROPPED.
    public func handle(id: Int, events: [InputEvent], now: Double, snapshot: () -> Set<UInt16>? = { nil }) {
        guard var d = devices[id] else { return }
        var changes: [RawKeyEvent] = []
        let overruns = d.tracker.overruns
        for e in events {
            let c = d.tracker.handle(e, snapshot: snapshot)
            if !c.isEmpty { changes += c }
        }
        if overruns == 0 && d.tracker.overruns > 0 {
            Log.warning("input: \(d.name): the kernel dropped key events (SYN_DROPPED) because kiosk read them too late; keys typed then are lost. Is the CPU saturated?")
        }
        deliver(changes, device: id, &d, now: now)
        devices[id] = d
    }

    /// The repeat timer fired: sends the held key's repeat if it is due.
    public func tick(now: Double) {
        guard let (id, code) = repeater.fire(at: now), let d = devices[id] else { return }
        if let p = d.state?.repeatPress(code) { send(p) }
    }

    private func deliver(_ changes: [RawKeyEvent], device id: Int, _ d: inout Device, now: Double) {
        for c in changes {
            switch c {
            case let .rotation(steps, _):
                let mods: EventModifiers = steps < 0 ? .shift : []
                for _ in 0..<min(abs(steps), KeyTracker.maxStepsPerFrame) {
                    send(KeyPress(phase: .down, key: .tab, modifiers: mods))
                    send(KeyPress(phase: .up, key: .tab, modifiers: mods))
                    d.downs += 1
                }
            case let .key(code, pressed, _) where d.kind.contains(.rotary):
                send(KeyPress(phase: pressed ? .down : .up, key: .return))
                if pressed { d.downs += 1 }
                _ = code
            case let .key(code, pressed, _):
                guard let state = d.state else { continue }
                if pressed {
                    if let p = state.press(code) {
                        send(p)
                        d.downs += 1
                        if state.keymap.repeats(code) { repeater.start(device: id, code: code, at: now) }
                    }
                } else {
                    repeater.stop(device: id, code: code)
                    if let p = state.release(code) { send(p) }
                }
            }
        }
    }

    private func send(_ p: KeyPress) {
        delivered += 1
        if Log.threshold >= .debug { Log.debug("input: \(p)") }
        onKey(p)
    }
}
