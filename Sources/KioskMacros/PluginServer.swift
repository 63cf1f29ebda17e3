// PluginServer: the compiler's macro-plugin protocol, spoken without swift-syntax.
//
// SwiftPM builds a `.macro` target as a host executable and hands it to the compiler with
// `-load-plugin-executable`. The compiler then writes messages on the tool's stdin and reads its
// answers on stdout, each one an 8-byte little-endian length followed by that many bytes of JSON
// (swift-syntax's `PluginMessages.swift`: `HostToPluginMessage` / `PluginToHostMessage`, enums
// encoded by Swift's synthesised Codable, `{"case": {labels…}}`). swift-syntax is an outside
// package and the house allows none, but the protocol is small: a capability handshake, then one
// request per macro use, each carrying the use's source text. Only what `#Preview` needs is read.
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What the compiler sends (the members kiosk's macros read; the rest is ignored).
struct HostMessage: Decodable {
    struct Capability: Decodable { var protocolVersion: Int? }
    struct GetCapability: Decodable { var capability: Capability? }
    struct MacroReference: Decodable { var moduleName: String; var typeName: String; var name: String }
    struct Location: Decodable { var fileName: String; var offset: Int; var line: Int; var column: Int }
    struct Syntax: Decodable { var kind: String; var source: String; var location: Location }
    struct ExpandFreestanding: Decodable {
        var macro: MacroReference
        var macroRole: String?
        var discriminator: String
        var syntax: Syntax
    }
    struct ExpandAttached: Decodable { var macro: MacroReference; var discriminator: String; var declSyntax: Syntax }
    struct LoadLibrary: Decodable { var libraryPath: String; var moduleName: String }

    var getCapability: GetCapability?
    var expandFreestandingMacro: ExpandFreestanding?
    var expandAttachedMacro: ExpandAttached?
    var loadPluginLibrary: LoadLibrary?
}

/// A diagnostic as the compiler reads it (`PluginMessage.Diagnostic`).
struct PluginDiagnostic: Encodable {
    struct Position: Encodable { var fileName: String; var offset: Int }
    var message: String
    var severity = "error"
    var position: Position
    var highlights: [String] = []
    var notes: [String] = []
    var fixIts: [String] = []
}

/// What the tool answers.
enum PluginMessage: Encodable {
    case getCapabilityResult(protocolVersion: Int)
    case expandMacroResult(expandedSource: String?, diagnostics: [PluginDiagnostic])
    case loadPluginLibraryResult(loaded: Bool, diagnostics: [PluginDiagnostic])

    private struct Capability: Encodable { var protocolVersion: Int }
    private struct CapabilityResult: Encodable { var capability: Capability }
    private struct ExpandResult: Encodable { var expandedSource: String?; var diagnostics: [PluginDiagnostic] }
    private struct LoadResult: Encodable { var loaded: Bool; var diagnostics: [PluginDiagnostic] }
    private enum Keys: String, CodingKey { case getCapabilityResult, expandMacroResult, loadPluginLibraryResult }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case .getCapabilityResult(let v):
            try c.encode(CapabilityResult(capability: Capability(protocolVersion: v)), forKey: .getCapabilityResult)
        case .expandMacroResult(let s, let d):
            try c.encode(ExpandResult(expandedSource: s, diagnostics: d), forKey: .expandMacroResult)
        case .loadPluginLibraryResult(let l, let d):
            try c.encode(LoadResult(loaded: l, diagnostics: d), forKey: .loadPluginLibraryResult)
        }
    }
}

/// The message loop: reads framed requests from stdin until it closes, answers each on stdout.
enum PluginServer {
    /// swift-syntax 6's protocol version (7: `lexicalContext`, static build configuration); the
    /// compiler sends nothing newer to a tool that reports this.
    static let protocolVersion = 7

    static func run(expand: (HostMessage.ExpandFreestanding) -> PluginMessage) {
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        while let header = readExactly(8) {
            var length = 0
            for i in 0..<8 { length |= Int(header[i]) << (8 * i) }
            guard length >= 0, let body = readExactly(length) else { return }
            if body.isEmpty { continue }
            let answer: PluginMessage
            if let message = try? decoder.decode(HostMessage.self, from: Data(body)) {
                if message.getCapability != nil {
                    answer = .getCapabilityResult(protocolVersion: protocolVersion)
                } else if let request = message.expandFreestandingMacro {
                    answer = expand(request)
                } else if message.loadPluginLibrary != nil {
                    answer = .loadPluginLibraryResult(loaded: false, diagnostics: [])
                } else {
                    // An attached-macro request or a newer message: kiosk declares no such macro.
                    answer = .expandMacroResult(expandedSource: nil, diagnostics: [])
                }
            } else {
                answer = .expandMacroResult(expandedSource: nil, diagnostics: [])
            }
            guard let data = try? encoder.encode(answer) else { return }
            send(Array(data))
        }
    }

    private static func readExactly(_ count: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress! + done, count - done) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return nil }
            done += n
        }
        return buffer
    }

    private static func send(_ payload: [UInt8]) {
        var frame = [UInt8](repeating: 0, count: 8)
        for i in 0..<8 { frame[i] = UInt8(truncatingIfNeeded: payload.count >> (8 * i)) }
        frame += payload
        var done = 0
        while done < frame.count {
            let n = frame.withUnsafeBytes { write(1, $0.baseAddress! + done, frame.count - done) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            done += n
        }
    }
}
