// FontError: every way loading a font can fail, each message saying what to do about it.

/// A font could not be loaded. Text layout itself never throws: once a `Font` exists, any string
/// lays out (missing glyphs come from fallback fonts, or draw as the `.notdef` box).
public enum FontError: Error, Equatable, CustomStringConvertible {
    /// No file at `path`.
    case fileNotFound(path: String)
    /// The file exists but FreeType cannot read it as a font (corrupt, truncated, not a font).
    case notAFont(path: String, freeTypeError: Int32)
    /// fontconfig has no font of the family asked for; `found` is what it would have substituted.
    case familyNotFound(asked: String, found: String?)
    /// The size is NaN, infinite, zero or negative.
    case invalidSize(Double)
    /// FreeType or fontconfig could not start (out of memory, broken fontconfig setup).
    case libraryInitFailed(what: String, code: Int32)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "font file not found: \(path) — check the path, or load by family name (fc-list lists installed fonts)"
        case .notAFont(let path, let code):
            return "\(path) is not a readable font (FreeType error 0x\(String(code, radix: 16))) — the file is corrupt, truncated or not a TrueType/OpenType/CFF font; reinstall it or pick another file"
        case .familyNotFound(let asked, let found):
            let sub = found.map { "; fontconfig would substitute '\($0)'" } ?? "; fontconfig found no fonts at all"
            return "font family '\(asked)' is not installed\(sub) — install it (fc-list : family lists installed families) or pass family: nil for the default sans-serif"
        case .invalidSize(let size):
            return "font size \(size) is invalid — pass a finite size greater than 0 (pixels); scale text with a transform instead of a zero size"
        case .libraryInitFailed(let what, let code):
            return "\(what) failed to initialise (code \(code)) — check that FreeType/fontconfig are installed (scripts/deps) and that fontconfig's configuration (fc-cache -v) is valid"
        }
    }
}
