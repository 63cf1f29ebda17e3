// How one key looks, in iOS's light keyboard: white letter keys and grey function keys with
// 5-point corners over a 1-point darker edge below, captions in black (lower-case letters unless
// shift is on), a blue return key when its label is not "return", and the bubble a letter key
// pops up while a finger is on it. Dark mode uses iOS's dark keyboard colours.

import Raster

/// What a key shows: text, a symbol, or a pad digit with its letters.
enum KeyCaption: Equatable {
    case text(String)
    case symbol(String)
    case digit(String, letters: String)
    case none
}

/// The colours of the keyboard.
enum KeyboardColors {
    static let background = Color(hex: 0xD1D3D9, darkHex: 0x2B2B2D)
    static let key = Color(hex: 0xFFFFFF, darkHex: 0x6B6B6D)
    static let function = Color(hex: 0xABB0BC, darkHex: 0x464648)
    static let shadow = Color(hex: 0x898A8D, darkHex: 0x1C1C1E)
    static let label = Color(hex: 0x000000, darkHex: 0xFFFFFF)
    static let accent = Color(hex: 0x007AFF, darkHex: 0x0A84FF)
    static let popupShadow = Color(.sRGB, white: 0, opacity: 0.28)
    static let popupEdge = Color(.sRGB, white: 0, opacity: 0.12)
}

/// The face of a key.
enum KeyFace: Equatable {
    case white, grey, blue

    var fill: Color {
        switch self {
        case .white: KeyboardColors.key
        case .grey: KeyboardColors.function
        case .blue: KeyboardColors.accent
        }
    }
    var label: Color { self == .blue ? .white : KeyboardColors.label }
    /// The face a pressed key shows: function keys light up, white keys turn grey.
    var pressed: KeyFace { self == .white ? .grey : .white }
}

/// One drawn key (its frame is set by the keyboard).
struct KeyCap: View, Equatable {
    let caption: KeyCaption
    let face: KeyFace
    let keyHeight: CGFloat

    var body: some View {
        ZStack {
            RoundedRectangle(cornerRadius: 5).fill(KeyboardColors.shadow).offset(y: 1)
            RoundedRectangle(cornerRadius: 5).fill(face.fill)
            KeyLabel(caption: caption, color: face.label, keyHeight: keyHeight, popup: false)
        }
    }
}

/// A key's caption: letters at 46 % of the key height (24 points on 52-point keys), words at 33 %,
/// symbols sized from 36 %; pad digits with their letters underneath, as iOS's pads.
struct KeyLabel: View, Equatable {
    let caption: KeyCaption
    let color: Color
    let keyHeight: CGFloat
    let popup: Bool

    static func letterSize(_ h: CGFloat) -> CGFloat { (h * 0.46).rounded() }
    static func wordSize(_ h: CGFloat) -> CGFloat { (h * 0.33).rounded() }
    static func popupSize(_ h: CGFloat) -> CGFloat { (h * 0.8).rounded() }

    func textSize(_ s: String) -> CGFloat {
        let single = s.count == 1
        let size = popup ? KeyLabel.popupSize(keyHeight) : single ? KeyLabel.letterSize(keyHeight) : KeyLabel.wordSize(keyHeight)
        // Compatibility jamo are drawn at about 80 % of a Latin letter's height in CJK fonts
        // (WenQuanYi, Noto CJK): a fifth larger, they match the Latin keys.
        if single, let v = s.unicodeScalars.first?.value, (0x3131...0x318E).contains(v) { return (size * 1.2).rounded() }
        return size
    }

    var body: some View {
        switch caption {
        case .text(let s):
            Text(s).font(.system(size: textSize(s))).foregroundColor(color)
        case .symbol(let name):
            Image(systemName: name).font(.system(size: (keyHeight * 0.36).rounded())).foregroundStyle(color)
        case .digit(let d, let letters):
            VStack(spacing: 0) {
                Text(d).font(.system(size: (keyHeight * 0.5).rounded())).foregroundColor(color)
                if !letters.isEmpty {
                    Text(letters).font(.system(size: (keyHeight * 0.2).rounded(), weight: .semibold)).foregroundColor(color)
                }
            }
        case .none:
            EmptyView()
        }
    }
}

/// iOS's key bubble: a wider rounded box above the key, joined to it by a curved neck; the lower
/// part covers the key. Drawn in a frame from the bubble's top to the key's bottom; `key` is the
/// key's rectangle in that frame.
struct KeyPopupShape: Shape {
    var key: CGRect
    var bubbleHeight: CGFloat

