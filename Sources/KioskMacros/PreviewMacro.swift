// PreviewMacro: `#Preview` for pasted SwiftUI files.
//
// Xcode's `#Preview("name", traits: …) { body }` declares a preview for its canvas. kiosk has no
// canvas, but a pasted file must compile and its body must still be type-checked (a preview that
// no longer compiles is a real error). The expansion is therefore the use's own text, with
// `#Preview` replaced by a call to `Kiosk.Preview`'s initialiser (the same arguments: name,
// traits, body closure), inside a private enum with a compiler-unique name:
//
//     #Preview("Ring") { RingView() }
//     ⟶ private enum $s…7previewfMu_ { static func make() -> Kiosk.Preview { Kiosk.Preview("Ring") { RingView() } } }
//
// An enum rather than a bare function: in a `main.swift` a private function expanded there was
// emitted twice ("multiple definitions of symbol", Swift 6.3); a type's static member is not.
//
// Re-using the text rather than rebuilding it from a syntax tree (there is no swift-syntax here)
// keeps every argument form working — trailing or labelled closure, `traits:` lists — and the
// compiler checks the call against `Kiosk.Preview.init` exactly as written. Nothing calls
// `make()`: the preview is declared and checked, not registered (see Runtime/Preview.swift).

/// Expands one `#Preview` use.
enum PreviewMacro {
    static func expand(_ request: HostMessage.ExpandFreestanding) -> PluginMessage {
        let source = request.syntax.source
        guard let (attributes, arguments) = split(source) else {
            let position = PluginDiagnostic.Position(fileName: request.syntax.location.fileName,
                                                     offset: request.syntax.location.offset)
            return .expandMacroResult(expandedSource: nil, diagnostics: [
                PluginDiagnostic(message: "kiosk's #Preview could not read this use of the macro", position: position)])
        }
        let name = uniqueName("preview", discriminator: request.discriminator)
        var out = ""
        if !attributes.isEmpty { out += attributes + "\n" }
        out += "private enum \(name) {\n    static func make() -> Kiosk.Preview {\n        Kiosk.Preview\(arguments)\n    }\n}"
        return .expandMacroResult(expandedSource: out, diagnostics: [])
    }

    /// A name the compiler accepts from a macro without it being listed in `names:` — the form
    /// swift-syntax's `makeUniqueName` builds: the expansion's discriminator, the length-prefixed
    /// name, then the `fMu` operator and `_`.
    static func uniqueName(_ base: String, discriminator: String) -> String {
        discriminator + "\(base.utf8.count)\(base)fMu_"
    }

    /// The use's attributes (text before `#Preview`, e.g. `@available(iOS 17, *)`) and its
    /// argument text (everything after the macro name), or nil when `#Preview` is not found.
    /// Leading trivia — whitespace and comments, which may mention `#Preview` — is skipped first.
    static func split(_ source: String) -> (attributes: String, arguments: String)? {
        let chars = Array(source.unicodeScalars)
        var i = 0
        var start = 0
        var sawAttribute = false
        while i < chars.count {
            let c = chars[i]
            if c == " " || c == "\t" || c == "\n" || c == "\r" { i += 1; continue }
            if c == "/" && i + 1 < chars.count && chars[i + 1] == "/" {
                while i < chars.count && chars[i] != "\n" { i += 1 }
                continue
            }
            if c == "/" && i + 1 < chars.count && chars[i + 1] == "*" {
                i += 2
                while i + 1 < chars.count && !(chars[i] == "*" && chars[i + 1] == "/") { i += 1 }
                i += 2
                continue
            }
            if !sawAttribute { start = i }
            if c == "#" { break }
            if c == "@" {
                // An attribute: its name, then a balanced parenthesised argument list if any.
                sawAttribute = true
                i += 1
                while i < chars.count, isIdentifier(chars[i]) { i += 1 }
                if i < chars.count, chars[i] == "(" {
                    var depth = 0
                    repeat {
                        if chars[i] == "(" { depth += 1 } else if chars[i] == ")" { depth -= 1 }
                        i += 1
                    } while i < chars.count && depth > 0
                }
                continue
            }
            return nil
        }
        let macro = Array("#Preview".unicodeScalars)
        guard i + macro.count <= chars.count, Array(chars[i..<(i + macro.count)]) == macro else { return nil }
        let after = i + macro.count
        if after < chars.count, isIdentifier(chars[after]) { return nil }
        var attributes = String.UnicodeScalarView()
        attributes.append(contentsOf: chars[start..<i])
        var arguments = String.UnicodeScalarView()
        arguments.append(contentsOf: chars[after...])
        return (sawAttribute ? String(attributes).trimmingTrailingWhitespace() : "", String(arguments))
    }

    private static func isIdentifier(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c.properties.isAlphabetic || ("0"..."9").contains(c)
    }
}

extension String {
    fileprivate func trimmingTrailingWhitespace() -> String {
        var s = Substring(self)
        while let last = s.last, last.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
