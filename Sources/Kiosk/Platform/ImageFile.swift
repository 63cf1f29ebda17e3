// ImageFile: writing and reading frames as files for the offscreen display, `kiosk snapshot` and
// the QEMU test (whose screendumps are PPM). PNG output here is uncompressed (stored deflate
// blocks): correct and dependency-free until Raster's libpng-backed `Surface.writePNG` is on main.
#if canImport(Glibc)
import Glibc
#endif
import Raster

/// Errors reading image files.
public enum ImageFileError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String)
    case notPPM(path: String)
    public var description: String {
        switch self {
        case .unreadable(let p): return "cannot read \(p): check the path and permissions"
        case .notPPM(let p): return "\(p) is not a binary PPM (P6, maxval 255): write it with `kiosk snapshot -o FILE.ppm`"
        }
    }
}

public enum ImageFile {
    /// Writes `surface` to `path` as PNG, or as PPM when the path ends in `.ppm`.
    public static func write(_ surface: Surface, to path: String) throws {
        let bytes = path.hasSuffix(".ppm") ? ppmData(surface) : pngData(surface)
        let fd: Int32
        do { fd = try Syscall.open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        catch let e as Errno { throw PlatformError("create", path: path, errno: e, advice: "check the directory exists and is writable") }
        defer { Syscall.close(fd) }
        do { try Syscall.writeAll(fd, bytes) }
        catch let e as Errno { throw PlatformError("write", path: path, errno: e) }
    }

    /// Binary PPM (P6) of the opaque colour (premultiplied over black, as a screen shows it).
    public static func ppmData(_ s: Surface) -> [UInt8] {
        var out = Array("P6\n\(s.width) \(s.height)\n255\n".utf8)
        out.reserveCapacity(out.count + s.width * s.height * 3)
        for y in 0..<s.height {
            let row = s.row(y)
            for x in 0..<s.width {
                let p = row[x]
                out.append(UInt8(truncatingIfNeeded: p >> 16)); out.append(UInt8(truncatingIfNeeded: p >> 8)); out.append(UInt8(truncatingIfNeeded: p))
            }
        }
        return out
    }

    /// Reads a binary PPM (P6, maxval 255) into an opaque surface.
    public static func readPPM(_ path: String) throws -> Surface {
        guard let b = Syscall.readFile(path, limit: 1 << 28) else { throw ImageFileError.unreadable(path: path) }
        return try decodePPM(b, path: path)
    }

    public static func decodePPM(_ b: [UInt8], path: String = "<memory>") throws -> Surface {
        var i = 0
        func token() -> String? {
            while i < b.count {
                if b[i] == UInt8(ascii: "#") { while i < b.count && b[i] != 10 { i += 1 } }
                else if b[i] == 32 || b[i] == 10 || b[i] == 13 || b[i] == 9 { i += 1 } else { break }
            }
            let s = i
            while i < b.count && !(b[i] == 32 || b[i] == 10 || b[i] == 13 || b[i] == 9) { i += 1 }
            return i > s ? String(decoding: b[s..<i], as: UTF8.self) : nil
        }
        guard token() == "P6", let w = token().flatMap({ Int($0) }), let h = token().flatMap({ Int($0) }),
              token() == "255", w > 0, h > 0, w <= Surface.maxSide, h <= Surface.maxSide else { throw ImageFileError.notPPM(path: path) }
        i += 1
        guard b.count - i >= w * h * 3 else { throw ImageFileError.notPPM(path: path) }
        let s = try Surface(width: w, height: h)
        for y in 0..<h {
            let row = s.row(y)
            for x in 0..<w {
                let o = i + (y * w + x) * 3
                row[x] = 0xFF00_0000 | UInt32(b[o]) << 16 | UInt32(b[o + 1]) << 8 | UInt32(b[o + 2])
            }
        }
        return s
    }

    /// PNG (RGBA, 8 bits, straight alpha), stored without compression.
    public static func pngData(_ s: Surface) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity(s.height * (1 + s.width * 4))
        for y in 0..<s.height {
            raw.append(0)
            for x in 0..<s.width {
                let c = s.pixel(x: x, y: y)
                raw.append(c.r); raw.append(c.g); raw.append(c.b); raw.append(c.a)
            }
        }
        var z: [UInt8] = [0x78, 0x01]
        var off = 0
        repeat {
            let n = min(65535, raw.count - off)
            z.append(off + n == raw.count ? 1 : 0)
            z.append(UInt8(n & 0xFF)); z.append(UInt8(n >> 8)); z.append(UInt8(~n & 0xFF)); z.append(UInt8((~n >> 8) & 0xFF))
            z.append(contentsOf: raw[off..<off + n])
            off += n
        } while off < raw.count
        var a: UInt32 = 1, b2: UInt32 = 0
        for v in raw { a = (a + UInt32(v)) % 65521; b2 = (b2 + a) % 65521 }
        be32(&z, b2 << 16 | a)
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr: [UInt8] = []
        be32(&ihdr, UInt32(s.width)); be32(&ihdr, UInt32(s.height)); ihdr += [8, 6, 0, 0, 0]
        chunk(&out, "IHDR", ihdr); chunk(&out, "IDAT", z); chunk(&out, "IEND", [])
        return out
    }

    private static func be32(_ o: inout [UInt8], _ v: UInt32) {
        o.append(UInt8(v >> 24)); o.append(UInt8((v >> 16) & 0xFF)); o.append(UInt8((v >> 8) & 0xFF)); o.append(UInt8(v & 0xFF))
    }
    private static func chunk(_ o: inout [UInt8], _ type: String, _ data: [UInt8]) {
        be32(&o, UInt32(data.count))
        let body = Array(type.utf8) + data
        o += body
        var c: UInt32 = 0xFFFF_FFFF
        for v in body {
            c ^= UInt32(v)
            for _ in 0..<8 { c = (c & 1) != 0 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
        }
        be32(&o, ~c)
    }
}
