// InputDeviceKind: what an evdev device is, from its capability bits alone (EVIOCGBIT), so tests
// classify recorded bit sets. A device may be several things at once (a keyboard with a touchpad
// on one node): each kind's events go to their own reader.

/// The kinds of input device kiosk reads.
public struct InputDeviceKind: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A touchscreen or absolute pointer (``TouchProtocol``).
    public static let touch = InputDeviceKind(rawValue: 1 << 0)
    /// Letter keys (KEY_Q…KEY_P, KEY_A…KEY_L, KEY_Z…KEY_M): a USB or Bluetooth keyboard — and a
    /// barcode scanner, which is a USB keyboard to the kernel and cannot be told apart from one.
    public static let keyboard = InputDeviceKind(rawValue: 1 << 1)
    /// KEY_KP* keys without the letters: a numeric keypad.
    public static let keypad = InputDeviceKind(rawValue: 1 << 2)
    /// Other keys (gpio-keys, a remote, a power button): read through the keymap like a keyboard;
    /// keys with no meaning there (KEY_POWER) are dropped.
    public static let buttons = InputDeviceKind(rawValue: 1 << 3)
    /// EV_REL with REL_DIAL or REL_WHEEL and no BTN_LEFT: a rotary encoder; any key on it is its push.
    public static let rotary = InputDeviceKind(rawValue: 1 << 4)
    /// EV_REL with REL_X/REL_Y and BTN_LEFT: a mouse: a pointer with a cursor whose click is a touch (MouseInput, Platform/MouseDevice.swift).
    public static let mouse = InputDeviceKind(rawValue: 1 << 5)
    /// EV_ABS with ABS_X/ABS_Y and BTN_LEFT, without BTN_TOUCH, multitouch axes or INPUT_PROP_DIRECT:
    /// an absolute pointer that is no touchscreen (a graphics tablet, QEMU's usb-tablet and
    /// virtio-tablet, a KVM switch's or remote console's pointer). It drives the pointer and the
    /// cursor like a mouse, its position scaled from the axis range to the screen (MouseInput).
    public static let tablet = InputDeviceKind(rawValue: 1 << 6)

    /// Kinds whose keys go through the keymap.
    public static let keys: InputDeviceKind = [.keyboard, .keypad, .buttons]

    public var description: String {
        let names: [(InputDeviceKind, String)] = [(.touch, "touch"), (.keyboard, "keyboard"), (.keypad, "keypad"),
                                                  (.buttons, "buttons"), (.rotary, "rotary encoder"), (.mouse, "mouse"),
                                                  (.tablet, "tablet")]
        let s = names.filter { contains($0.0) }.map(\.1)
        return s.isEmpty ? "nothing kiosk reads" : s.joined(separator: ", ")
    }

    /// Classifies a device by its EV_* (`events`), KEY_* (`keys`), REL_* (`relative`), ABS_*
    /// (`absolute`) and INPUT_PROP_* (`properties`) bit sets as EVIOCGBIT and EVIOCGPROP return them
    /// (little-endian bytes), and whether it is a touch device. A `touch` device whose absolute bits
    /// show an absolute pointer that is no touchscreen (ABS_X/ABS_Y, BTN_LEFT, no BTN_TOUCH, no
    /// ABS_MT_*, no INPUT_PROP_DIRECT) is a ``tablet`` instead; without `absolute` bits it stays touch.
    public static func classify(events: [UInt8], keys: [UInt8], relative: [UInt8], touch: Bool,
                                absolute: [UInt8] = [], properties: [UInt8] = []) -> InputDeviceKind {
        func has(_ b: [UInt8], _ bit: Int) -> Bool { bit / 8 < b.count && (b[bit / 8] >> (bit % 8)) & 1 == 1 }
        var k: InputDeviceKind = touch ? .touch : []
        let hasKeys = has(events, Int(EV.key)), hasRel = has(events, Int(EV.rel))
        let buttonLeft = hasKeys && has(keys, Int(EV.btnLeft))
        if touch, has(events, Int(EV.abs)), has(absolute, Int(EV.absX)), has(absolute, Int(EV.absY)), buttonLeft,
           !has(keys, Int(EV.btnTouch)), !has(absolute, Int(EV.absMTSlot)), !has(absolute, Int(EV.absMTPositionX)),
           !has(properties, EV.inputPropDirect) {
            k.remove(.touch); k.insert(.tablet)
        }
        if hasRel {
            if (has(relative, Int(EV.relDial)) || has(relative, Int(EV.relWheel))) && !buttonLeft { k.insert(.rotary) }
            if has(relative, Int(EV.relX)) && has(relative, Int(EV.relY)) && buttonLeft { k.insert(.mouse) }
        }
        guard hasKeys, !k.contains(.rotary) else { return k }
        if EV.letterKeys.allSatisfy({ has(keys, Int($0)) }) { k.insert(.keyboard) }
        else if EV.keypadKeys.contains(where: { has(keys, Int($0)) }) { k.insert(.keypad) }
        else if EV.isKeyboardRange(keys) { k.insert(.buttons) }
        return k
    }
}

extension EV {
    public static let relX: UInt16 = 0x00, relY: UInt16 = 0x01, relDial: UInt16 = 0x07, relWheel: UInt16 = 0x08
    public static let relHWheel: UInt16 = 0x06
    public static let btnRight: UInt16 = 0x111, btnMiddle: UInt16 = 0x112
    /// KEY_Q…KEY_P, KEY_A…KEY_L, KEY_Z…KEY_M.
    static let letterKeys: [UInt16] = Array(16...25) + Array(30...38) + Array(44...50)
    /// KEY_KP7…KEY_KPDOT, KEY_KPENTER, KEY_KPSLASH, KEY_KPEQUAL, KEY_KPPLUSMINUS, KEY_KPCOMMA.
    static let keypadKeys: [UInt16] = Array(71...83) + [96, 98, 117, 118, 121]
    /// Any key below BTN_MISC (0x100) or from KEY_OK (0x160) on: keys, not mouse or touch buttons.
    static func isKeyboardRange(_ keys: [UInt8]) -> Bool {
        for (i, byte) in keys.enumerated() where byte != 0 {
            for bit in 0..<8 where (byte >> bit) & 1 == 1 {
                let code = i * 8 + bit
                if (code > 0 && code < 0x100) || code >= 0x160 { return true }
            }
        }
        return false
    }
}
