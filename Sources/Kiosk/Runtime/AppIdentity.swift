// AppIdentity: an app's name and the paths that follow from it at run time, as an app packaged by
// `scripts/package --product NAME` installs them (no SwiftUI counterpart: iOS gives an app its
// bundle and container instead).
//   /usr/bin/NAME, /etc/NAME/NAME.conf (settings, a conffile), /usr/share/NAME (images/, fonts/,
//   SwiftPM resource bundles and `version`), /var/lib/NAME and /var/cache/NAME (the unit's
//   StateDirectory= and CacheDirectory=; systemd passes them as $STATE_DIRECTORY, $CACHE_DIRECTORY).
// kiosk itself is the app named "kiosk": /etc/kiosk/kiosk.conf, as before.

/// The running app's name, version and the directories it reads and writes.
///
/// The name is the executable's file name (`/usr/bin/menu-board` → `menu-board`), so the config
/// file follows whatever the package installed. Settings come from ``configFile`` (or `$KIOSK_CONFIG`).
public struct AppIdentity: Sendable, Equatable {
    /// The app's name: the executable's file name.
    public var name: String
    /// `/etc/NAME/NAME.conf`: `key = value` lines with the `kiosk run` option names as keys.
    public var configFile: String
    /// `/usr/share/NAME`: the packaged `images/`, `fonts/` and SwiftPM resource bundles.
    public var resourceDirectory: String
    /// Where the app keeps data across restarts: `$STATE_DIRECTORY` under systemd, else `/var/lib/NAME`.
    public var stateDirectory: String
    /// Where the app keeps caches: `$CACHE_DIRECTORY` under systemd, else `/var/cache/NAME`.
    public var cacheDirectory: String

    /// The identity of an executable called `executable` (a path or a bare name).
    /// An empty or unusable name (`""`, `/`, `.`) falls back to "kiosk".
    public init(executable: String, environment: [String: String] = [:]) {
        let base = executable.split(separator: "/").last.map(String.init) ?? ""
        name = (base.isEmpty || base == "." || base == "..") ? "kiosk" : base
        configFile = "/etc/\(name)/\(name).conf"
        resourceDirectory = "/usr/share/\(name)"
        // systemd may pass several directories separated by ':'; the first is the unit's own.
        func first(_ key: String) -> String? {
            guard let v = environment[key], let f = v.split(separator: ":").first, !f.isEmpty else { return nil }
            return String(f)
        }
        stateDirectory = first("STATE_DIRECTORY") ?? "/var/lib/\(name)"
        cacheDirectory = first("CACHE_DIRECTORY") ?? "/var/cache/\(name)"
    }

    /// The running process's identity (from `argv[0]` and the environment).
    public static var current: AppIdentity {
        AppIdentity(executable: CommandLine.arguments.first ?? "kiosk", environment: ProcessEnvironment.current)
    }

    /// The packaged version: the first line of `resourceDirectory/version` (written by
    /// scripts/package), or nil when the app was not installed from a package.
    public var version: String? {
        guard let bytes = Syscall.readFile("\(resourceDirectory)/version") else { return nil }
        let line = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let v = line.trimmingSpaces
        return v.isEmpty ? nil : v
    }

    /// What `NAME --version` prints: "NAME VERSION", or "NAME (not installed from a package)".
    public var versionLine: String { "\(name) \(version ?? "(not installed from a package)")" }

    /// What `NAME --help` prints: the usage line and `kiosk run`'s options, with this app's config file.
    public var help: String {
        """
        \(name) — a kiosk app: shows its screen full screen on DRM/KMS, fbdev or offscreen, with touch

        USAGE
          \(name) [options]
          \(name) --version

        OPTIONS (the same as `kiosk run`)
        \(KioskRunner.optionsHelp.replacing("/etc/kiosk/kiosk.conf", with: configFile))
        Files: \(configFile) (settings), \(resourceDirectory) (images/, fonts/), \(stateDirectory) (state).
        """
    }
}
