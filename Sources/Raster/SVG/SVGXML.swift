// SVGXML: the small XML reader SVG parsing needs — elements, attributes, the text of <style>
// elements — and nothing that can run away. Entities: the five predefined ones and numeric
// character references only; a DOCTYPE is skipped whole, so entities it declares are never
// expanded (no billion laughs): a reference to one stays as written and is reported. Nesting is
// capped at `SVGLimits.maxDepth` and the element count at `SVGLimits.maxElements`; anything
// else malformed (a tag left open, a mismatched end tag, an unquoted attribute, input cut short)
// throws `SVGError` naming the line.

/// Why SVG bytes could not be turned into a drawing.
public struct SVGError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// The XML is not well formed (or ends early).
        case malformedXML
        /// The document's root element is not `<svg>`.
        case notSVG
        /// Elements nest deeper than `SVGLimits.maxDepth`, or `use` references do.
        case tooDeep
        /// More elements, shapes or path segments than the limits allow (after `use` expansion).
        case tooComplex
        /// An attribute value cannot be read: path data, numbers, lengths, transforms, points.
        case badValue
        /// A `use` that (through others) refers to itself.
        case referenceCycle
        /// The requested raster size is over the decode budget.
        case tooLarge
    }
    public var kind: Kind
    /// What went wrong, in words.
    public var message: String
    /// The 1-based line of the input where it went wrong (0: not tied to a place).
    public var line: Int

    public init(_ kind: Kind, _ message: String, line: Int = 0) {
        self.kind = kind; self.message = message; self.line = line
    }
    public var description: String {
        line > 0 ? "SVG line \(line): \(message)" : "SVG: \(message)"
    }
}

/// The limits that keep parsing and drawing an SVG bounded in time and memory.
public enum SVGLimits {
    /// Largest input accepted, in bytes.
    public static let maxBytes = 8 << 20
    /// Deepest element nesting (and deepest chain of `use` references).
    public static let maxDepth = 64
    /// Most elements in the document.
    public static let maxElements = 100_000
    /// Most shapes in the display list, counting each `use` copy.
    public static let maxShapes = 20_000
    /// Most path segments in the display list, counting each `use` copy.
    public static let maxSegments = 1_000_000
    /// Most dashed strokes: each may cut up to 10 000 dashes when drawn (Stroker.maxDashes), so
    /// past this many the rest are drawn solid, keeping one draw's time bounded.
    public static let maxDashedShapes = 64
    /// Deepest nesting of group-opacity layers drawn offscreen; deeper ones fold their opacity
    /// into their shapes.
    public static let maxLayers = 4
}

/// One element: a name without its namespace prefix, attributes in order, element children.
final class XMLNode {
    let name: String
    var attributes: [(name: String, value: String)]
    var children: [XMLNode] = []
    /// Character data (kept for <style> only).
    var text = ""
    let line: Int
    init(name: String, attributes: [(name: String, value: String)], line: Int) {
        self.name = name; self.attributes = attributes; self.line = line
    }
    func attribute(_ name: String) -> String? {
        for a in attributes where a.name == name { return a.value }
        return nil
    }
}

struct XMLReader {
    let b: [UInt8]
    var i = 0
    var line = 1
    var elements = 0
    /// Entity references left unexpanded (names).
    var unexpanded: [String] = []

    init(_ bytes: [UInt8]) { b = bytes }

    func fail(_ message: String) -> SVGError { SVGError(.malformedXML, message, line: line) }

