// EvdevKeyboardTests: key devices from evdev bytes to KeyPresses — device classification, the key
// tracker (frames, kernel repeats, SYN_DROPPED), the router (scanner bursts, 10 000 events, unplug
// mid-press, rotary encoders, keyboard attached) and the key repeat, on recorded streams and
// virtual time. The keymap is the real one (xkb-data, layout us).
import Testing
@testable import Kiosk

/// evdev key codes of the US keyboard (linux/input-event-codes.h).
enum USKeys {
    static let letters: [Character: UInt16] = {
        var m: [Character: UInt16] = [:]
        for (row, start) in [("qwertyuiop", 16), ("asdfghjkl", 30), ("zxcvbnm", 44)] as [(String, UInt16)] {
            for (i, c) in row.enumerated() { m[c] = start + UInt16(i) }
        }
        for (i, c) in "1234567890".enumerated() { m[c] = 2 + UInt16(i) }
        m["-"] = 12; m["="] = 13; m[" "] = 57; m["."] = 52; m["/"] = 53; m[","] = 51
        return m
    }()
    static let shift: UInt16 = 42, enter: UInt16 = 28, tab: UInt16 = 15, ctrl: UInt16 = 29
    static let capsLock: UInt16 = 58, numLock: UInt16 = 69, rightAlt: UInt16 = 100

    /// The events a keyboard sends to type `text` (letters, digits, `-=. /,`; upper case with Shift),
    /// one key every `spacing` seconds from `start`, each press and release its own SYN frame.
    static func typing(_ text: String, start: Double = 100, spacing: Double = 0.001, enter: Bool = false) -> [InputEvent] {
        var out: [InputEvent] = []
        var t = start
        func key(_ code: UInt16, _ v: Int32) {
            out.append(InputEvent(time: t, type: EV.msc, code: 4, value: 0x70000 + Int32(code)))
            out.append(InputEvent(time: t, type: EV.key, code: code, value: v))
            out.append(InputEvent(time: t, type: EV.syn, code: EV.synReport, value: 0))
        }
        for c in text {
            let lower = Character(c.lowercased())
            guard let code = letters[lower] else { continue }
            let shifted = c != lower
            if shifted { key(shift, 1) }
            key(code, 1); key(code, 0)
            if shifted { key(shift, 0) }
            t += spacing
        }
        if enter { key(USKeys.enter, 1); key(USKeys.enter, 0) }
        return out
    }
}

private func bits(_ codes: [Int], count: Int) -> [UInt8] {
    var b = [UInt8](repeating: 0, count: (count + 7) / 8)
    for c in codes { b[c / 8] |= 1 << (c % 8) }
    return b
}
private func key(_ code: UInt16, _ v: Int32, t: Double = 1) -> InputEvent { InputEvent(time: t, type: EV.key, code: code, value: v) }
private let syn = InputEvent(time: 1, type: EV.syn, code: EV.synReport, value: 0)

/// A router on layout us recording what it sends.
@MainActor private final class Recorder {
    var presses: [KeyPress] = []
    var attached: [Bool] = []
    let router: KeyRouter
    init(layout: String = "us") {
        router = KeyRouter(layout: layout) { _ in }
        router.onKey = { [unowned self] in self.presses.append($0) }
        router.onKeyboardAttached = { [unowned self] in self.attached.append($0) }
    }
    var downs: [KeyPress] { presses.filter { $0.phase == .down } }
}

@MainActor @Suite struct EvdevKeyboardTests {
    // MARK: classification

