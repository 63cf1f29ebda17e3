// TestSupport: what every test target shares (a library target that only test targets depend
// on, since test targets cannot share files): golden images here, SplitMix64 beside it.
//
// Golden images: a test renders a Surface and compares it with Goldens/<name>.png beside this
// file. A mismatch writes <name>.actual.png and <name>.diff.png next to the golden (red where
// pixels differ, the expected image dimmed elsewhere) and names them in the failure.
// KIOSK_UPDATE_GOLDENS=1 rewrites the goldens instead — a deliberate step; look at each
// changed image before committing it.
import Testing
import Raster
#if canImport(Glibc)
import Glibc
#endif

/// The Goldens folder next to the calling test file.
public func goldenDirectory(_ file: String) -> String {
    let dir = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    return dir + "/Goldens"
}

/// Compares `surface` with the golden `name`; `tolerance` is the largest per-channel difference
/// allowed (0 = exact), `maxDiffering` how many pixels may exceed it.
public func expectGolden(_ surface: Surface, _ name: String, tolerance: Int = 1, maxDiffering: Int = 0,
                  file: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
    let dir = goldenDirectory(file)
    let path = "\(dir)/\(name).png"
    if let flag = getenv("KIOSK_UPDATE_GOLDENS"), String(cString: flag) == "1" {
        mkdir(dir, 0o755)
        do { try surface.writePNG(to: path) } catch { Issue.record("could not write golden \(path): \(error)", sourceLocation: sourceLocation) }
        return
    }
    let golden: Surface
    do { golden = try Surface(contentsOfPNG: path) } catch {
        try? surface.writePNG(to: "\(dir)/\(name).actual.png")
        Issue.record("golden \(path) missing or unreadable (\(error)); wrote \(name).actual.png — run with KIOSK_UPDATE_GOLDENS=1 to create it", sourceLocation: sourceLocation)
        return
    }
    guard golden.width == surface.width, golden.height == surface.height else {
        try? surface.writePNG(to: "\(dir)/\(name).actual.png")
        Issue.record("golden \(name) is \(golden.width)×\(golden.height), actual \(surface.width)×\(surface.height)", sourceLocation: sourceLocation)
        return
    }
    var differing = 0, worst = 0
    let diff = try! Surface(width: surface.width, height: surface.height)
    for y in 0..<surface.height {
        for x in 0..<surface.width {
            let a = surface.pixel(x: x, y: y), b = golden.pixel(x: x, y: y)
            let d = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
            worst = max(worst, d)
            if d > tolerance {
                differing += 1
                diff.setPixel(x: x, y: y, 0xFFFF_0000)
            } else {
                let g = UInt32((Int(b.r) + Int(b.g) + Int(b.b)) / 12 + 32)
                diff.setPixel(x: x, y: y, Pixel.pack(a: 255, r: g, g: g, b: g))
            }
        }
    }
    if differing > maxDiffering {
        try? surface.writePNG(to: "\(dir)/\(name).actual.png")
        try? diff.writePNG(to: "\(dir)/\(name).diff.png")
        Issue.record("""
            \(differing) pixels differ from golden \(name) by more than \(tolerance) (worst \(worst)); \
            see \(dir)/\(name).actual.png and \(dir)/\(name).diff.png
            """, sourceLocation: sourceLocation)
    }
}
