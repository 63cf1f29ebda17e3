// Bidi: embedding levels of a paragraph (FriBidi, Unicode UAX #9 rules P2–I2) and the visual
// reordering of a line's runs (rule L2, done here because our runs are glyph runs, not text).
import CFriBidi

enum Bidi {
    /// FriBidi's paragraph types (FRIBIDI_PAR_*; macros that Swift cannot import).
    static let parLTR = FriBidiParType(rawValue: 0x110), parRTL = FriBidiParType(rawValue: 0x111), parOn = FriBidiParType(rawValue: 0x40)

    /// Levels per codepoint (even = left-to-right) and whether the paragraph is right-to-left
    /// (its first strong character is R or AL). Text with no character from a right-to-left
    /// block skips FriBidi entirely: every level is 0.
    static func levels(_ text: UnsafeBufferPointer<UInt32>) -> (levels: [UInt8], rtl: Bool) {
        let n = text.count
        guard text.contains(where: mayBeRTL) else { return ([UInt8](repeating: 0, count: n), false) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: n)
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        var levels = [FriBidiLevel](repeating: 0, count: n)
        var dir = parOn
        let ok = types.withUnsafeMutableBufferPointer { t -> Bool in
            fribidi_get_bidi_types(text.baseAddress, FriBidiStrIndex(n), t.baseAddress)
            return brackets.withUnsafeMutableBufferPointer { b in
                fribidi_get_bracket_types(text.baseAddress, FriBidiStrIndex(n), t.baseAddress, b.baseAddress)
                return levels.withUnsafeMutableBufferPointer { l in
                    fribidi_get_par_embedding_levels_ex(t.baseAddress, b.baseAddress, FriBidiStrIndex(n), &dir, l.baseAddress) != 0
                }
            }
        }
        guard ok else { return ([UInt8](repeating: 0, count: n), false) }  // FriBidi out of memory: draw as LTR
        return (levels.map { UInt8(bitPattern: $0) }, dir == parRTL)
    }

    /// Characters from blocks that hold right-to-left letters or explicit direction marks.
    @inline(__always) static func mayBeRTL(_ c: UInt32) -> Bool {
        (c >= 0x0590 && c <= 0x08FF) || (c >= 0xFB1D && c <= 0xFDFF) || (c >= 0xFE70 && c <= 0xFEFF)
            || (c >= 0x200E && c <= 0x200F) || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069)
            || (c >= 0x10800 && c <= 0x10FFF) || (c >= 0x1E800 && c <= 0x1EFFF)
    }

    /// The visual (left-to-right) order of items with the given levels (UAX #9 rule L2: from the
    /// highest level down to the lowest odd one, reverse every maximal sequence at or above it).
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let maxLevel = levels.max(), maxLevel > 0 else { return order }
        let lowestOdd = levels.min()! | 1
        var level = maxLevel
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                if levels[order[i]] >= level {
                    var j = i
                    while j < order.count && levels[order[j]] >= level { j += 1 }
                    order[i..<j].reverse()
                    i = j
                } else { i += 1 }
            }
            level -= 1
        }
        return order
    }
}
