// OffscreenDisplay: a display with no device, for machines without a screen (CI, a laptop). It keeps
// the panel image in memory and writes it as PNG: the last frame always, and every frame while a
// frame limit is set.
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
        if writeEveryFrame && now - lastWrite >= 1 {
            try ImageFile.write(panel, to: "\(directory)/last.png")
            lastWrite = now
        }
        return now
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
