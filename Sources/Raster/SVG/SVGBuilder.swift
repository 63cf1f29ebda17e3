// SVGBuilder: the element tree → SVGImage's display list. Properties cascade as SVG says:
// presentation attributes, then matching rules of <style> sheets (simple selectors: tag, .class,
// #id, compounds of them, comma lists; by specificity, then order), then the `style`
// attribute; inherited ones pass to children, `inherit` takes the parent's. Gradients are
// resolved per shape (objectBoundingBox needs its bounds), `use` instantiates its target with
// the use's properties as parent; a target's parsed path is built once however often it is used.

/// Inherited properties (and `opacity`, applied per element).
struct SVGStyle {
    indirect enum PaintSpec {
        case none, color(Color), currentColor
        case url(String, fallback: PaintSpec?)
    }
    var fill: PaintSpec = .color(.black)
    var fillOpacity = 1.0
    var fillRule: FillRule = .nonZero
    var stroke: PaintSpec = .none
    var strokeOpacity = 1.0
    var strokeWidth = 1.0
    var cap: LineCap = .butt
    var join: LineJoin = .miter
    var miterLimit = 4.0
    var dash: [Double] = []
    var dashOffset = 0.0
    /// The `color` property; nil while the document has not set one.
    var color: Color?
    var visible = true
}

struct CSSRule {
    var tag: String?
    var id: String?
    var classes: [String]
    var specificity: Int
    var order: Int
    var declarations: [(String, String)]
}

struct SVGBuilder {
    let root: XMLNode
    var width = 300.0, height = 150.0
    var viewBox = Rect(0, 0, 300, 150)
    var aspect = SVGAspect.default
    var items: [SVGItem] = []
    var unsupported: [String: Int] = [:]
    var ids: [String: XMLNode] = [:]
    var rules: [CSSRule] = []
    var segments = 0
    var shapes = 0
    var dashedShapes = 0
    /// Paths already built, by element (a `use` target drawn again is not parsed again).
    var pathCache: [ObjectIdentifier: (Path, Int)] = [:]
    var useStack: [ObjectIdentifier] = []
    var layerDepth = 0

    init(root: XMLNode) { self.root = root }

    mutating func note(_ what: String) { unsupported[what, default: 0] += 1 }

    static let inherited: Set<String> = ["fill", "fill-opacity", "fill-rule", "stroke", "stroke-opacity", "stroke-width",
                                         "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray",
                                         "stroke-dashoffset", "color", "visibility"]
    static let properties: Set<String> = inherited.union(["opacity", "display", "stop-color", "stop-opacity", "clip-path",
                                                          "mask", "filter", "marker-start", "marker-mid", "marker-end",
                                                          "vector-effect"])

    // MARK: the document

    mutating func buildRoot() throws {
        index(root, depth: 0)
        // Intrinsic size and viewBox.
        let vbAttr = try root.attribute("viewBox").map { try SVGValues.numbers($0, what: "viewBox", line: root.line) }
        var vb: Rect?
        if let v = vbAttr {
            guard v.count == 4 else { throw SVGError(.badValue, "viewBox needs 4 numbers, has \(v.count)", line: root.line) }
            if v[2] > 0 && v[3] > 0 { vb = Rect(v[0], v[1], v[2], v[3]) }
            else { vb = Rect(v[0], v[1], 0, 0) }   // a zero or negative viewBox disables drawing
        }
        func side(_ name: String) throws -> Double? {
            guard let s = root.attribute(name), !s.trimmingSVGSpace().hasSuffix("%"), !s.trimmingSVGSpace().isEmpty, s != "auto" else { return nil }
            return try length(s, what: name, line: root.line, percentOf: 0)
        }
        let w = try side("width"), h = try side("height")
        if let w, let h { width = w; height = h }
        else if let vb, vb.width > 0, vb.height > 0 {
            // One side given: the other by the viewBox's aspect ratio.
            if let w { width = w; height = w * vb.height / vb.width }
            else if let h { height = h; width = h * vb.width / vb.height }
            else { width = vb.width; height = vb.height }
        } else { width = w ?? 300; height = h ?? 150 }
        guard width.isFinite, height.isFinite else { throw SVGError(.badValue, "the size is not finite", line: root.line) }
        width = Swift.max(0, width); height = Swift.max(0, height)
        viewBox = vb ?? Rect(0, 0, width, height)
        if let p = root.attribute("preserveAspectRatio") { aspect = SVGAspect(parsing: p.trimmingSVGSpace()) }
        try build(root, parent: SVGStyle(), ctm: .identity, depth: 0, isRoot: true)
    }

