// SVG icons (Sources/Raster/SVG): the value grammars, the cascade, gradients, the display list,
// bad input, and goldens of the icons in ImageFixtures/icon-*.svg at 16, 48 and 128 px.
import Testing
@testable import Raster
import TestSupport

/// The value grammars: numbers internal (@testable), the rest through the public entry points.
private enum SVGValueProbe {
    static func numbers(_ s: String) throws -> [Double] { try SVGValues.numbers(s, what: "test", line: 0) }
    static func path(_ d: String) throws -> Path { try SVGImage.path(fromData: d) }
    static func transform(_ s: String) throws -> Affine { try SVGImage.transform(parsing: s) }
    static func color(_ s: String) -> Color? { SVGImage.color(parsing: s) }
}

private func svg(_ s: String) throws -> SVGImage { try SVGImage(Array(s.utf8)) }

/// The image drawn at w×h, pixels read back straight.
private func raster(_ s: String, _ w: Int = 20, _ h: Int = 20, currentColor: Color? = nil) throws -> Surface {
    try svg(s).rasterize(width: w, height: h, currentColor: currentColor)
}

private func svgError(_ s: String) -> SVGError? {
    do { _ = try svg(s); return nil } catch let e as SVGError { return e } catch { return nil }
}

private func close(_ a: Double, _ b: Double, _ eps: Double = 1e-9) -> Bool { abs(a - b) <= eps }

@Suite struct SVGValueTests {
    @Test func compactNumbers() throws {
        #expect(try SVGValueProbe.numbers("1.5.5-.5e1,1e-3 -0") == [1.5, 0.5, -5, 0.001, 0])
        #expect(try SVGValueProbe.numbers("  10,20 30 ") == [10, 20, 30])
        #expect(throws: SVGError.self) { try SVGValueProbe.numbers("1e999") }
        #expect(throws: SVGError.self) { try SVGValueProbe.numbers("1 x 2") }
        #expect(throws: SVGError.self) { try SVGValueProbe.numbers("nan") }
    }

    @Test func pathGrammarEveryCommand() throws {
        // Absolute and relative forms of each command, implicit repeats after M and L.
        let p = try SVGValueProbe.path("M10 10 20 10l0 10h-10v-10 M0 0C1 1 2 2 3 3S5 5 6 6Q7 7 8 8T10 10c1 1 2 2 3 3s1 1 2 2q1 1 2 2t2 2zm1 1")
        let counts = p.elements.reduce(into: [String: Int]()) { d, e in
            switch e {
            case .move: d["m", default: 0] += 1
            case .line: d["l", default: 0] += 1
            case .quad: d["q", default: 0] += 1
            case .cubic: d["c", default: 0] += 1
            case .close: d["z", default: 0] += 1
            }
        }
        #expect(counts["m"] == 3)
        #expect(counts["l"] == 4)
        #expect(counts["c"] == 4)
        #expect(counts["q"] == 4)
        #expect(counts["z"] == 1)
        // The implicit L after M10 10: a line to 20,10; h/v relative.
        #expect(p.elements[1] == .line(Point(20, 10)))
        #expect(p.elements[2] == .line(Point(20, 20)))
        #expect(p.elements[3] == .line(Point(10, 20)))
        #expect(p.elements[4] == .line(Point(10, 10)))
    }

    @Test func smoothCurvesReflectControlPoints() throws {
        let p = try SVGValueProbe.path("M0 0C0 10 10 10 10 0S20 -10 20 0")
        guard case .cubic(let c1, _, _) = p.elements[2] else { Issue.record("no second cubic"); return }
        #expect(c1 == Point(10, -10))   // 10,10 reflected about 10,0
        let q = try SVGValueProbe.path("M0 0Q5 10 10 0T20 0")
        guard case .quad(let qc, _) = q.elements[2] else { Issue.record("no second quad"); return }
        #expect(qc == Point(15, -10))
    }

