// Arguments: a small `--name value` / `--flag` parser with errors that name the option.
import Kiosk

typealias ExitCode = KioskExitCode

struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// Parsed options: values in order of appearance, flags as "true".
struct Arguments {
    var values: [(key: String, value: String)] = []
    var positional: [String] = []

    /// `flags` take no value; every other `--name` takes the next argument (or `--name=value`).
    init(_ args: ArraySlice<String>, flags: Set<String>, known: Set<String>) throws {
        var i = args.startIndex
        while i < args.endIndex {
            let a = args[i]
            if a.hasPrefix("--") {
                var name = String(a.dropFirst(2)), value: String?
                // By scalar: "=" followed by a combining mark is one Character.
                if let eq = name.unicodeScalars.firstIndex(of: "=") {
                    value = String(name.unicodeScalars[name.unicodeScalars.index(after: eq)...])
                    name = String(name.unicodeScalars[..<eq])
                }
                guard known.contains(name) || flags.contains(name) else { throw UsageError("unknown option --\(name); see --help") }
                if flags.contains(name) { values.append((name, value ?? "yes")) }
                else {
                    if value == nil {
                        i += 1
                        guard i < args.endIndex else { throw ConfigError.missingValue(key: name) }
                        value = args[i]
                    }
                    values.append((name, value!))
                }
            } else if a == "-o" {
                i += 1
                guard i < args.endIndex else { throw ConfigError.missingValue(key: "o") }
                values.append(("output", args[i]))
            } else {
                positional.append(a)
            }
            i += 1
        }
    }

    func last(_ key: String) -> String? { values.last { $0.key == key }?.value }
    func all(_ key: String) -> [String] { values.filter { $0.key == key }.map(\.value) }
    func has(_ key: String) -> Bool { values.contains { $0.key == key } }
}
