// DisplaySelection: `--display auto|drm[:PATH]|fbdev[:PATH]|offscreen[:DIR]` → an open Display.
// `auto` tries DRM, then fbdev, then offscreen, and logs why each one it skipped was skipped, so
// "why is it writing PNGs?" is answered in the journal.

public enum DisplaySelection {
    /// Opens the display `choice` names. `auto` never fails unless even offscreen cannot be created.
    public static func open(_ choice: DisplayChoice, mode: ModeRequest?, rotation: Rotation,
                            offscreenSize: (width: Int, height: Int)) throws -> Display {
        func offscreen(_ dir: String?) throws -> Display {
            let size = mode.map { ($0.width, $0.height) } ?? offscreenSize
            let (w, h) = rotation.logicalSize(panelWidth: size.0, panelHeight: size.1)
            return try OffscreenDisplay(directory: dir ?? "kiosk-frames", width: w, height: h, rotation: rotation,
                                        refreshInterval: 1.0 / Double(mode?.refresh ?? 60))
        }
        switch choice {
        case .drm(let p): return try DRMDisplay(path: p, mode: mode, rotation: rotation)
        case .fbdev(let p): return try FBDevDisplay(path: p ?? "/dev/fb0", rotation: rotation)
        case .offscreen(let d): return try offscreen(d)
        case .auto:
            do {
                let d = try DRMDisplay(path: nil, mode: mode, rotation: rotation)
                Log.info("display: auto chose DRM")
                return d
            } catch { Log.info("display: auto skipped DRM: \(error)") }
            do {
                let d = try FBDevDisplay(path: "/dev/fb0", rotation: rotation)
                Log.info("display: auto chose fbdev")
                return d
            } catch { Log.info("display: auto skipped fbdev: \(error)") }
            Log.info("display: auto chose offscreen (no usable screen device)")
            return try offscreen(nil)
        }
    }
}
