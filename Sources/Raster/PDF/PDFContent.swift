// PDFContent: a page's content stream run into SVGImage's display list, so a PDF vector image
// draws through the same code as an SVG icon.
//
// The graphics state (q/Q, cm, colours and colour spaces, line style, the alphas of ExtGState
// /ca and /CA) is tracked; each painted path becomes one SVGShape whose transform is the CTM
// followed by the page's y flip. Clipping paths (W, W*) become clip layers (`beginClip` …
// `endClip`), closed at the Q that drops them; past `SVGLimits.maxLayers` nested layers a clip
// is not applied (noted). Shadings (`sh`, and shading patterns set with `scn`) of type 2 (axial)
// and 3 (radial, drawn concentric) with functions of type 2 and 3 become gradients. Form
// XObjects run in place with their /Matrix and /Resources (a transparency group under an alpha
// below 1 as a layer at that alpha). Image XObjects of 8-bit samples (FlateDecode, or JPEG) with
// an 8-bit /SMask become picture items. Soft masks of ExtGState (/SMask, alpha or luminosity)
// become mask layers whose mask is the group's own display list. Text, blend modes, other
// shadings and tiling patterns are skipped and counted in `unsupported`.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

struct PDFInterpreter {
    let doc: PDFDocument
    /// Page space (y up) → the image's (y down, origin at the box's top left).
    let flip: Affine
    /// The page's box in page space, for `sh` without a clip.
    let box: Rect
    var items: [SVGItem] = []
    var unsupported: [String: Int] = [:]

    private var operators = 0, shapes = 0, segments = 0, dashedShapes = 0
    /// Decoded image XObjects by their stream's offset (one decode however often drawn), and
    /// the pixels decoded in all, against `PDFLimits.maxImagePixels`.
    private var pictures: [Int: Surface] = [:]
    private var imagePixels = 0
    /// Layers open now (clips and groups), against `SVGLimits.maxLayers`.
    private var openLayers = 0

    enum Space {
        case gray, rgb, cmyk
        /// A palette: colours of `base` (`components` each), `lookup` bytes.
        case indexed(base: Box, hival: Int, lookup: [UInt8])
        case pattern
        /// A space not drawn (Lab, Separation, DeviceN…): its components, painted black.
        case other(name: String, components: Int)
        var isIndexed: Bool { if case .indexed = self { return true }; return false }
        var components: Int {
            switch self {
            case .gray, .indexed, .pattern: return 1
            case .rgb: return 3
            case .cmyk: return 4
            case .other(_, let n): return n
            }
        }
    }
    /// Indirection for the recursive `indexed` base.
    final class Box { let space: Space; init(_ s: Space) { space = s } }

    struct GState {
        var ctm: Affine
        var fillSpace = Space.gray, strokeSpace = Space.gray
        var fillColor = Color.black, strokeColor = Color.black
        /// A shading pattern: the gradient, and pattern space → page space at the base CTM.
        var fillPattern: SVGPaint?, strokePattern: SVGPaint?
        var fillAlpha = 1.0, strokeAlpha = 1.0
        var style = StrokeStyle()
        /// Clip and soft-mask layers begun since this state was saved (closed by the Q that drops it).
        var clips = 0
    }
    private var gs: GState
    private var saved: [GState] = []
    /// The CTM patterns are placed against: the page's (identity), or a form's at its `Do`.
    private var patternBase = Affine.identity

    private var path = Path()
    private var pathOps = 0
    private var pendingClip: FillRule?

    init(doc: PDFDocument, flip: Affine, box: Rect) {
        self.doc = doc; self.flip = flip; self.box = box
        gs = GState(ctm: .identity)
    }

    mutating func note(_ what: String) { unsupported[what, default: 0] += 1 }

    /// Runs the page's content and closes every layer left open.
    mutating func runPage(_ content: [UInt8], resources: [String: PDFObject]) throws {
        try run(content, resources: resources, depth: 0)
        while !saved.isEmpty { restore() }
        closeClips(gs.clips); gs.clips = 0
    }

    // MARK: Content streams

    mutating func run(_ content: [UInt8], resources: [String: PDFObject], depth: Int) throws {
        var lex = PDFLexer(content)
        var operands: [PDFObject] = []
        while true {
            let at = lex.i
            let t = try lex.next()
            switch t {
            case .eof: return
            case .keyword(let op) where op != "true" && op != "false" && op != "null":
                operators += 1
                guard operators <= PDFLimits.maxOperators else { throw PDFError(.tooComplex, "more than \(PDFLimits.maxOperators) operators") }
                if op == "BI" { skipInlineImage(&lex); operands.removeAll(); continue }
                try apply(op, operands, resources: resources, depth: depth)
                operands.removeAll(keepingCapacity: true)
            default:
                operands.append(try lex.object(from: t, start: at, refs: false, depth: 0))
                if operands.count > 256 { throw PDFError(.badValue, "more than 256 operands before an operator") }
            }
        }
    }