    mutating func advance(_ n: Int = 1) {
        var k = 0
        while k < n && i < b.count { if b[i] == 10 { line += 1 }; i += 1; k += 1 }
    }
    func starts(_ s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard i + n <= b.count else { return false }
        let p = s.utf8Start
        for k in 0..<n where b[i + k] != p[k] { return false }
        return true
    }
    /// Skips to just past `end`, or throws `what` ends early.
    mutating func skip(past end: StaticString, _ what: String) throws {
        while i < b.count {
            if starts(end) { advance(end.utf8CodeUnitCount); return }
            advance()
        }
        throw fail("the input ends inside \(what)")
    }
    static func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }
    static func isNameByte(_ c: UInt8) -> Bool {
        (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c == 95 || c == 58 || c == 45 || c == 46 || c >= 0x80
    }
    mutating func skipSpace() { while i < b.count && XMLReader.isSpace(b[i]) { advance() } }
    mutating func name() throws -> String {
        let s = i
        while i < b.count && XMLReader.isNameByte(b[i]) { i += 1 }
        guard i > s else {
            if i >= b.count { throw fail("the input ends inside a tag") }
            throw fail("expected a name, found '\(String(decoding: [b[i]], as: UTF8.self))'")
        }
        return String(decoding: b[s..<i], as: UTF8.self)
    }

    /// Text with references decoded; unknown entities stay as written.
    mutating func decode(_ s: Int, _ e: Int) -> String {
        var hasAmp = false
        for k in s..<e where b[k] == 38 { hasAmp = true; break }
        if !hasAmp { return String(decoding: b[s..<e], as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(e - s)
        var k = s
        while k < e {
            let c = b[k]
            guard c == 38, let semi = b[k..<min(e, k + 40)].firstIndex(of: 59) else { out.append(c); k += 1; continue }
            let ref = String(decoding: b[(k + 1)..<semi], as: UTF8.self)
            var scalar: UInt32?
            switch ref {
            case "lt": scalar = 60
            case "gt": scalar = 62
            case "amp": scalar = 38
            case "quot": scalar = 34
            case "apos": scalar = 39
            default:
                if ref.hasPrefix("#x") || ref.hasPrefix("#X") { scalar = UInt32(ref.dropFirst(2), radix: 16) }
                else if ref.hasPrefix("#") { scalar = UInt32(ref.dropFirst(), radix: 10) }
            }
            if let v = scalar, let u = Unicode.Scalar(v), v != 0 {
                out.append(contentsOf: Array(String(Character(u)).utf8))
            } else {
                if unexpanded.count < 16 { unexpanded.append(ref) }
                out.append(contentsOf: b[k...semi])
            }
            k = semi + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func localName(_ n: String) -> String {
        if let colon = n.lastIndex(of: ":") { return String(n[n.index(after: colon)...]) }
        return n
    }

    /// Reads the document and returns its root element.
    mutating func parseDocument() throws -> XMLNode {
        if b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { i = 3 }
        var stack: [XMLNode] = []
        var root: XMLNode?
        while i < b.count {
            if b[i] != 60 {   // character data
                let s = i
                while i < b.count && b[i] != 60 { if b[i] == 10 { line += 1 }; i += 1 }
                if let top = stack.last, top.name == "style", top.text.utf8.count < 1 << 20 { top.text += decode(s, i) }
                else if stack.isEmpty, b[s..<i].contains(where: { !XMLReader.isSpace($0) }) {
                    throw fail(root == nil ? "text before the root element: not XML" : "text after the root element")
                }
                continue
            }
            if starts("<!--") { try skip(past: "-->", "a comment"); continue }
            if starts("<![CDATA[") {
                advance(9)
                let s = i
                try skip(past: "]]>", "a CDATA section")
                if let top = stack.last, top.name == "style" { top.text += String(decoding: b[s..<(i - 3)], as: UTF8.self) }
                continue
            }
            if starts("<?") { try skip(past: "?>", "a processing instruction"); continue }
            if starts("<!") { try skipDeclaration(); continue }
            if starts("</") {
                advance(2)
                let n = XMLReader.localName(try name())
                skipSpace()
                guard i < b.count else { throw fail("the input ends inside the end tag </\(n)>") }
                guard b[i] == 62 else { throw fail("expected '>' to close </\(n)>") }
                advance()
                guard let top = stack.popLast() else { throw fail("end tag </\(n)> with no element open") }
                guard top.name == n else { throw fail("end tag </\(n)> closes <\(top.name)> (opened on line \(top.line))") }
                continue
            }
            // Start tag.
            let tagLine = line
            advance()
            let n = XMLReader.localName(try name())
            var attrs: [(name: String, value: String)] = []
            var selfClosing = false
            while true {
                skipSpace()
                guard i < b.count else { throw fail("the input ends inside the tag <\(n)>") }
                if b[i] == 62 { advance(); break }
                if b[i] == 47 {
                    advance()
                    guard i < b.count, b[i] == 62 else { throw fail("expected '>' after '/' in <\(n)>") }
                    advance(); selfClosing = true; break
                }
                let an = try name()
                skipSpace()
                guard i < b.count, b[i] == 61 else { throw fail("attribute \(an) of <\(n)> has no '=' value") }
                advance(); skipSpace()
                guard i < b.count, b[i] == 34 || b[i] == 39 else { throw fail("attribute \(an) of <\(n)>: the value must be quoted") }
                let q = b[i]
                advance()
                let s = i
                while i < b.count && b[i] != q { if b[i] == 60 { throw fail("'<' inside the value of \(an) in <\(n)>") }; advance() }
                guard i < b.count else { throw fail("the input ends inside the value of \(an) in <\(n)>") }
                attrs.append((an, decode(s, i)))
                advance()
                if attrs.count > 1000 { throw SVGError(.tooComplex, "<\(n)> has more than 1000 attributes", line: tagLine) }
            }
            elements += 1
            guard elements <= SVGLimits.maxElements else { throw SVGError(.tooComplex, "more than \(SVGLimits.maxElements) elements", line: tagLine) }
            let node = XMLNode(name: n, attributes: attrs, line: tagLine)
            if let top = stack.last { top.children.append(node) }
            else if root == nil { root = node }
            else { throw fail("a second root element <\(n)>") }
            if !selfClosing {
                stack.append(node)
                guard stack.count <= SVGLimits.maxDepth else { throw SVGError(.tooDeep, "elements nest deeper than \(SVGLimits.maxDepth)", line: tagLine) }
            }
        }
        if let open = stack.last { throw fail("the input ends inside <\(open.name)> (opened on line \(open.line)): truncated") }
        guard let root else { throw fail("no root element: empty or not XML") }
        return root
    }

    /// Skips `<!DOCTYPE …>` including an internal subset in brackets, without reading it.
    mutating func skipDeclaration() throws {
        var depth = 0
        var quote: UInt8 = 0
        advance(2)
        while i < b.count {
            let c = b[i]
            if quote != 0 { if c == quote { quote = 0 } }
            else if c == 34 || c == 39 { quote = c }
            else if c == 91 { depth += 1 }
            else if c == 93 { depth -= 1 }
            else if c == 62 && depth <= 0 { advance(); return }
            advance()
        }
        throw fail("the input ends inside a <!DOCTYPE> declaration")
    }
}