    func path(in rect: CGRect) -> Path {
        let r: CGFloat = 8, kr: CGFloat = 5
        let bx0 = rect.minX, bx1 = rect.maxX, by0 = rect.minY, by1 = rect.minY + bubbleHeight
        let kx0 = rect.minX + key.minX, kx1 = rect.minX + key.maxX
        let ky1 = rect.minY + key.maxY
        let neck = min(ky1 - kr, rect.minY + key.minY + min(8, key.height * 0.2))
        let mid = (by1 + neck) / 2
        var p = Path()
        p.move(to: CGPoint(x: bx0 + r, y: by0))
        p.addLine(to: CGPoint(x: bx1 - r, y: by0))
        p.addQuadCurve(to: CGPoint(x: bx1, y: by0 + r), control: CGPoint(x: bx1, y: by0))
        p.addLine(to: CGPoint(x: bx1, y: by1))
        p.addCurve(to: CGPoint(x: kx1, y: neck), control1: CGPoint(x: bx1, y: mid), control2: CGPoint(x: kx1, y: mid))
        p.addLine(to: CGPoint(x: kx1, y: ky1 - kr))
        p.addQuadCurve(to: CGPoint(x: kx1 - kr, y: ky1), control: CGPoint(x: kx1, y: ky1))
        p.addLine(to: CGPoint(x: kx0 + kr, y: ky1))
        p.addQuadCurve(to: CGPoint(x: kx0, y: ky1 - kr), control: CGPoint(x: kx0, y: ky1))
        p.addLine(to: CGPoint(x: kx0, y: neck))
        p.addCurve(to: CGPoint(x: bx0, y: by1), control1: CGPoint(x: kx0, y: mid), control2: CGPoint(x: bx0, y: mid))
        p.addLine(to: CGPoint(x: bx0, y: by0 + r))
        p.addQuadCurve(to: CGPoint(x: bx0 + r, y: by0), control: CGPoint(x: bx0, y: by0))
        p.closeSubpath()
        return p
    }
}

/// Where a key's bubble goes: 1.1 key heights above the key (its bottom 2 points above the key's
/// top), wider than the key by a quarter key on each side (6…16 points), kept inside the keyboard's
/// width.
struct KeyPopupGeometry: Equatable {
    /// The frame of the whole shape, in the keyboard's coordinates.
    var frame: CGRect
    /// The key's rectangle inside `frame`.
    var key: CGRect
    var bubbleHeight: CGFloat

    init(key k: CGRect, keyboardWidth: CGFloat) {
        let spread = min(16, max(6, (k.width * 0.25).rounded()))
        var x0 = k.minX - spread, x1 = k.maxX + spread
        if x0 < 0 { x1 -= x0; x0 = 0 }
        if x1 > keyboardWidth { x0 -= x1 - keyboardWidth; x1 = keyboardWidth }
        x0 = max(x0, min(0, k.minX))
        bubbleHeight = (k.height * 1.1).rounded()
        let top = k.minY - 2 - bubbleHeight
        frame = CGRect(x: x0, y: top, width: x1 - x0, height: k.maxY - top)
        key = CGRect(x: k.minX - x0, y: k.minY - top, width: k.width, height: k.height)
    }
}

/// The bubble of a pressed letter key, with its character large in the bubble.
struct KeyPopup: View {
    let caption: KeyCaption
    let geometry: KeyPopupGeometry
    let keyHeight: CGFloat

    var body: some View {
        let shape = KeyPopupShape(key: geometry.key, bubbleHeight: geometry.bubbleHeight)
        ZStack(alignment: .top) {
            shape.fill(KeyboardColors.popupShadow).offset(y: 1)
            // A 1-point edge: the same shape a point larger all round (a stroke's bounds grow by
            // its miter allowance, which widened the damage of every press by 18 %).
            KeyPopupShape(key: geometry.key.insetBy(dx: -1, dy: -1).offsetBy(dx: 1, dy: 1), bubbleHeight: geometry.bubbleHeight + 1)
                .fill(KeyboardColors.popupEdge)
                .frame(width: geometry.frame.width + 2, height: geometry.frame.height + 2)
                .offset(y: -1)
            shape.fill(KeyboardColors.key)
            KeyLabel(caption: caption, color: KeyboardColors.label, keyHeight: keyHeight, popup: true)
                .frame(width: geometry.frame.width, height: geometry.bubbleHeight)
        }
    }
}
