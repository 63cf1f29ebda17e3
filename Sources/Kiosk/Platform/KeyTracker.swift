// KeyTracker: one key device's input events → key presses and releases, and rotary steps. Pure,
// like TouchTracker: tests feed it recorded streams.
//
// Events count when their frame completes (SYN_REPORT), in the order the kernel wrote them, so a
// barcode scanner's 40 keystrokes arrive as 40 presses in order however many frames one read holds.
// The kernel's own auto-repeat (EV_KEY value 2) is dropped: kiosk repeats keys itself (KeyRepeater)
// at one rate for every keyboard, knows from the keymap which keys repeat (not Shift), and stops the
// moment the device goes away. After SYN_DROPPED the frame's events are skipped and the held keys
// are checked against the device's real state (EVIOCGKEY): keys no longer down are released.

/// A change on a key device, before the keymap.
public enum RawKeyEvent: Equatable, Sendable {
    /// An evdev key code (KEY_A = 30) went down or up.
    case key(code: UInt16, pressed: Bool, time: Double)
    /// A rotary encoder turned by `steps` detents (positive: REL_DIAL/REL_WHEEL's positive way).
    case rotation(steps: Int, time: Double)
}

/// Turns one device's events into key changes.
public struct KeyTracker: Sendable {
    /// Held keys, in the order they went down.
    public private(set) var held: [UInt16] = []
    private var frame: [RawKeyEvent] = []
    private var rotation = 0
    private var dropping = false
    /// Events skipped after SYN_DROPPED and values that are not 0, 1 or 2.
    public private(set) var ignoredEvents = 0
    /// SYN_DROPPED seen: the kernel's buffer overflowed because the reader fell behind, and the
    /// presses in it are lost.
    public private(set) var overruns = 0
    /// The most detents one frame may turn (a corrupt value turns no further).
    public static let maxStepsPerFrame = 64

    public init() {}

    /// Consumes one event; returns the changes of the frame it completes. `snapshot` gives the keys
    /// down now (EVIOCGKEY) for the resync after SYN_DROPPED; nil releases every held key.
    public mutating func handle(_ e: InputEvent, snapshot: () -> Set<UInt16>? = { nil }) -> [RawKeyEvent] {
        if e.type == EV.syn && e.code == EV.synDropped { overruns += 1; dropping = true; frame.removeAll(); rotation = 0; return [] }
        if dropping {
            guard e.type == EV.syn && e.code == EV.synReport else { ignoredEvents += 1; return [] }
            dropping = false
            let down = snapshot() ?? []
            let gone = held.filter { !down.contains($0) }
            held.removeAll { !down.contains($0) }
            return gone.map { .key(code: $0, pressed: false, time: e.time) }
        }
        switch e.type {
        case EV.key:
            switch e.value {
            case 1: frame.append(.key(code: e.code, pressed: true, time: e.time))
            case 0: frame.append(.key(code: e.code, pressed: false, time: e.time))
            case 2: break
            default: ignoredEvents += 1
            }
        case EV.rel where e.code == EV.relDial || e.code == EV.relWheel:
            rotation = max(-Self.maxStepsPerFrame, min(Self.maxStepsPerFrame, rotation + Int(max(-1024, min(1024, e.value)))))
        case EV.syn where e.code == EV.synReport:
            return report(time: e.time)
        default: break
        }
        return []
    }

    private mutating func report(time: Double) -> [RawKeyEvent] {
        var out: [RawKeyEvent] = []
        out.reserveCapacity(frame.count + 1)
        for f in frame {
            guard case let .key(code, pressed, _) = f else { continue }
            let i = held.firstIndex(of: code)
            // A press of a held key or a release of one never pressed (kiosk opened the device
            // mid-press) changes nothing.
            if pressed, i == nil { held.append(code); out.append(f) }
            else if !pressed, let i { held.remove(at: i); out.append(f) }
        }
        frame.removeAll(keepingCapacity: true)
        if rotation != 0 { out.append(.rotation(steps: rotation, time: time)); rotation = 0 }
        return out
    }

    /// Releases every held key (the device went away or input paused).
    public mutating func releaseAll(time: Double) -> [RawKeyEvent] {
        defer { held.removeAll(); frame.removeAll(); rotation = 0; dropping = false }
        return held.reversed().map { .key(code: $0, pressed: false, time: time) }
    }
}
