// `#Preview` (Runtime/Preview.swift, Sources/KioskMacros): the uses below only compile if the
// macro tool answers the compiler and its expansion type-checks; the tests then drive the tool
// directly with framed protocol messages, as the compiler does.
import Testing
@testable import Kiosk
#if canImport(Glibc)
import Glibc
#endif

private struct PreviewedRing: View {
    var progress: Double
    var body: some View { Circle().trim(from: 0, to: progress).stroke(Color.blue, lineWidth: 4) }
}

#Preview {
    PreviewedRing(progress: 0.3)
}

#Preview("Two rings", traits: .sizeThatFitsLayout, .landscapeLeft) {
    let p = 0.5
    VStack {
        PreviewedRing(progress: p)
        PreviewedRing(progress: 1 - p)
    }
}

// A comment that mentions #Preview before the use, and an attribute on it.
@available(iOS 17.0, *)
#Preview(traits: .fixedLayout(width: 100, height: 100)) { Text("fixed") }

@Suite struct PreviewMacroTests {
    /// The macro tool built beside the tests (SwiftPM builds it for the Kiosk target): in the
    /// folder of the running test bundle, so `scripts/sanitize` (its own --scratch-path) finds
    /// its own build's tool, not `.build/debug`'s (ASan run: exit 127, the tool was not there).
    static var toolPath: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if n > 0 {
            let exe = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let dir = exe.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            if access(dir + "/KioskMacros-tool", X_OK) == 0 { return dir + "/KioskMacros-tool" }
        }
        let root = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        return "/" + root + "/.build/debug/KioskMacros-tool"
    }

    /// Runs the tool on `messages` (each framed as the compiler frames it) and returns its answers.
    static func run(_ messages: [String], tag: String = #function) throws -> [String] {
        // One folder per test: the tests of a suite run in parallel.
        let dir = "/tmp/kiosk-preview-macro-\(getpid())-\(tag.prefix(20))"
        mkdir(dir, 0o755)
        var input: [UInt8] = []
        for m in messages {
            let bytes = Array(m.utf8)
            for i in 0..<8 { input.append(UInt8(truncatingIfNeeded: bytes.count >> (8 * i))) }
            input += bytes
        }
        let data = Data(input)
        try data.write(to: URL(fileURLWithPath: dir + "/in"))
        let status = system("'\(toolPath)' < \(dir)/in > \(dir)/out")
        #expect(status == 0)
        let out = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/out")))
        var answers: [String] = []
        var i = 0
        while i + 8 <= out.count {
            var n = 0
            for k in 0..<8 { n |= Int(out[i + k]) << (8 * k) }
            i += 8
            answers.append(String(decoding: out[i..<min(out.count, i + n)], as: UTF8.self))
            i += n
        }
        return answers
    }

    static func request(_ source: String) -> String {
        let escaped = source.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
        return #"{"expandFreestandingMacro":{"discriminator":"$s4Demo0015mainswift_tzEGbfMX1_0_33_ABLl7PreviewfMf_","lexicalContext":[],"macro":{"moduleName":"KioskMacros","name":"Preview","typeName":"PreviewMacro"},"macroRole":"declaration","syntax":{"kind":"declaration","location":{"column":1,"fileID":"Demo/a.swift","fileName":"/x/a.swift","line":3,"offset":20},"source":""#
            + escaped + #""}}}"#
    }

    @Test func theToolAnswersTheHandshakeAndExpandsIntoAPreviewCall() throws {
        let answers = try Self.run([
            #"{"getCapability":{"capability":{"protocolVersion":7}}}"#,
            Self.request("\n// #Preview in a comment\n#Preview(\"Ring\", traits: .sizeThatFitsLayout) { Ring() }"),
        ])
        try #require(answers.count == 2)
        #expect(answers[0] == #"{"getCapabilityResult":{"capability":{"protocolVersion":7}}}"#)
        // JSONEncoder escapes "/" and quotes; compare the decoded text.
        struct Result: Decodable { struct R: Decodable { var expandedSource: String?; var diagnostics: [D] }; struct D: Decodable { var message: String }
            var expandMacroResult: R }
        let r = try JSONDecoder().decode(Result.self, from: Data(answers[1].utf8)).expandMacroResult
        #expect(r.diagnostics.isEmpty)
        #expect(r.expandedSource == "private enum $s4Demo0015mainswift_tzEGbfMX1_0_33_ABLl7PreviewfMf_7previewfMu_ {\n"
                + "    static func make() -> Kiosk.Preview {\n        Kiosk.Preview(\"Ring\", traits: .sizeThatFitsLayout) { Ring() }\n    }\n}")
    }

    @Test func attributesStayOnTheDeclarationAndUnreadableUsesGetADiagnostic() throws {
        struct Result: Decodable { struct R: Decodable { var expandedSource: String?; var diagnostics: [D] }; struct D: Decodable { var message: String; var severity: String }
            var expandMacroResult: R }
        let answers = try Self.run([
            Self.request("@available(iOS 17.0, *)\n#Preview { Text(\"x\") }"),
            Self.request("#Previewer { }"),
            "not json at all",
        ])
        try #require(answers.count == 3)
        let a = try JSONDecoder().decode(Result.self, from: Data(answers[0].utf8)).expandMacroResult
        #expect(a.expandedSource?.hasPrefix("@available(iOS 17.0, *)\nprivate enum ") == true)
        #expect(a.expandedSource?.contains("Kiosk.Preview { Text(\"x\") }") == true)
        let b = try JSONDecoder().decode(Result.self, from: Data(answers[1].utf8)).expandMacroResult
        #expect(b.expandedSource == nil && b.diagnostics.first?.severity == "error")
        // Garbage is answered (no expansion), not a crash: the compiler would report the missing expansion.
        let c = try JSONDecoder().decode(Result.self, from: Data(answers[2].utf8)).expandMacroResult
        #expect(c.expandedSource == nil)
    }

    @MainActor @Test func aPreviewValueKeepsItsNameTraitsAndBody() {
        let p = Preview("Ring", traits: .sizeThatFitsLayout, .fixedLayout(width: 10, height: 20)) { PreviewedRing(progress: 0.5) }
        #expect(p.name == "Ring")
        #expect(p.traits.map(\.kind) == [.layout(.sizeThatFits), .layout(.fixed(width: 10, height: 20))])
        #expect((p.body() as? PreviewedRing)?.progress == 0.5)
        #expect(Preview { Text("plain") }.traits.isEmpty)
    }
}
