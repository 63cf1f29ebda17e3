// PDFObjects: the object layer of a PDF file — what a vector image exported by Figma, Sketch,
// Illustrator or macOS's Quartz needs, and nothing that can run away.
//
// The file's objects are found by scanning it for `N G obj` headers, not through the xref table
// (exporters and hand edits leave offsets wrong; a scan needs none of them). A stream's bytes
// end at its `/Length` when that is a direct number followed by `endstream`, else at the next
// `endstream` (an indirect Length may be defined later in the file, and a wrong one is common).
// Compressed object streams (`/Type /ObjStm`, PDF 1.5) are read too; xref streams are only
// objects here (their dictionary can serve as the trailer). Streams decode FlateDecode through
// zlib; other filters throw `PDFError.unsupported` when the stream is needed. References
// resolve through at most `PDFLimits.maxReferenceHops` hops (a cycle throws), a missing object
// is null (as the specification says). Everything is bounded by `PDFLimits`; bad input throws
// `PDFError` with the byte offset where it went wrong.

import CZlib

/// Why PDF bytes could not be turned into a drawing.
public struct PDFError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// The bytes do not start with `%PDF-` (within the first KiB).
        case notPDF
        /// The syntax is broken: a token that cannot be read, input cut short, no page.
        case malformed
        /// More objects, operators, path segments or decoded bytes than `PDFLimits` allow.
        case tooComplex
        /// Objects, page-tree nodes or form XObjects nest deeper than the limits allow.
        case tooDeep
        /// References that lead back to themselves.
        case referenceCycle
        /// A value that cannot be used: a number out of range, an operator's wrong operands.
        case badValue
        /// Something the reader does not do: a stream filter other than FlateDecode, encryption.
        case unsupported
    }
    public var kind: Kind
    /// What went wrong, in words.
    public var message: String
    /// The byte offset of the input where it went wrong (nil: not tied to a place).
    public var offset: Int?

    public init(_ kind: Kind, _ message: String, offset: Int? = nil) {
        self.kind = kind; self.message = message; self.offset = offset
    }
    public var description: String {
        if let offset { return "PDF at byte \(offset): \(message)" }
        return "PDF: \(message)"
    }
}

/// The limits that keep reading and interpreting a PDF bounded in time and memory.
public enum PDFLimits {
    /// Largest input accepted, in bytes.
    public static let maxBytes = 16 << 20
    /// Most objects in the file (counting those in object streams).
    public static let maxObjects = 100_000
    /// Most bytes produced by decoding streams, all streams together.
    public static let maxDecodedBytes = 64 << 20
    /// Most content-stream operators run, form XObjects' included.
    public static let maxOperators = 1_000_000
    /// Deepest nesting of arrays and dictionaries in one object.
    public static let maxNesting = 64
    /// Deepest nesting of form XObjects (each `Do` of a form inside another's content), and of
    /// the page tree.
    public static let maxFormDepth = 16
    /// Most references followed to reach one object (`1 0 R` → `2 0 R` → …).
    public static let maxReferenceHops = 32
    /// Most pixels of image XObjects decoded, all images of the file together.
    public static let maxImagePixels = 4096 * 4096
    /// Largest magnitude of a number; past it the file is refused (no real drawing needs it,
    /// and it keeps products of transforms finite).
    public static let maxNumber = 1e15
}

/// A PDF object. Streams keep their dictionary and where their raw bytes are in the file.
indirect enum PDFObject {
    case null
    case bool(Bool)
    case number(Double)
    case string([UInt8])
    case name(String)
    case array([PDFObject])
    case dict([String: PDFObject])
    case ref(Int, Int)
    case stream([String: PDFObject], Range<Int>)

    var number: Double? { if case .number(let v) = self { return v }; return nil }
    var name: String? { if case .name(let n) = self { return n }; return nil }
    var array: [PDFObject]? { if case .array(let a) = self { return a }; return nil }
    /// A dictionary, or a stream's dictionary.
    var dict: [String: PDFObject]? {
        switch self {
        case .dict(let d), .stream(let d, _): return d
        default: return nil
        }
    }
}

/// One lexical token of PDF syntax (file or content stream).
enum PDFToken: Equatable {
    case number(Double, isInt: Bool)
    case name(String)
    case string([UInt8])
    /// A bare word: `obj`, `R`, `true`, an operator (`m`, `f*`, `'`).
    case keyword(String)
    case arrayOpen, arrayClose, dictOpen, dictClose
    case eof
}

