// CairoComparison: runs a built cairo_bench (same core: it inherits our CPU affinity), reads
// its `median` column per label and prints ours ÷ cairo. cairo prints every scene for RGB24 and
// ARGB32; ours is premultiplied ARGB8888, so ARGB32 is the peer (floor lines have format "-").

#if canImport(Glibc)
import Glibc
#endif

/// Medians by label from cairo_bench's output.
struct CairoResults {
    var argbMedian: [String: Double] = [:]
    var argbMin: [String: Double] = [:]
    var floorMedian: [String: Double] = [:]
    var header = ""

    /// Keeps, per label, the lower median of `self` and `other` (with its min).
    mutating func keepBest(_ other: CairoResults) {
        if header.isEmpty { header = other.header }
        for (k, v) in other.argbMedian where argbMedian[k].map({ v < $0 }) ?? true {
            argbMedian[k] = v; argbMin[k] = other.argbMin[k]
        }
        for (k, v) in other.floorMedian where floorMedian[k].map({ v < $0 }) ?? true { floorMedian[k] = v }
    }

    /// Parses lines `%-44s %-6s first … median %8.3f  max … ms`.
    init(output: String) {
        for line in output.split(separator: "\n") {
            let chars = Array(line)
            let tokens = line.split(separator: " ")
            guard chars.count > 52, line.hasSuffix(" ms"), let m = tokens.firstIndex(of: "median"),
                  m + 1 < tokens.count, let v = Double(tokens[m + 1]),
                  let n = tokens.firstIndex(of: "min"), n + 1 < tokens.count, let vmin = Double(tokens[n + 1]) else {
                if header.isEmpty { header = String(line) }
                continue
            }
            let label = String(chars[0..<44]).trimmingTrailingSpaces
            let format = String(chars[45..<51]).trimmingTrailingSpaces
            if format == "ARGB32" { argbMedian[label] = v; argbMin[label] = vmin } else if format == "-" { floorMedian[label] = v }
        }
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}

/// Runs `path` and returns its standard output, or nil when it cannot be started or fails.
func runCommand(_ path: String) -> String? {
    guard !path.contains("'"), let f = popen("'" + path + "'", "r") else { return nil }
    var out = [UInt8]()
    var buf = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&buf, 1, buf.count, f)
        if n <= 0 { break }
        out += buf[0..<n]
    }
    let status = pclose(f)
    guard status == 0 else { return nil }
    return String(decoding: out, as: UTF8.self)
}

/// The merged table: scene, ours median, cairo median, ours ÷ cairo.
func printComparison(ours: [SceneResult], floors: [SceneResult], cairo: CairoResults, rounds: Int) {
    print("")
    let name = cairo.header.split(separator: ",").first.map(String.init) ?? "cairo"
    print("ours vs \(name) (ARGB32), ms, both on this core\(rounds > 1 ? ", best median of \(rounds) alternating rounds" : "")")
    func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
    func lpad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }
    func f3(_ v: Double) -> String { String((v * 1000).rounded() / 1000) }
    func f2(_ v: Double) -> String { String((v * 100).rounded() / 100) }
    print("\(pad("scene", 44)) \(lpad("ours med", 9)) \(lpad("cairo med", 9)) \(lpad("ours÷cairo", 11))  \(lpad("ours min", 9)) \(lpad("cairo min", 9)) \(lpad("min ratio", 9))")
    for f in floors {
        let c = cairo.floorMedian[f.label].map(f3) ?? "-"
        print("\(pad(f.label, 44)) \(lpad(f3(f.median), 9)) \(lpad(c, 9))")
    }
    for r in ours {
        guard let c = cairo.argbMedian[r.label], let cm = cairo.argbMin[r.label] else { continue }
        print("\(pad(r.label, 44)) \(lpad(f3(r.median), 9)) \(lpad(f3(c), 9)) \(lpad(f2(r.median / c) + "×", 11))  \(lpad(f3(r.min), 9)) \(lpad(f3(cm), 9)) \(lpad(f2(r.min / cm) + "×", 9))")
    }
}
