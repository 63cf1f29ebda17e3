import Testing
@testable import Kiosk

@Suite struct SettingsTests {
    @Test func configFileEnvironmentAndOptionsInOrder() throws {
        var s = Settings()
        try s.apply(file: """
            # kiosk.conf
            display = drm:/dev/dri/card1
            mode=1024x600@60   # the panel
            rotation = 270
            calibration = 0 1 0 -1 0 1

            swap-xy = yes
            """, source: "/etc/kiosk/kiosk.conf")
        #expect(s.display == .drm(path: "/dev/dri/card1"))
        #expect(s.mode == ModeRequest(width: 1024, height: 600, refresh: 60))
        #expect(s.rotation == .degrees270)
        #expect(s.calibration == CalibrationMatrix(a: 0, b: 1, c: 0, d: -1, e: 0, f: 1))
        #expect(s.swapXY)
        try s.apply(environment: ["KIOSK_ROTATION": "90", "KIOSK_FPS_OVERLAY": "1", "PATH": "/bin", "KIOSK_UPDATE_GOLDENS": "1"])
        #expect(s.rotation == .degrees90 && s.fpsOverlay)
        try s.apply(key: "rotation", value: "180")
        #expect(s.rotation == .degrees180)
    }

    /// "=" or "#" followed by a combining mark is one Swift Character, and CR LF is one too: the
    /// file is split by Unicode scalar, as `--key=value` options are (fuzz-cli found the same
    /// break there), so each gives what the line says.
    @Test func configFileSplitsByScalarNotCharacter() throws {
        var s = Settings()
        try s.apply(file: "scene =\u{301}x\nrotation = 90 #\u{301} a comment with a mark", source: "f")
        #expect(s.scene == "\u{301}x" && s.rotation == .degrees90)
        try s.apply(file: "scene = paint\r\nrotation = 180\r\n# done\r\n", source: "f")
        #expect(s.scene == "paint" && s.rotation == .degrees180)
        // The file gives the same settings as the option it spells.
        var o = Settings()
        try o.apply(key: "scene", value: "\u{301}x")
        var f = Settings()
        try f.apply(file: "scene=\u{301}x", source: "f")
        #expect(f == o)
        #expect(ProcessEnvironment.entry("KIOSK_SCENE=\u{301}x")! == ("KIOSK_SCENE", "\u{301}x"))
        #expect(ProcessEnvironment.entry("NOEQUALS") == nil)
    }

    @Test func badSettingsSayWhatIsExpected() {
        var s = Settings()
        #expect(throws: ConfigError.malformedLine(line: 2, text: "rotation 90", source: "f")) { try s.apply(file: "# ok\nrotation 90", source: "f") }
        #expect(throws: ConfigError.unknownKey(key: "rotate", source: "f")) { try s.apply(file: "rotate = 90", source: "f") }
        #expect(throws: ConfigError.unknownKey(key: "rotaton", source: "environment KIOSK_ROTATON")) {
            try s.apply(environment: ["KIOSK_ROTATON": "90"])
        }
        #expect(throws: ConfigError.self) { try s.apply(key: "display", value: "hdmi") }
        #expect(throws: ConfigError.self) { try s.apply(key: "mode", value: "800x") }
        #expect(throws: ConfigError.self) { try s.apply(key: "mode", value: "800x480@0") }
        #expect(throws: ConfigError.self) { try s.apply(key: "fps-overlay", value: "maybe") }
        #expect(throws: ConfigError.self) { try s.apply(key: "duration", value: "-1") }
        let message = ConfigError.invalidValue(key: "mode", value: "800x", expected: "WIDTHxHEIGHT").description
        #expect(message.contains("expected WIDTHxHEIGHT"))
    }

    @Test func displayChoices() throws {
        #expect(try DisplayChoice(parsing: "auto") == .auto)
        #expect(try DisplayChoice(parsing: "drm") == .drm(path: nil))
        #expect(try DisplayChoice(parsing: "fbdev:/dev/fb1") == .fbdev(path: "/dev/fb1"))
        #expect(try DisplayChoice(parsing: "offscreen:/tmp/a:b") == .offscreen(directory: "/tmp/a:b"))
        #expect(throws: ConfigError.self) { try DisplayChoice(parsing: "auto:x") }
    }

    @Test func inputChoices() throws {
        var s = Settings()
        try s.apply(key: "input", value: "none"); #expect(s.input == InputChoice.none)
        try s.apply(key: "input", value: "/dev/input/event2,/dev/input/event5")
        #expect(s.input == .paths(["/dev/input/event2", "/dev/input/event5"]))
    }

    @Test func modePicking() throws {
        let modes = [(1920, 1080, 60, false), (800, 480, 75, true), (800, 480, 60, false), (800, 480, 50, false)]
        #expect(try ModeRequest(parsing: "800x480").pick(from: modes) == 1)       // preferred among the size
        #expect(try ModeRequest(parsing: "800x480@60").pick(from: modes) == 2)
        #expect(try ModeRequest(parsing: "800x480@58").pick(from: modes) == 2)    // nearest rate
        #expect(try ModeRequest(parsing: "1024x600").pick(from: modes) == nil)
    }

    @Test func loadReadsKIOSKCONFIG() throws {
        let path = "/tmp/kiosk-settings-test-\(getpid()).conf"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = "scene = pulse\n".withCString { write(fd, $0, 14) }
        close(fd)
        defer { unlink(path) }
        let s = try Settings.load(environment: ["KIOSK_CONFIG": path, "KIOSK_SCENE": "paint"])
        #expect(s.scene == "paint")   // the environment wins over the file
        let f = try Settings.load(environment: ["KIOSK_CONFIG": path])
        #expect(f.scene == "pulse")
        #expect(throws: PlatformError.self) { try Settings.load(environment: ["KIOSK_CONFIG": "/nonexistent/kiosk.conf"]) }
    }
}

