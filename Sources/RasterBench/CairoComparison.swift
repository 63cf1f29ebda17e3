// CairoComparison: runs a built cairo_bench (same core: it inherits our CPU affinity), reads
// its `median` column per label and prints ours ÷ cairo. cairo prints every scene for RGB24 and
// ARGB32; ours is premultiplied ARGB8888, so ARGB32 is the peer (floor lines have format "-").

#if canImport(Glibc)
import Glibc
#endif

/// Medians by label from cairo_bench's output.
struct CairoResults {
    var argbMedian: [String: Double] = [:]
    var floorMedian: [String: Double] = [:]
    var header = ""

    /// Parses lines `%-44s %-6s first … median %8.3f  max … ms`.
    init(output: String) {
        for line in output.split(separator: "\n") {
            let chars = Array(line)
            let tokens = line.split(separator: " ")
            guard chars.count > 52, line.hasSuffix(" ms"), let m = tokens.firstIndex(of: "median"),
                  m + 1 < tokens.count, let v = Double(tokens[m + 1]) else {
                if header.isEmpty { header = String(line) }
                continue
            }
            let label = String(chars[0..<44]).trimmingTrailingSpaces
            let format = String(chars[45..<51]).trimmingTrailingSpaces
            if format == "ARGB32" { argbMedian[label] = v } else if format == "-" { floorMedian[label] = v }
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
func printComparison(ours: [SceneResult], floors: [SceneResult], cairo: CairoResults) {
    print("")
    print("ours vs \(cairo.header.isEmpty ? "cairo" : cairo.header.split(separator: ",").first.map(String.init) ?? "cairo") (ARGB32), medians in ms, both on this core")
    func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
    func lpad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }
    func f3(_ v: Double) -> String { String((v * 1000).rounded() / 1000) }
    func f2(_ v: Double) -> String { String((v * 100).rounded() / 100) }
    print("\(pad("scene", 44)) \(lpad("ours", 9)) \(lpad("cairo", 9)) \(lpad("ours÷cairo", 11))")
    for f in floors {
        let c = cairo.floorMedian[f.label].map(f3) ?? "-"
        print("\(pad(f.label, 44)) \(lpad(f3(f.median), 9)) \(lpad(c, 9)) \(lpad("", 11))")
    }
    for r in ours {
        guard let c = cairo.argbMedian[r.label] else {
            print("\(pad(r.label, 44)) \(lpad(f3(r.median), 9)) \(lpad("-", 9)) \(lpad("-", 11))"); continue
        }
        print("\(pad(r.label, 44)) \(lpad(f3(r.median), 9)) \(lpad(f3(c), 9)) \(lpad(f2(r.median / c) + "×", 11))")
    }
}
