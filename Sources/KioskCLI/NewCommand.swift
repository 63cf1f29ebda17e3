// `kiosk new NAME …`: runs scripts/new-app of the kiosk checkout this binary was built in (the
// template and its checks live there, testable without a Swift build: Tests/E2E/new-app.sh).
#if canImport(Glibc)
import Glibc
#endif
import Kiosk

enum NewCommand {
    /// The checkout: $KIOSK_SOURCE, else the first parent of the executable's real path that holds
    /// scripts/new-app and Package.swift (.build/<triple>/debug/kiosk sits inside it).
    static func checkout() -> String? {
        if let s = getenv("KIOSK_SOURCE").map({ String(cString: $0) }), !s.isEmpty { return s }
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        guard n > 0 else { return nil }
        var dir = String(decoding: buf[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        while let slash = dir.lastIndex(of: "/"), slash != dir.startIndex {
            dir = String(dir[..<slash])
            if access("\(dir)/scripts/new-app", X_OK) == 0 && access("\(dir)/Package.swift", R_OK) == 0 { return dir }
        }
        return nil
    }

    static func main(_ args: ArraySlice<String>) throws -> Never {
        guard let root = checkout() else {
            throw UsageError("kiosk new needs a kiosk source checkout (this kiosk was installed without one): clone kiosk's repository and run its scripts/new-app NAME, or set KIOSK_SOURCE to the checkout")
        }
        let script = "\(root)/scripts/new-app"
        let argv = [script] + Array(args)
        var cargs = argv.map { strdup($0) } + [nil]
        execv(script, &cargs)
        throw UsageError("cannot run \(script): \(String(cString: strerror(errno)))")
    }
}
