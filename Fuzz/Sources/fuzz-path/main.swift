// fuzz-path: random paths (NaN, ±∞, 1e30 coordinates, degenerate curves, arcs of any sweep)
// filled and stroked (zero and negative widths, every cap and join, dash patterns of zeros) under
// random transforms, clips and opacity, on a surface of 0…48 pixels a side that sits inside a
// larger buffer. Checked: the 8-pixel guard band around the surface is never written, and every
// pixel is what white coverage over transparent black can give: r = g = b = a, i.e. coverage in
// 0…255 that went through one blend formula.
import FuzzSupport
import Raster

let band = 8
let sentinel: UInt32 = 0x5A_A5_C3_3C

func fuzzPath(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let w = input.below(49), h = input.below(49)
    let bw = w + 2 * band, bh = h + 2 * band
    let buffer = UnsafeMutablePointer<UInt32>.allocate(capacity: bw * bh)
    defer { buffer.deallocate() }
    buffer.initialize(repeating: sentinel, count: bw * bh)
    for y in band..<band + h { (buffer + y * bw + band).initialize(repeating: 0, count: w) }
    guard let surface = try? Surface(wrapping: UnsafeMutableRawPointer(buffer + band * bw + band), width: w, height: h, stride: bw * 4) else {
        fuzzFailure("wrap \(w)×\(h)")
    }
    let canvas = Canvas(surface)

    var ops = 0
    while !input.isEmpty && ops < 24 {
        ops += 1
        var path = Path()
        let elements = input.below(24)
        for _ in 0..<elements {
            switch input.byte() % 12 {
            case 0, 1: path.move(to: Point(input.double(), input.double()))
            case 2, 3, 4: path.line(to: Point(input.double(), input.double()))
            case 5: path.quad(to: Point(input.double(), input.double()), control: Point(input.double(), input.double()))
            case 6: path.cubic(to: Point(input.double(), input.double()), control1: Point(input.double(), input.double()),
                               control2: Point(input.double(), input.double()))
            case 7: path.close()
            case 8:
                let c = Point(input.double(), input.double()), a0 = input.double(), a1 = input.double(), cw = input.bool()
                path.addArc(center: c, radius: input.double(), startAngle: a0, endAngle: a1, clockwise: cw)
                // Half the time the arc back about the same centre and a close: a ring segment
                // (Path.sector), which the canvas fills analytically (SectorRasterizer).
                if input.bool() {
                    path.addArc(center: c, radius: input.double(), startAngle: a1, endAngle: a0, clockwise: !cw)
                    path.close()
                }
            case 9: path.addRect(Rect(x: input.double(), y: input.double(), width: input.double(), height: input.double()))
            case 10: path.addRoundedRect(Rect(x: input.double(), y: input.double(), width: input.double(), height: input.double()),
                                         radii: CornerRadii(topLeft: input.double(), topRight: input.double(),
                                                            bottomRight: input.double(), bottomLeft: input.double()))
            default: path.addEllipse(in: Rect(x: input.double(), y: input.double(), width: input.double(), height: input.double()))
            }
        }
        let state = input.byte()
        if state & 1 != 0 {
            canvas.transform = Affine(a: input.double(), b: input.double(), c: input.double(), d: input.double(), tx: input.double(), ty: input.double())
        } else if state & 2 != 0 {
            canvas.transform = .identity
        }
        if state & 4 != 0 {
            canvas.clip = IntRect(x: Int(Int8(bitPattern: input.byte())), y: Int(Int8(bitPattern: input.byte())),
                                  width: Int(Int8(bitPattern: input.byte())), height: Int(Int8(bitPattern: input.byte())))
        }
        if state & 8 != 0 { canvas.opacity = input.double() }
        if state & 16 != 0 { canvas.flatness = input.double() }
        let white = Paint.solid(Color(1, 1, 1, 1))
        if state & 32 == 0 {
            canvas.fill(path, with: white, rule: input.bool() ? .evenOdd : .nonZero)
        } else {
            var dash: [Double] = []
            let dashes = input.byte()
            if dashes & 0x80 != 0 { dash = (0..<Int(dashes & 7)).map { _ in input.double() } }
            let caps: [LineCap] = [.butt, .round, .square], joins: [LineJoin] = [.miter, .round, .bevel]
            let style = StrokeStyle(lineWidth: input.double(), lineCap: caps[input.below(3)], lineJoin: joins[input.below(3)],
                                    miterLimit: input.double(), dash: dash, dashPhase: input.double())
            canvas.stroke(path, with: white, style: style)
        }
    }

    for y in 0..<bh {
        for x in 0..<bw {
            let p = buffer[y * bw + x]
            let inside = x >= band && x < band + w && y >= band && y < band + h
            if !inside {
                guard p == sentinel else { fuzzFailure("wrote \(String(p, radix: 16)) at \(x - band),\(y - band) outside the \(w)×\(h) surface") }
            } else {
                let a = p >> 24
                guard (p >> 16) & 255 == a, (p >> 8) & 255 == a, p & 255 == a else {
                    fuzzFailure("pixel \(x - band),\(y - band) = \(String(p, radix: 16)): white coverage must give r = g = b = a")
                }
            }
        }
    }
    return 0
}

runFuzzer(fuzzPath)