    /// Ids and style sheets, before anything is drawn (a reference may point forward).
    mutating func index(_ n: XMLNode, depth: Int) {
        if let id = n.attribute("id"), ids[id] == nil { ids[id] = n }
        if n.name == "style" {
            let type = n.attribute("type") ?? "text/css"
            if type == "text/css" || type.isEmpty { parseCSS(n.text) } else { note("style sheet of type \(type)") }
        }
        for c in n.children { index(c, depth: depth + 1) }
    }

    // MARK: CSS

    mutating func parseCSS(_ text: String) {
        var s = Array(text.utf8)
        // Comments out.
        var out: [UInt8] = []
        var i = 0
        while i < s.count {
            if i + 1 < s.count && s[i] == 47 && s[i + 1] == 42 {
                i += 2
                while i + 1 < s.count && !(s[i] == 42 && s[i + 1] == 47) { i += 1 }
                i += 2
            } else { out.append(s[i]); i += 1 }
        }
        s = out
        i = 0
        while i < s.count {
            guard let open = s[i...].firstIndex(of: 123) else { break }   // {
            let selectorText = String(decoding: s[i..<open], as: UTF8.self).trimmingSVGSpace()
            // The block, with nested braces (an @media block) skipped whole.
            var depth = 0, k = open
            while k < s.count { if s[k] == 123 { depth += 1 } else if s[k] == 125 { depth -= 1; if depth == 0 { break } }; k += 1 }
            let body = String(decoding: s[(open + 1)..<min(k, s.count)], as: UTF8.self)
            i = k + 1
            if selectorText.hasPrefix("@") { note("CSS \(selectorText.split(separator: " ").first ?? "@rule")"); continue }
            let decls = SVGBuilder.declarations(body)
            for sel in selectorText.split(separator: ",") {
                let t = sel.trimmingSVGSpace()
                guard let rule = SVGBuilder.simpleSelector(t, order: rules.count, declarations: decls) else {
                    note("CSS selector \(t.count > 40 ? String(t.prefix(40)) + "…" : t)"); continue
                }
                if rules.count < 1000 { rules.append(rule) } else { note("CSS rules beyond 1000") }
            }
        }
        rules.sort { ($0.specificity, $0.order) < ($1.specificity, $1.order) }
    }

    static func declarations(_ body: String) -> [(String, String)] {
        var out: [(String, String)] = []
        for d in body.split(separator: ";") {
            guard let colon = d.firstIndex(of: ":") else { continue }
            let name = d[..<colon].trimmingSVGSpace().lowercased()
            var value = d[d.index(after: colon)...].trimmingSVGSpace()
            if let bang = value.firstIndex(of: "!") { value = String(value[..<bang]).trimmingSVGSpace() }
            if !name.isEmpty { out.append((name, value)) }
        }
        return out
    }