    @Test func arcsEndExactlyAndBulgeTheRightWay() throws {
        // A half circle of radius 10 from (0,0) to (20,0), sweep 1: below the chord (y grows down).
        let p = try SVGValueProbe.path("M0 0A10 10 0 0 1 20 0")
        #expect(p.currentPoint == Point(20, 0))
        let b = p.bounds
        #expect(close(b.minY, -10, 1e-3) && close(b.maxY, 0, 1e-6))
        // Flags packed against the next number ("a1 1 0 0020 0"), and radii too small scaled up.
        let q = try SVGValueProbe.path("M0 0a1 1 0 0020 0")
        #expect(close(q.bounds.height, 10, 1e-3))
        // A zero radius is a straight line.
        let r = try SVGValueProbe.path("M0 0A0 5 0 0 1 20 0")
        #expect(r.elements.last == .line(Point(20, 0)))
        #expect(throws: SVGError.self) { try SVGValueProbe.path("M0 0A10 10 0 2 1 20 0") }
    }

    @Test func pathDataGarbageIsATypedError() {
        for bad in ["L10 10", "M10", "M10 10 L", "M0 0 X 1 2", "M0 0 L1e400 0", "M0 0 Z 5"] {
            #expect(throws: SVGError.self, "\(bad)") { try SVGValueProbe.path(bad) }
        }
        do { _ = try SVGValueProbe.path("M0 0 L 1 ?") } catch let e as SVGError {
            #expect(e.kind == .badValue)
            #expect(e.description.contains("path data"))
        } catch { Issue.record("untyped \(error)") }
    }

    @Test func transformLists() throws {
        let t = try SVGValueProbe.transform("translate(10 20) scale(2)")
        #expect(t.apply(Point(1, 1)) == Point(12, 22))
        let r = try SVGValueProbe.transform("rotate(90 10 10)")
        let p = r.apply(Point(20, 10))
        #expect(close(p.x, 10, 1e-9) && close(p.y, 20, 1e-9))
        let m = try SVGValueProbe.transform("matrix(1,0,0,1,5,6),skewX(45)")
        let q = m.apply(Point(0, 1))
        #expect(close(q.x, 6, 1e-9) && close(q.y, 7, 1e-9))
        let sy = try SVGValueProbe.transform("skewY(45)")
        #expect(close(sy.apply(Point(1, 0)).y, 1, 1e-9))
        #expect(throws: SVGError.self) { try SVGValueProbe.transform("rotate(1 2)") }
        #expect(throws: SVGError.self) { try SVGValueProbe.transform("translate(1") }
        #expect(throws: SVGError.self) { try SVGValueProbe.transform("scale(1e300) scale(1e300)") }
    }

    @Test func colours() {
        #expect(SVGValueProbe.color("#f00") == Color(1, 0, 0))
        #expect(SVGValueProbe.color("#FF000080") == Color(r8: 255, g8: 0, b8: 0, a8: 128))
        #expect(SVGValueProbe.color("#0000ff") == Color(0, 0, 1))
        #expect(SVGValueProbe.color("rgb(255, 0, 0)") == Color(1, 0, 0))
        #expect(SVGValueProbe.color("rgba(0,0,255,0.5)") == Color(0, 0, 1, 0.5))
        #expect(SVGValueProbe.color("rgb(100% 0% 0% / 25%)") == Color(1, 0, 0, 0.25))
        #expect(SVGValueProbe.color("cornflowerblue") == Color(r8: 0x64, g8: 0x95, b8: 0xED))
        #expect(SVGValueProbe.color(" Teal ") == Color(r8: 0, g8: 0x80, b8: 0x80))
        #expect(SVGValueProbe.color("hsl(120, 100%, 50%)") == Color(0, 1, 0))
        #expect(SVGValueProbe.color("transparent")?.a == 0)
        #expect(SVGValueProbe.color("#ggg") == nil)
        #expect(SVGValueProbe.color("notacolour") == nil)
        #expect(SVGValueProbe.color("rgb(1,2)") == nil)
    }
}

@Suite struct SVGDocumentTests {
    let square = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20" width="20" height="20">"##