/// Tokens and objects from bytes; `i` is the read position.
struct PDFLexer {
    let b: [UInt8]
    var i: Int
    /// The end of the bytes read (a content stream's slice of the file, or its decoded bytes).
    let end: Int

    init(_ bytes: [UInt8], from start: Int = 0, to end: Int? = nil) {
        b = bytes; i = start; self.end = end ?? bytes.count
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 10 || c == 13 || c == 9 || c == 12 || c == 0 }
    static func isDelimiter(_ c: UInt8) -> Bool {
        c == 40 || c == 41 || c == 60 || c == 62 || c == 91 || c == 93 || c == 123 || c == 125 || c == 47 || c == 37
    }
    static func isRegular(_ c: UInt8) -> Bool { !isSpace(c) && !isDelimiter(c) }

    func fail(_ message: String, at: Int? = nil) -> PDFError { PDFError(.malformed, message, offset: at ?? i) }

    mutating func skipSpace() {
        while i < end {
            let c = b[i]
            if Self.isSpace(c) { i += 1 } else if c == 37 {   // % comment to the end of the line
                while i < end && b[i] != 10 && b[i] != 13 { i += 1 }
            } else { return }
        }
    }

    mutating func next() throws -> PDFToken {
        skipSpace()
        guard i < end else { return .eof }
        let start = i, c = b[i]
        switch c {
        case 91: i += 1; return .arrayOpen
        case 93: i += 1; return .arrayClose
        case 123, 125: i += 1; return .keyword(c == 123 ? "{" : "}")   // PostScript functions only
        case 60:
            if i + 1 < end && b[i + 1] == 60 { i += 2; return .dictOpen }
            return .string(try hexString())
        case 62:
            if i + 1 < end && b[i + 1] == 62 { i += 2; return .dictClose }
            throw fail("a lone '>'")
        case 40: return .string(try literalString())
        case 41: throw fail("a lone ')'")
        case 47:
            i += 1
            var bytes: [UInt8] = []
            while i < end && Self.isRegular(b[i]) {
                if b[i] == 35, i + 2 < end, let h = Self.hex(b[i + 1]), let l = Self.hex(b[i + 2]) {   // #xx
                    bytes.append(h << 4 | l); i += 3
                } else { bytes.append(b[i]); i += 1 }
            }
            return .name(String(decoding: bytes, as: UTF8.self))
        default:
            if c == 43 || c == 45 || c == 46 || (c >= 48 && c <= 57) { return try number() }
            while i < end && Self.isRegular(b[i]) { i += 1 }
            if i == start { i += 1; throw fail("an unexpected byte \(c)", at: start) }
            return .keyword(String(decoding: b[start..<i], as: UTF8.self))
        }
    }