#if canImport(Glibc)
import Glibc
#endif

@Suite struct RunnerOptionTests {
    @Test func optionsParseLikeKioskRun() throws {
        let s = try #require(try KioskRunner.settings(from: ["--rotation", "90", "--fps-overlay", "--display=fbdev:/dev/fb1",
                                                            "--input", "/dev/input/event1", "/dev/input/event2"][...]))
        #expect(s.rotation == .degrees90 && s.fpsOverlay && s.display == .fbdev(path: "/dev/fb1"))
        #expect(s.input == .paths(["/dev/input/event1", "/dev/input/event2"]))
        #expect(try KioskRunner.settings(from: ["--mode", "800x480", "--help"][...]) == nil)
        // `--key=value` splits by scalar: "=" and a combining mark after it are one Character,
        // and this is still `--help` with a value (fuzz-cli's regression input-help-equals-combining-mark).
        #expect(try KioskRunner.settings(from: ["--help=\u{7F1}\u{2}", "--scene", "x"][...]) == nil)
    }

    @Test func settingsGiveBackTheirOptions() throws {
        let base = Settings()
        let parsed = try #require(try KioskRunner.settings(from: ["--scene=--odd", "--display", "drm:/dev/dri/card1",
            "--mode=1024x600@60", "--rotation", "-90", "--input", "/dev/input/event1", "a,b c", "--calibration", "0 1 0 -1 0 1",
            "--swap-xy", "--invert-y=yes", "--size", "320x240", "--duration", "1e-5", "--log-level", "debug"][...], over: base))
        #expect(parsed.scene == "--odd" && parsed.rotation == .degrees270)
        // Positional device paths split like the option's own value.
        #expect(parsed.input == .paths(["/dev/input/event1", "a", "b", "c"]))
        #expect(try KioskRunner.settings(from: parsed.arguments[...], over: base) == parsed)
        #expect(try KioskRunner.settings(from: base.arguments[...], over: base) == base)
    }

    /// Fuzz/regressions/fuzz-cli/input-positional-cr: `--input A "B\r"` kept the CR in the second
    /// path while an option value's is trimmed, so the settings' options did not parse back.
    @Test func aPathArgumentEndingInCarriageReturnParsesBack() throws {
        let s = try #require(try KioskRunner.settings(from: ["--input", "/dev/input/event0", "t0\u{02}\r", "--invert-x"][...], over: Settings()))
        #expect(s.input == .paths(["/dev/input/event0", "t0\u{02}"]) && s.invertX)
        #expect(try KioskRunner.settings(from: s.arguments[...], over: Settings()) == s)
    }

    /// Fuzz/regressions/fuzz-cli/input-combining-mark-after-comma: paths joined by "," came back
    /// as one when the next began with a combining mark ("," + U+06DB is one Character).
    @Test func aPathStartingWithACombiningMarkParsesBack() throws {
        let s = try #require(try KioskRunner.settings(from: ["--input", "450", "-o", "\u{06DB}", "1,0", "none"][...], over: Settings()))
        #expect(s.input == .paths(["450", "-o", "\u{06DB}", "1", "0", "none"]))
        #expect(try KioskRunner.settings(from: s.arguments[...], over: Settings()) == s)
    }

    @Test func aValueStartingWithACombiningMarkParsesBack() throws {
        let s = try #require(try KioskRunner.settings(from: ["--scene", "\u{301}x"][...], over: Settings()))
        #expect(s.scene == "\u{301}x" && s.arguments.contains("--scene=\u{301}x"))
        #expect(try KioskRunner.settings(from: s.arguments[...], over: Settings()) == s)
    }

    @Test func inputIsDecidedOnItsPieces() throws {
        var s = Settings()
        try s.apply(key: "input", value: ", auto"); #expect(s.input == .auto)
        try s.apply(key: "input", value: "none ,"); #expect(s.input == InputChoice.none)
        #expect(throws: ConfigError.invalidValue(key: "input", value: ",", expected: "auto, none or device paths")) {
            try s.apply(key: "input", value: ",")
        }
        #expect(throws: ConfigError.self) { try s.apply(key: "input", value: "") }
    }

    @Test func badOptionsAreUsageErrors() {
        #expect(throws: ConfigError.unknownKey(key: "bogus", source: "command line")) { try KioskRunner.settings(from: ["--bogus"][...]) }
        #expect(throws: ConfigError.missingValue(key: "rotation")) { try KioskRunner.settings(from: ["--rotation"][...]) }
        #expect(throws: ConfigError.self) { try KioskRunner.settings(from: ["--mode", "800x480", "stray"][...]) }
    }
}
