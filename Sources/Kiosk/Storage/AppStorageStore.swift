// The file behind @AppStorage: one JSON object of key → value in the state directory
// (`$KIOSK_STATE_DIR`, else systemd's `$STATE_DIRECTORY`, else `~/.local/state/kiosk`), file
// `appstorage.json`. Writes are atomic and synced — temp file, fsync, rename, fsync of the
// directory — so a power cut leaves the old or the new value. A corrupt or unreadable file, or a
// failed write, gives one warning; reads then fall back to the defaults / memory.
import Observation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One stored value (what JSON holds).
enum StoredValue: Codable, Equatable {
    case bool(Bool), int(Int), double(Double), string(String), data(Data)
}

/// The values of one storage file, observed: a view reading any key re-evaluates when any key
/// is written (reads track the whole table).
@Observable
public final class AppStorageStore {
    @ObservationIgnored let path: String?
    private var values: [String: StoredValue] = [:]
    @ObservationIgnored private(set) var warned = false

    /// The store of the default state directory.
    nonisolated(unsafe) public static let standard = AppStorageStore(path: AppStorageStore.defaultPath())

    /// A store over the file at `path` (nil: in memory only).
    public init(path: String?) {
        self.path = path
        load()
    }

    static func defaultPath() -> String? {
        func env(_ name: String) -> String? { getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } }
        let dir = env("KIOSK_STATE_DIR") ?? env("STATE_DIRECTORY")?.split(separator: ":").first.map(String.init)
            ?? env("HOME").map { $0 + "/.local/state/kiosk" }
        return dir.map { $0 + "/appstorage.json" }
    }

    func value(_ key: String) -> StoredValue? { values[key] }

    func set(_ key: String, _ value: StoredValue?) {
        if values[key] == value { return }
        values[key] = value
        save()
    }

    private func warnOnce(_ message: String) {
        guard !warned else { return }
        warned = true
        Diagnostics.warn(message)
    }

    private func load() {
        guard let path, let fd = Optional(open(path, O_RDONLY | O_CLOEXEC)), fd >= 0 else {
            if let path, errno != ENOENT { warnOnce("AppStorage: cannot read \(path) (errno \(errno)); defaults used") }
            return
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; warnOnce("AppStorage: cannot read \(path); defaults used"); return }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        do {
            values = try JSONDecoder().decode([String: StoredValue].self, from: Data(bytes))
        } catch {
            warnOnce("AppStorage: \(path) is corrupt; defaults used")
        }
    }

    private func save() {
        guard let path else { return }
        guard let data = try? JSONEncoder().encode(values) else { return }
        let dir = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        makeDirectories(dir)
        do {
            try Syscall.writeFileAtomically(path: path, bytes: [UInt8](data), mode: 0o644, syncDirectory: true)
        } catch {
            warnOnce("AppStorage: cannot write \(path) (\(error)); values kept in memory")
            return
        }
    }

    private func makeDirectories(_ dir: String) {
        var prefix = dir.hasPrefix("/") ? "" : "."
        for part in dir.split(separator: "/") {
            prefix += "/" + part
            _ = mkdir(prefix, 0o755)
        }
    }
}
