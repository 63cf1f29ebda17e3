// DemoScenes: the registry of the scenes `kiosk run --scene` and `kiosk snapshot --scene` know.
// The library holds no demo content: the scenes themselves (the Raster-drawn gallery, paint and
// pulse, the SwiftUI ones) live in KioskScenes and register here (KioskScenes.registerAll()).

#if canImport(Glibc)
import Glibc
#endif
import Raster

public enum DemoScenes {
    /// Name and one-line description, in listing order (the built-ins, then registered scenes).
    public static var all: [(name: String, summary: String)] { builtins + registered.withLock { $0.map { ($0.name, $0.summary) } } }

    /// Makes a registered scene: a `width`×`height` source on the clock `now`.
    public typealias Factory = (_ width: Int, _ height: Int, _ now: @escaping () -> Double) -> FrameSource

    /// Adds a scene that `kiosk run/snapshot/record --scene NAME` and the launcher know (the
    /// seed programs and the LVGL benchmark scenes register from the KioskScenes module).
    /// A name registered again replaces the earlier entry.
    public static func register(_ name: String, summary: String, make: @escaping Factory) {
        registered.withLock { list in
            list.removeAll { $0.name == name }
            list.append((name, summary, make))
        }
    }
    /// The registered scenes, locked (`Raster.Locked`): tests register and make scenes from many
    /// threads at once (an unlocked `removeAll` under two parallel `registerAll`s crashed the suite).
    private static let registered = Locked<[(name: String, summary: String, make: Factory)]>([])

    /// The launcher's name: `kiosk run` with no scene shows it (LauncherFrameSource).
    public static let launcherName = "launcher"

    private static let builtins: [(name: String, summary: String)] = [
        (launcherName, "every scene as a touch menu: tap one to run it, the top-left corner to come back"),
    ]

    /// A new scene `name` for a `width`×`height` surface, or nil for an unknown name.
    /// `now` is the clock view-based scenes read (virtual in snapshots and tests).
    public static func make(_ name: String, width: Int, height: Int, now: @escaping () -> Double = Syscall.monotonicNow) -> FrameSource? {
        switch name {
        case launcherName: return LauncherFrameSource(width: width, height: height, now: now)
        default:
            // The factory runs outside the lock (a scene's set-up may look up other scenes).
            let make = registered.withLock { $0.first { $0.name == name }?.make }
            return make.map { $0(width, height, now) }
        }
    }
}
