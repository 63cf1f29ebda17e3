// kiosk: the command line. `run` is the kiosk itself; the rest help build, test and diagnose one.
#if canImport(Glibc)
import Glibc
#endif
import Kiosk
import KioskScenes

KioskScenes.registerAll()

let help = """
kiosk — a SwiftUI-style renderer for screens with no window system

USAGE
  kiosk run [--scene NAME] [--display auto|drm[:PATH]|fbdev[:PATH]|offscreen[:DIR]] [--mode WxH[@Hz]]
            [--rotation 0|90|180|270] [--input auto|none|PATH…] [--fps-overlay] [--duration SECONDS]
            [--calibration "a b c d e f"] [--swap-xy] [--invert-x] [--invert-y] [--frame-markers]
  kiosk scenes
  kiosk snapshot --scene NAME --size WxH [--at SECONDS] [--tap X,Y@T …] [--rotation DEG] -o OUT.png|OUT.ppm
  kiosk record --scene NAME --size WxH --duration SECONDS [--fps N] [--tap X,Y@T …] -o OUT.png|DIR
  kiosk probe
  kiosk screenshot [-o FILE.png] [--socket PATH]
  kiosk status [--socket PATH]
  kiosk bench [--scene NAME] [--size WxH] [--frames N]
  kiosk soak --scene NAME --frames N [--size WxH] [--seed S] [--tap-every K]
  kiosk new NAME [--path DIR] [--kiosk-path PATH | --kiosk-url URL --from VERSION]   (scripts/new-app)
  kiosk assets CATALOG.xcassets… [-o FILE.swift]   (Xcode's generated asset symbols: Image(.logo))

Each command takes --help. Settings for `run` also come from /etc/kiosk/kiosk.conf (or the file in
KIOSK_CONFIG), `key = value` per line with the long option names as keys, and from KIOSK_* variables
(KIOSK_DISPLAY=drm, KIOSK_ROTATION=90, …); the command line wins, then the environment, then the file.

EXIT CODES
  0  success, or stopped by SIGTERM/SIGINT/SIGHUP
  1  the display failed while running
  2  bad command line, config file or environment variable
  3  the display or input device cannot be opened (missing, permission, busy)
  4  an output file could not be written

Logs go to stderr, one line each; under systemd they carry <N> syslog priorities for the journal.
"""

func fail(_ code: ExitCode, _ message: String) -> Never {
    Log.error(message)
    exit(code.rawValue)
}

let argv = CommandLine.arguments
let command = argv.count > 1 ? argv[1] : "--help"
let rest = argv.dropFirst(2)
if let level = getenv("KIOSK_LOG_LEVEL").map({ String(cString: $0) }), level == "debug" { Log.threshold = .debug }

do {
    switch command {
    case "run": try RunCommand.main(rest)
    case "scenes": ScenesCommand.main()
    case "snapshot": try SnapshotCommand.main(rest, record: false)
    case "record": try SnapshotCommand.main(rest, record: true)
    case "probe": ProbeCommand.main()
    case "screenshot": try ControlCommand.main(rest, request: .screenshot)
    case "status": try ControlCommand.main(rest, request: .status)
    case "bench": try BenchCommand.main(rest)
    case "soak": try SoakCommand.main(rest)
    case "new": try NewCommand.main(rest)
    case "assets": try AssetsCommand.main(rest)
    case "--help", "-h", "help": print(help)
    case "--version": print("kiosk \(AppIdentity(executable: "kiosk").version ?? "0.1")")
    default: fail(.usage, "unknown command \"\(command)\"; run `kiosk --help` for the list")
    }
} catch let e as ConfigError {
    fail(.usage, "\(e)")
} catch let e as UsageError {
    fail(.usage, "\(e)")
} catch let e as PlatformError {
    fail(.device, "\(e)")
} catch {
    fail(.runtimeFailure, "\(error)")
}
exit(0)
