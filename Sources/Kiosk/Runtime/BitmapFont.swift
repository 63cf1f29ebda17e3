// BitmapFont: a 3×5 pixel font (digits and the few capitals the overlay and demo labels use),
// drawn as scaled solid squares. It needs nothing from the text stack, so the frame-rate overlay
// works on a board without fonts and in tests without fontconfig.
import Raster

public enum BitmapFont {
    /// Rows top to bottom, 3 bits each (bit 2 = left column).
    static let glyphs: [Character: [UInt8]] = [
        "0": [7, 5, 5, 5, 7], "1": [2, 6, 2, 2, 7], "2": [7, 1, 7, 4, 7], "3": [7, 1, 7, 1, 7], "4": [5, 5, 7, 1, 1],
        "5": [7, 4, 7, 1, 7], "6": [7, 4, 7, 5, 7], "7": [7, 1, 1, 2, 2], "8": [7, 5, 7, 5, 7], "9": [7, 5, 7, 1, 7],
        "A": [2, 5, 7, 5, 5], "D": [6, 5, 5, 5, 6], "E": [7, 4, 6, 4, 7], "F": [7, 4, 6, 4, 4], "I": [7, 2, 2, 2, 7],
        "M": [5, 7, 7, 5, 5], "P": [6, 5, 6, 4, 4], "S": [7, 4, 7, 1, 7], "T": [7, 2, 2, 2, 2], ".": [0, 0, 0, 0, 2],
        "-": [0, 0, 7, 0, 0], "/": [1, 1, 2, 4, 4], "X": [5, 5, 2, 5, 5], ":": [0, 2, 0, 2, 0],
    ]

    /// Size in pixels of `text` at `scale` (each font pixel becomes scale×scale).
    public static func size(_ text: String, scale: Int) -> (width: Int, height: Int) {
        (max(0, text.count * 4 - 1) * scale, 5 * scale)
    }

    /// Draws `text` with its top-left at (x, y); returns the rectangle it covered (clipped).
    @discardableResult
    public static func draw(_ text: String, into s: Surface, x: Int, y: Int, scale: Int, color: UInt32) -> IntRect {
        var cx = x
        for ch in text {
            if let rows = glyphs[ch] {
                for (ry, bits) in rows.enumerated() {
                    for col in 0..<3 where (bits >> (2 - UInt8(col))) & 1 == 1 {
                        s.fill(IntRect(x: cx + col * scale, y: y + ry * scale, width: scale, height: scale), with: color)
                    }
                }
            }
            cx += 4 * scale
        }
        let (w, h) = size(text, scale: scale)
        return IntRect(x: x, y: y, width: w, height: h).intersection(s.bounds)
    }
}
