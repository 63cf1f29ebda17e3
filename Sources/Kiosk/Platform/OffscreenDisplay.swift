// OffscreenDisplay: a display with no device, for machines without a screen (CI, a laptop). It keeps
// the panel image in memory and writes it as PNG: the last frame always, every frame while a
// frame limit is set, and with `framesPerSecond` (`kiosk run --offscreen-fps N`) the frames drawn,
// numbered, at most N a second, to see motion.
import Raster

/// Writes frames to image files instead of a screen.
///
///     let d = try OffscreenDisplay(directory: "/tmp/kiosk", width: 800, height: 480)
public final class OffscreenDisplay: Display {
    public let width: Int
    public let height: Int
    public let rotation: Rotation
    public let refreshInterval: Double
    /// Where frames go: `DIR/frame-00001.png` … and `DIR/last.png`.
    public let directory: String
    /// Frames written individually before only `last.png` is kept up to date (0 = none).
    public var frameFiles: Int
    /// The panel image (rotated), kept so each present copies only its damage.
    public let panel: Surface
    public private(set) var framesPresented = 0
    /// Keep `last.png` current while running (at most once a second: encoding a frame costs more
    /// than drawing one), or write it only on close (false).
    public var writeEveryFrame: Bool
    private var lastWrite = -1.0
    /// Write the presented frames as numbered files, at most this many a second (0 = off). A
    /// frame is written when at least 1/N s passed since the last one written; an animation
    /// drawn at 60 Hz with N = 10 gives every sixth frame, and a still screen writes nothing
    /// (nothing is presented). Frames are numbered in the order written; `frames.txt` gives
    /// each one's time (seconds since the first).
    public var framesPerSecond = 0.0
    private var lastNumbered = -1.0
    private var firstNumbered: Double?
    private var numbered = 0
    /// After `showBlack`: the next present copies the whole frame.
    private var wholeNext = false

    public init(directory: String, width: Int, height: Int, rotation: Rotation = .degrees0,
                refreshInterval: Double = 1.0 / 60, frameFiles: Int = 0, writeEveryFrame: Bool = false) throws {
        self.directory = directory
        self.width = width; self.height = height; self.rotation = rotation
        self.refreshInterval = refreshInterval; self.frameFiles = frameFiles; self.writeEveryFrame = writeEveryFrame
        let (pw, ph) = rotation.logicalSize(panelWidth: width, panelHeight: height)
        panel = try Surface(width: pw, height: ph)
        if mkdir(directory, 0o755) != 0 && errno != EEXIST {
            throw PlatformError("mkdir", path: directory, errno: .current, advice: "choose a writable directory with --display offscreen:DIR")
        }
    }

    public var summary: String { "offscreen \(width)x\(height) → \(directory)/last.png" }

    @discardableResult
    public func present(_ surface: Surface, damage: [IntRect]) throws -> Double? {
        if wholeNext {
            ScanoutCopy.copy(surface, rect: surface.bounds, to: UnsafeMutableRawPointer(panel.base), dstStride: panel.stride,
                             format: .xrgb8888, rotation: rotation)
        } else {
            for r in damage {
                ScanoutCopy.copy(surface, rect: r, to: UnsafeMutableRawPointer(panel.base), dstStride: panel.stride,
                                 format: .xrgb8888, rotation: rotation)
            }
        }
        wholeNext = false
        framesPresented += 1
        if framesPresented <= frameFiles {
            let n = String(framesPresented)
            try ImageFile.write(panel, to: "\(directory)/frame-\(String(repeating: "0", count: max(0, 5 - n.count)) + n).png")
        }
        let now = Syscall.monotonicNow()
        if framesPerSecond > 0, frameFiles == 0, lastNumbered < 0 || now - lastNumbered >= 1 / framesPerSecond - 0.002 {
            try writeNumbered(at: now)
        }
        if writeEveryFrame && now - lastWrite >= 1 {
            try ImageFile.write(panel, to: "\(directory)/last.png")
            lastWrite = now
        }
        return now
    }

    /// Writes the panel as the next `frame-NNNNN.png` (not with `frameFiles`, which numbers its own) and its time
    /// in `frames.txt`.
    private func writeNumbered(at now: Double) throws {
        numbered += 1
        let n = String(numbered)
        let name = "frame-\(String(repeating: "0", count: max(0, 5 - n.count)) + n).png"
        try ImageFile.write(panel, to: "\(directory)/\(name)")
        let start = firstNumbered ?? now
        firstNumbered = start
        // The write took time; the next frame is due 1/N s after this one was presented.
        lastNumbered = lastNumbered < 0 ? now : max(now, lastNumbered + 1 / framesPerSecond)
        let line = "\(name) \(format3(now - start))\n"
        let fd = Glibc.open("\(directory)/frames.txt", O_WRONLY | O_CREAT | (numbered == 1 ? O_TRUNC : O_APPEND), 0o644)
        if fd >= 0 { _ = line.utf8CString.withUnsafeBufferPointer { Glibc.write(fd, $0.baseAddress, $0.count - 1) }; Glibc.close(fd) }
    }

    /// Clears the panel image (and `last.png` when it is kept current); the next present copies
    /// its whole frame.
    public func showBlack() throws -> Bool {
        panel.clear(0xFF00_0000)
        wholeNext = true
        if writeEveryFrame { try ImageFile.write(panel, to: "\(directory)/last.png"); lastWrite = Syscall.monotonicNow() }
        return true
    }

    public func close() {
        do { try ImageFile.write(panel, to: "\(directory)/last.png") }
        catch { Log.error("offscreen: \(error)") }
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Seconds with three decimals (no Foundation formatting in the library).
private func format3(_ t: Double) -> String {
    let ms = Int((max(0, t) * 1000).rounded())
    let frac = String(ms % 1000)
    return "\(ms / 1000).\(String(repeating: "0", count: 3 - frac.count))\(frac)"
}
