// FontWeight: SwiftUI's weight names mapped onto fontconfig's weight scale.
import CFontconfig

/// The thickness of a font's strokes, named as in SwiftUI.
///
///     let bold = try fonts.font(family: "DejaVu Sans", size: 16, weight: .bold)
public enum FontWeight: Hashable, Sendable, CaseIterable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The value fontconfig's `FC_WEIGHT` uses (FC_WEIGHT_* constants, 0…210).
    var fontconfigWeight: Int32 {
        switch self {
        case .ultraLight: return 40   // FC_WEIGHT_EXTRALIGHT
        case .thin: return 0          // FC_WEIGHT_THIN
        case .light: return 50        // FC_WEIGHT_LIGHT
        case .regular: return 80      // FC_WEIGHT_REGULAR
        case .medium: return 100      // FC_WEIGHT_MEDIUM
        case .semibold: return 180    // FC_WEIGHT_DEMIBOLD
        case .bold: return 200        // FC_WEIGHT_BOLD
        case .heavy: return 205       // FC_WEIGHT_EXTRABOLD
        case .black: return 210       // FC_WEIGHT_BLACK
        }
    }
}
