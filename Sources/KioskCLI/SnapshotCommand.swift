// `kiosk snapshot` / `kiosk record`: render a scene on a virtual clock, with scripted taps, to an
// image (or a directory of frames) — no devices, deterministic, what the QEMU test compares with.
import Kiosk
import Raster

enum SnapshotCommand {
    static let help = """
    kiosk snapshot --scene NAME --size WxH [--at SECONDS] [--tap X,Y@T …] [--rotation DEG] -o OUT
      Renders NAME at virtual time SECONDS (60 Hz steps) after the taps, to OUT (.png, or .ppm).
      With --rotation the image is the panel's (turned), as a screendump of `kiosk run` shows it.
    kiosk record --scene NAME --size WxH --duration SECONDS [--fps N] [--tap X,Y@T …] -o DIR
      Writes DIR/frame-00001.png … one per frame at N frames per second (default 30).
    """

    static func main(_ args: ArraySlice<String>, record: Bool) throws {
        let a = try Arguments(args, flags: ["help"], known: ["scene", "size", "at", "tap", "rotation", "output", "duration", "fps"])
        if a.has("help") { print(help); return }
        let name = a.last("scene") ?? "gallery"
        guard let out = a.last("output") else { throw UsageError("-o OUT is required") }
        let size = try ModeRequest(parsing: a.last("size") ?? "800x480")
        let rotation = try Rotation(degrees: Int(a.last("rotation") ?? "0") ?? -1)
        let (lw, lh) = rotation.logicalSize(panelWidth: size.width, panelHeight: size.height)
        guard let source = DemoScenes.make(name, width: lw, height: lh) else {
            throw UsageError("unknown scene \"\(name)\"; `kiosk scenes` lists them")
        }
        let taps = try a.all("tap").map { try ScheduledTap(parsing: $0) }
        func number(_ k: String, _ d: Double) throws -> Double {
            guard let v = a.last(k) else { return d }
            guard let x = Double(v), x >= 0, x.isFinite else { throw ConfigError.invalidValue(key: k, value: v, expected: "a number ≥ 0") }
            return x
        }
        if record {
            let fps = try number("fps", 30)
            guard fps > 0 else { throw ConfigError.invalidValue(key: "fps", value: "0", expected: "frames per second > 0") }
            let display = try OffscreenDisplay(directory: out, width: lw, height: lh, rotation: rotation, frameFiles: Int.max)
            let run = try VirtualRun(source: source, width: lw, height: lh, frameInterval: 1 / fps)
            let end = try number("duration", 2)
            var first = true
            var pending = taps.sorted { $0.time < $1.time }
            while run.time <= end + 1e-9 {
                while let t = pending.first, t.time <= run.time + 1e-9 { run.tap(t.location); pending.removeFirst() }
                let d = run.step()
                try display.present(run.surface, damage: first ? [run.surface.bounds] : d)
                first = false
                if run.time + run.frameInterval > end + 1e-9 { break }
                run.advance()
            }
            display.close()
            Log.info("record: \(display.framesPresented) frames in \(out)")
            return
        }
        let run = try VirtualRun(source: source, width: lw, height: lh)
        run.run(until: try number("at", 0), taps: taps)
        let panel = try Surface(width: size.width, height: size.height)
        ScanoutCopy.copy(run.surface, rect: run.surface.bounds, to: UnsafeMutableRawPointer(panel.base), dstStride: panel.stride,
                         format: .xrgb8888, rotation: rotation)
        do { try ImageFile.write(panel, to: out) }
        catch { Log.error("\(error)"); exit(ExitCode.output.rawValue) }
    }
}

#if canImport(Glibc)
import Glibc
#endif
