// PDF vector images (Sources/Raster/PDF): small one-page files written here, drawn through the
// SVG display list and checked by pixels — paths and paints, the y flip, the graphics state,
// clips, shadings, form XObjects, FlateDecode, the object layer's leniency, and bad input.
import Testing
@testable import Raster

/// A one-page PDF: 1 catalog, 2 pages (holding the MediaBox, inherited by the page), 3 page,
/// 4 the content stream (`streamDict` extra keys, `raw` bytes instead of `content`), then
/// `objects` numbered from 5. The xref table is written right, though the reader ignores it.
private func pdf(_ content: String, resources: String = "<< >>", box: String = "0 0 20 20", objects: [String] = [],
                 streamDict: String = "", raw: [UInt8]? = nil, length: String? = nil) -> [UInt8] {
    var out = Array("%PDF-1.7\n%\u{e2}\u{e3}\n".utf8)
    var offsets: [Int] = []
    func add(_ body: [UInt8]) { offsets.append(out.count); out += body }
    func obj(_ n: Int, _ s: String) -> [UInt8] { Array("\(n) 0 obj\n\(s)\nendobj\n".utf8) }
    add(obj(1, "<< /Type /Catalog /Pages 2 0 R >>"))
    add(obj(2, "<< /Type /Pages /Kids [ 3 0 R ] /Count 1 /MediaBox [ \(box) ] >>"))
    add(obj(3, "<< /Type /Page /Parent 2 0 R /Resources \(resources) /Contents 4 0 R >>"))
    let data = raw ?? Array(content.utf8)
    add(Array("4 0 obj\n<< /Length \(length ?? String(data.count)) \(streamDict) >>\nstream\n".utf8) + data + Array("\nendstream\nendobj\n".utf8))
    for (k, o) in objects.enumerated() { add(obj(5 + k, o)) }
    let xref = out.count
    out += Array("xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n".utf8)
    for o in offsets { out += Array((String(repeating: "0", count: 10 - String(o).count) + "\(o) 00000 n \n").utf8) }
    out += Array("trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
    return out
}

private func draw(_ bytes: [UInt8], _ w: Int = 20, _ h: Int = 20) throws -> Surface {
    try SVGImage(pdf: bytes).rasterize(width: w, height: h)
}

private func pdfError(_ bytes: [UInt8]) -> PDFError? {
    do { _ = try SVGImage(pdf: bytes); return nil } catch let e as PDFError { return e } catch { return nil }
}

/// The pixel at x, y (image space, y down) as straight r, g, b, a.
private func rgba(_ s: Surface, _ x: Int, _ y: Int) -> [Int] {
    let p = s.pixel(x: x, y: y)
    return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
}

@Suite struct PDFImageTests {
    @Test func filledTriangleInDeviceRGBWithTheYAxisFlipped() throws {
        // The base on the PDF's bottom edge (y = 0), the apex at its top.
        let doc = try SVGImage(pdf: pdf("/DeviceRGB cs 1 0 0 sc 0 0 m 20 0 l 10 20 l h f"))
        #expect(doc.width == 20 && doc.height == 20)
        #expect(doc.shapeCount == 1 && doc.unsupported.isEmpty)
        let s = try doc.rasterize(width: 20, height: 20)
        #expect(rgba(s, 2, 19) == [255, 0, 0, 255])   // bottom row: wide
        #expect(rgba(s, 10, 2) == [255, 0, 0, 255])   // near the top: the apex
        #expect(rgba(s, 2, 2)[3] == 0)                // top corners empty
        #expect(rgba(s, 17, 2)[3] == 0)
    }

    @Test func mediaBoxOffsetAndSize() throws {
        // A box not at the origin: its corner (10, 100) is the image's bottom left.
        let doc = try SVGImage(pdf: pdf("0 g 10 100 4 4 re f", box: "10 100 50 120"))
        #expect(doc.width == 40 && doc.height == 20)
        let s = try doc.rasterize(width: 40, height: 20)
        #expect(rgba(s, 1, 18) == [0, 0, 0, 255])
        #expect(rgba(s, 1, 1)[3] == 0)
        #expect(rgba(s, 38, 18)[3] == 0)
    }

    @Test func strokeWidthAndCaps() throws {
        // A horizontal 4-wide line from x 5 to 15 at PDF y 10: butt ends at 5 and 15, square ones at 3 and 17.
        let butt = try draw(pdf("0 0 1 RG 4 w 0 J 5 10 m 15 10 l S"))
        #expect(rgba(butt, 10, 9) == [0, 0, 255, 255])
        #expect(rgba(butt, 10, 6)[3] == 0)
        #expect(rgba(butt, 3, 9)[3] == 0)
        let square = try draw(pdf("0 0 1 RG 4 w 2 J 5 10 m 15 10 l S"))
        #expect(rgba(square, 3, 9) == [0, 0, 255, 255])
        #expect(rgba(square, 1, 9)[3] == 0)
        let round = try draw(pdf("0 0 1 RG 4 w 1 J 1 j 5 10 m 15 10 l S"))
        #expect(rgba(round, 3, 9)[3] > 0 && rgba(round, 3, 9)[3] < 255)   // the cap's curve
    }

    @Test func cmScalesAndQRestores() throws {
        let s = try draw(pdf("q 2 0 0 2 0 0 cm 0 1 0 rg 0 0 5 5 re f Q 0 0 1 rg 15 15 5 5 re f"))
        #expect(rgba(s, 5, 15) == [0, 255, 0, 255])   // 0…10 after the scale: the bottom left
        #expect(rgba(s, 12, 8)[3] == 0)
        #expect(rgba(s, 17, 2) == [0, 0, 255, 255])   // unscaled after Q: the top right
        #expect(rgba(s, 13, 2)[3] == 0)
    }

    @Test func evenOddAgainstNonzero() throws {
        let nested = "0 0 20 20 re 5 5 10 10 re"
        let evenOdd = try draw(pdf("\(nested) f*"))
        #expect(rgba(evenOdd, 10, 10)[3] == 0)
        #expect(rgba(evenOdd, 2, 2)[3] == 255)
        let nonZero = try draw(pdf("\(nested) f"))
        #expect(rgba(nonZero, 10, 10)[3] == 255)
        // B*: fill even-odd and stroke.
        let both = try draw(pdf("1 0 0 RG 2 w \(nested) B*"))
        #expect(rgba(both, 10, 10)[3] == 0)
        #expect(rgba(both, 5, 10) == [255, 0, 0, 255])
    }

    @Test func extGStateAlphas() throws {
        let res = "<< /ExtGState << /GS0 << /ca 0.5 /CA 0.25 >> >> >>"
        let s = try draw(pdf("/GS0 gs 1 0 0 rg 0 0 20 10 re f 4 w 0 0 1 RG 0 15 m 20 15 l S", resources: res))
        let fill = rgba(s, 10, 15), stroke = rgba(s, 10, 5)
        #expect(fill[0] == 255 && abs(fill[3] - 128) <= 1)
        #expect(stroke[2] == 255 && abs(stroke[3] - 64) <= 1)
        // q/Q brings the alpha back.
        let restored = try draw(pdf("q /GS0 gs Q 0 0 20 20 re f", resources: res))
        #expect(rgba(restored, 10, 10)[3] == 255)
    }

    @Test func grayAndCMYKAndICCBased() throws {
        let res = "<< /ColorSpace << /Cs1 [ /ICCBased 5 0 R ] >> >>"
        let s = try draw(pdf("0.5 g 0 0 10 10 re f 0 1 1 0 k 10 0 10 10 re f /Cs1 cs 0 1 0 sc 0 10 10 10 re f", resources: res,
                             objects: ["<< /N 3 /Length 0 >>\nstream\n\nendstream"]))
        #expect(abs(rgba(s, 5, 15)[0] - 128) <= 1)
        #expect(rgba(s, 15, 15) == [255, 0, 0, 255])
        #expect(rgba(s, 5, 5) == [0, 255, 0, 255])
    }

    @Test func clipPathsCutWhatFollowsUntilQ() throws {
        let s = try draw(pdf("q 5 5 10 10 re W n 1 0 0 rg 0 0 20 20 re f Q 0 0 1 rg 0 0 2 2 re f"))
        #expect(rgba(s, 10, 10) == [255, 0, 0, 255])
        #expect(rgba(s, 3, 3)[3] == 0)
        #expect(rgba(s, 17, 10)[3] == 0)
        #expect(rgba(s, 1, 19) == [0, 0, 255, 255])   // after Q: unclipped
        // An even-odd clip with a hole.
        let hole = try draw(pdf("0 0 20 20 re 5 5 10 10 re W* n 0 g 0 0 20 20 re f"))
        #expect(rgba(hole, 10, 10)[3] == 0)
        #expect(rgba(hole, 2, 2)[3] == 255)
        // A clip of the whole page is left out of the display list.
        let whole = try SVGImage(pdf: pdf("0 0 20 20 re W n 0 g 0 0 5 5 re f"))
        #expect(whole.items.count == 1)
    }

    @Test func axialShadingAndShadingPattern() throws {
        let fn = "<< /FunctionType 2 /Domain [0 1] /C0 [1 0 0] /C1 [0 0 1] /N 1 >>"
        let shading = "<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 20 0] /Function \(fn) /Extend [true true] >>"
        let sh = try draw(pdf("/Sh0 sh", resources: "<< /Shading << /Sh0 \(shading) >> >>"))
        let left = rgba(sh, 1, 10), right = rgba(sh, 18, 10)
        #expect(left[0] > 200 && left[2] < 50 && left[3] == 255)
        #expect(right[2] > 200 && right[0] < 50)
        // The same as a pattern filling the top half only (PDF y 10…20), placed by its matrix.
        let res = "<< /Pattern << /P0 << /PatternType 2 /Shading \(shading) /Matrix [1 0 0 1 0 0] >> >> >>"
        let pat = try draw(pdf("/Pattern cs /P0 scn 0 10 20 10 re f", resources: res))
        #expect(rgba(pat, 1, 5)[0] > 200 && rgba(pat, 18, 5)[2] > 200)
        #expect(rgba(pat, 10, 15)[3] == 0)
    }

    @Test func radialStitchedShading() throws {
        // Stitched: white at the centre, red at half the radius, black at the rim.
        let fn = "<< /FunctionType 3 /Domain [0 1] /Bounds [0.5] /Encode [0 1 0 1] /Functions [ << /FunctionType 2 /Domain [0 1] /C0 [1 1 1] /C1 [1 0 0] /N 1 >> << /FunctionType 2 /Domain [0 1] /C0 [1 0 0] /C1 [0 0 0] /N 1 >> ] >>"
        let shading = "<< /ShadingType 3 /ColorSpace /DeviceRGB /Coords [10 10 0 10 10 10] /Function \(fn) /Extend [true true] >>"
        let doc = try SVGImage(pdf: pdf("/Sh0 sh", resources: "<< /Shading << /Sh0 \(shading) >> >>"))
        #expect(doc.unsupported.isEmpty)
        let s = try doc.rasterize(width: 20, height: 20)
        let centre = rgba(s, 10, 10), mid = rgba(s, 15, 10)
        #expect(centre[0] > 220 && centre[1] > 200)
        #expect(mid[0] > 200 && mid[1] < 60)
        #expect(rgba(s, 0, 0)[0] < 40)   // past the rim: the end colour, extended
    }

    @Test func formXObjectWithMatrixAndTransparencyGroup() throws {
        let form = "<< /Type /XObject /Subtype /Form /BBox [0 0 10 10] /Matrix [1 0 0 1 10 10] /Length 17 >>\nstream\n0 0 10 10 re f Q\nendstream"
        let s = try draw(pdf("1 0 0 rg /Fm0 Do 0 0 2 2 re f", resources: "<< /XObject << /Fm0 5 0 R >> >>", objects: [form]))
        #expect(rgba(s, 15, 5) == [255, 0, 0, 255])    // PDF 10…20: the top right
        #expect(rgba(s, 5, 15)[3] == 0)
        #expect(rgba(s, 1, 19) == [255, 0, 0, 255])    // the stray Q inside the form did not pop the page's state
        // A transparency group under /ca 0.5: two overlapping squares composited once, at half.
        let group = "<< /Type /XObject /Subtype /Form /BBox [0 0 20 20] /Group << /S /Transparency >> /Length 33 >>\nstream\n0 0 15 15 re f 5 5 15 15 re f\nendstream"
        let g = try draw(pdf("/GS0 gs /Fm0 Do", resources: "<< /XObject << /Fm0 5 0 R >> /ExtGState << /GS0 << /ca 0.5 >> >> >>", objects: [group]))
        #expect(abs(rgba(g, 10, 10)[3] - 128) <= 1)    // overlap: still half
    }

    @Test func formXObjectsThatDrawThemselvesThrow() {
        let form = "<< /Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /XObject << /Fm0 5 0 R >> >> /Length 7 >>\nstream\n/Fm0 Do\nendstream"
        #expect(pdfError(pdf("/Fm0 Do", resources: "<< /XObject << /Fm0 5 0 R >> >>", objects: [form]))?.kind == .tooDeep)
    }

    @Test func flateDecodedContent() throws {
        // "1 0 0 rg 0 0 20 10 re f\n" through zlib.
        let z: [UInt8] = [0x78, 0x9c, 0x33, 0x54, 0x30, 0x00, 0xc2, 0xa2, 0x74, 0x30, 0x65, 0x64, 0xa0, 0x60, 0x08, 0xe4,
                          0xa4, 0x2a, 0xa4, 0x71, 0x01, 0x00, 0x3b, 0x8d, 0x04, 0xf5]
        let s = try draw(pdf("", streamDict: "/Filter /FlateDecode", raw: z))
        #expect(rgba(s, 10, 15) == [255, 0, 0, 255])
        #expect(rgba(s, 10, 5)[3] == 0)
        // Corrupt data throws; an unknown filter is named.
        #expect(pdfError(pdf("", streamDict: "/Filter /FlateDecode", raw: [1, 2, 3, 4, 5, 6, 7, 8])) != nil)
        let lzw = pdfError(pdf("0 g", streamDict: "/Filter /LZWDecode"))
        #expect(lzw?.kind == .unsupported && lzw?.message.contains("LZWDecode") == true)
    }

    @Test func lengthIndirectWrongOrMissing() throws {
        // An indirect Length defined after the stream (as Figma writes it), a wrong one, none.
        for length in ["5 0 R", "3", "999", ""] {
            let s = try draw(pdf("0 0 1 rg 0 0 20 20 re f", objects: ["23"], length: length))
            #expect(rgba(s, 10, 10) == [0, 0, 255, 255], "Length \(length)")
        }
    }

    @Test func objectStreamsAndNoTrailer() throws {
        // The catalogue and page tree inside an (uncompressed) object stream, no trailer.
        let parts = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 20 20] >>",
                     "<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>"]
        var objs = "", body = ""
        for (k, p) in parts.enumerated() { objs += "\(k + 1) \(body.utf8.count) "; body += p + " " }
        let stm = objs + body
        var bytes = Array("%PDF-1.5\n".utf8)
        bytes += Array("4 0 obj << /Length 19 >> stream\n0 0 20 20 re f 0 g\nendstream endobj\n".utf8)
        bytes += Array("5 0 obj << /Type /ObjStm /N 3 /First \(objs.utf8.count) /Length \(stm.utf8.count) >> stream\n\(stm)\nendstream endobj\n".utf8)
        let s = try draw(bytes)
        #expect(rgba(s, 10, 10)[3] == 255)
    }

    @Test func whatIsNotDrawnIsCounted() throws {
        let res = "<< /XObject << /Im0 5 0 R >> >>"
        let image = "<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /BitsPerComponent 8 /ColorSpace /DeviceGray /Length 1 >>\nstream\n\u{7f}\nendstream"
        let doc = try SVGImage(pdf: pdf("BT /F1 12 Tf 0 0 Td (Hi) Tj ET /Im0 Do BI /W 1 /H 1 /BPC 8 /CS /G ID \u{1} EI 0 0 5 5 re f 1 2 zz",
                                        resources: res, objects: [image]))
        #expect(doc.unsupported["text"] == 1)
        #expect(doc.unsupported["image"] == nil)   // drawn: imageXObjectsWithSoftMasks
        #expect(doc.unsupported["inline image"] == 1)
        #expect(doc.unsupported["operator zz"] == 1)
        #expect(doc.shapeCount == 1)
    }

    @Test func imageXObjectsWithSoftMasks() throws {
        // 2×2 RGB, first row red, green; second blue, grey; the mask makes the last pixel clear.
        let px = "\u{7f}\u{0}\u{0}\u{0}\u{7f}\u{0}\u{0}\u{0}\u{7f}\u{7f}\u{7f}\u{7f}"
        let image = "<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /BitsPerComponent 8 /ColorSpace /DeviceRGB /SMask 6 0 R /Length 12 >>\nstream\n\(px)\nendstream"
        let mask = "<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /BitsPerComponent 8 /ColorSpace /DeviceGray /Length 4 >>\nstream\n\u{7f}\u{7f}\u{7f}\u{0}\nendstream"
        let doc = try SVGImage(pdf: pdf("q 20 0 0 20 0 0 cm /Im0 Do Q", resources: "<< /XObject << /Im0 5 0 R >> >>", objects: [image, mask]))
        #expect(doc.unsupported.isEmpty)
        let s = try doc.rasterize(width: 20, height: 20)
        // The image's first row is at the top of the unit square (the image's top here).
        let red = rgba(s, 5, 5), green = rgba(s, 15, 5), blue = rgba(s, 5, 15)
        func near(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 16 } }   // bilinear: a neighbour blends in
        #expect(near(red, [127, 0, 0, 127]), "\(red)")
        #expect(near(green, [0, 127, 0, 127]), "\(green)")
        #expect(near(blue, [0, 0, 127, 127]), "\(blue)")
        #expect(rgba(s, 15, 15)[3] == 0)
    }

    @Test func softMasksByLuminosityAndAlpha() throws {
        for (kind, paint) in [("Luminosity", "1 g"), ("Alpha", "0 g")] {
            let group = "<< /Type /XObject /Subtype /Form /BBox [0 0 20 20] /Group << /S /Transparency /CS /DeviceRGB >> >>\nstream\n\(paint) 0 0 10 20 re f\nendstream"
            let res = "<< /ExtGState << /SM << /SMask << /S /\(kind) /G 5 0 R >> >> >> >>"
            let doc = try SVGImage(pdf: pdf("q /SM gs 1 0 0 rg 0 0 20 20 re f Q 0 0 1 rg 18 18 2 2 re f", resources: res, objects: [group]))
            #expect(doc.unsupported.isEmpty, "\(kind)")
            let s = try doc.rasterize(width: 20, height: 20)
            #expect(rgba(s, 5, 10) == [255, 0, 0, 255], "\(kind)")
            #expect(rgba(s, 15, 10)[3] == 0, "\(kind)")
            #expect(rgba(s, 19, 0) == [0, 0, 255, 255], "\(kind): after Q, unmasked")
        }
    }

    @Test func badInputThrows() {
        #expect(pdfError([])?.kind == .notPDF)
        #expect(pdfError(Array("%PDF-1.4\n garbage \u{0}\u{1} (((".utf8)) != nil)
        #expect(pdfError(Array("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n".utf8)) != nil)   // no page
        // Cut short in the middle of the content stream.
        let whole = pdf("0 0 1 rg 0 0 20 20 re f")
        let at = (0..<whole.count).first { whole[$0...].starts(with: Array("re f".utf8)) } ?? 0
        let cut = Array(whole.prefix(at))
        #expect(pdfError(cut) != nil)
        for k in stride(from: 0, to: whole.count, by: 7) { _ = pdfError(Array(whole.prefix(k))) }   // no crash at any cut
        // References that lead back to themselves: the root, and a page tree holding itself.
        let cycle = Array("%PDF-1.4\n1 0 obj 2 0 R endobj\n2 0 obj 1 0 R endobj\ntrailer << /Root 1 0 R >>\n".utf8)
        #expect(pdfError(cycle)?.kind == .referenceCycle)
        let tree = Array("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [2 0 R] >> endobj\ntrailer << /Root 1 0 R >>\n".utf8)
        #expect(pdfError(tree)?.kind == .referenceCycle)
        // A huge number, NaN-like tokens, too few operands.
        #expect(pdfError(pdf("0 0 1\(String(repeating: "9", count: 400)) 20 re f"))?.kind == .badValue)
        #expect(pdfError(pdf("0 0 m nan nan l S")) != nil)
        #expect(pdfError(pdf("0 0 20 20 re f", box: "0 0 nan 20")) != nil)
        #expect(pdfError(pdf("1 2 re f"))?.kind == .badValue)
        #expect(pdfError(pdf("0 0 20 20 re f", box: "0 0 0 20"))?.kind == .badValue)
        // An image whose mask claims a size past any surface, one of a height past any side.
        let bigMask = "<< /Subtype /Image /Width 1 /Height 1 /BitsPerComponent 8 /ColorSpace /DeviceGray /SMask 6 0 R /Length 1 >>\nstream\n\u{7f}\nendstream"
        let mask = "<< /Subtype /Image /Width 999999999999 /Height 999999999999 /BitsPerComponent 8 /Length 1 >>\nstream\n\u{7f}\nendstream"
        let masked = try? SVGImage(pdf: pdf("/Im0 Do", resources: "<< /XObject << /Im0 5 0 R >> >>", objects: [bigMask, mask]))
        #expect(masked?.unsupported["image soft mask not 8-bit greyscale"] == 1)
        let tall = "<< /Subtype /Image /Width 1 /Height 40000 /BitsPerComponent 8 /ColorSpace /DeviceGray /Length 1 >>\nstream\n\u{7f}\nendstream"
        #expect((try? SVGImage(pdf: pdf("/Im0 Do", resources: "<< /XObject << /Im0 5 0 R >> >>", objects: [tall])))?.items.isEmpty == true)
        // Arrays nested past the limit.
        #expect(pdfError(pdf("\(String(repeating: "[", count: 200)) 0 d"))?.kind == .tooDeep)
    }

    @Test func sniffs() {
        #expect(SVGImage.sniffPDF(Array("%PDF-1.7\n".utf8)))
        #expect(SVGImage.sniffPDF(Array("\u{0}\u{0}%PDF-1.3".utf8)))
        #expect(!SVGImage.sniffPDF(Array("<svg/>".utf8)))
    }
}