    /// `BI … ID <bytes> EI`: skipped to the `EI` that stands as a word.
    private mutating func skipInlineImage(_ lex: inout PDFLexer) {
        note("inline image")
        let b = lex.b
        var i = lex.i
        while i + 1 < lex.end && !(b[i] == 73 && b[i + 1] == 68 && PDFLexer.isSpace(i + 2 < lex.end ? b[i + 2] : 32)) { i += 1 }   // ID
        i += 3
        while i + 1 < lex.end {
            if b[i] == 69 && b[i + 1] == 73 && PDFLexer.isSpace(b[i - 1]) && (i + 2 >= lex.end || !PDFLexer.isRegular(b[i + 2])) { i += 2; break }
            i += 1
        }
        lex.i = min(i, lex.end)
    }

    private func numbers(_ op: String, _ ops: [PDFObject], _ n: Int) throws -> [Double] {
        guard ops.count >= n else { throw PDFError(.badValue, "operator \(op) wants \(n) numbers, has \(ops.count) operands") }
        var out: [Double] = []
        out.reserveCapacity(n)
        for o in ops[(ops.count - n)...] {
            guard let v = o.number else { throw PDFError(.badValue, "operator \(op) wants numbers") }
            out.append(v)
        }
        return out
    }

    private func lastName(_ op: String, _ ops: [PDFObject]) throws -> String {
        guard let n = ops.last?.name else { throw PDFError(.badValue, "operator \(op) wants a name") }
        return n
    }

