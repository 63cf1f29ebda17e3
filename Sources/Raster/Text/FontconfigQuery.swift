// FontconfigQuery: building fontconfig patterns and reading matches — the only place that
// speaks FcPattern, so the rest of Text deals in paths and family names.
import CFontconfig

enum FontconfigQuery {
    struct Match { var path: String; var index: Int; var families: [String] }

    /// Generic names fontconfig resolves to a preferred family; never "not found".
    static let genericFamilies: Set<String> = ["sans-serif", "sans", "serif", "monospace", "mono",
                                               "system-ui", "cursive", "fantasy", "emoji", "math"]
    static func isGeneric(_ family: String) -> Bool { genericFamilies.contains(family.lowercased()) }
    /// Case and space-insensitive family comparison ("dejavusans" == "DejaVu Sans").
    static func normalized(_ family: String) -> String { family.lowercased().filter { $0 != " " && $0 != "-" } }

    /// A pattern for family/weight/slant with config and default substitutions applied.
    /// The caller destroys it.
    static func pattern(config: OpaquePointer, family: String, weight: FontWeight, italic: Bool) -> OpaquePointer {
        let pat = FcPatternCreate()!
        let name = Array(family.utf8) + [0]
        _ = FcPatternAddString(pat, "family", name)
        _ = FcPatternAddInteger(pat, "weight", weight.fontconfigWeight)
        _ = FcPatternAddInteger(pat, "slant", italic ? 100 : 0)  // FC_SLANT_ITALIC : FC_SLANT_ROMAN
        _ = FcPatternAddBool(pat, "scalable", 1)
        _ = FcConfigSubstitute(config, pat, FcMatchPattern)
        FcDefaultSubstitute(pat)
        return pat
    }

    static func match(config: OpaquePointer, family: String, weight: FontWeight, italic: Bool) throws -> Match {
        let pat = pattern(config: config, family: family, weight: weight, italic: italic)
        defer { FcPatternDestroy(pat) }
        var result = FcResultNoMatch
        guard let m = FcFontMatch(config, pat, &result), result == FcResultMatch else {
            throw FontError.familyNotFound(asked: family, found: nil)
        }
        defer { FcPatternDestroy(m) }
        guard let path = string(m, "file") else { throw FontError.familyNotFound(asked: family, found: nil) }
        return Match(path: path, index: Int(integer(m, "index") ?? 0), families: strings(m, "family"))
    }

    /// Every installed font fontconfig marks as colour (emoji fonts), as (path, index).
    static func colorFonts(config: OpaquePointer) -> [Match] {
        let pat = FcPatternCreate()!
        defer { FcPatternDestroy(pat) }
        _ = FcPatternAddBool(pat, "color", 1)
        guard let os = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(os) }
        _ = FcObjectSetAdd(os, "file"); _ = FcObjectSetAdd(os, "index"); _ = FcObjectSetAdd(os, "family")
        guard let set = FcFontList(config, pat, os) else { return [] }
        defer { FcFontSetDestroy(set) }
        var out: [Match] = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let f = set.pointee.fonts[i], let path = string(f, "file") else { continue }
            out.append(Match(path: path, index: Int(integer(f, "index") ?? 0), families: strings(f, "family")))
        }
        return out.sorted { $0.path < $1.path }
    }

    static func string(_ p: OpaquePointer, _ object: String, _ n: Int32 = 0) -> String? {
        var s: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(p, object, n, &s) == FcResultMatch, let s else { return nil }
        return String(cString: s)
    }

    static func strings(_ p: OpaquePointer, _ object: String) -> [String] {
        var out: [String] = []
        var n: Int32 = 0
        while let s = string(p, object, n) { out.append(s); n += 1 }
        return out
    }

    static func integer(_ p: OpaquePointer, _ object: String) -> Int32? {
        var v: Int32 = 0
        return FcPatternGetInteger(p, object, 0, &v) == FcResultMatch ? v : nil
    }
}
