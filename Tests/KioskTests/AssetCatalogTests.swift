// Xcode asset catalogues read as they are (AssetCatalog): image sets at their scale, colour sets in
// both appearances, namespaces, system colour references, broken sets, and the generated symbols
// (`kiosk assets`) that make `Image(.logo)` and `Color(.brand)` compile.
import Testing
@testable import Kiosk
import Raster
#if canImport(Glibc)
import Glibc
#endif

/// A folder holding `files` (relative paths, parents made), removed by the caller.
private func tree(_ files: [(String, [UInt8])]) -> String {
    let dir = "/tmp/kiosk-assets-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    for (path, bytes) in files {
        var parent = dir
        for part in (path.split(separator: "/").dropLast()) { mkdir(parent, 0o755); parent += "/" + part }
        mkdir(parent, 0o755)
        let f = fopen(dir + "/" + path, "wb")
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
        fclose(f)
    }
    return dir
}

private func json(_ s: String) -> [UInt8] { Array(s.utf8) }

/// A PNG of one colour.
private func png(_ w: Int, _ h: Int, _ c: Raster.Color) throws -> [UInt8] {
    let s = try Surface(width: w, height: h)
    s.clear(c.premultiplied)
    return try s.pngData()
}

private let twoScales = """
{ "images": [ { "idiom": "universal", "scale": "1x" },
              { "filename": "logo@2x.png", "idiom": "universal", "scale": "2x" },
              { "filename": "logo@3x.png", "idiom": "universal", "scale": "3x" },
              { "filename": "logo-dark@2x.png", "idiom": "universal", "scale": "2x",
                "appearances": [ { "appearance": "luminosity", "value": "dark" } ] } ],
  "info": { "author": "xcode", "version": 1 } }
"""

private let brand = """
{ "colors": [
    { "color": { "color-space": "srgb", "components": { "red": "0.200", "green": "0x66", "blue": "255", "alpha": "1.000" } },
      "idiom": "universal" },
    { "appearances": [ { "appearance": "luminosity", "value": "dark" } ],
      "color": { "color-space": "display-p3", "components": { "red": "1.000", "green": "0.500", "blue": "0.000", "alpha": "0.500" } },
      "idiom": "universal" } ],
  "info": { "author": "xcode", "version": 1 } }
"""

/// A one-page PDF as Figma writes them (the Length an object after the stream): a 6×10 point
/// green rectangle.
private let greenPDF = """
%PDF-1.7
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [ 3 0 R ] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [ 0 0 6 10 ] /Resources << >> /Contents 4 0 R >> endobj
4 0 obj << /Length 5 0 R >> stream
0 1 0 rg 0 0 6 10 re f
endstream
endobj
5 0 obj 22 endobj
trailer << /Root 1 0 R /Size 6 >>
%%EOF

"""