    private mutating func apply(_ op: String, _ ops: [PDFObject], resources: [String: PDFObject], depth: Int) throws {
        switch op {
        // Graphics state
        case "q":
            saved.append(gs); gs.clips = 0
            guard saved.count <= 4096 else { throw PDFError(.tooDeep, "q nests deeper than 4096") }
        case "Q": restore()
        case "cm":
            let v = try numbers(op, ops, 6)
            gs.ctm = Affine(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5]).concatenating(gs.ctm)
        case "w": gs.style.lineWidth = max(0, try numbers(op, ops, 1)[0])
        case "J": gs.style.lineCap = Self.cap(try numbers(op, ops, 1)[0])
        case "j": gs.style.lineJoin = Self.join(try numbers(op, ops, 1)[0])
        case "M": gs.style.miterLimit = max(1, try numbers(op, ops, 1)[0])
        case "d":
            guard ops.count >= 2, let arr = ops[ops.count - 2].array, let phase = ops[ops.count - 1].number else {
                throw PDFError(.badValue, "operator d wants an array and a number")
            }
            setDash(arr.compactMap(\.number), phase: phase)
        case "i", "ri": break   // flatness, rendering intent
        case "gs": try extGState(try lastName(op, ops), resources, depth: depth)

        // Path construction
        case "m": let v = try numbers(op, ops, 2); path.move(to: Point(v[0], v[1])); try segment()
        case "l": let v = try numbers(op, ops, 2); lineOrMove(Point(v[0], v[1])); try segment()
        case "c":
            let v = try numbers(op, ops, 6)
            curve(Point(v[0], v[1]), Point(v[2], v[3]), Point(v[4], v[5])); try segment()
        case "v":
            let v = try numbers(op, ops, 4)
            curve(path.currentPoint ?? Point(v[0], v[1]), Point(v[0], v[1]), Point(v[2], v[3])); try segment()
        case "y":
            let v = try numbers(op, ops, 4)
            curve(Point(v[0], v[1]), Point(v[2], v[3]), Point(v[2], v[3])); try segment()
        case "h": path.close(); try segment()
        case "re":
            let v = try numbers(op, ops, 4)
            path.move(to: Point(v[0], v[1])); path.line(to: Point(v[0] + v[2], v[1]))
            path.line(to: Point(v[0] + v[2], v[1] + v[3])); path.line(to: Point(v[0], v[1] + v[3])); path.close()
            try segment(5)

        // Path painting
        case "S": try paint(fill: nil, stroke: true)
        case "s": path.close(); try paint(fill: nil, stroke: true)
        case "f", "F": try paint(fill: .nonZero, stroke: false)
        case "f*": try paint(fill: .evenOdd, stroke: false)
        case "B": try paint(fill: .nonZero, stroke: true)
        case "B*": try paint(fill: .evenOdd, stroke: true)
        case "b": path.close(); try paint(fill: .nonZero, stroke: true)
        case "b*": path.close(); try paint(fill: .evenOdd, stroke: true)
        case "n": try paint(fill: nil, stroke: false)
        case "W": pendingClip = .nonZero
        case "W*": pendingClip = .evenOdd

        // Colour
        case "g": gs.fillSpace = .gray; gs.fillPattern = nil; gs.fillColor = try color(.gray, try numbers(op, ops, 1))
        case "G": gs.strokeSpace = .gray; gs.strokePattern = nil; gs.strokeColor = try color(.gray, try numbers(op, ops, 1))
        case "rg": gs.fillSpace = .rgb; gs.fillPattern = nil; gs.fillColor = try color(.rgb, try numbers(op, ops, 3))
        case "RG": gs.strokeSpace = .rgb; gs.strokePattern = nil; gs.strokeColor = try color(.rgb, try numbers(op, ops, 3))
        case "k": gs.fillSpace = .cmyk; gs.fillPattern = nil; gs.fillColor = try color(.cmyk, try numbers(op, ops, 4))
        case "K": gs.strokeSpace = .cmyk; gs.strokePattern = nil; gs.strokeColor = try color(.cmyk, try numbers(op, ops, 4))
        case "cs", "CS":
            let space = try colorSpace(.name(try lastName(op, ops)), resources, depth: 0)
            // The initial colour of a space: black (components 0; CMYK's K 1), index 0.
            let initial: [Double]
            switch space { case .cmyk: initial = [0, 0, 0, 1]; default: initial = Array(repeating: 0, count: space.components) }
            let c = (try? color(space, initial)) ?? .black
            if op == "cs" { gs.fillSpace = space; gs.fillColor = c; gs.fillPattern = nil } else { gs.strokeSpace = space; gs.strokeColor = c; gs.strokePattern = nil }
        case "sc", "scn", "SC", "SCN":
            let fill = op == "sc" || op == "scn"
            let space = fill ? gs.fillSpace : gs.strokeSpace
            if case .pattern = space {
                let p = try patternPaint(try lastName(op, ops), resources)
                if fill { gs.fillPattern = p } else { gs.strokePattern = p }
                return
            }
            let n = ops.filter { $0.number != nil }.count
            let c = try color(space, try numbers(op, ops, min(n, space.components)))
            if fill { gs.fillColor = c; gs.fillPattern = nil } else { gs.strokeColor = c; gs.strokePattern = nil }

        // Shadings, XObjects
        case "sh": try shade(try lastName(op, ops), resources)
        case "Do": try xobject(try lastName(op, ops), resources, depth: depth)

        // Text: not drawn (fonts are not read); the operators are skipped.
        case "BT": note("text")
        case "ET", "Tc", "Tw", "Tz", "TL", "Tf", "Tr", "Ts", "Td", "TD", "Tm", "T*", "Tj", "TJ", "'", "\"", "d0", "d1": break
        // Marked content, compatibility sections: no drawing.
        case "BMC", "BDC", "EMC", "MP", "DP", "BX", "EX": break
        case "EI", "ID": break
        default: note("operator \(op.prefix(12))")
        }
    }

    private mutating func segment(_ n: Int = 1) throws {
        pathOps += n; segments += n
        guard segments <= SVGLimits.maxSegments else { throw PDFError(.tooComplex, "more than \(SVGLimits.maxSegments) path segments") }
    }
    private mutating func lineOrMove(_ p: Point) {
        if path.currentPoint == nil { path.move(to: p) } else { path.line(to: p) }
    }
    private mutating func curve(_ c1: Point, _ c2: Point, _ p: Point) {
        if path.currentPoint == nil { path.move(to: c1) }
        path.cubic(to: p, control1: c1, control2: c2)
    }

    private mutating func restore() {
        closeClips(gs.clips)
        if let s = saved.popLast() { gs = s }
    }

    private mutating func closeClips(_ n: Int) {
        for _ in 0..<n { items.append(.endClip); openLayers -= 1 }
    }

    static func cap(_ v: Double) -> LineCap { v == 1 ? .round : v == 2 ? .square : .butt }
    static func join(_ v: Double) -> LineJoin { v == 1 ? .round : v == 2 ? .bevel : .miter }

    private mutating func setDash(_ a: [Double], phase: Double) {
        if a.isEmpty || a.contains(where: { $0 < 0 }) || a.allSatisfy({ $0 == 0 }) { gs.style.dash = []; gs.style.dashPhase = 0; return }
        gs.style.dash = a.count % 2 == 1 ? a + a : a
        gs.style.dashPhase = phase
    }

    // MARK: Painting

    /// Ends the path: paints it (a fill rule, a stroke), applies a pending clip.
    private mutating func paint(fill: FillRule?, stroke: Bool) throws {
        defer { path = Path(); pathOps = 0; pendingClip = nil }
        guard !path.isEmpty else { return }
        let transform = gs.ctm.concatenating(flip)
        if fill != nil || stroke {
            var style = gs.style
            if stroke && style.lineWidth == 0 {   // 0: the thinnest line the device draws; here one point
                style.lineWidth = 1 / max(gs.ctm.maxScale, 1e-9)
            }
            if stroke && !style.dash.isEmpty {
                dashedShapes += 1
                if dashedShapes > SVGLimits.maxDashedShapes { style.dash = []; note("dashes beyond \(SVGLimits.maxDashedShapes) dashed shapes (drawn solid)") }
            }
            let f = fill == nil ? nil : paint(gs.fillColor, gs.fillPattern, alpha: gs.fillAlpha)
            let s = stroke ? paint(gs.strokeColor, gs.strokePattern, alpha: gs.strokeAlpha) : nil
            if f != nil || s != nil {
                shapes += 1
                guard shapes <= SVGLimits.maxShapes else { throw PDFError(.tooComplex, "more than \(SVGLimits.maxShapes) shapes") }
                items.append(.shape(SVGShape(path: path, transform: transform, fill: f, fillRule: fill ?? .nonZero,
                                             stroke: s, strokeStyle: style, opacity: 1)))
            }
        }
        if let rule = pendingClip { clip(path, transform: transform, rule: rule) }
    }

    /// A solid colour or a pattern's gradient (placed in the current user space) at `alpha`.
    private func paint(_ color: Color, _ pattern: SVGPaint?, alpha: Double) -> SVGPaint? {
        guard let pattern else { return color.a * alpha > 0 ? .solid(color.withAlpha(color.a * alpha)) : nil }
        // Pattern space → page (at the pattern base) → the current user space.
        guard let inv = gs.ctm.inverted() else { return nil }
        let toUser = patternBase.concatenating(inv)
        return Self.placed(pattern, toUser, alpha: alpha)
    }

    /// `p` with `m` appended to its own transform and its colours at `alpha`.
    static func placed(_ p: SVGPaint, _ m: Affine, alpha: Double) -> SVGPaint {
        func faded(_ s: [GradientStop]) -> [GradientStop] { alpha >= 1 ? s : s.map { GradientStop($0.location, $0.color.withAlpha($0.color.a * alpha)) } }
        switch p {
        case .linear(var g, let t): g.stops = faded(g.stops); return .linear(g, t.concatenating(m))
        case .radial(var g, let t): g.stops = faded(g.stops); return .radial(g, t.concatenating(m))
        case .solid(let c): return .solid(c.withAlpha(c.a * alpha))
        case .currentColor: return p
        }
    }

    /// Starts a clip layer for `path` (in the current user space), ended at the matching Q. A
    /// rectangle holding the whole page clips nothing and is left out.
    private mutating func clip(_ p: Path, transform: Affine, rule: FillRule) {
        if pathOps == 5, transform.isAxisAligned, transform.apply(p.bounds).insetBy(dx: -0.01, dy: -0.01).contains(Rect(0, 0, box.width, box.height)) { return }
        guard openLayers < SVGLimits.maxLayers else { note("clips nested deeper than \(SVGLimits.maxLayers) (drawn unclipped)"); return }
        items.append(.beginClip(path: p, transform: transform, rule: rule))
        openLayers += 1; gs.clips += 1
    }

    // MARK: Colour

    func color(_ space: Space, _ c: [Double]) throws -> Color {
        func u(_ i: Int) -> Double { i < c.count ? min(max(c[i], 0), 1) : 0 }
        switch space {
        case .gray: return Color(u(0), u(0), u(0))
        case .rgb: return Color(u(0), u(1), u(2))
        case .cmyk:
            let k = u(3)
            return Color((1 - u(0)) * (1 - k), (1 - u(1)) * (1 - k), (1 - u(2)) * (1 - k))
        case .indexed(let base, let hival, let lookup):
            let n = base.space.components
            let i = Int(min(max(c.first ?? 0, 0), Double(hival)).rounded())
            var comps: [Double] = []
            for k in 0..<n { comps.append(i * n + k < lookup.count ? Double(lookup[i * n + k]) / 255 : 0) }
            return try color(base.space, comps)
        case .pattern, .other: return .black
        }
    }

    /// A colour space by name or array (`[/ICCBased 5 0 R]`, `[/Indexed /DeviceRGB 3 <…>]`).
    mutating func colorSpace(_ o: PDFObject, _ resources: [String: PDFObject], depth: Int) throws -> Space {
        guard depth < 8 else { throw PDFError(.tooDeep, "colour spaces refer to each other too deeply") }
        let o = try doc.resolve(o)
        if let n = o.name {
            switch n {
            case "DeviceGray", "G", "CalGray": return .gray
            case "DeviceRGB", "RGB", "CalRGB": return .rgb
            case "DeviceCMYK", "CMYK": return .cmyk
            case "Pattern": return .pattern
            default:
                if let named = try doc.get(resources, "ColorSpace").dict, let d = named[n] { return try colorSpace(d, resources, depth: depth + 1) }
                throw PDFError(.badValue, "colour space /\(n) is not in the resources")
            }
        }
        guard let a = o.array, let family = try a.first.map(doc.resolve)?.name else { throw PDFError(.badValue, "a colour space is neither a name nor an array") }
        switch family {
        case "ICCBased":
            let n = a.count > 1 ? (try doc.resolve(a[1]).dict.flatMap { try doc.get($0, "N").number }) ?? 3 : 3
            return n == 1 ? .gray : n == 4 ? .cmyk : .rgb
        case "CalRGB": return .rgb
        case "CalGray": return .gray
        case "Pattern": return .pattern
        case "Indexed", "I":
            guard a.count >= 4, let hival = try doc.resolve(a[2]).number else { throw PDFError(.badValue, "an Indexed colour space is short") }
            let base = try colorSpace(a[1], resources, depth: depth + 1)
            let table: [UInt8]
            let lookup = try doc.resolve(a[3])
            if case .string(let s) = lookup { table = s } else if case .stream = lookup { table = try doc.streamBytes(lookup) } else {
                throw PDFError(.badValue, "an Indexed colour space has no lookup table")
            }
            return .indexed(base: Box(base), hival: Int(min(max(hival, 0), 255)), lookup: table)
        default:
            note("colour space \(family) (painted black)")
            let n = family == "Lab" ? 3 : family == "DeviceN" && a.count > 1 ? (try doc.resolve(a[1]).array?.count ?? 1) : 1
            return .other(name: family, components: n)
        }
    }

    // MARK: ExtGState

    private mutating func extGState(_ name: String, _ resources: [String: PDFObject], depth: Int) throws {
        guard let states = try doc.get(resources, "ExtGState").dict, let g = try doc.resolve(states[name] ?? .null).dict else {
            throw PDFError(.badValue, "graphics state /\(name) is not in the resources")
        }
        if let v = try doc.get(g, "ca").number { gs.fillAlpha = min(max(v, 0), 1) }
        if let v = try doc.get(g, "CA").number { gs.strokeAlpha = min(max(v, 0), 1) }
        if let v = try doc.get(g, "LW").number { gs.style.lineWidth = max(0, v) }
        if let v = try doc.get(g, "LC").number { gs.style.lineCap = Self.cap(v) }
        if let v = try doc.get(g, "LJ").number { gs.style.lineJoin = Self.join(v) }
        if let v = try doc.get(g, "ML").number { gs.style.miterLimit = max(1, v) }
        if let d = try doc.get(g, "D").array, d.count == 2, let arr = try doc.resolve(d[0]).array, let ph = try doc.resolve(d[1]).number {
            setDash(arr.compactMap(\.number), phase: ph)
        }
        switch try doc.get(g, "SMask") {
        case .null, .name("None"): break   // None: a mask set earlier stays until its Q (not ended early)
        case .dict(let m): try softMask(m, resources, depth: depth)
        default: note("soft mask that is not a dictionary")
        }
        switch try doc.get(g, "BM") {
        case .name(let n) where n != "Normal" && n != "Compatible": note("blend mode \(n)")
        case .array(let a) where a.first?.name.map({ $0 != "Normal" && $0 != "Compatible" }) ?? false: note("blend mode \(a.first?.name ?? "")")
        default: break
        }
    }

    /// `/SMask << /S /Alpha|/Luminosity /G form >>`: the form run into a display list of its own
    /// (under the CTM in effect now, as the specification places it), then a mask layer over
    /// what is painted until the Q that drops this state.
    private mutating func softMask(_ m: [String: PDFObject], _ resources: [String: PDFObject], depth: Int) throws {
        let luminosity = try doc.get(m, "S").name == "Luminosity"
        let group = try doc.get(m, "G")
        guard case .stream(let gd, _) = group else { note("soft mask without a group"); return }
        switch try doc.get(m, "TR") { case .null, .name("Identity"): break; default: note("soft mask transfer function") }
        if luminosity, let bc = try doc.get(m, "BC").array, bc.contains(where: { ($0.number ?? 0) != 0 }) { note("soft mask backdrop colour") }
        guard openLayers < SVGLimits.maxLayers else { note("soft masks and clips nested deeper than \(SVGLimits.maxLayers) (drawn unmasked)"); return }
        guard depth < PDFLimits.maxFormDepth else { throw PDFError(.tooDeep, "form XObjects nest deeper than \(PDFLimits.maxFormDepth) (or draw themselves)") }
        let outer = (items: items, gs: gs, saved: saved, base: patternBase, path: path, pathOps: pathOps, pendingClip: pendingClip)
        items = []; saved = []; path = Path(); pathOps = 0; pendingClip = nil
        gs = GState(ctm: gs.ctm)
        if let a = try doc.get(gd, "Matrix").array, a.count == 6 {
            let v = try a.map { try doc.resolve($0).number ?? 0 }
            gs.ctm = Affine(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5]).concatenating(gs.ctm)
        }
        patternBase = gs.ctm
        try run(try doc.streamBytes(group), resources: try doc.get(gd, "Resources").dict ?? resources, depth: depth + 1)
        while !saved.isEmpty { restore() }
        closeClips(gs.clips)
        let maskItems = items
        items = outer.items; gs = outer.gs; saved = outer.saved; patternBase = outer.base
        path = outer.path; pathOps = outer.pathOps; pendingClip = outer.pendingClip
        items.append(.beginMask(items: maskItems, luminosity: luminosity))
        openLayers += 1; gs.clips += 1
    }

    // MARK: Shadings

    /// `/Pattern` resource `name` as a paint in pattern space (a shading pattern), else nil.
    private mutating func patternPaint(_ name: String, _ resources: [String: PDFObject]) throws -> SVGPaint? {
        guard let pats = try doc.get(resources, "Pattern").dict else { throw PDFError(.badValue, "pattern /\(name) is not in the resources") }
        let p = try doc.resolve(pats[name] ?? .null)
        guard let d = p.dict else { throw PDFError(.badValue, "pattern /\(name) is not in the resources") }
        guard try doc.get(d, "PatternType").number == 2 else { note("tiling pattern"); return nil }
        var m = Affine.identity
        if let a = try doc.get(d, "Matrix").array, a.count == 6 {
            let v = try a.map { try doc.resolve($0).number ?? 0 }
            m = Affine(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
        }
        if case .null = try doc.get(d, "ExtGState") {} else { note("pattern ExtGState") }
        guard let g = try gradient(try doc.get(d, "Shading"), resources) else { return nil }
        return Self.placed(g, m, alpha: 1)
    }

    /// `sh`: the shading painted over the clip (here the page box, cut by clip layers).
    private mutating func shade(_ name: String, _ resources: [String: PDFObject]) throws {
        guard let shadings = try doc.get(resources, "Shading").dict else { throw PDFError(.badValue, "shading /\(name) is not in the resources") }
        guard let g = try gradient(try doc.resolve(shadings[name] ?? .null), resources), let inv = gs.ctm.inverted() else { return }
        let area = Path.rect(inv.apply(box))
        let paint = Self.placed(g, .identity, alpha: gs.fillAlpha)
        shapes += 1
        guard shapes <= SVGLimits.maxShapes else { throw PDFError(.tooComplex, "more than \(SVGLimits.maxShapes) shapes") }
        items.append(.shape(SVGShape(path: area, transform: gs.ctm.concatenating(flip), fill: paint, fillRule: .nonZero,
                                     stroke: nil, strokeStyle: StrokeStyle(), opacity: 1)))
    }

    /// An axial or radial shading as a gradient in shading space; others noted, nil.
    private mutating func gradient(_ o: PDFObject, _ resources: [String: PDFObject]) throws -> SVGPaint? {
        guard let d = o.dict else { throw PDFError(.badValue, "a shading is not a dictionary") }
        let type = Int(try doc.get(d, "ShadingType").number ?? 0)
        guard type == 2 || type == 3 else { note("shading type \(type)"); return nil }
        let space = try colorSpace(try doc.get(d, "ColorSpace"), resources, depth: 0)
        guard let coords = try doc.get(d, "Coords").array?.compactMap(\.number), coords.count == (type == 2 ? 4 : 6) else {
            throw PDFError(.badValue, "a shading's /Coords is not \(type == 2 ? 4 : 6) numbers")
        }
        let domain = try doc.get(d, "Domain").array?.compactMap(\.number) ?? [0, 1]
        let t0 = domain.first ?? 0, t1 = domain.count > 1 ? domain[1] : 1
        let extend = try doc.get(d, "Extend").array ?? []
        if extend.count == 2, case .bool(let a) = extend[0], case .bool(let b) = extend[1], !(a && b) { note("shading without Extend (drawn extended)") }
        // Stops: the function sampled at its breakpoints (and between them when not linear).
        let fn = try doc.get(d, "Function")
        var cuts: [Double] = [0, 1]
        var linear = true
        try breakpoints(fn, t0, t1, &cuts, &linear, depth: 0)
        cuts = Array(Set(cuts.filter { $0 >= 0 && $0 <= 1 })).sorted()
        var samples: [Double] = []
        for (k, c) in cuts.enumerated() {
            samples.append(c)
            if !linear, k + 1 < cuts.count { for s in 1..<8 { samples.append(c + (cuts[k + 1] - c) * Double(s) / 8) } }
        }
        var stops: [GradientStop] = []
        for u in samples.prefix(256) {
            let out = try evaluate(fn, t0 + (t1 - t0) * u, depth: 0)
            stops.append(GradientStop(u, try color(space, out)))
        }
        if type == 2 {
            return .linear(LinearGradient(start: Point(coords[0], coords[1]), end: Point(coords[2], coords[3]), stops: stops), .identity)
        }
        let (x0, y0, r0, x1, y1, r1) = (coords[0], coords[1], coords[2], coords[3], coords[4], coords[5])
        if x0 != x1 || y0 != y1 { note("radial shading with two centres (drawn concentric)") }
        guard r1 > 0, r1 > r0 else { note("radial shading whose end circle is not the larger"); return nil }
        // Concentric circles: t at radius r0 + t (r1 − r0), stops at that radius over r1.
        let remapped = stops.map { GradientStop((r0 + $0.location * (r1 - r0)) / r1, $0.color) }
        return .radial(RadialGradient(center: Point(x1, y1), radius: r1, stops: remapped), .identity)
    }

    /// Where a function's pieces meet, as fractions of the domain [t0, t1]; `linear` false when a
    /// piece is not a straight blend (an exponent other than 1).
    private func breakpoints(_ fn: PDFObject, _ t0: Double, _ t1: Double, _ cuts: inout [Double], _ linear: inout Bool, depth: Int) throws {
        guard depth < 8 else { throw PDFError(.tooDeep, "functions nest deeper than 8") }
        if let arr = fn.array { for f in arr { try breakpoints(try doc.resolve(f), t0, t1, &cuts, &linear, depth: depth + 1) }; return }
        guard let d = fn.dict else { return }
        switch Int(try doc.get(d, "FunctionType").number ?? -1) {
        case 2: if (try doc.get(d, "N").number ?? 1) != 1 { linear = false }
        case 3:
            let bounds = try doc.get(d, "Bounds").array?.compactMap(\.number) ?? []
            if t1 != t0 { for b in bounds.prefix(256) { cuts.append((b - t0) / (t1 - t0)) } }
            for f in (try doc.get(d, "Functions").array ?? []).prefix(256) { try breakpoints(try doc.resolve(f), t0, t1, &cuts, &linear, depth: depth + 1) }
        default: linear = false
        }
    }

    /// A function's outputs at `t` (types 2 and 3, or an array of one-output functions); a
    /// sampled (0) or PostScript (4) function throws unsupported.
    private func evaluate(_ fn: PDFObject, _ t: Double, depth: Int) throws -> [Double] {
        guard depth < 8 else { throw PDFError(.tooDeep, "functions nest deeper than 8") }
        if let arr = fn.array { return try arr.flatMap { try evaluate(try doc.resolve($0), t, depth: depth + 1).prefix(1) } }
        guard let d = fn.dict else { throw PDFError(.badValue, "a shading has no /Function") }
        let domain = try doc.get(d, "Domain").array?.compactMap(\.number) ?? [0, 1]
        let lo = domain.first ?? 0, hi = domain.count > 1 ? domain[1] : 1
        let x = min(max(t, lo), hi)
        switch Int(try doc.get(d, "FunctionType").number ?? -1) {
        case 2:
            let c0 = try doc.get(d, "C0").array?.compactMap(\.number) ?? [0]
            let c1 = try doc.get(d, "C1").array?.compactMap(\.number) ?? [1]
            let n = try doc.get(d, "N").number ?? 1
            let p = n == 1 ? x : pow(max(x, 0), n)
            return (0..<min(c0.count, c1.count)).map { c0[$0] + p * (c1[$0] - c0[$0]) }
        case 3:
            let fns = try doc.get(d, "Functions").array ?? []
            let bounds = try doc.get(d, "Bounds").array?.compactMap(\.number) ?? []
            let encode = try doc.get(d, "Encode").array?.compactMap(\.number) ?? []
            guard !fns.isEmpty, bounds.count == fns.count - 1, encode.count >= 2 * fns.count else {
                throw PDFError(.badValue, "a stitching function's /Functions, /Bounds and /Encode do not match")
            }
            var k = 0
            while k < bounds.count && x >= bounds[k] { k += 1 }
            let a = k == 0 ? lo : bounds[k - 1], b = k == bounds.count ? hi : bounds[k]
            let e0 = encode[2 * k], e1 = encode[2 * k + 1]
            let y = b == a ? e0 : e0 + (x - a) * (e1 - e0) / (b - a)
            return try evaluate(try doc.resolve(fns[k]), y, depth: depth + 1)
        case let type:
            throw PDFError(.unsupported, "function type \(type) in a shading")
        }
    }

    // MARK: Images

    /// An image XObject: 8-bit Gray, RGB, CMYK, ICCBased or Indexed samples (FlateDecode or
    /// none; DCTDecode through the JPEG decoder), with an 8-bit /SMask as its alpha, drawn in the
    /// unit square of the current user space. Others (image masks, other depths, filters) noted.
    private mutating func image(_ x: PDFObject, _ d: [String: PDFObject], _ resources: [String: PDFObject]) throws {
        guard case .stream(_, let range) = x else { return }
        if let done = pictures[range.lowerBound] { try placeImage(done); return }
        if case .bool(true) = try doc.get(d, "ImageMask") { note("image mask"); return }
        guard let w = try doc.get(d, "Width").number, let h = try doc.get(d, "Height").number, w >= 1, h >= 1,
              w <= Double(Surface.maxSide), h <= Double(Surface.maxSide), w * h <= Double(PDFLimits.maxImagePixels) else { note("image of no size or over \(PDFLimits.maxImagePixels) pixels"); return }
        let width = Int(w), height = Int(h)
        imagePixels += width * height
        guard imagePixels <= PDFLimits.maxImagePixels else { throw PDFError(.tooComplex, "images of more than \(PDFLimits.maxImagePixels) pixels in all") }
        let picture: Surface
        if Self.filters(try doc.get(d, "Filter"), doc) == ["DCTDecode"] {
            guard let jpeg = try? Surface.decodeJPEG(Array(doc.bytes[range])) else { note("image DCTDecode data unreadable"); return }
            picture = jpeg
        } else {
            guard (try doc.get(d, "BitsPerComponent").number ?? 8) == 8 else { note("image of other than 8 bits a component"); return }
            let space = try colorSpace(try doc.get(d, "ColorSpace"), resources, depth: 0)
            let data: [UInt8]
            do { data = try doc.streamBytes(x) } catch let e as PDFError where e.kind == .unsupported { note("image \(e.message)"); return }
            let n = space.components
            guard data.count >= width * height * n else { note("image data shorter than its size"); return }
            picture = try Surface(width: width, height: height)
            for y in 0..<height {
                let row = picture.row(y)
                for px in 0..<width {
                    let i = (y * width + px) * n
                    let c: RGBA8
                    switch space {
                    case .gray: c = RGBA8(r: data[i], g: data[i], b: data[i], a: 255)
                    case .rgb: c = RGBA8(r: data[i], g: data[i + 1], b: data[i + 2], a: 255)
                    default:
                        let col = try color(space, (0..<n).map { space.isIndexed ? Double(data[i + $0]) : Double(data[i + $0]) / 255 })
                        c = RGBA8(r: UInt8(Pixel.unit8(col.r)), g: UInt8(Pixel.unit8(col.g)), b: UInt8(Pixel.unit8(col.b)), a: 255)
                    }
                    row[px] = Pixel.premultiply(c)
                }
            }
        }
        // /SMask: a greyscale image whose samples are the alpha (scaled to this image's size).
        let smask = try doc.get(d, "SMask")
        if case .stream(let md, _) = smask {
            let mw = Int(try doc.get(md, "Width").number ?? 0), mh = Int(try doc.get(md, "Height").number ?? 0)
            let alpha = (try? doc.streamBytes(smask)) ?? []
            if mw >= 1, mh >= 1, mw <= Surface.maxSide, mh <= Surface.maxSide, alpha.count >= mw * mh, (try doc.get(md, "BitsPerComponent").number ?? 8) == 8 {
                for y in 0..<picture.height {
                    let row = picture.row(y), my = y * mh / picture.height
                    for px in 0..<picture.width { row[px] = Pixel.scale(row[px], UInt32(alpha[my * mw + px * mw / picture.width])) }
                }
            } else { note("image soft mask not 8-bit greyscale") }
        }
        pictures[range.lowerBound] = picture
        try placeImage(picture)
    }

    /// A decoded picture drawn in the unit square of the current user space.
    private mutating func placeImage(_ picture: Surface) throws {
        shapes += 1
        guard shapes <= SVGLimits.maxShapes else { throw PDFError(.tooComplex, "more than \(SVGLimits.maxShapes) shapes and images") }
        // Image space: the unit square, its first row at the top (y 1).
        let place = Affine(a: 1 / Double(picture.width), b: 0, c: 0, d: -1 / Double(picture.height), tx: 0, ty: 1)
        items.append(.image(picture, transform: place.concatenating(gs.ctm).concatenating(flip), opacity: gs.fillAlpha))
    }

    /// The names of a /Filter entry.
    static func filters(_ f: PDFObject, _ doc: PDFDocument) -> [String] {
        if let n = f.name { return [n] }
        return (f.array ?? []).compactMap { (try? doc.resolve($0))?.name }
    }

    // MARK: XObjects

    private mutating func xobject(_ name: String, _ resources: [String: PDFObject], depth: Int) throws {
        guard let xs = try doc.get(resources, "XObject").dict else { throw PDFError(.badValue, "XObject /\(name) is not in the resources") }
        let x = try doc.resolve(xs[name] ?? .null)
        guard case .stream(let d, _) = x else { note("XObject that is not a stream"); return }
        switch try doc.get(d, "Subtype").name {
        case "Form":
            guard depth < PDFLimits.maxFormDepth else { throw PDFError(.tooDeep, "form XObjects nest deeper than \(PDFLimits.maxFormDepth) (or draw themselves)") }
            let content = try doc.streamBytes(x)
            let own = try doc.get(d, "Resources").dict ?? resources
            saved.append(gs); gs.clips = 0
            let base = patternBase
            if let a = try doc.get(d, "Matrix").array, a.count == 6 {
                let v = try a.map { try doc.resolve($0).number ?? 0 }
                gs.ctm = Affine(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5]).concatenating(gs.ctm)
            }
            patternBase = gs.ctm
            // A transparency group under an alpha is drawn whole, then composited at that alpha.
            var group = false
            if try doc.get(d, "Group").dict != nil, gs.fillAlpha < 1, openLayers < SVGLimits.maxLayers {
                items.append(.beginLayer(opacity: gs.fillAlpha)); openLayers += 1; group = true
                gs.fillAlpha = 1; gs.strokeAlpha = 1
            }
            let depthBefore = saved.count
            try run(content, resources: own, depth: depth + 1)
            while saved.count > depthBefore { restore() }   // q left open inside the form
            closeClips(gs.clips); gs.clips = 0
            if group { items.append(.endLayer); openLayers -= 1 }
            patternBase = base
            if let s = saved.popLast() { gs = s }
        case "Image": try image(x, d, resources)
        case let other: note("XObject \(other ?? "without a subtype")")
        }
    }
}