    static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 65...70: return c - 55
        case 97...102: return c - 87
        default: return nil
        }
    }

    /// `[+-]digits[.digits]`; out of range, or a sign or point alone, throws.
    mutating func number() throws -> PDFToken {
        let start = i
        var neg = false
        if b[i] == 43 || b[i] == 45 { neg = b[i] == 45; i += 1 }
        while i < end && (b[i] == 43 || b[i] == 45) { i += 1 }   // "--5": some writers emit it; the first sign counts
        var v = 0.0, digits = 0, isInt = true, scale = 1.0
        while i < end && b[i] >= 48 && b[i] <= 57 { v = v * 10 + Double(b[i] - 48); digits += 1; i += 1 }
        if i < end && b[i] == 46 {
            isInt = false; i += 1
            while i < end && b[i] >= 48 && b[i] <= 57 { scale /= 10; v += Double(b[i] - 48) * scale; digits += 1; i += 1 }
        }
        if i < end && Self.isRegular(b[i]) {
            while i < end && Self.isRegular(b[i]) { i += 1 }
            throw PDFError(.badValue, "“\(String(decoding: b[start..<i].prefix(40), as: UTF8.self))” is not a number", offset: start)
        }
        guard digits > 0 else { throw PDFError(.badValue, "a sign or point with no digits", offset: start) }
        guard v.isFinite, v <= PDFLimits.maxNumber else { throw PDFError(.badValue, "a number out of range (over \(PDFLimits.maxNumber))", offset: start) }
        return .number(neg ? -v : v, isInt: isInt)
    }

    mutating func literalString() throws -> [UInt8] {
        let start = i
        i += 1
        var out: [UInt8] = [], depth = 1
        while i < end {
            let c = b[i]; i += 1
            switch c {
            case 40: depth += 1; out.append(c)
            case 41:
                depth -= 1
                if depth == 0 { return out }
                out.append(c)
            case 92:
                guard i < end else { break }
                let e = b[i]; i += 1
                switch e {
                case 110: out.append(10)
                case 114: out.append(13)
                case 116: out.append(9)
                case 98: out.append(8)
                case 102: out.append(12)
                case 13: if i < end && b[i] == 10 { i += 1 }   // a line continuation
                case 10: break
                case 48...55:
                    var v = Int(e - 48), n = 1
                    while n < 3, i < end, b[i] >= 48, b[i] <= 55 { v = v * 8 + Int(b[i] - 48); i += 1; n += 1 }
                    out.append(UInt8(truncatingIfNeeded: v))
                default: out.append(e)
                }
            default: out.append(c)
            }
        }
        throw fail("a string left open", at: start)
    }

    mutating func hexString() throws -> [UInt8] {
        let start = i
        i += 1
        var out: [UInt8] = [], high: UInt8? = nil
        while i < end {
            let c = b[i]; i += 1
            if c == 62 {
                if let h = high { out.append(h << 4) }
                return out
            }
            if Self.isSpace(c) { continue }
            guard let v = Self.hex(c) else { throw fail("a hex string holds '\(Character(Unicode.Scalar(c)))'", at: i - 1) }
            if let h = high { out.append(h << 4 | v); high = nil } else { high = v }
        }
        throw fail("a hex string left open", at: start)
    }

    /// One object. `refs`: `N G R` is a reference (file syntax); in content streams it is not.
    /// A keyword other than true/false/null throws, as does input that ends inside the object.
    mutating func object(refs: Bool, depth: Int = 0) throws -> PDFObject {
        let start = i
        let t = try next()
        return try object(from: t, start: start, refs: refs, depth: depth)
    }

    mutating func object(from t: PDFToken, start: Int, refs: Bool, depth: Int) throws -> PDFObject {
        guard depth <= PDFLimits.maxNesting else { throw PDFError(.tooDeep, "arrays and dictionaries nest deeper than \(PDFLimits.maxNesting)", offset: start) }
        switch t {
        case .number(let v, let isInt):
            if refs && isInt && v >= 0 {
                // `N G R`? Look ahead two tokens, else put them back.
                let save = i
                if case .number(let g, true)? = try? next(), g >= 0, case .keyword("R")? = try? next(), v <= 10_000_000 {
                    return .ref(Int(v), Int(min(g, 65535)))
                }
                i = save
            }
            return .number(v)
        case .name(let n): return .name(n)
        case .string(let s): return .string(s)
        case .arrayOpen:
            var items: [PDFObject] = []
            while true {
                let at = i
                let t = try next()
                if t == .arrayClose { return .array(items) }
                if t == .eof { throw fail("an array left open", at: start) }
                items.append(try object(from: t, start: at, refs: refs, depth: depth + 1))
            }
        case .dictOpen:
            var d: [String: PDFObject] = [:]
            while true {
                let at = i
                let t = try next()
                if t == .dictClose { return .dict(d) }
                guard case .name(let key) = t else {
                    if t == .eof { throw fail("a dictionary left open", at: start) }
                    throw fail("a dictionary key is not a name", at: at)
                }
                let vAt = i
                let vt = try next()
                if vt == .dictClose { d[key] = .null; return .dict(d) }   // a key with no value: null
                if vt == .eof { throw fail("a dictionary left open", at: start) }
                d[key] = try object(from: vt, start: vAt, refs: refs, depth: depth + 1)
            }
        case .keyword("true"): return .bool(true)
        case .keyword("false"): return .bool(false)
        case .keyword("null"): return .null
        case .keyword(let k): throw PDFError(.malformed, "“\(k.prefix(40))” where a value was expected", offset: start)
        case .arrayClose, .dictClose: throw fail("a close bracket where a value was expected", at: start)
        case .eof: throw fail("the input ends where a value was expected", at: start)
        }
    }
}

/// A PDF file's objects, found by scanning, with stream decoding and reference resolution.
final class PDFDocument {
    let bytes: [UInt8]
    private(set) var objects: [Int: PDFObject] = [:]
    private(set) var trailer: [String: PDFObject] = [:]
    private var decodedBytes = 0
    private var decoded: [Int: [UInt8]] = [:]

