// Shaper: HarfBuzz shaping of one run (one face, one script, one direction) into glyph ids,
// clusters and advances. The whole paragraph is handed over as context, so Arabic joining and
// contextual forms see the neighbours on both sides of a run boundary.
import CHarfBuzz

/// Glyphs of one shaped run, in visual order (left to right, as HarfBuzz emits them).
struct ShapedRun {
    var face: FontFace
    var size64: Int32
    var start: Int, end: Int      // codepoint range in the paragraph
    var level: UInt8
    var glyphs: [UInt32] = []
    var clusters: [Int32] = []    // codepoint index (paragraph) of each glyph's cluster
    var advances: [Double] = []   // px
    var offsetsX: [Double] = []   // px, right
    var offsetsY: [Double] = []   // px, up (font convention)
    /// The style span it was shaped in (StyledText), -1 for unstyled text.
    var style: Int32 = -1
    var rtl: Bool { level & 1 == 1 }
}

final class Shaper {
    /// OpenType's tabular figures feature, 'tnum'.
    static let tnum: hb_tag_t = (UInt32(0x74) << 24) | (UInt32(0x6E) << 16) | (UInt32(0x75) << 8) | UInt32(0x6D)

    private let buffer: OpaquePointer

    init() { buffer = hb_buffer_create() }
    deinit { hb_buffer_destroy(buffer) }

    /// Shapes `text[start..<end]` with `face` at `size64` (26.6 px).
    /// `tabularDigits` turns on OpenType `tnum` (SwiftUI's `monospacedDigit()`); `tracking`
    /// pixels are added after every cluster (SwiftUI's `tracking`/`kerning`).
    func shape(_ text: UnsafeBufferPointer<UInt32>, start: Int, end: Int, face: FontFace, size64: Int32,
               level: UInt8, script: hb_script_t, tabularDigits: Bool = false, tracking: Double = 0) -> ShapedRun {
        var run = ShapedRun(face: face, size64: size64, start: start, end: end, level: level)
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf32(buffer, text.baseAddress, Int32(text.count), UInt32(start), Int32(end - start))
        hb_buffer_set_direction(buffer, level & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script)
        hb_buffer_set_language(buffer, hb_language_get_default())
        var flags = HB_BUFFER_FLAG_DEFAULT.rawValue
        if start == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if end == text.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))
        if tabularDigits {
            var feature = hb_feature_t(tag: Shaper.tnum, value: 1, start: 0, end: UInt32.max)
            hb_shape(face.hbFont(size64: size64), buffer, &feature, 1)
        } else {
            hb_shape(face.hbFont(size64: size64), buffer, nil, 0)
        }
        var n: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &n),
              let pos = hb_buffer_get_glyph_positions(buffer, &n) else { return run }
        let count = Int(n)
        run.glyphs.reserveCapacity(count); run.clusters.reserveCapacity(count)
        run.advances.reserveCapacity(count); run.offsetsX.reserveCapacity(count); run.offsetsY.reserveCapacity(count)
        for i in 0..<count {
            run.glyphs.append(infos[i].codepoint)
            run.clusters.append(Int32(infos[i].cluster))
            run.advances.append(Double(pos[i].x_advance) / 64)
            run.offsetsX.append(Double(pos[i].x_offset) / 64)
            run.offsetsY.append(Double(pos[i].y_offset) / 64)
        }
        if tracking != 0, tracking.isFinite {
            // After the last glyph of each cluster (glyphs of a cluster are adjacent).
            for i in 0..<count where i == count - 1 || run.clusters[i + 1] != run.clusters[i] { run.advances[i] += tracking }
        }
        return run
    }
}
