// Golden PNGs beside this file (Goldens/NAME.png): a frame must match its golden to within 1 per
// channel; KIOSK_UPDATE_GOLDENS=1 writes them instead. A missing or different golden fails the
// test and leaves NAME.actual.png to look at.
import Testing
import Kiosk

func expectGolden(_ surface: Surface, _ name: String, file: String = #filePath,
                  sourceLocation: SourceLocation = #_sourceLocation) {
    let dir = String(file[..<(file.lastIndex(of: "/") ?? file.startIndex)]) + "/Goldens"
    let path = "\(dir)/\(name).png", actual = "\(dir)/\(name).actual.png"
    if let flag = getenv("KIOSK_UPDATE_GOLDENS"), String(cString: flag) == "1" {
        mkdir(dir, 0o755)
        do { try surface.writePNG(to: path) } catch { Issue.record("cannot write \(path): \(error)", sourceLocation: sourceLocation) }
        return
    }
    guard let golden = try? Surface(contentsOfPNG: path) else {
        mkdir(dir, 0o755)
        try? surface.writePNG(to: actual)
        Issue.record("no golden \(path); wrote \(actual). Look at it, then run KIOSK_UPDATE_GOLDENS=1 swift test", sourceLocation: sourceLocation)
        return
    }
    guard golden.width == surface.width, golden.height == surface.height else {
        try? surface.writePNG(to: actual)
        Issue.record("golden \(name) is \(golden.width)×\(golden.height), the frame \(surface.width)×\(surface.height)", sourceLocation: sourceLocation)
        return
    }
    var differing = 0
    for y in 0..<surface.height {
        for x in 0..<surface.width {
            let a = surface.pixel(x: x, y: y), b = golden.pixel(x: x, y: y)
            if max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a))) > 1 { differing += 1 }
        }
    }
    if differing > 0 {
        try? surface.writePNG(to: actual)
        Issue.record("\(differing) pixels differ from golden \(name); see \(actual)", sourceLocation: sourceLocation)
    } else {
        unlink(actual)
    }
}

extension Surface {
    /// Every pixel's red, green, blue and alpha, to compare two frames.
    func pixels() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = pixel(x: x, y: y)
                out += [p.r, p.g, p.b, p.a]
            }
        }
        return out
    }
}

/// The middle row of the lowest band of pixels that differ from the top-left corner's colour.
func lowestRowOfInk(_ s: Surface) -> Int? {
    let paper = s.pixel(x: 0, y: 0)
    func inked(_ y: Int) -> Bool { (0..<s.width).contains { s.pixel(x: $0, y: y) != paper } }
    guard let bottom = (0..<s.height).reversed().first(where: inked) else { return nil }
    var top = bottom
    while top > 0 && inked(top - 1) { top -= 1 }
    return (top + bottom) / 2
}