    @Test func classifiesKeyboardsKeypadsButtonsRotaryAndMice() {
        let ev = bits([Int(EV.syn), Int(EV.key), Int(EV.msc), 0x11 /* EV_LED */, 0x14 /* EV_REP */], count: 32)
        let keyboardKeys = bits(Array(1...88) + [96, 97, 98, 100] + Array(102...111), count: 768)
        #expect(InputDeviceKind.classify(events: ev, keys: keyboardKeys, relative: [], touch: false) == .keyboard)
        // A numeric keypad: KEY_NUMLOCK and KEY_KP*, no letters.
        let keypad = bits([69] + Array(71...83) + [96, 98, 14], count: 768)
        #expect(InputDeviceKind.classify(events: ev, keys: keypad, relative: [], touch: false) == .keypad)
        // gpio-keys with up/down/enter, and a power button.
        #expect(InputDeviceKind.classify(events: ev, keys: bits([103, 108, 28], count: 768), relative: [], touch: false) == .buttons)
        #expect(InputDeviceKind.classify(events: ev, keys: bits([116], count: 768), relative: [], touch: false) == .buttons)
        // A rotary encoder with a push key (rotary-encoder + gpio-keys in one node), and without.
        let relEv = bits([Int(EV.syn), Int(EV.key), Int(EV.rel)], count: 32)
        #expect(InputDeviceKind.classify(events: relEv, keys: bits([28], count: 768), relative: bits([Int(EV.relDial)], count: 16), touch: false) == .rotary)
        #expect(InputDeviceKind.classify(events: bits([Int(EV.syn), Int(EV.rel)], count: 32), keys: [], relative: bits([Int(EV.relWheel)], count: 16), touch: false) == .rotary)
        // A mouse: its wheel is not a rotary encoder (it has BTN_LEFT).
        let mouseKeys = bits([Int(EV.btnLeft), Int(EV.btnRight), Int(EV.btnMiddle)], count: 768)
        #expect(InputDeviceKind.classify(events: relEv, keys: mouseKeys, relative: bits([0, 1, 8], count: 16), touch: false) == .mouse)
        // A touchscreen's BTN_TOUCH is no key.
        #expect(InputDeviceKind.classify(events: bits([0, 1, 3], count: 32), keys: bits([Int(EV.btnTouch)], count: 768), relative: [], touch: true) == .touch)
        // Nothing at all.
        #expect(InputDeviceKind.classify(events: bits([0], count: 32), keys: [], relative: [], touch: false).isEmpty)
        #expect(InputDeviceKind([.keyboard, .touch]).description == "touch, keyboard")
    }

    @Test func capabilitiesSayWhatIsReadAndWhatIsIgnored() {
        var c = EvdevCapabilities(name: "Logitech USB Keyboard", proto: nil, xRange: AxisRange(0, 0), yRange: AxisRange(0, 0),
                                  slotCount: 1, direct: false, kinds: .keyboard)
        #expect(c.isUsable && c.description == "Logitech USB Keyboard: keyboard")
        c.kinds = .mouse
        #expect(c.isUsable && c.description == "Logitech USB Keyboard: mouse")
        c.kinds = []
        #expect(!c.isUsable && c.description.contains("not a touch or key device"))
    }

    // MARK: tracker

    @Test func trackerReportsAtSynAndDropsKernelRepeats() {
        var tr = KeyTracker()
        #expect(tr.handle(key(30, 1)).isEmpty)            // nothing before SYN_REPORT
        #expect(tr.handle(syn) == [.key(code: 30, pressed: true, time: 1)])
        #expect(tr.handle(key(30, 2)).isEmpty && tr.handle(syn).isEmpty)   // kernel repeat: ours instead
        #expect(tr.handle(key(30, 7)).isEmpty && tr.ignoredEvents == 1)    // not 0, 1 or 2
        _ = tr.handle(syn)
        // A release of a key never pressed (opened mid-press) and a second press change nothing.
        _ = tr.handle(key(31, 0)); _ = tr.handle(key(30, 1))
        #expect(tr.handle(syn).isEmpty)
        _ = tr.handle(key(30, 0))
        #expect(tr.handle(syn) == [.key(code: 30, pressed: false, time: 1)])
        #expect(tr.held.isEmpty)
    }

    @Test func synDroppedReleasesKeysTheDeviceNoLongerHolds() {
        var tr = KeyTracker()
        _ = tr.handle(key(30, 1)); _ = tr.handle(key(42, 1)); _ = tr.handle(syn)
        #expect(tr.held == [30, 42])
        _ = tr.handle(InputEvent(time: 2, type: EV.syn, code: EV.synDropped, value: 0))
        #expect(tr.handle(key(48, 1)).isEmpty)        // skipped until the SYN_REPORT
        let out = tr.handle(InputEvent(time: 3, type: EV.syn, code: EV.synReport, value: 0), snapshot: { [42] })
        #expect(out == [.key(code: 30, pressed: false, time: 3)])
        #expect(tr.held == [42] && tr.ignoredEvents == 1 && tr.overruns == 1)
        // No snapshot: every held key is released.
        _ = tr.handle(InputEvent(time: 4, type: EV.syn, code: EV.synDropped, value: 0))
        #expect(tr.handle(syn, snapshot: { nil }) == [.key(code: 42, pressed: false, time: 1)])
        #expect(tr.overruns == 2)
    }

