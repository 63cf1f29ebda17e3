// PDFImage: a PDF vector image (the one-page `.pdf` an Xcode asset catalogue image set holds,
// exported by Figma, Sketch, Illustrator or Quartz) read into an SVGImage, so it draws at any
// size through the SVG display list. Pure: bytes in, no file access.
//
// Only the first page is read: Catalog → Pages → the first leaf Page, with /MediaBox,
// /CropBox, /Resources and /Rotate inherited from the page tree. The size is the CropBox (else
// the MediaBox) in points, one point a pixel; the viewBox is that box with PDF's y axis (up)
// flipped, and the aspect is `none`: drawn into another size, it stretches as UIImage does.
// Objects: PDFObjects.swift; content: PDFContent.swift.

extension SVGImage {
    /// Parses the first page of a PDF. Throws `PDFError` for bytes that are not a readable PDF
    /// or past `PDFLimits`; what it does not draw (text, images, soft masks…) is counted in
    /// `unsupported`.
    ///
    /// ```swift
    /// let icon = try SVGImage(pdf: bytes)
    /// let pixels = try icon.rasterize(width: 48, height: 48)
    /// ```
    public init(pdf bytes: [UInt8]) throws {
        let doc = try PDFDocument(bytes)
        var catalog = try doc.resolve(doc.trailer["Root"] ?? .null).dict
        if catalog == nil {
            // No trailer (or a broken one): the object that says it is the catalogue.
            for (_, o) in doc.objects.sorted(by: { $0.key < $1.key }) where o.dict?["Type"]?.name == "Catalog" { catalog = o.dict; break }
        }
        guard let catalog else { throw PDFError(.malformed, "no document catalogue (/Root)") }
        let (page, inherited) = try Self.firstPage(doc, try doc.get(catalog, "Pages"), inherited: [:], depth: 0)
        func attr(_ key: String) throws -> PDFObject { try doc.resolve(page[key] ?? inherited[key] ?? .null) }
        func rect(_ o: PDFObject) throws -> Rect? {
            guard let a = o.array, a.count == 4 else { return nil }
            let v = try a.map { try doc.resolve($0).number ?? .nan }
            guard v.allSatisfy(\.isFinite) else { return nil }
            return Rect(x: min(v[0], v[2]), y: min(v[1], v[3]), width: abs(v[2] - v[0]), height: abs(v[3] - v[1]))
        }
        guard var box = try rect(try attr("MediaBox")) else { throw PDFError(.malformed, "the page has no /MediaBox") }
        if let crop = try rect(try attr("CropBox")) { box = crop.intersection(box) }
        guard box.width > 0, box.height > 0 else { throw PDFError(.badValue, "the page's box is empty") }
        let flip = Affine(a: 1, b: 0, c: 0, d: -1, tx: -box.minX, ty: box.maxY)
        var run = PDFInterpreter(doc: doc, flip: flip, box: box)
        if let r = try attr("Rotate").number, Int(r) % 360 != 0 { run.note("page /Rotate (drawn unrotated)") }

        // /Contents: one stream or an array of them, run as one (they may split an operator's operands).
        var content: [UInt8] = []
        let contents = try attr("Contents")
        for part in contents.array ?? [contents] {
            let s = try doc.resolve(part)
            if case .stream = s { content += try doc.streamBytes(s); content.append(10) }
        }
        try run.runPage(content, resources: try attr("Resources").dict ?? [:])

        self.init(width: box.width, height: box.height, viewBox: Rect(x: 0, y: 0, width: box.width, height: box.height),
                  aspect: SVGAspect(x: nil, y: nil, slice: false), items: run.items, unsupported: run.unsupported)
    }

    /// Whether these bytes start like a PDF (`%PDF-` within the first KiB).
    public static func sniffPDF(_ bytes: [UInt8]) -> Bool { PDFDocument.sniff(bytes) }

    /// The first leaf of the page tree, with the inheritable attributes met on the way down.
    private static func firstPage(_ doc: PDFDocument, _ node: PDFObject, inherited: [String: PDFObject],
                                  depth: Int) throws -> ([String: PDFObject], [String: PDFObject]) {
        guard depth <= PDFLimits.maxFormDepth else { throw PDFError(.referenceCycle, "the page tree is deeper than \(PDFLimits.maxFormDepth) (or contains itself)") }
        guard let d = node.dict else { throw PDFError(.malformed, "no page (the page tree holds no dictionary)") }
        var inherited = inherited
        for key in ["MediaBox", "CropBox", "Resources", "Rotate"] where d[key] != nil { inherited[key] = d[key] }
        guard d["Type"]?.name != "Page", let kids = try doc.get(d, "Kids").array else { return (d, inherited) }
        for kid in kids {
            let k = try doc.resolve(kid)
            // An empty Pages node is passed over; the first page found wins.
            if k.dict?["Type"]?.name == "Pages", (try doc.get(k.dict!, "Kids").array ?? []).isEmpty { continue }
            return try firstPage(doc, k, inherited: inherited, depth: depth + 1)
        }
        throw PDFError(.malformed, "the document has no page")
    }
}
