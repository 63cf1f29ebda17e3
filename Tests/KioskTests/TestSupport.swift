// Helpers for engine tests: find nodes by view type or text, read their frames.
@testable import Kiosk
import Raster
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension HeadlessHost {
    /// Every node in the graph, depth first.
    var allNodes: [Node] {
        var out: [Node] = []
        func walk(_ n: Node) { out.append(n); n.children.forEach(walk) }
        walk(renderer.graph.root)
        return out
    }

    /// The frame of the n-th laid-out Text showing `string`.
    func frame(ofText string: String, _ n: Int = 0) -> CGRect? {
        let nodes = allNodes.filter { ($0.view as? Text)?.string == string && !$0.isRemoved }
        return n < nodes.count ? nodes[n].frame : nil
    }

    /// Frames of the laid-out nodes whose view has type `T`, in tree order.
    func frames<T>(of type: T.Type) -> [CGRect] {
        allNodes.filter { $0.view is T && $0.layout != nil }.map(\.frame)
    }
}

/// Straight RGBA of a pixel, as a tuple for easy comparison.
func rgba(_ s: Surface, _ x: Int, _ y: Int) -> [UInt8] {
    let p = s.pixel(x: x, y: y)
    return [p.r, p.g, p.b, p.a]
}

/// Tests/RasterTests/ImageFixtures (made by its make-fixtures.py).
func imageFixtures(file: String = #filePath) -> String {
    file.split(separator: "/", omittingEmptySubsequences: false).dropLast(2).joined(separator: "/") + "/RasterTests/ImageFixtures"
}

/// A fresh folder under /tmp holding copies of the named image fixtures (`(fixture, name)`) and
/// extra files (`(name, text)`); the caller removes it (`system("rm -rf …")`).
func imageFolder(_ files: [(String, String)], extra: [(String, String)] = [], prefix: String = "kiosk-images") -> String {
    let dir = "/tmp/\(prefix)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    mkdir(dir, 0o755)
    func write(_ name: String, _ bytes: [UInt8]) {
        let f = fopen(dir + "/" + name, "wb")
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
        fclose(f)
    }
    for (from, to) in files {
        let bytes = Syscall.readFile(imageFixtures() + "/" + from, limit: 1 << 24) ?? []
        #expect(!bytes.isEmpty, "fixture \(from)")
        write(to, bytes)
    }
    for (name, text) in extra { write(name, Array(text.utf8)) }
    return dir
}

/// Stands in for Foundation's Bundle, whose description names its path in angle brackets.
final class FakeBundle: CustomStringConvertible {
    let path: String
    init(_ path: String) { self.path = path }
    var description: String { "NSBundle <\(path)> (not yet loaded)" }
}