    @Test func theDevicesSummaryCountsTheKernelsDrops() {
        let r = Recorder()
        r.router.add(id: 4, kind: .keyboard, name: "scanner")
        r.router.handle(id: 4, events: [key(30, 1), key(30, 0), syn], now: 1)
        r.router.handle(id: 4, events: [InputEvent(time: 2, type: EV.syn, code: EV.synDropped, value: 0), key(31, 1), syn], now: 2)
        r.router.handle(id: 4, events: [key(32, 1), key(32, 0), syn], now: 3)
        let sent = r.router.remove(id: 4, now: 4)
        #expect(sent?.presses == 2 && sent?.overruns == 1)   // a and d arrived; s was in the dropped stretch
    }

    @Test func rotaryStepsAddUpPerFrameAndAreBounded() {
        var tr = KeyTracker()
        _ = tr.handle(InputEvent(type: EV.rel, code: EV.relDial, value: 2))
        _ = tr.handle(InputEvent(type: EV.rel, code: EV.relDial, value: 1))
        #expect(tr.handle(syn) == [.rotation(steps: 3, time: 1)])
        _ = tr.handle(InputEvent(type: EV.rel, code: EV.relWheel, value: Int32.min))
        #expect(tr.handle(syn) == [.rotation(steps: -KeyTracker.maxStepsPerFrame, time: 1)])
        _ = tr.handle(InputEvent(type: EV.rel, code: EV.relX, value: 5))   // not a dial
        #expect(tr.handle(syn).isEmpty)
    }

    // MARK: router

    @Test func barcodeScanOf40CharactersAt1000KeysASecondArrivesWhole() throws {
        let code = "KIOSK-2026-ABCDEFGHIJ-0123456789-XYZ.q/w"
        #expect(code.count == 40)
        let r = Recorder()
        r.router.add(id: 1, kind: .keyboard, name: "scanner")
        #expect(r.router.loadedKeymap() != nil, "xkb-data missing (scripts/deps installs it)")
        // Through the byte decoder in the reads a 64-event kernel buffer allows.
        let bytes = USKeys.typing(code, enter: true).flatMap(\.bytes)
        var dec = EvdevDecoder()
        var i = 0
        while i < bytes.count {
            let chunk = Array(bytes[i..<min(bytes.count, i + 64 * InputEvent.size)])
            r.router.handle(id: 1, events: dec.feed(chunk), now: 5)
            i += chunk.count
        }
        let downs = r.downs
        #expect(downs.count == 41)
        #expect(downs.prefix(40).map(\.characters).joined() == code)
        #expect(downs.last?.key == .return)
        #expect(r.presses.filter { $0.phase == .up }.count == 41)
        #expect(r.router.remove(id: 1, now: 6)?.presses == 41)
        #expect(downs[0].modifiers == .shift && downs[5].modifiers == [] && downs[5].characters == "-")
    }

    @Test func tenThousandKeyEventsInOneReadAllArrive() {
        let r = Recorder()
        r.router.add(id: 7, kind: .keyboard, name: "flood")
        var events: [InputEvent] = []
        events.reserveCapacity(15_000)
        for n in 0..<5_000 {
            let code = UInt16(16 + n % 10)   // q…p
            events += [key(code, 1), key(code, 0), syn]
        }
        var dec = EvdevDecoder()
        let decoded = dec.feed(events.flatMap(\.bytes))
        #expect(decoded.count == 15_000)
        let start = Syscall.monotonicNow()
        r.router.handle(id: 7, events: decoded, now: 1)
        #expect(Syscall.monotonicNow() - start < 10)
        #expect(r.presses.count == 10_000)
        #expect(r.downs.first?.characters == "q" && r.downs.last?.characters == "p")
        #expect(r.router.repeater.nextTime == nil)   // every key is up again
    }

    @Test func unpluggedMidPressLeavesNoKeyRepeating() {
        let r = Recorder()
        r.router.add(id: 3, kind: .keyboard, name: "usb")
        r.router.handle(id: 3, events: [key(30, 1), syn], now: 10)
        #expect(r.router.repeater.nextTime == 10.5)
        r.router.tick(now: 10.4)
        #expect(r.presses.count == 1)
        r.router.tick(now: 10.5)
        r.router.tick(now: 10.5 + KeyRepeater.interval)
        #expect(r.presses.map(\.phase) == [.down, .repeat, .repeat])
        #expect(r.presses.allSatisfy { $0.characters == "a" })
        #expect(r.router.remove(id: 3, now: 10.6)?.presses == 1)
        #expect(r.router.remove(id: 3, now: 10.7) == nil)
        #expect(r.presses.last?.phase == .up && r.presses.last?.key == KeyEquivalent("a"))
        #expect(r.router.repeater.nextTime == nil)
        r.router.tick(now: 20)
        #expect(r.presses.count == 4)
        // Its later events (a read already queued) are ignored.
        r.router.handle(id: 3, events: [key(30, 0), syn], now: 20)
        #expect(r.presses.count == 4)
    }

