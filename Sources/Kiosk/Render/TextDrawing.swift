// TextDrawing: how the renderer paints laid-out text. FixedAdvanceText draws each visible
// character as a box (a font-free stand-in that keeps layout, damage and hit tests honest);
// the FontLibrary-backed engine draws glyphs.

import Raster

protocol TextDrawing: TextMeasuring {
    /// Draws `text` wrapped to `width` with its box's top-left at the canvas transform's origin.
    func draw(_ text: ResolvedText, width: Double, paint: Paint, canvas: Raster.Canvas)
}

extension FixedAdvanceText: TextDrawing {
    func draw(_ text: ResolvedText, width: Double, paint: Paint, canvas: Raster.Canvas) {
        let size = Double(text.font.size)
        let advance = size * 0.6, lineHeight = (size * 1.2).rounded(.up)
        let all = lines(text, maxWidth: CGFloat(width) + 0.5)
        for (row, line) in all.enumerated() {
            let lineWidth = Double(line.count) * advance
            let x0: Double
            switch text.alignment {
            case .leading: x0 = 0
            case .center: x0 = (width - lineWidth) / 2
            case .trailing: x0 = width - lineWidth
            }
            let top = Double(row) * (lineHeight + text.lineSpacing) + size * 0.25
            for (i, ch) in line.enumerated() where !ch.isWhitespace {
                canvas.fill(Raster.Rect(x: x0 + Double(i) * advance + advance * 0.15, y: top, width: advance * 0.7, height: size * 0.7), with: paint)
            }
        }
    }
}
