// AppIdentity: an app's config file, resources and state follow its executable's name, so a
// packaged app (scripts/package --product NAME) reads /etc/NAME/NAME.conf and kiosk keeps
// /etc/kiosk/kiosk.conf.
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Kiosk

@Suite struct AppIdentityTests {
    @Test func pathsFollowTheExecutableName() {
        let app = AppIdentity(executable: "/usr/bin/menu-board")
        #expect(app.name == "menu-board")
        #expect(app.configFile == "/etc/menu-board/menu-board.conf")
        #expect(app.resourceDirectory == "/usr/share/menu-board")
        #expect(app.stateDirectory == "/var/lib/menu-board")
        #expect(app.cacheDirectory == "/var/cache/menu-board")
        let kiosk = AppIdentity(executable: "kiosk")
        #expect(kiosk.configFile == "/etc/kiosk/kiosk.conf")
    }

    @Test func systemdDirectoriesWin() {
        let app = AppIdentity(executable: "/usr/bin/tickets",
                              environment: ["STATE_DIRECTORY": "/var/lib/tickets:/var/lib/other", "CACHE_DIRECTORY": "/var/cache/tickets"])
        #expect(app.stateDirectory == "/var/lib/tickets")
        #expect(app.cacheDirectory == "/var/cache/tickets")
        // Empty values are not directories.
        #expect(AppIdentity(executable: "t", environment: ["STATE_DIRECTORY": ""]).stateDirectory == "/var/lib/t")
    }

    @Test func unusableNamesFallBackToKiosk() {
        for bad in ["", "/", ".", "..", "/usr/bin/"] {
            #expect(AppIdentity(executable: bad).name == (bad == "/usr/bin/" ? "bin" : "kiosk"), "\(bad)")
        }
    }

    @Test func versionComesFromThePackagedFile() throws {
        // Not installed: no version file in /usr/share/NAME.
        let none = AppIdentity(executable: "no-such-app-\(getpid())")
        #expect(none.version == nil)
        #expect(none.versionLine == "no-such-app-\(getpid()) (not installed from a package)")
        var app = AppIdentity(executable: "menu-board")
        let dir = "/tmp/kiosk-appidentity-\(getpid())"
        mkdir(dir, 0o755)
        defer { unlink("\(dir)/version"); rmdir(dir) }
        app.resourceDirectory = dir
        let f = fopen("\(dir)/version", "w")
        fputs("1.2.0~git20261205.abc\n", f); fclose(f)
        #expect(app.version == "1.2.0~git20261205.abc")
        #expect(app.versionLine == "menu-board 1.2.0~git20261205.abc")
    }

    @Test func helpNamesTheAppsConfigFileAndKioskRunsOptions() {
        let help = AppIdentity(executable: "/usr/bin/menu-board").help
        #expect(help.contains("/etc/menu-board/menu-board.conf"))
        #expect(!help.contains("/etc/kiosk/kiosk.conf"))
        for option in ["--display", "--rotation", "--input", "--duration", "--version"] { #expect(help.contains(option), "\(option)") }
    }

    @Test func settingsReadTheAppsConfigFile() throws {
        let path = "/tmp/kiosk-appidentity-conf-\(getpid()).conf"
        let f = fopen(path, "w")
        fputs("rotation = 90\n", f); fclose(f)
        defer { unlink(path) }
        let s = try Settings.load(environment: [:], configFile: path)
        #expect(s.rotation == .degrees90)
        // A missing app config is no error (the app runs with defaults), as for kiosk.conf.
        let d = try Settings.load(environment: [:], configFile: "/nonexistent/app.conf")
        #expect(d == Settings())
    }

    @Test func packagingVariablesAreNotSettings() throws {
        // The packaging scripts' KIOSK_* variables may be exported while an app or kiosk runs
        // (the E2E harness runs the app on the host): they are not typos of settings.
        let env = ["KIOSK_SOURCE": "/src/kiosk", "KIOSK_E2E_APP": "1", "KIOSK_APP_BINARY": "/x", "KIOSK_VERSION": "1.0",
                   "KIOSK_LINK_MAP": "/tmp/m", "KIOSK_TEMPLATE_BUILD": "1", "KIOSK_E2E_MIRROR": "http://m"]
        #expect(try Settings.load(environment: env, configFile: "/nonexistent/app.conf") == Settings())
        #expect(throws: ConfigError.self) { try Settings.load(environment: ["KIOSK_SOURCES": "/x"], configFile: "/nonexistent") }
    }
}
