// `kiosk snapshot` / `kiosk record`: render a scene on a virtual clock, with scripted taps, to an
// image (or a directory of frames) — no devices, deterministic, what the QEMU test compares with.
import Kiosk
import Raster

enum SnapshotCommand {
    static let help = """
    kiosk snapshot --scene NAME --size WxH [--at SECONDS] [--tap X,Y@T …] [--type TEXT[@T] …]
                   [--key NAME[@T] …] [--keyboard auto|always|never] [--keyboard-layout L]
                   [--rotation DEG] -o OUT
      Renders NAME at virtual time SECONDS (60 Hz steps, 0…1e9; idle stretches are jumped over, so
      a far time costs no more than the frames that change) after the taps and keys, to OUT (.png,
      or .ppm). --type types TEXT as a hardware keyboard would ("\n" is Return), --key presses one
      key (return, tab, delete, escape, leftArrow…); without @T they come 0.1 s after the last tap.
      --keyboard and --keyboard-layout are `kiosk run`'s on-screen keyboard settings.
      With --rotation the image is the panel's (turned), as a screendump of `kiosk run` shows it.
    kiosk record --scene NAME --size WxH --duration SECONDS [--fps N] [--tap X,Y@T …] [--type …]
                 [--key …] -o OUT.png|DIR
      Records N frames per second (default 30) as an animated PNG, or as DIR/frame-00001.png ….
    """

    static func main(_ args: ArraySlice<String>, record: Bool) throws {
        let a = try Arguments(args, flags: ["help"], known: ["scene", "size", "at", "tap", "type", "key", "rotation", "output", "duration", "fps",
                                                                    "keyboard", "keyboard-layout"])
        if a.has("help") { print(help); return }
        let name = a.last("scene") ?? "gallery"
        guard let out = a.last("output") else { throw UsageError("-o OUT is required") }
        let size = try ModeRequest(parsing: a.last("size") ?? "800x480")
        let rotation = try Rotation(degrees: Int(a.last("rotation") ?? "0") ?? -1)
        let (lw, lh) = rotation.logicalSize(panelWidth: size.width, panelHeight: size.height)
        // View-based scenes read the virtual clock of the run that drives them.
        var clock = 0.0
        guard let source = DemoScenes.make(name, width: lw, height: lh, now: { clock }) else {
            throw UsageError("unknown scene \"\(name)\"; `kiosk scenes` lists them")
        }
        // The on-screen keyboard's settings, as `kiosk run` takes them (the QEMU typing check runs
        // `--keyboard never`: its uinput keyboard hides the keyboard there).
        if a.last("keyboard") != nil || a.last("keyboard-layout") != nil {
            let k = a.last("keyboard") ?? "auto"
            guard let mode = OnScreenKeyboardMode(rawValue: k) else {
                throw ConfigError.invalidValue(key: "keyboard", value: k, expected: "auto, always or never")
            }
            source.setOnScreenKeyboard(mode, layout: a.last("keyboard-layout") ?? "us")
        }
        let taps = try a.all("tap").map { try ScheduledTap(parsing: $0) }
        // --type and --key in the order given on the command line.
        let keys = try a.values.compactMap { o -> ScheduledKeys? in
            o.key == "type" ? try ScheduledKeys(typing: o.value) : o.key == "key" ? try ScheduledKeys(key: o.value) : nil
        }
        func number(_ k: String, _ d: Double) throws -> Double {
            guard let v = a.last(k) else { return d }
            guard let x = Double(v), x >= 0, x.isFinite else { throw ConfigError.invalidValue(key: k, value: v, expected: "a number ≥ 0") }
            return x
        }
        if record {
            let fps = try number("fps", 30)
            guard fps >= 1, fps <= 1000 else { throw ConfigError.invalidValue(key: "fps", value: String(fps), expected: "1…1000 frames per second") }
            let end = try number("duration", 2)
            try VirtualRun.checkReachable(end, key: "duration")
            let run = try VirtualRun(source: source, width: lw, height: lh, frameInterval: 1 / fps)
            run.drainsMainQueue = true
            let panel = try Surface(width: size.width, height: size.height)
            var apng = AnimatedPNG(framesPerSecond: Int(fps))
            let frameDirectory = !out.hasSuffix(".png")
            let display = frameDirectory ? try OffscreenDisplay(directory: out, width: lw, height: lh, rotation: rotation, frameFiles: Int.max) : nil
            var first = true
            var pending = ScriptedInput(taps: taps, keys: keys)
            while true {
                clock = run.time
                pending.deliverDue(to: run)
                let d = run.step()
                if let display { try display.present(run.surface, damage: first ? [run.surface.bounds] : d) }
                else {
                    ScanoutCopy.copy(run.surface, rect: run.surface.bounds, to: UnsafeMutableRawPointer(panel.base), dstStride: panel.stride,
                                     format: .xrgb8888, rotation: rotation)
                    try apng.append(panel)
                }
                first = false
                if run.time + run.frameInterval > end + 1e-9 { break }
                run.advance()
            }
            if let display {
                display.close()
                Log.info("record: \(display.framesPresented) frames in \(out)/")
            } else {
                let bytes = try apng.data()
                let fd: Int32
                do { fd = try Syscall.open(out, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
                catch { Log.error("create \(out): \(error)"); exit(ExitCode.output.rawValue) }
                defer { Syscall.close(fd) }
                do { try Syscall.writeAll(fd, bytes) } catch { Log.error("write \(out): \(error)"); exit(ExitCode.output.rawValue) }
                Log.info("record: \(apng.frameCount) frames at \(Int(fps)) fps in \(out) (animated PNG)")
            }
            return
        }
        let run = try VirtualRun(source: source, width: lw, height: lh)
        run.drainsMainQueue = true
        run.onAdvance = { clock = $0 }
        let at = try number("at", 0)
        try VirtualRun.checkReachable(at)
        run.run(until: at, taps: taps, keys: keys)
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
