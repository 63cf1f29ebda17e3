// fuzz-cli: arbitrary argv arrays into kiosk's command-line parsers — `kiosk run`'s (and a
// KioskApp's) KioskRunner.settings, and the `--name value` parser of snapshot, record, soak and
// bench (Arguments.swift, the CLI's own file, linked in) with the value parsers those commands use.
// Checked: a ConfigError or UsageError with a message, or settings whose `arguments` parse back to
// the same settings, and options whose `--key=value` form parses back to the same options.
// Arguments are built from a pool of real option names and values that break parsers (numbers
// past Int, NaN, negative zero, embedded `=` and `--`, empty strings) mixed with raw bytes.
import FuzzSupport
import Kiosk

let names = ["scene", "display", "mode", "rotation", "input", "fps-overlay", "calibration", "swap-xy", "invert-x",
             "invert-y", "size", "duration", "frame-markers", "log-level", "help", "at", "tap", "output", "fps",
             "frames", "seed", "tap-every", "bogus", ""]
let values = ["800x480", "800x480@60", "0x0", "16385x1", "99999999999999999999x1", "90", "-90", "450", "1e308", "nan",
              "-0", "inf", "auto", "none", "drm", "drm:/dev/dri/card0", "fbdev:", "offscreen:/tmp/x", "1 0 0 0 1 0",
              "1,0,0,0,1,0", "yes", "no", "on", "OFF", "debug", "10,20@0.5", "1e400,0", ",@", "@", "/dev/input/event0",
              "a,b c", ", auto", "", " ", "=", "--", "-o", "x=y", "\u{0}", "é", "9223372036854775807", "-9223372036854775808"]

func makeArguments(_ input: inout FuzzInput) -> [String] {
    var args: [String] = []
    for _ in 0..<Int(input.byte() % 24) {
        let op = input.byte()
        switch op % 8 {
        case 0, 1: args.append("--" + names[input.below(names.count)])
        case 2: args.append("--" + names[input.below(names.count)] + "=" + values[input.below(values.count)])
        case 3, 4: args.append(values[input.below(values.count)])
        case 5: args.append("-o")
        case 6: args.append(input.string(upTo: 40))
        default: args.append("--" + names[input.below(names.count)] + "=" + input.string(upTo: 40))
        }
    }
    return args
}

func expectTypedError(_ error: Error, _ args: [String]) {
    if let e = error as? ConfigError { guard !e.description.isEmpty else { fuzzFailure("empty ConfigError for \(args)") }; return }
    if let e = error as? UsageError { guard !e.description.isEmpty else { fuzzFailure("empty UsageError for \(args)") }; return }
    fuzzFailure("\(args) threw \(type(of: error)): \(error)")
}

/// `kiosk run`'s options over the defaults.
func checkRunOptions(_ args: [String]) {
    let s: Settings?
    do { s = try KioskRunner.settings(from: args[...], over: Settings()) } catch { expectTypedError(error, args); return }
    guard let s else {
        // By scalar, as the parser splits `--key=value`: "=" followed by a combining mark is one
        // Character, so `hasPrefix("--help=")` missed `--help=\u{7F1}…`, which is help (a regression input).
        guard args.contains(where: { $0 == "--help" || $0.unicodeScalars.starts(with: "--help=".unicodeScalars) }) else {
            fuzzFailure("nil settings without --help: \(args)")
        }
        return
    }
    guard s.offscreenSize.width > 0, s.offscreenSize.height > 0, s.duration.isFinite, s.duration >= 0 else {
        fuzzFailure("settings out of range from \(args): \(s.arguments)")
    }
    let again: Settings?
    do { again = try KioskRunner.settings(from: s.arguments[...], over: Settings()) } catch {
        fuzzFailure("\(s.arguments) (from \(args)) does not parse back: \(error)")
    }
    guard again == s else { fuzzFailure("\(s.arguments) (from \(args)) parses back as \(again?.arguments ?? [])") }
}

/// snapshot/record/soak/bench: the generic parser, then the values those commands read.
func checkCommandOptions(_ args: [String]) {
    let flags: Set = ["help"], known: Set = ["scene", "size", "at", "tap", "rotation", "output", "duration", "fps", "frames", "seed", "tap-every"]
    let a: Arguments
    do { a = try Arguments(args[...], flags: flags, known: known) } catch { expectTypedError(error, args); return }
    for (k, _) in a.values where !known.contains(k) && !flags.contains(k) { fuzzFailure("unknown key \(k) accepted from \(args)") }
    let form = a.values.map { "--\($0.key)=\($0.value)" } + a.positional.filter { !$0.hasPrefix("--") && $0 != "-o" }
    do {
        let b = try Arguments(form[...], flags: flags, known: known)
        guard b.values.map(\.key) == a.values.map(\.key), b.values.map(\.value) == a.values.map(\.value) else {
            fuzzFailure("\(form) (from \(args)) parses back as \(b.values)")
        }
    } catch { fuzzFailure("\(form) (from \(args)) does not parse back: \(error)") }
    do {
        if let v = a.last("size") { let m = try ModeRequest(parsing: v); guard m.width > 0, m.height > 0 else { fuzzFailure("size \(m)") } }
        if let v = a.last("rotation") { _ = try Rotation(degrees: Int(v) ?? -1) }
        for t in a.all("tap") {
            let tap = try ScheduledTap(parsing: t)
            guard tap.location.x.isFinite, tap.location.y.isFinite, tap.time.isFinite, tap.time >= 0 else { fuzzFailure("tap \(tap) from \(t)") }
        }
        if let v = a.last("at"), let x = Double(v), x.isFinite, x >= 0 { try VirtualRun.checkReachable(x) }
    } catch { expectTypedError(error, args) }
}

func fuzzCLI(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let args = makeArguments(&input)
    checkRunOptions(args)
    checkCommandOptions(args)
    return 0
}

runFuzzer(fuzzCLI)