    init(_ bytes: [UInt8]) throws {
        guard bytes.count <= PDFLimits.maxBytes else { throw PDFError(.tooComplex, "the file is over \(PDFLimits.maxBytes) bytes") }
        guard Self.sniff(bytes) else { throw PDFError(.notPDF, "the file does not start with %PDF-") }
        self.bytes = bytes
        try scan()
        if trailer["Encrypt"] != nil { throw PDFError(.unsupported, "the file is encrypted") }
        try readObjectStreams()
    }

    /// `%PDF-` within the first KiB (some writers put bytes before it).
    static func sniff(_ bytes: [UInt8]) -> Bool {
        let n = min(bytes.count, 1024)
        guard n >= 5 else { return false }
        for s in 0...(n - 5) where bytes[s] == 37 && bytes[s + 1] == 80 && bytes[s + 2] == 68 && bytes[s + 3] == 70 && bytes[s + 4] == 45 {
            return true
        }
        return false
    }

    /// Finds every `N G obj … endobj` in file order (a later definition of a number wins, as an
    /// incremental update's does) and every `trailer` dictionary (the last wins).
    private func scan() throws {
        let b = bytes, n = b.count
        var j = 0
        while j + 3 <= n {
            // "obj" or "trailer", as whole words.
            if b[j] == 111 && j + 3 <= n && b[j + 1] == 98 && b[j + 2] == 106 && (j + 3 == n || !PDFLexer.isRegular(b[j + 3])),
               let num = objectNumber(endingBefore: j) {
                guard objects.count < PDFLimits.maxObjects else { throw PDFError(.tooComplex, "more than \(PDFLimits.maxObjects) objects", offset: j) }
                var lex = PDFLexer(b, from: j + 3)
                let value = try lex.object(refs: true)
                let afterValue = lex.i
                if case .keyword("stream") = try lex.next(), case .dict(let d) = value {
                    let range = try streamData(d, at: lex.i, object: num)
                    objects[num] = .stream(d, range)
                    j = range.upperBound
                    continue
                }
                objects[num] = value
                j = afterValue
                continue
            }
            if b[j] == 116 && j + 7 <= n && b[j..<(j + 7)].elementsEqual("trailer".utf8) && (j == 0 || !PDFLexer.isRegular(b[j - 1])) {
                var lex = PDFLexer(b, from: j + 7)
                if case .dict(let d)? = try? lex.object(refs: true) {
                    for (k, v) in d { trailer[k] = v }   // an update's trailer over the original's
                    j = lex.i
                    continue
                }
            }
            j += 1
        }
        if trailer["Root"] == nil {
            // An xref stream's dictionary holds the trailer's keys (PDF 1.5).
            for (_, o) in objects.sorted(by: { $0.key < $1.key }) {
                if case .stream(let d, _) = o, d["Type"]?.name == "XRef", let root = d["Root"] { trailer["Root"] = root; trailer["Encrypt"] = d["Encrypt"] }
            }
        }
    }

    /// The object number of a header `N G ` that ends right before `j` (where "obj" starts).
    private func objectNumber(endingBefore j: Int) -> Int? {
        let b = bytes
        var k = j - 1
        func skipSpaces() -> Bool {
            let s = k
            while k >= 0 && PDFLexer.isSpace(b[k]) { k -= 1 }
            return k < s
        }
        func digits() -> Int? {
            let e = k
            while k >= 0 && b[k] >= 48 && b[k] <= 57 && e - k < 10 { k -= 1 }
            guard k < e else { return nil }
            var v = 0
            for x in (k + 1)...e { v = v * 10 + Int(b[x] - 48) }
            return v
        }
        guard skipSpaces(), digits() != nil, skipSpaces(), let num = digits() else { return nil }
        guard k < 0 || !PDFLexer.isRegular(b[k]) else { return nil }
        return num
    }