    @Test func onlyTheLastKeyRepeatsAndReleaseStopsIt() {
        let r = Recorder()
        r.router.add(id: 1, kind: .keyboard, name: "kbd")
        r.router.handle(id: 1, events: [key(30, 1), syn], now: 0)
        r.router.handle(id: 1, events: [key(48, 1), syn], now: 0.2)       // b
        r.router.tick(now: 0.7)
        #expect(r.presses.last?.phase == .repeat && r.presses.last?.characters == "b")
        r.router.handle(id: 1, events: [key(48, 0), syn], now: 0.75)
        #expect(r.router.repeater.nextTime == nil)                       // a is held but does not resume
        // Shift sends nothing and does not repeat.
        r.router.handle(id: 1, events: [key(USKeys.shift, 1), syn], now: 1)
        #expect(r.router.repeater.nextTime == nil && r.presses.last?.phase == .up)
        // A late timer gives one repeat, not a burst.
        r.router.handle(id: 1, events: [key(31, 1), syn], now: 2)
        let before = r.presses.count
        r.router.tick(now: 9)
        #expect(r.presses.count == before + 1)
        #expect(r.router.repeater.nextTime == 9 + KeyRepeater.interval)
    }

    @Test func rotaryEncoderTurnsIntoTabAndShiftTabAndItsPushIsReturn() {
        let r = Recorder()
        r.router.add(id: 2, kind: .rotary, name: "rotary@0")
        r.router.handle(id: 2, events: [InputEvent(type: EV.rel, code: EV.relDial, value: 2), syn], now: 0)
        #expect(r.downs.map(\.key) == [.tab, .tab] && r.downs.allSatisfy { $0.modifiers == [] })
        r.presses.removeAll()
        r.router.handle(id: 2, events: [InputEvent(type: EV.rel, code: EV.relDial, value: -1), syn], now: 0)
        #expect(r.presses == [KeyPress(phase: .down, key: .tab, modifiers: .shift), KeyPress(phase: .up, key: .tab, modifiers: .shift)])
        r.presses.removeAll()
        r.router.handle(id: 2, events: [key(0x100, 1), syn, key(0x100, 0), syn], now: 0)   // BTN_0 push
        #expect(r.presses.map(\.key) == [.return, .return] && r.presses.map(\.phase) == [.down, .up])
        #expect(r.router.repeater.nextTime == nil)
        #expect(r.attached == [false])                  // an encoder is no keyboard
    }

    @Test func inputManagerSaysAtStartThatNoKeyboardIsAttached() {
        let m = InputManager(options: .init(paths: [], panelWidth: 10, panelHeight: 10, rotation: .degrees0)) { _ in }
        var told: [Bool] = []
        m.onKeyboardAttached = { told.append($0) }
        m.start()
        #expect(told == [false] && m.keys.layout == "us")
        m.stop()
    }

    @Test func keyboardAttachedFollowsHotplug() {
        let r = Recorder()
        r.router.add(id: 1, kind: .keypad, name: "keypad")
        r.router.add(id: 2, kind: .keyboard, name: "scanner")
        r.router.add(id: 3, kind: .keyboard, name: "usb keyboard")
        r.router.add(id: 4, kind: .touch, name: "touch")            // not a key device: no call
        r.router.remove(id: 2, now: 0)
        r.router.remove(id: 3, now: 0)
        #expect(r.attached == [false, true, true, true, false])
        #expect(r.router.deviceIDs == [1])
    }

    @Test func pausingReleasesHeldKeys() {
        let r = Recorder()
        r.router.add(id: 1, kind: .keyboard, name: "kbd")
        r.router.handle(id: 1, events: [key(30, 1), syn], now: 0)
        r.router.releaseAll(now: 1)
        #expect(r.presses.map(\.phase) == [.down, .up])
        #expect(r.router.repeater.nextTime == nil)
    }

    // MARK: repeat timing

    @Test func repeaterTiming() {
        var k = KeyRepeater()
        #expect(k.fire(at: 100) == nil)
        k.start(device: 1, code: 30, at: 0)
        #expect(k.fire(at: 0.499) == nil)
        #expect(k.fire(at: 0.5)! == (1, 30))
        #expect(abs(k.nextTime! - (0.5 + 1.0 / 30)) < 1e-9)
        k.stop(device: 1, code: 31)            // another key: still repeating
        #expect(k.nextTime != nil)
        k.stop(device: 2)                      // another device: still repeating
        #expect(k.nextTime != nil)
        k.stop(device: 1)
        #expect(k.nextTime == nil)
    }
}
