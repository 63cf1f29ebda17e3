// AnimatedPNG: `kiosk record -o out.png` writes an APNG. Each frame is compressed by Raster's
// libpng encoder; its IDAT payload is re-wrapped as the APNG frame data (fcTL + IDAT for the first
// frame, fcTL + fdAT after). Viewers without APNG support show the first frame, as a plain PNG.
import Raster

/// Collects frames and produces an animated PNG.
///
///     var apng = AnimatedPNG(framesPerSecond: 30)
///     try apng.append(frame)
///     let bytes = try apng.data()
public struct AnimatedPNG {
    public let framesPerSecond: Int
    private var ihdr: [UInt8] = []
    private var frames: [[UInt8]] = []
    /// Frames beyond this are refused, so a mistyped duration cannot exhaust memory.
    public static let maxFrames = 3600

    public init(framesPerSecond: Int) { self.framesPerSecond = max(1, min(framesPerSecond, 1000)) }

    public var frameCount: Int { frames.count }

    /// Encodes `surface` and appends it; every frame must have the first frame's size.
    public mutating func append(_ surface: Surface) throws {
        guard frames.count < AnimatedPNG.maxFrames else {
            throw ConfigError.invalidValue(key: "duration", value: "\(frames.count + 1) frames", expected: "at most \(AnimatedPNG.maxFrames) frames")
        }
        let png = try surface.pngData()
        var idat: [UInt8] = []
        var header: [UInt8] = []
        AnimatedPNG.forEachChunk(png) { type, body in
            if type == "IHDR" { header = Array(body) } else if type == "IDAT" { idat += body }
        }
        if ihdr.isEmpty { ihdr = header }
        else if header.prefix(8) != ihdr.prefix(8) {
            throw ConfigError.invalidValue(key: "frame size", value: "\(surface.width)x\(surface.height)", expected: "the first frame's size")
        }
        frames.append(idat)
    }

    /// The animation, looping forever.
    public func data() throws -> [UInt8] {
        guard !frames.isEmpty else { throw ConfigError.invalidValue(key: "frames", value: "0", expected: "at least one frame") }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        AnimatedPNG.chunk(&out, "IHDR", ihdr)
        var actl: [UInt8] = []
        AnimatedPNG.be32(&actl, UInt32(frames.count)); AnimatedPNG.be32(&actl, 0)
        AnimatedPNG.chunk(&out, "acTL", actl)
        var seq: UInt32 = 0
        for (i, f) in frames.enumerated() {
            var fctl: [UInt8] = []
            AnimatedPNG.be32(&fctl, seq); seq += 1
            fctl += ihdr[0..<8]                        // width, height
            AnimatedPNG.be32(&fctl, 0); AnimatedPNG.be32(&fctl, 0)   // x, y offset
            fctl += [0, 1, UInt8(framesPerSecond >> 8), UInt8(framesPerSecond & 0xFF)]   // delay 1/fps s
            fctl += [0, 0]                             // dispose none, blend source
            AnimatedPNG.chunk(&out, "fcTL", fctl)
            if i == 0 { AnimatedPNG.chunk(&out, "IDAT", f) }
            else {
                var fdat: [UInt8] = []
                AnimatedPNG.be32(&fdat, seq); seq += 1
                fdat += f
                AnimatedPNG.chunk(&out, "fdAT", fdat)
            }
        }
        AnimatedPNG.chunk(&out, "IEND", [])
        return out
    }

    /// Calls `body` with each chunk's type and data; stops at a malformed chunk.
    public static func forEachChunk(_ png: [UInt8], _ body: (String, ArraySlice<UInt8>) -> Void) {
        var o = 8
        while o + 12 <= png.count {
            let len = Int(UInt32(png[o]) << 24 | UInt32(png[o + 1]) << 16 | UInt32(png[o + 2]) << 8 | UInt32(png[o + 3]))
            guard len <= png.count - o - 12 else { return }
            body(String(decoding: png[o + 4..<o + 8], as: UTF8.self), png[o + 8..<o + 8 + len])
            o += 12 + len
        }
    }

    static func be32(_ o: inout [UInt8], _ v: UInt32) {
        o += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    static func chunk(_ o: inout [UInt8], _ type: String, _ data: [UInt8]) {
        be32(&o, UInt32(data.count))
        let start = o.count
        o += Array(type.utf8)
        o += data
        be32(&o, crc32(o[start...]))
    }

    /// CRC-32 (the PNG/zlib polynomial) of `bytes`.
    public static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for v in bytes {
            c = crcTable[Int((c ^ UInt32(v)) & 0xFF)] ^ (c >> 8)
        }
        return ~c
    }

    static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
}
