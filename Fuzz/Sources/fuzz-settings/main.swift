// fuzz-settings: what an installer types — /etc/kiosk/kiosk.conf text, KIOSK_* variables, option
// values — and udev calibration strings, through Settings and the parsers it uses.
// Checked: each parser throws a ConfigError (with a message) or gives a value whose description
// parses back to the same value; a parsed calibration matrix is finite.
import FuzzSupport
import Kiosk
import Raster

func fuzzSettings(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let mode = input.byte()
    var settings = Settings()
    func expectConfigError(_ body: () throws -> Void) {
        do { try body() } catch let e as ConfigError {
            guard !e.description.isEmpty else { fuzzFailure("empty message") }
        } catch { fuzzFailure("not a ConfigError: \(error)") }
    }
    switch mode % 6 {
    case 0:
        expectConfigError { try settings.apply(file: String(decoding: input.rest(), as: UTF8.self), source: "kiosk.conf") }
    case 1:
        // Environment: NAME=value lines, KIOSK_ prefixed most of the time.
        var env: [String: String] = [:]
        for line in String(decoding: input.rest(), as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts[0].hasPrefix("KIOSK_") || parts[0].hasPrefix("-") ? String(parts[0]) : "KIOSK_" + parts[0]
            env[name] = parts.count > 1 ? String(parts[1]) : ""
        }
        expectConfigError { try settings.apply(environment: env) }
    case 2:
        // One option: a key (usually a real one) and a value.
        let key = input.byte() < 240 ? Settings.keys[input.below(Settings.keys.count)] : input.string(upTo: 16)
        let value = String(decoding: input.rest(), as: UTF8.self)
        expectConfigError { try settings.apply(key: key, value: value) }
    case 3:
        let text = String(decoding: input.rest(), as: UTF8.self)
        expectConfigError {
            let m = try CalibrationMatrix(parsing: text)
            for v in [m.a, m.b, m.c, m.d, m.e, m.f] where !v.isFinite { fuzzFailure("matrix \(m) from \(text.debugDescription)") }
            guard (try? CalibrationMatrix(parsing: m.description)) == m else { fuzzFailure("\(m) does not parse back") }
        }
    case 4:
        let text = String(decoding: input.rest(), as: UTF8.self)
        expectConfigError {
            let m = try ModeRequest(parsing: text)
            guard m.width > 0, m.height > 0 else { fuzzFailure("mode \(m) from \(text.debugDescription)") }
            guard (try? ModeRequest(parsing: m.description)) == m else { fuzzFailure("\(m) does not parse back") }
        }
    default:
        let text = String(decoding: input.rest(), as: UTF8.self)
        expectConfigError {
            let d = try DisplayChoice(parsing: text)
            guard (try? DisplayChoice(parsing: d.description)) == d else { fuzzFailure("\(d) does not parse back") }
        }
    }
    return 0
}

runFuzzer(fuzzSettings)