    /// `tag`, `.a.b`, `#id`, `tag.a#id`, `*`; nil for anything with a combinator, attribute or pseudo-class.
    static func simpleSelector(_ t: String, order: Int, declarations: [(String, String)]) -> CSSRule? {
        guard !t.isEmpty, !t.contains(where: { " >+~[:".contains($0) }) else { return nil }
        var tag: String?, id: String?, classes: [String] = []
        var cur = "", kind: Character = "t"
        func flush() {
            switch kind {
            case "t": if !cur.isEmpty && cur != "*" { tag = cur }
            case "#": id = cur
            default: classes.append(cur)
            }
            cur = ""
        }
        for ch in t {
            if ch == "." || ch == "#" { flush(); kind = ch } else { cur.append(ch) }
        }
        flush()
        if classes.contains("") || id == "" { return nil }
        return CSSRule(tag: tag, id: id, classes: classes,
                       specificity: (id == nil ? 0 : 10_000) + classes.count * 100 + (tag == nil ? 0 : 1),
                       order: order, declarations: declarations)
    }

    /// The element's specified properties: presentation attributes < style sheets < `style`.
    func properties(_ n: XMLNode) -> [String: String] {
        var p: [String: String] = [:]
        for a in n.attributes where SVGBuilder.properties.contains(a.name) { p[a.name] = a.value.trimmingSVGSpace() }
        if !rules.isEmpty {
            let classes = (n.attribute("class") ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
            let id = n.attribute("id")
            for r in rules {
                if let t = r.tag, t != n.name { continue }
                if let i = r.id, i != id { continue }
                if !r.classes.allSatisfy({ classes.contains($0) }) { continue }
                for (k, v) in r.declarations where SVGBuilder.properties.contains(k) { p[k] = v }
            }
        }
        if let style = n.attribute("style") {
            for (k, v) in SVGBuilder.declarations(style) where SVGBuilder.properties.contains(k) { p[k] = v }
        }
        return p
    }

    // MARK: values

    /// A length in user units: px, pt, pc, mm, cm, in, em (16 px), ex (8 px), % of `percentOf`.
    func length(_ s0: String, what: String, line: Int, percentOf: Double) throws -> Double {
        let s = s0.trimmingSVGSpace()
        var sc = ValueScanner(s, what: what, line: line)
        let v = try sc.number()
        let unit = String(decoding: sc.b[sc.i...], as: UTF8.self).lowercased()
        let f: Double
        switch unit {
        case "", "px": f = 1
        case "pt": f = 4.0 / 3
        case "pc": f = 16
        case "mm": f = 96 / 25.4
        case "cm": f = 96 / 2.54
        case "in": f = 96
        case "em": f = 16
        case "ex": f = 8
        case "%": f = percentOf / 100
        default: throw SVGError(.badValue, "\(what): unknown unit in '\(s)'", line: line)
        }
        let r = v * f
        guard r.isFinite else { throw SVGError(.badValue, "\(what): '\(s)' is out of range", line: line) }
        return r
    }

    func attrLength(_ n: XMLNode, _ name: String, percentOf: Double, default d: Double = 0) throws -> Double {
        guard let s = n.attribute(name) else { return d }
        return try length(s, what: "\(name) of <\(n.name)>", line: n.line, percentOf: percentOf)
    }

    var diagonal: Double { ((viewBox.width * viewBox.width + viewBox.height * viewBox.height) / 2).squareRoot() }

    mutating func paintSpec(_ s: String, line: Int) -> SVGStyle.PaintSpec? {
        let t = s.trimmingSVGSpace()
        if t == "none" { return SVGStyle.PaintSpec.none }
        if t == "currentColor" || t.lowercased() == "currentcolor" { return .currentColor }
        if t.hasPrefix("url(") {
            guard let close = t.firstIndex(of: ")") else { note("paint \(t)"); return nil }
            var ref = t[t.index(t.startIndex, offsetBy: 4)..<close].trimmingSVGSpace()
            if ref.hasPrefix("\"") || ref.hasPrefix("'") { ref = String(ref.dropFirst().dropLast()) }
            guard ref.hasPrefix("#") else { note("paint reference \(ref)"); return nil }
            let rest = t[t.index(after: close)...].trimmingSVGSpace()
            return .url(String(ref.dropFirst()), fallback: rest.isEmpty ? nil : paintSpec(rest, line: line))
        }
        if let c = SVGValues.color(t) { return .color(c) }
        note("colour \(t.count > 30 ? String(t.prefix(30)) : t)")
        return nil
    }

    static func unit(_ s: String?) -> Double? {
        guard let s = s?.trimmingSVGSpace(), !s.isEmpty else { return nil }
        let v: Double?
        if s.hasSuffix("%") { v = Double(s.dropLast()).map { $0 / 100 } } else { v = Double(s) }
        guard let v, v.isFinite else { return nil }
        return Swift.min(1, Swift.max(0, v))
    }

    /// The parent's style with this element's inherited properties applied.
    mutating func cascade(_ p: [String: String], parent: SVGStyle, line: Int) throws -> SVGStyle {
        var s = parent
        for (k, v) in p where SVGBuilder.inherited.contains(k) && v != "inherit" {
            switch k {
            case "fill": if let ps = paintSpec(v, line: line) { s.fill = ps }
            case "stroke": if let ps = paintSpec(v, line: line) { s.stroke = ps }
            case "fill-opacity": if let u = SVGBuilder.unit(v) { s.fillOpacity = u }
            case "stroke-opacity": if let u = SVGBuilder.unit(v) { s.strokeOpacity = u }
            case "fill-rule": s.fillRule = v == "evenodd" ? .evenOdd : .nonZero
            case "stroke-width": s.strokeWidth = try length(v, what: "stroke-width", line: line, percentOf: diagonal)
            case "stroke-linecap": s.cap = v == "round" ? .round : v == "square" ? .square : .butt
            case "stroke-linejoin": s.join = v == "round" ? .round : v == "bevel" ? .bevel : .miter
            case "stroke-miterlimit": if let m = Double(v), m.isFinite, m >= 1 { s.miterLimit = m }
            case "stroke-dasharray":
                if v == "none" { s.dash = [] } else {
                    let parts = v.split(whereSeparator: { $0 == "," || $0 == " " })
                    guard parts.count <= 1000 else { throw SVGError(.badValue, "stroke-dasharray: more than 1000 lengths", line: line) }
                    s.dash = try parts.map { try length(String($0), what: "stroke-dasharray", line: line, percentOf: diagonal) }
                }
            case "stroke-dashoffset": s.dashOffset = try length(v, what: "stroke-dashoffset", line: line, percentOf: diagonal)
            case "color": if v == "currentColor" { break } else if let c = SVGValues.color(v) { s.color = c } else { note("colour \(v)") }
            case "visibility": s.visible = v == "visible"
            default: break
            }
        }
        return s
    }

    // MARK: elements

    static let silent: Set<String> = ["title", "desc", "metadata", "style", "defs", "linearGradient", "radialGradient",
                                      "stop", "symbol", "clipPath", "script"]

    mutating func build(_ n: XMLNode, parent: SVGStyle, ctm: Affine, depth: Int, isRoot: Bool = false,
                        useSize: (Double?, Double?) = (nil, nil), asSymbol: Bool = false) throws {
        guard depth <= SVGLimits.maxDepth * 2 else { throw SVGError(.tooDeep, "elements and use references nest deeper than \(SVGLimits.maxDepth * 2)", line: n.line) }
        let p = properties(n)
        if p["display"] == "none" { return }
        for k in ["clip-path", "mask", "filter", "marker-start", "marker-mid", "marker-end"] {
            if let v = p[k], v != "none" { note("attribute \(k)") }
        }
        if let v = p["vector-effect"], v != "none" { note("attribute vector-effect") }
        let style = try cascade(p, parent: parent, line: n.line)
        var local = Affine.identity
        if !isRoot, n.name != "svg", let t = n.attribute("transform") { local = try SVGValues.transform(t, line: n.line) }
        var m = local.concatenating(ctm)
        let opacity = SVGBuilder.unit(p["opacity"]) ?? 1

        switch n.name {
        case "svg", "g", "a", "switch", "symbol":
            if n.name == "switch" { note("element <switch> (every child is drawn)") }
            if n.name == "symbol" && !asSymbol { return }
            if (n.name == "svg" && !isRoot) || n.name == "symbol" {
                // A nested viewport: x, y, width, height and its own viewBox (not clipped).
                let x = try attrLength(n, "x", percentOf: viewBox.width), y = try attrLength(n, "y", percentOf: viewBox.height)
                let w = try useSize.0 ?? attrLength(n, "width", percentOf: viewBox.width, default: viewBox.width)
                let h = try useSize.1 ?? attrLength(n, "height", percentOf: viewBox.height, default: viewBox.height)
                if let vbs = n.attribute("viewBox") {
                    let v = try SVGValues.numbers(vbs, what: "viewBox", line: n.line)
                    guard v.count == 4 else { throw SVGError(.badValue, "viewBox needs 4 numbers", line: n.line) }
                    guard v[2] > 0, v[3] > 0 else { return }
                    let a = n.attribute("preserveAspectRatio").map { SVGAspect(parsing: $0.trimmingSVGSpace()) } ?? .default
                    m = a.transform(from: Rect(v[0], v[1], v[2], v[3]), to: Rect(x, y, w, h)).concatenating(m)
                } else {
                    m = Affine.translation(x, y).concatenating(m)
                }
            }
            try group(n.children, style: style, ctm: m, depth: depth, opacity: opacity)
        case "use":
            guard let href = n.attribute("href") ?? n.attribute("xlink:href") else { return }
            let ref = href.trimmingSVGSpace()
            guard ref.hasPrefix("#"), let target = ids[String(ref.dropFirst())] else { note("use of a missing or external \(ref.prefix(40))"); return }
            let key = ObjectIdentifier(target)
            if useStack.contains(key) || target === n {
                throw SVGError(.referenceCycle, "<use href=\"\(ref)\"> refers to itself (through \(useStack.count) uses)", line: n.line)
            }
            guard useStack.count < SVGLimits.maxDepth else { throw SVGError(.tooDeep, "use references nest deeper than \(SVGLimits.maxDepth)", line: n.line) }
            let x = try attrLength(n, "x", percentOf: viewBox.width), y = try attrLength(n, "y", percentOf: viewBox.height)
            m = Affine.translation(x, y).concatenating(m)
            let size: (Double?, Double?) = (try n.attribute("width").map { try length($0, what: "width of <use>", line: n.line, percentOf: viewBox.width) },
                                            try n.attribute("height").map { try length($0, what: "height of <use>", line: n.line, percentOf: viewBox.height) })
            useStack.append(key)
            defer { useStack.removeLast() }
            let layered = beginLayer(opacity)
            try build(target, parent: style, ctm: m, depth: depth + 1, useSize: size, asSymbol: true)
            endLayer(layered)
        case "path", "rect", "circle", "ellipse", "line", "polyline", "polygon":
            guard style.visible else { return }
            try shape(n, style: style, ctm: m, opacity: opacity)
        default:
            if !SVGBuilder.silent.contains(n.name) { note("element <\(n.name)>") }
        }
    }

    mutating func group(_ children: [XMLNode], style: SVGStyle, ctm: Affine, depth: Int, opacity: Double) throws {
        if opacity <= 0 { return }
        let layered = beginLayer(opacity)
        for c in children { try build(c, parent: style, ctm: ctm, depth: depth + 1) }
        endLayer(layered)
    }

    /// Opens an offscreen layer for group opacity below 1 (false: none needed or too deep, the
    /// opacity then folds into each shape).
    mutating func beginLayer(_ opacity: Double) -> LayerKind {
        guard opacity < 1 else { return .none }
        if layerDepth >= SVGLimits.maxLayers { foldedOpacity.append(opacity); return .folded }
        items.append(.beginLayer(opacity: opacity))
        layerDepth += 1
        return .layer
    }
    mutating func endLayer(_ kind: LayerKind) {
        switch kind {
        case .layer: items.append(.endLayer); layerDepth -= 1
        case .folded: foldedOpacity.removeLast()
        case .none: break
        }
    }
    enum LayerKind { case none, layer, folded }
    var foldedOpacity: [Double] = []

    mutating func shape(_ n: XMLNode, style: SVGStyle, ctm: Affine, opacity: Double) throws {
        let key = ObjectIdentifier(n)
        var path: Path
        var segs: Int
        if let cached = pathCache[key] { (path, segs) = cached } else {
            path = Path()
            segs = 0
            let vw = viewBox.width, vh = viewBox.height
            func L(_ a: String, _ of: Double) throws -> Double { try attrLength(n, a, percentOf: of) }
            switch n.name {
            case "path":
                if let d = n.attribute("d") { segs = try SVGValues.pathData(d, into: &path, line: n.line) }
            case "rect":
                let x = try L("x", vw), y = try L("y", vh), w = try L("width", vw), h = try L("height", vh)
                guard w > 0, h > 0 else { return }
                var rx = try n.attribute("rx").map { try length($0, what: "rx", line: n.line, percentOf: vw) }
                var ry = try n.attribute("ry").map { try length($0, what: "ry", line: n.line, percentOf: vh) }
                if let r = rx, r < 0 { rx = nil }
                if let r = ry, r < 0 { ry = nil }
                let ex = Swift.min(w / 2, rx ?? ry ?? 0), ey = Swift.min(h / 2, ry ?? rx ?? 0)
                if ex <= 0 || ey <= 0 { path.addRect(Rect(x, y, w, h)) }
                else if ex == ey { path.addRoundedRect(Rect(x, y, w, h), cornerRadius: ex) }
                else { SVGBuilder.ellipticRoundRect(&path, Rect(x, y, w, h), ex, ey) }
                segs = 9
            case "circle":
                let r = try L("r", diagonal)
                guard r > 0 else { return }
                path.addCircle(center: Point(try L("cx", vw), try L("cy", vh)), radius: r)
                segs = 4
            case "ellipse":
                var rx = try n.attribute("rx").map { try length($0, what: "rx", line: n.line, percentOf: vw) }
                var ry = try n.attribute("ry").map { try length($0, what: "ry", line: n.line, percentOf: vh) }
                if rx == nil { rx = ry }; if ry == nil { ry = rx }
                guard let ex = rx, let ey = ry, ex > 0, ey > 0 else { return }
                path.addEllipse(in: Rect(try L("cx", vw) - ex, try L("cy", vh) - ey, 2 * ex, 2 * ey))
                segs = 4
            case "line":
                path.move(to: Point(try L("x1", vw), try L("y1", vh)))
                path.line(to: Point(try L("x2", vw), try L("y2", vh)))
                segs = 1
            default:   // polyline, polygon
                let v = try SVGValues.numbers(n.attribute("points") ?? "", what: "points of <\(n.name)>", line: n.line)
                guard v.count >= 2 else { return }
                path.move(to: Point(v[0], v[1]))
                var k = 2
                while k + 1 < v.count { path.line(to: Point(v[k], v[k + 1])); k += 2 }
                if n.name == "polygon" { path.close() }
                segs = v.count / 2
            }
            pathCache[key] = (path, segs)
        }
        if path.isEmpty { return }
        segments += segs
        shapes += 1
        guard shapes <= SVGLimits.maxShapes else { throw SVGError(.tooComplex, "more than \(SVGLimits.maxShapes) shapes (counting each use)", line: n.line) }
        guard segments <= SVGLimits.maxSegments else { throw SVGError(.tooComplex, "more than \(SVGLimits.maxSegments) path segments (counting each use)", line: n.line) }

        let bounds = path.bounds
        // A line has no inside; an open polyline fills as if closed, as SVG says.
        let fill = n.name == "line" ? nil : try resolve(style.fill, alpha: style.fillOpacity, style: style, bounds: bounds, line: n.line)
        var stroke: SVGPaint? = nil
        if style.strokeWidth > 0 { stroke = try resolve(style.stroke, alpha: style.strokeOpacity, style: style, bounds: bounds, line: n.line) }
        if fill == nil && stroke == nil { return }
        var dash = style.dash
        if stroke != nil && !dash.isEmpty {
            dashedShapes += 1
            if dashedShapes > SVGLimits.maxDashedShapes { dash = []; note("dashes beyond \(SVGLimits.maxDashedShapes) dashed shapes (drawn solid)") }
        }
        let strokeStyle = StrokeStyle(lineWidth: style.strokeWidth, lineCap: style.cap, lineJoin: style.join,
                                      miterLimit: style.miterLimit, dash: dash, dashPhase: style.dashOffset)
        let folded = foldedOpacity.reduce(1, *)
        if opacity < 1 && fill != nil && stroke != nil && layerDepth < SVGLimits.maxLayers {
            // Fill and stroke overlap: composite them together at the opacity.
            items.append(.beginLayer(opacity: opacity))
            items.append(.shape(SVGShape(path: path, transform: ctm, fill: fill, fillRule: style.fillRule, stroke: stroke, strokeStyle: strokeStyle, opacity: folded)))
            items.append(.endLayer)
        } else {
            items.append(.shape(SVGShape(path: path, transform: ctm, fill: fill, fillRule: style.fillRule, stroke: stroke,
                                         strokeStyle: strokeStyle, opacity: folded * opacity)))
        }
    }

    /// A rounded rectangle with elliptical corners (rx ≠ ry), clockwise from the top edge.
    static func ellipticRoundRect(_ p: inout Path, _ r: Rect, _ rx: Double, _ ry: Double) {
        let k = 0.5522847498
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        p.move(to: Point(x0 + rx, y0))
        p.line(to: Point(x1 - rx, y0))
        p.cubic(to: Point(x1, y0 + ry), control1: Point(x1 - rx + rx * k, y0), control2: Point(x1, y0 + ry - ry * k))
        p.line(to: Point(x1, y1 - ry))
        p.cubic(to: Point(x1 - rx, y1), control1: Point(x1, y1 - ry + ry * k), control2: Point(x1 - rx + rx * k, y1))
        p.line(to: Point(x0 + rx, y1))
        p.cubic(to: Point(x0, y1 - ry), control1: Point(x0 + rx - rx * k, y1), control2: Point(x0, y1 - ry + ry * k))
        p.line(to: Point(x0, y0 + ry))
        p.cubic(to: Point(x0 + rx, y0), control1: Point(x0, y0 + ry - ry * k), control2: Point(x0 + rx - rx * k, y0))
        p.close()
    }

    // MARK: paints

    mutating func resolve(_ spec: SVGStyle.PaintSpec, alpha: Double, style: SVGStyle, bounds: Rect, line: Int) throws -> SVGPaint? {
        switch spec {
        case .none: return nil
        case .color(let c): return c.a * alpha > 0 ? .solid(c.withAlpha(c.a * alpha)) : nil
        case .currentColor: return alpha > 0 ? .currentColor(style.color, alpha: alpha) : nil
        case .url(let id, let fallback):
            guard let g = ids[id] else {
                note("paint reference to missing #\(id.prefix(40))")
                return try fallback.map { try resolve($0, alpha: alpha, style: style, bounds: bounds, line: line) } ?? nil
            }
            guard g.name == "linearGradient" || g.name == "radialGradient" else {
                note("paint <\(g.name)>")
                return try fallback.map { try resolve($0, alpha: alpha, style: style, bounds: bounds, line: line) } ?? nil
            }
            return try gradient(g, alpha: alpha, style: style, bounds: bounds)
        }
    }

    /// A gradient with its `href` chain: attributes and stops from the first element in the
    /// chain that has them.
    mutating func gradient(_ g: XMLNode, alpha: Double, style: SVGStyle, bounds: Rect) throws -> SVGPaint? {
        var chain = [g]
        while chain.count < 16, let h = chain.last!.attribute("href") ?? chain.last!.attribute("xlink:href"),
              h.hasPrefix("#"), let next = ids[String(h.dropFirst())],
              next.name == "linearGradient" || next.name == "radialGradient", !chain.contains(where: { $0 === next }) {
            chain.append(next)
        }
        func attr(_ name: String) -> (String, XMLNode)? {
            for e in chain { if let v = e.attribute(name) { return (v, e) } }
            return nil
        }
        // Stops.
        var stops: [GradientStop] = []
        if let holder = chain.first(where: { $0.children.contains { $0.name == "stop" } }) {
            var last = 0.0
            for s in holder.children where s.name == "stop" {
                let p = properties(s)
                var off = SVGBuilder.unit(s.attribute("offset")) ?? 0
                off = Swift.max(off, last); last = off
                var c: Color = .black
                if let cs = p["stop-color"] {
                    if cs == "currentColor" { c = style.color ?? .black }
                    else if let v = SVGValues.color(cs) { c = v } else { note("colour \(cs.prefix(30))") }
                }
                let o = SVGBuilder.unit(p["stop-opacity"]) ?? 1
                stops.append(GradientStop(off, c.withAlpha(c.a * o * alpha)))
                if stops.count > 256 { break }
            }
        }
        if stops.isEmpty { return nil }
        if stops.count == 1 { return stops[0].color.a > 0 ? .solid(stops[0].color) : nil }
        let userSpace = attr("gradientUnits")?.0.trimmingSVGSpace() == "userSpaceOnUse"
        var m = Affine.identity
        if let (t, e) = attr("gradientTransform") { m = try SVGValues.transform(t, line: e.line) }
        if !userSpace {
            guard bounds.width > 0, bounds.height > 0 else { return nil }   // no box to span: not drawn
            m = m.concatenating(Affine(a: bounds.width, b: 0, c: 0, d: bounds.height, tx: bounds.minX, ty: bounds.minY))
        }
        let spread: Spread
        switch attr("spreadMethod")?.0.trimmingSVGSpace() {
        case "reflect": spread = .reflect
        case "repeat": spread = .repeat
        default: spread = .pad
        }
        func coord(_ name: String, _ d: Double, _ of: Double) throws -> Double {
            guard let (v, e) = attr(name) else { return d }
            if userSpace { return try length(v, what: "\(name) of <\(e.name)>", line: e.line, percentOf: of) }
            let t = v.trimmingSVGSpace()
            if t.hasSuffix("%") { return try length(t, what: name, line: e.line, percentOf: 1) }
            return try length(t, what: "\(name) of <\(e.name)>", line: e.line, percentOf: 1)
        }
        let w = userSpace ? viewBox.width : 1, h = userSpace ? viewBox.height : 1
        let dg = userSpace ? diagonal : 1
        if g.name == "linearGradient" {
            let x1 = try coord("x1", 0, w), y1 = try coord("y1", 0, h)
            let x2 = try coord("x2", userSpace ? viewBox.width : 1, w), y2 = try coord("y2", 0, h)
            return .linear(LinearGradient(start: Point(x1, y1), end: Point(x2, y2), stops: stops, spread: spread), m)
        }
        let cx = try coord("cx", userSpace ? viewBox.width / 2 : 0.5, w), cy = try coord("cy", userSpace ? viewBox.height / 2 : 0.5, h)
        let r = try coord("r", userSpace ? dg / 2 : 0.5, dg)
        if attr("fx") != nil || attr("fy") != nil {
            let fx = try coord("fx", cx, w), fy = try coord("fy", cy, h)
            if fx != cx || fy != cy { note("radialGradient focal point fx/fy (drawn centred)") }
        }
        guard r > 0 else { return .solid(stops[stops.count - 1].color) }
        return .radial(RadialGradient(center: Point(cx, cy), radius: r, stops: stops, spread: spread), m)
    }
}