    /// The byte range of a stream whose data starts after the `stream` keyword at `i`.
    private func streamData(_ d: [String: PDFObject], at i: Int, object: Int) throws -> Range<Int> {
        let b = bytes
        var s = i
        // The keyword is followed by CRLF or LF (a CR alone is tolerated).
        if s < b.count && b[s] == 13 { s += 1 }
        if s < b.count && b[s] == 10 { s += 1 }
        func endstreamAt(_ p: Int) -> Bool {
            var q = p
            while q < b.count && PDFLexer.isSpace(b[q]) && q - p < 4 { q += 1 }
            return q + 9 <= b.count && b[q..<(q + 9)].elementsEqual("endstream".utf8)
        }
        if case .number(let len)? = d["Length"], len >= 0, len <= Double(b.count - s), endstreamAt(s + Int(len)) {
            return s..<(s + Int(len))
        }
        // No usable Length: up to the next `endstream`, without the end-of-line before it.
        let key = Array("endstream".utf8)
        var p = s
        while p + key.count <= b.count {
            if b[p] == 101 && b[p..<(p + key.count)].elementsEqual(key) {
                var e = p
                if e > s && b[e - 1] == 10 { e -= 1 }
                if e > s && b[e - 1] == 13 { e -= 1 }
                return s..<e
            }
            p += 1
        }
        throw PDFError(.malformed, "the stream of object \(object) runs past the end of the file (cut short?)", offset: s)
    }

    /// Objects held in compressed object streams, where no direct definition exists.
    private func readObjectStreams() throws {
        for (num, o) in objects.sorted(by: { $0.key < $1.key }) {
            guard case .stream(let d, _) = o, d["Type"]?.name == "ObjStm" else { continue }
            guard let count = try resolve(d["N"] ?? .null).number, let first = try resolve(d["First"] ?? .null).number,
                  count >= 0, first >= 0 else { throw PDFError(.malformed, "object stream \(num) has no /N or /First") }
            let data = try streamBytes(o)
            guard Int(first) <= data.count else { throw PDFError(.malformed, "object stream \(num): /First is past its end") }
            var lex = PDFLexer(data)
            var pairs: [(Int, Int)] = []
            for _ in 0..<min(Int(count), PDFLimits.maxObjects) {
                guard case .number(let n, true) = try lex.next(), case .number(let off, true) = try lex.next() else {
                    throw PDFError(.malformed, "object stream \(num): its header is not pairs of numbers")
                }
                pairs.append((Int(n), Int(off)))
            }
            for (n, off) in pairs where objects[n] == nil {
                guard objects.count < PDFLimits.maxObjects else { throw PDFError(.tooComplex, "more than \(PDFLimits.maxObjects) objects") }
                let at = Int(first) + off
                guard at < data.count else { throw PDFError(.malformed, "object stream \(num): object \(n) is past its end") }
                var l = PDFLexer(data, from: at)
                objects[n] = try l.object(refs: true)
            }
        }
    }

    /// The object a reference leads to (through references to references); others as they are.
    func resolve(_ o: PDFObject) throws -> PDFObject {
        var o = o, hops = 0
        while case .ref(let n, _) = o {
            hops += 1
            guard hops <= PDFLimits.maxReferenceHops else { throw PDFError(.referenceCycle, "references lead back to object \(n) (or chain more than \(PDFLimits.maxReferenceHops) deep)") }
            o = objects[n] ?? .null
        }
        return o
    }

    /// `d[key]` resolved.
    func get(_ d: [String: PDFObject], _ key: String) throws -> PDFObject { try resolve(d[key] ?? .null) }

    /// The decoded bytes of a stream object. Throws for filters other than FlateDecode (and
    /// its PNG/TIFF predictors, which images use), or past `maxDecodedBytes` in all.
    func streamBytes(_ o: PDFObject) throws -> [UInt8] {
        guard case .stream(let d, let range) = o else { throw PDFError(.malformed, "a stream was expected") }
        if let done = decoded[range.lowerBound] { return done }
        var data = Array(bytes[range])
        var filters: [String] = []
        var parms: [PDFObject] = []
        switch try get(d, "Filter") {
        case .name(let f): filters = [f]; parms = [try get(d, "DecodeParms")]
        case .array(let fs):
            filters = try fs.map { guard let n = try resolve($0).name else { throw PDFError(.malformed, "a /Filter entry is not a name") }; return n }
            parms = (try get(d, "DecodeParms")).array ?? []
        default: break
        }
        for (k, f) in filters.enumerated() {
            switch f {
            case "FlateDecode", "Fl":
                data = try Self.inflate(data, limit: PDFLimits.maxDecodedBytes - decodedBytes)
                if k < parms.count, let p = try resolve(parms[k]).dict, let pred = try get(p, "Predictor").number, pred > 1 {
                    data = try unpredict(data, p, predictor: Int(pred))
                }
            default:
                throw PDFError(.unsupported, "stream filter \(f)", offset: range.lowerBound)
            }
        }
        decodedBytes += data.count
        guard decodedBytes <= PDFLimits.maxDecodedBytes else { throw PDFError(.tooComplex, "streams decode to more than \(PDFLimits.maxDecodedBytes) bytes") }
        decoded[range.lowerBound] = data
        return data
    }