    @Test func intrinsicSizeFromWidthHeightOrViewBox() throws {
        let a = try svg(##"<svg width="32" height="16" viewBox="0 0 10 5"/>"##)
        #expect(a.width == 32 && a.height == 16 && a.viewBox == Rect(0, 0, 10, 5))
        let b = try svg(##"<svg viewBox="0 0 24 12"/>"##)
        #expect(b.width == 24 && b.height == 12)
        let c = try svg(##"<svg width="48" viewBox="0 0 24 12"/>"##)
        #expect(c.width == 48 && c.height == 24)
        let d = try svg(##"<svg width="1in" height="72pt"/>"##)
        #expect(d.width == 96 && d.height == 96)
        let e = try svg(##"<svg/>"##)
        #expect(e.width == 300 && e.height == 150)
    }

    @Test func fillAndInheritanceThroughGroups() throws {
        let s = try raster(square + ##"<g fill="blue"><g><rect width="10" height="20"/></g><rect x="10" width="10" height="20" fill="lime"/></g></svg>"##)
        #expect(s.pixel(x: 5, y: 10) == RGBA8(r: 0, g: 0, b: 255, a: 255))
        #expect(s.pixel(x: 15, y: 10) == RGBA8(r: 0, g: 255, b: 0, a: 255))
    }

    @Test func styleAttributeBeatsCSSBeatsPresentationAttribute() throws {
        let doc = square + ##"<style>.c { fill: red } rect { fill: blue }</style>"##
            + ##"<rect width="5" height="20" fill="lime"/><rect class="c" x="5" width="5" height="20" fill="lime"/>"##
            + ##"<rect class="c" x="10" width="5" height="20" style="fill: #00ff00"/><rect x="15" width="5" height="20" style="fill:inherit"/></svg>"##
        let s = try raster(doc)
        #expect(s.pixel(x: 2, y: 10) == RGBA8(r: 0, g: 0, b: 255, a: 255))     // tag rule over attribute
        #expect(s.pixel(x: 7, y: 10) == RGBA8(r: 255, g: 0, b: 0, a: 255))     // class over tag
        #expect(s.pixel(x: 12, y: 10) == RGBA8(r: 0, g: 255, b: 0, a: 255))    // style over class
        #expect(s.pixel(x: 17, y: 10) == RGBA8(r: 0, g: 0, b: 0, a: 255))      // inherit: the root's black
    }

    @Test func evenOddAndNonZero() throws {
        let ring = "M2 2h16v16H2z M6 6h8v8H6z"
        let nz = try raster(square + ##"<path d="\##(ring)"/></svg>"##)
        let eo = try raster(square + ##"<path fill-rule="evenodd" d="\##(ring)"/></svg>"##)
        #expect(nz.pixel(x: 10, y: 10).a == 255)
        #expect(eo.pixel(x: 10, y: 10).a == 0)
        #expect(eo.pixel(x: 3, y: 10).a == 255)
    }

    @Test func opacitiesMultiply() throws {
        let s = try raster(square + ##"<rect width="20" height="20" fill="#000" fill-opacity="0.5" opacity="0.5"/></svg>"##)
        #expect(abs(Int(s.pixel(x: 10, y: 10).a) - 64) <= 1)
        // Group opacity composites the group once: two overlapping opaque squares stay one alpha.
        let g = try raster(square + ##"<g opacity="0.5"><rect width="15" height="20"/><rect x="5" width="15" height="20"/></g></svg>"##)
        #expect(abs(Int(g.pixel(x: 10, y: 10).a) - 128) <= 1)
        #expect(abs(Int(g.pixel(x: 2, y: 10).a) - 128) <= 1)
    }

    @Test func currentColorTakesTheDocumentsColourOrTheCallersOne() throws {
        let doc = square + ##"<rect width="10" height="20" fill="currentColor"/><g color="#00f"><rect x="10" width="10" height="20" fill="currentColor"/></g></svg>"##
        let s = try raster(doc, currentColor: Color(1, 0, 0))
        #expect(s.pixel(x: 5, y: 10) == RGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(s.pixel(x: 15, y: 10) == RGBA8(r: 0, g: 0, b: 255, a: 255))
        let plain = try raster(doc)
        #expect(plain.pixel(x: 5, y: 10) == RGBA8(r: 0, g: 0, b: 0, a: 255))
    }

    @Test func displayNoneAndVisibility() throws {
        let s = try raster(square + ##"<g display="none"><rect width="20" height="20"/></g><g visibility="hidden"><rect width="10" height="20"/><rect x="10" width="10" height="20" visibility="visible"/></g></svg>"##)
        #expect(s.pixel(x: 5, y: 10).a == 0)
        #expect(s.pixel(x: 15, y: 10).a == 255)
    }

    @Test func gradientUnits() throws {
        // Bounding box: 0 → 1 across the rect whatever its place; user space: across the viewBox.
        let doc = square + ##"<linearGradient id="bb"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#fff"/></linearGradient>"##
            + ##"<linearGradient id="us" gradientUnits="userSpaceOnUse" x1="0" x2="20"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#fff"/></linearGradient>"##
            + ##"<rect x="10" width="10" height="10" fill="url(#bb)"/><rect x="10" y="10" width="10" height="10" fill="url(#us)"/></svg>"##
        let s = try raster(doc)
        let bbLeft = Int(s.pixel(x: 10, y: 5).r), usLeft = Int(s.pixel(x: 10, y: 15).r)
        #expect(bbLeft < 20)                       // the box's start: black
        #expect(abs(usLeft - 128) < 16)            // halfway across the viewBox: grey
        #expect(s.pixel(x: 19, y: 5).r > 235)
    }

    @Test func gradientHrefInheritsStopsAndAttributes() throws {
        let doc = square + ##"<defs><linearGradient id="base" x2="0" y2="1"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>"##
            + ##"<linearGradient id="child" href="#base"/></defs><rect width="20" height="20" fill="url(#child)"/></svg>"##
        let s = try raster(doc)
        #expect(s.pixel(x: 10, y: 0).r > 220)     // vertical: red at the top
        #expect(s.pixel(x: 10, y: 19).b > 220)
        #expect(s.pixel(x: 0, y: 0) == s.pixel(x: 19, y: 0))
    }

    @Test func radialGradientWithTransformAndSpread() throws {
        let doc = square + ##"<radialGradient id="r" gradientUnits="userSpaceOnUse" cx="10" cy="10" r="5" spreadMethod="reflect" gradientTransform="translate(10 10) scale(2 1) translate(-10 -10)"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#000"/></radialGradient><rect width="20" height="20" fill="url(#r)"/></svg>"##
        let s = try raster(doc)
        #expect(s.pixel(x: 10, y: 10).r > 215)
        // Stretched twice as wide: 5 px right is still light, 5 px down is at the rim (dark).
        #expect(s.pixel(x: 15, y: 10).r > s.pixel(x: 10, y: 15).r + 60)
        // Reflected beyond the rim: it lightens again towards the corners.
        #expect(s.pixel(x: 10, y: 19).r > s.pixel(x: 10, y: 15).r)
    }

    @Test func missingPaintUsesTheFallback() throws {
        let s = try raster(square + ##"<rect width="20" height="20" fill="url(#nope) lime"/></svg>"##)
        #expect(s.pixel(x: 10, y: 10) == RGBA8(r: 0, g: 255, b: 0, a: 255))
    }

    @Test func useInstantiatesWithItsOwnProperties() throws {
        let doc = square + ##"<defs><rect id="r" width="10" height="10"/></defs><use href="#r" fill="red"/><use href="#r" x="10" y="10" fill="blue"/></svg>"##
        let img = try svg(doc)
        #expect(img.shapeCount == 2)
        let s = try img.rasterize(width: 20, height: 20)
        #expect(s.pixel(x: 5, y: 5) == RGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(s.pixel(x: 15, y: 15) == RGBA8(r: 0, g: 0, b: 255, a: 255))
        #expect(s.pixel(x: 15, y: 5).a == 0)
    }

    @Test func viewBoxAspect() throws {
        // A 10×10 viewBox in a 20×10 raster: meet centres it, none stretches it.
        let meet = try raster(##"<svg viewBox="0 0 10 10"><rect width="10" height="10"/></svg>"##, 20, 10)
        #expect(meet.pixel(x: 2, y: 5).a == 0 && meet.pixel(x: 10, y: 5).a == 255)
        let none = try raster(##"<svg viewBox="0 0 10 10" preserveAspectRatio="none"><rect width="10" height="10"/></svg>"##, 20, 10)
        #expect(none.pixel(x: 2, y: 5).a == 255)
        let minAlign = try raster(##"<svg viewBox="0 0 10 10" preserveAspectRatio="xMinYMin meet"><rect width="10" height="10"/></svg>"##, 20, 10)
        #expect(minAlign.pixel(x: 2, y: 5).a == 255 && minAlign.pixel(x: 15, y: 5).a == 0)
    }

    @Test func strokesScaleWithTheDrawingAndDash() throws {
        let doc = ##"<svg viewBox="0 0 10 10"><line x1="0" y1="5" x2="10" y2="5" stroke="#000" stroke-width="2" stroke-dasharray="2 2"/></svg>"##
        let s = try raster(doc, 100, 100)
        #expect(s.pixel(x: 10, y: 50).a == 255)    // in the first dash
        #expect(s.pixel(x: 30, y: 50).a == 0)      // in the first gap
        #expect(s.pixel(x: 10, y: 41).a == 255)    // 2 user units wide → 20 px
        #expect(s.pixel(x: 10, y: 38).a == 0)
    }

    @Test func unsupportedIsCountedNotDrawn() throws {
        let img = try svg(square + ##"<text x="1" y="10">hi</text><text>b</text><filter id="f"/><rect width="5" height="5" filter="url(#f)" clip-path="url(#c)"/><image href="x.png"/></svg>"##)
        #expect(img.unsupported["element <text>"] == 2)
        #expect(img.unsupported["element <filter>"] == 1)
        #expect(img.unsupported["element <image>"] == 1)
        #expect(img.unsupported["attribute filter"] == 1)
        #expect(img.unsupported["attribute clip-path"] == 1)
        #expect(img.shapeCount == 1)
    }

    @Test func entitiesBeyondThePredefinedAreNotExpanded() throws {
        // Billion laughs: the DOCTYPE is skipped, &lol9; stays as written (and is reported).
        var doc = ##"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol">"##
        for i in 1...9 { doc += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i - 1);", count: 10).replacingOccurrences(of: "&lol0;", with: "&lol;") + "\">" }
        doc += ##"]><svg viewBox="0 0 10 10" data-x="&lol9;"><rect width="10" height="10" fill="&#x72;ed"/></svg>"##
        let img = try svg(doc)
        #expect(img.unsupported["entity &lol9;"] == 1)
        let s = try img.rasterize(width: 10, height: 10)
        #expect(s.pixel(x: 5, y: 5) == RGBA8(r: 255, g: 0, b: 0, a: 255))   // &#x72; is 'r'
    }
}

extension String {
    fileprivate func replacingOccurrences(of a: String, with b: String) -> String {
        var out = "", rest = Substring(self)
        while let r = rest.firstRange(of: a) { out += rest[..<r.lowerBound] + b; rest = rest[r.upperBound...] }
        return out + rest
    }
}

@Suite struct SVGBadInputTests {
    @Test func malformedXMLNamesTheLine() {
        let e = svgError("<svg>\n<g>\n<rect/>\n</svg>")
        #expect(e?.kind == .malformedXML)
        #expect(e?.line == 4)
        #expect(e?.description.contains("</svg>") == true)
    }

    @Test func truncatedInput() {
        let full = ##"<svg viewBox="0 0 10 10"><g fill="red"><rect width="5" height="5"/></g></svg>"##
        let bytes = Array(full.utf8)
        for n in 0..<bytes.count {
            do { _ = try SVGImage(Array(bytes[0..<n])); Issue.record("a prefix of \(n) bytes parsed") }
            catch let e as SVGError { #expect(e.kind == .malformedXML, "\(n): \(e)") }
            catch { Issue.record("untyped \(error)") }
        }
    }

    @Test func notSVG() {
        #expect(svgError("<html/>")?.kind == .notSVG)
        #expect(svgError("")?.kind == .malformedXML)
        #expect(svgError("hello")?.kind == .malformedXML)
        #expect(svgError("<svg a=b/>")?.kind == .malformedXML)
        #expect(svgError("<svg/><svg/>")?.kind == .malformedXML)
    }

    @Test func deepNestingIsCapped() {
        let deep = "<svg>" + String(repeating: "<g>", count: 100) + String(repeating: "</g>", count: 100) + "</svg>"
        #expect(svgError(deep)?.kind == .tooDeep)
        let ok = "<svg>" + String(repeating: "<g>", count: 50) + "<rect width='1' height='1'/>" + String(repeating: "</g>", count: 50) + "</svg>"
        #expect(svgError(ok) == nil)
    }

    @Test func useCyclesAreDetected() {
        #expect(svgError(##"<svg><use id="a" href="#a"/></svg>"##)?.kind == .referenceCycle)
        #expect(svgError(##"<svg><g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g></svg>"##)?.kind == .referenceCycle)
        #expect(svgError(##"<svg><g id="g"><rect width="1" height="1"/><use href="#g"/></g></svg>"##)?.kind == .referenceCycle)
    }

    @Test func useExpansionIsBounded() {
        // Ten levels of ten uses each: 10¹⁰ rectangles if expanded; stops at the shape cap.
        var doc = ##"<svg><defs><rect id="l0" width="1" height="1"/>"##
        for i in 1...10 {
            doc += "<g id=\"l\(i)\">" + String(repeating: "<use href=\"#l\(i - 1)\"/>", count: 10) + "</g>"
        }
        doc += "</defs><use href=\"#l10\"/></svg>"
        #expect(svgError(doc)?.kind == .tooComplex)
    }

    @Test func badNumbersAndSizes() {
        #expect(svgError(##"<svg width="1e999" height="10"/>"##)?.kind == .badValue)
        #expect(svgError(##"<svg viewBox="0 0 10"/>"##)?.kind == .badValue)
        #expect(svgError(##"<svg><rect width="NaN" height="1"/></svg>"##)?.kind == .badValue)
        #expect(svgError(##"<svg><circle r="5furlongs"/></svg>"##)?.kind == .badValue)
        #expect(svgError(##"<svg><polygon points="1 2 3 inf"/></svg>"##)?.kind == .badValue)
    }

    @Test func hugeRasterIsRefused() throws {
        let img = try svg(##"<svg width="100000" height="100000"><rect width="10" height="10"/></svg>"##)
        #expect(img.width == 100000)
        do { _ = try img.rasterize(width: 100000, height: 100000); Issue.record("rasterized") }
        catch let e as SVGError { #expect(e.kind == .tooLarge) }
        #expect(throws: SVGError.self) { try img.rasterize(width: 0, height: 10) }
    }

    @Test func hugeCoordinatesDrawNothingWrong() throws {
        let s = try raster(##"<svg viewBox="0 0 10 10"><path d="M-1e300 -1e300 L1e300 1e300 L1e300 -1e300Z" stroke="red" stroke-width="1e300"/><circle cx="5" cy="5" r="1e-300"/></svg>"##)
        #expect(s.width == 20)
    }
}

@Suite struct SVGGoldenTests {
    func fixture(_ name: String) throws -> SVGImage {
        let dir = goldenDirectory(#filePath).dropLast("Goldens".count)
        let path = dir + "ImageFixtures/" + name
        guard let bytes = readFixture(path) else { throw SVGError(.malformedXML, "fixture \(path) missing") }
        return try SVGImage(bytes)
    }

    /// The icon at 16, 48 and 128 px side by side on a light background.
    func strip(_ img: SVGImage, currentColor: Color? = nil) throws -> Surface {
        let sizes = [16, 48, 128]
        let s = try Surface(width: 8 + sizes.reduce(0) { $0 + $1 + 8 }, height: 128 + 16)
        let c = Canvas(s)
        c.clear(Color(0.93, 0.93, 0.9))
        var x = 8
        for n in sizes {
            let w = Int((Double(n) * img.width / max(img.width, img.height)).rounded())
            let h = Int((Double(n) * img.height / max(img.width, img.height)).rounded())
            c.drawImage(try img.rasterize(width: w, height: h, currentColor: currentColor), transform: .translation(Double(x), 8))
            x += n + 8
        }
        return s
    }

    @Test func gearEvenOdd() throws {
        let img = try fixture("icon-gear.svg")
        #expect(img.unsupported.isEmpty)
        expectGolden(try strip(img), "svg-gear")
    }

    @Test func gradientBadge() throws {
        let img = try fixture("icon-badge.svg")
        #expect(img.unsupported.isEmpty)
        expectGolden(try strip(img), "svg-badge")
    }

    @Test func strokedCurrentColor() throws {
        let img = try fixture("icon-stroked.svg")
        #expect(img.unsupported.isEmpty)
        expectGolden(try strip(img, currentColor: Color(0.08, 0.4, 0.75)), "svg-stroked")
    }

    @Test func useReuse() throws {
        let img = try fixture("icon-use.svg")
        #expect(img.unsupported == ["element <text>": 1])
        #expect(img.shapeCount == 8)
        expectGolden(try strip(img), "svg-use")
    }
}

/// The whole file, or nil.
private func readFixture(_ path: String) -> [UInt8]? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var out: [UInt8] = []
    var buf = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&buf, 1, buf.count, f)
        if n <= 0 { break }
        out.append(contentsOf: buf[0..<n])
    }
    return out
}

#if canImport(Glibc)
import Glibc
#endif
