// ImageFile: writing and reading frames as files for the offscreen display, `kiosk snapshot` and
// the QEMU test (whose screendumps are PPM). PNG goes through Raster's libpng-backed `pngData()`.
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
        let bytes = path.hasSuffix(".ppm") ? ppmData(surface) : try surface.pngData()
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
}