    /// Undoes FlateDecode's PNG predictors (10…15: a filter byte per row); TIFF's (2) throws.
    private func unpredict(_ data: [UInt8], _ p: [String: PDFObject], predictor: Int) throws -> [UInt8] {
        guard predictor >= 10 else { throw PDFError(.unsupported, "FlateDecode predictor \(predictor)") }
        let colors = Int(try get(p, "Colors").number ?? 1), bpc = Int(try get(p, "BitsPerComponent").number ?? 8)
        let columns = Int(try get(p, "Columns").number ?? 1)
        guard (1...32).contains(colors), [1, 2, 4, 8, 16].contains(bpc), (1...1 << 16).contains(columns) else {
            throw PDFError(.badValue, "FlateDecode predictor parameters out of range")
        }
        let bpp = max(1, colors * bpc / 8), rowBytes = (colors * bpc * columns + 7) / 8
        var out: [UInt8] = []
        out.reserveCapacity(data.count)
        var prev = [UInt8](repeating: 0, count: rowBytes), row = prev
        var i = 0
        while i + 1 + rowBytes <= data.count {
            let type = data[i]; i += 1
            for x in 0..<rowBytes {
                let raw = data[i + x]
                let a = x >= bpp ? Int(row[x - bpp]) : 0, up = Int(prev[x]), c = x >= bpp ? Int(prev[x - bpp]) : 0
                var v: Int
                switch type {
                case 1: v = Int(raw) + a
                case 2: v = Int(raw) + up
                case 3: v = Int(raw) + (a + up) / 2
                case 4:
                    let pa = abs(up - c), pb = abs(a - c), pc = abs(a + up - 2 * c)
                    v = Int(raw) + (pa <= pb && pa <= pc ? a : pb <= pc ? up : c)
                default: v = Int(raw)
                }
                row[x] = UInt8(truncatingIfNeeded: v)
            }
            out.append(contentsOf: row)
            swap(&prev, &row)
            i += rowBytes
        }
        return out
    }

    /// zlib (or raw deflate) data inflated, up to `limit` bytes. Data cut short keeps what it
    /// gave (viewers draw such files too); corrupt data throws.
    static func inflate(_ input: [UInt8], limit: Int) throws -> [UInt8] {
        if let out = try inflate(input, windowBits: 15 + 32, limit: limit) { return out }
        if let out = try inflate(input, windowBits: -15, limit: limit) { return out }
        throw PDFError(.malformed, "FlateDecode data is corrupt")
    }

    /// nil: the data is not in this format (zlib reports a data error before any output).
    private static func inflate(_ input: [UInt8], windowBits: Int32, limit: Int) throws -> [UInt8]? {
        // zlib keeps a pointer back to the z_stream: it must not move between calls.
        let strm = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        strm.initialize(to: z_stream())
        defer { strm.deinitialize(count: 1); strm.deallocate() }
        guard kiosk_inflate_init(strm, windowBits) == Z_OK else { throw PDFError(.unsupported, "zlib could not start inflating") }
        defer { inflateEnd(strm) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        return try input.withUnsafeBufferPointer { inp -> [UInt8]? in
            strm.pointee.next_in = UnsafeMutablePointer(mutating: inp.baseAddress)
            strm.pointee.avail_in = UInt32(inp.count)
            while true {
                let (r, produced) = chunk.withUnsafeMutableBufferPointer { c -> (Int32, Int) in
                    strm.pointee.next_out = c.baseAddress
                    strm.pointee.avail_out = UInt32(c.count)
                    let r = CZlib.inflate(strm, Z_NO_FLUSH)
                    return (r, c.count - Int(strm.pointee.avail_out))
                }
                out.append(contentsOf: chunk[0..<produced])
                guard out.count <= limit else { throw PDFError(.tooComplex, "streams decode to more than \(PDFLimits.maxDecodedBytes) bytes") }
                if r == Z_STREAM_END { return out }
                if r == Z_OK { if produced == 0 && strm.pointee.avail_in == 0 { return out }; continue }
                if r == Z_BUF_ERROR { return out }   // cut short: what it gave
                if out.isEmpty { return nil }
                return out   // corrupt past some output: what it gave
            }
        }
    }
}