@Suite(.serialized) struct AssetCatalogTests {
    private func catalogue() throws -> String {
        try tree([
            ("Assets.xcassets/Contents.json", json(#"{"info":{"author":"xcode","version":1}}"#)),
            ("Assets.xcassets/Logo.imageset/Contents.json", json(twoScales)),
            ("Assets.xcassets/Logo.imageset/logo@2x.png", png(40, 20, Raster.Color(r: 0, g: 0, b: 1))),
            ("Assets.xcassets/Logo.imageset/logo@3x.png", png(60, 30, Raster.Color(r: 1, g: 0, b: 0))),
            ("Assets.xcassets/Logo.imageset/logo-dark@2x.png", png(40, 20, Raster.Color(r: 0, g: 1, b: 0))),
            ("Assets.xcassets/Icons/Contents.json", json(#"{"properties":{"provides-namespace":true}}"#)),
            ("Assets.xcassets/Icons/home.imageset/Contents.json", json(#"{"images":[{"filename":"home.png","idiom":"universal"}]}"#)),
            ("Assets.xcassets/Icons/home.imageset/home.png", png(8, 6, Raster.Color(r: 1, g: 1, b: 0))),
            ("Assets.xcassets/Plain group/Brand.colorset/Contents.json", json(brand)),
            ("Assets.xcassets/Linked.colorset/Contents.json",
             json(#"{"colors":[{"color":{"platform":"ios","reference":"systemBlueColor"},"idiom":"universal"}]}"#)),
            ("Assets.xcassets/Grey.colorset/Contents.json",
             json(#"{"colors":[{"color":{"color-space":"gray-gamma-22","components":{"white":"0.500","alpha":"1.000"}},"idiom":"universal"}]}"#)),
            ("Assets.xcassets/Broken.colorset/Contents.json", json("{ not json")),
            ("Assets.xcassets/AccentColor.colorset/Contents.json", json(#"{"colors":[{"idiom":"universal"}]}"#)),
            ("Assets.xcassets/Vector.imageset/Contents.json", json(#"{"images":[{"filename":"mouth.pdf","idiom":"universal"}],"properties":{"preserves-vector-representation":true}}"#)),
            ("Assets.xcassets/Vector.imageset/mouth.pdf", json(greenPDF)),
            ("Assets.xcassets/BadVector.imageset/Contents.json", json(#"{"images":[{"filename":"bad.pdf","idiom":"universal"}]}"#)),
            ("Assets.xcassets/BadVector.imageset/bad.pdf", json("%PDF-1.4\n")),
            ("Assets.xcassets/AppIcon.appiconset/Contents.json", json(#"{"images":[]}"#)),
        ])
    }

    /// Warnings recorded, not printed, and no registered colours (both undone by `loudly`).
    private func quietly() {
        Diagnostics.printsWarnings = false
        NamedColors.removeAll()
    }
    private func loudly() {
        Diagnostics.printsWarnings = true
        NamedColors.removeAll()
    }

    @Test func aCatalogueIsReadWithItsNamespacesAndItsBrokenSetsNamed() throws {
        let dir = try catalogue()
        defer { _ = system("rm -rf '\(dir)'") }
        let c = AssetCatalog(path: dir + "/Assets.xcassets")
        #expect(c.images.keys.sorted() == ["BadVector", "Icons/home", "Logo", "Vector"])
        // The smallest scale with a file, for the light appearance.
        #expect(c.images["Logo"] == AssetCatalog.ImageSet(path: dir + "/Assets.xcassets/Logo.imageset/logo@2x.png", scale: 2))
        #expect(c.images["Icons/home"]?.scale == 1)
        #expect(c.colors.keys.sorted() == ["Brand", "Grey", "Linked"])
        #expect(c.problems.count == 1 && c.problems[0].contains("Broken.colorset/Contents.json"))
        // Components as floats, hex and 8-bit; P3 read as sRGB components; the dark appearance.
        let b = try #require(c.colors["Brand"])
        #expect(abs(b.light.r - 0.2) < 1e-9 && abs(b.light.g - 0.4) < 1e-9 && b.light.b == 1 && b.light.a == 1)
        #expect(b.dark.r == 1 && b.dark.g == 0.5 && b.dark.b == 0 && b.dark.a == 0.5)
        #expect(c.colors["Linked"] == Kiosk.Color.blue)
        #expect(c.colors["Grey"]?.light == Kiosk.Color.RGBA(r: 0.5, g: 0.5, b: 0.5, a: 1))
        // A folder that is not a catalogue has no sets and no problems.
        let none = AssetCatalog(path: dir + "/nothing")
        #expect(none.images.isEmpty && none.colors.isEmpty && none.problems.isEmpty)
    }

    @Test func imagesAndColoursDrawFromTheCatalogue() throws {
        let dir = try catalogue()
        defer { _ = system("rm -rf '\(dir)'") }
        quietly()
        defer { loudly() }
        let bundle = FakeBundle(dir)
        let host = HeadlessHost(width: 60, height: 40) {
            VStack(spacing: 0) {
                HStack(spacing: 0) {
                    Image("Logo", bundle: bundle)
                    Image("Icons/home", bundle: bundle)
                    Image(ImageResource(name: "Vector", bundle: ImageBundle(path: dir)))
                    Image("BadVector", bundle: bundle)
                    Spacer(minLength: 0)
                }
                HStack(spacing: 0) {
                    Kiosk.Color("Brand", bundle: bundle).frame(width: 10, height: 10)
                    Kiosk.Color(ColorResource(name: "Brand", bundle: ImageBundle(path: dir))).frame(width: 10, height: 10)
                        .environment(\.colorScheme, .dark)
                    Spacer(minLength: 0)
                }
                Spacer(minLength: 0)
            }
        }
        // The @2x file (40×20 px) is 20×10 points; the namespaced set is at its pixel size.
        let frames = host.frames(of: Image.self)
        // The PDF is its box in points; the unreadable one is nothing.
        #expect(frames.map(\.size) == [CGSize(width: 20, height: 10), CGSize(width: 8, height: 6), CGSize(width: 6, height: 10), .zero])
        let s = host.snapshot()
        #expect(rgba(s, 10, 5) == [0, 0, 255, 255])       // the @2x file (blue), not the @3x (red) nor the dark one
        #expect(rgba(s, 23, 3) == [255, 255, 0, 255])
        #expect(rgba(s, 5, 15) == [51, 102, 255, 255])
        let dark = rgba(s, 15, 15)                         // 50 % orange over the white background
        #expect(abs(Int(dark[0]) - 255) <= 1 && abs(Int(dark[1]) - 191) <= 2 && abs(Int(dark[2]) - 128) <= 2)
        #expect(rgba(s, 30, 5) == [0, 255, 0, 255])       // the PDF's green rectangle at 28…34
        #expect(rgba(s, 35, 5) == [255, 255, 255, 255])
        // The drawn PDF warns nothing; the unreadable one is named once, with why; the
        // scheme-less, unknown colour still warns once.
        #expect(!host.warnings.contains { $0.contains("mouth.pdf") })
        #expect(host.warnings.filter { $0.contains("bad.pdf") }.count == 1)
        #expect(host.warnings.contains { $0.contains("bad.pdf") && $0.contains("catalogue") })
        #expect(host.warnings.contains { $0.contains("Broken.colorset") })
    }

    @Test func anUnknownNameStillWarnsNamingTheCatalogues() throws {
        let dir = try catalogue()
        defer { _ = system("rm -rf '\(dir)'") }
        quietly()
        defer { loudly() }
        let host = HeadlessHost(width: 20, height: 20) {
            ZStack {
                Kiosk.Color("Nope", bundle: FakeBundle(dir))
                Image("Nope", bundle: FakeBundle(dir))
            }
        }
        #expect(rgba(host.snapshot(), 5, 5) == [0x8E, 0x8E, 0x93, 255])
        #expect(host.warnings.contains { $0.contains("Color(\"Nope\")") && $0.contains("asset catalogue") })
        #expect(host.warnings.contains { $0.contains("Image(\"Nope\")") && $0.contains("xcassets") })
    }

    @Test func symbolNamesAreXcodes() {
        func img(_ n: String) -> String { AssetCatalog.symbol(for: n, dropping: nil) }
        func col(_ n: String) -> String { AssetCatalog.symbol(for: n, dropping: "Color") }
        #expect(img("blue-middle") == "blueMiddle")
        #expect(img("UserAvatar") == "userAvatar")
        #expect(img("conversation_unsend_icon") == "conversationUnsendIcon")
        #expect(img("duoMouth") == "duoMouth")
        #expect(img("URLIcon") == "urlIcon")
        #expect(img("3d cube") == "_3dCube")
        #expect(img("Icons/home") == "iconsHome")
        #expect(img("default") == "`default`")
        #expect(col("BG") == "bg")
        #expect(col("AccentColor") == "accent")
        #expect(col("StrokeColor") == "stroke")
        #expect(col("Color") == "color")
    }

    @Test func generatedSymbolsDeclareEverySetOnceAndShadowNoSystemColour() throws {
        let dir = try tree([
            ("A.xcassets/duoMouth.imageset/Contents.json", json(#"{"images":[{"filename":"m.png","idiom":"universal"}]}"#)),
            ("A.xcassets/duo-mouth.imageset/Contents.json", json(#"{"images":[{"filename":"m.png","idiom":"universal"}]}"#)),
            ("A.xcassets/Blue.colorset/Contents.json",
             json(#"{"colors":[{"color":{"color-space":"srgb","components":{"red":"0","green":"0","blue":"1","alpha":"1"}}}]}"#)),
            ("A.xcassets/BrandColor.colorset/Contents.json",
             json(#"{"colors":[{"color":{"color-space":"srgb","components":{"red":"0","green":"0","blue":"1","alpha":"1"}}}]}"#)),
        ])
        defer { _ = system("rm -rf '\(dir)'") }
        let text = AssetCatalog.generatedSymbols(for: [AssetCatalog(path: dir + "/A.xcassets")])
        #expect(text.contains("import Kiosk\n"))
        #expect(text.contains(#"static let duoMouth = ImageResource(name: "duo-mouth", bundle: .module)"#))
        #expect(text.contains(#"not declared, its symbol is taken: image set "duoMouth""#))
        #expect(text.contains(#"static let blue = ColorResource(name: "Blue", bundle: .module)"#))
        #expect(text.contains(#"static let brand = ColorResource(name: "BrandColor", bundle: .module)"#))
        #expect(text.contains("static var brand: Color { Color(ColorResource.brand) }"))
        #expect(!text.contains("static var blue"))
        #expect(text.ranges(of: "static var brand").count == 2)   // Color and ShapeStyle
    }
}
