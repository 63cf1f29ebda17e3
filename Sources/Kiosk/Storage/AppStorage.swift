// @AppStorage: a value kept across restarts in the state directory's storage file
// (AppStorageStore.swift). @SceneStorage: kept per scene in memory only (kiosk does not restore
// scenes after a restart; documented difference).

/// A property wrapper that reads and writes a value kept across launches, like SwiftUI's
/// (which uses UserDefaults). Views reading a key re-evaluate when any view writes it.
///
/// ```swift
/// @AppStorage("brightness") private var brightness = 0.8
/// ```
/// `store:` takes an `AppStorageStore` (SwiftUI: a UserDefaults); the default is the state
/// directory's (`$KIOSK_STATE_DIR`, `$STATE_DIRECTORY`, `~/.local/state/kiosk`).
@propertyWrapper
public struct AppStorage<Value>: DynamicProperty {
    let key: String
    let defaultValue: Value
    let store: AppStorageStore
    let encode: (Value) -> StoredValue?
    let decode: (StoredValue) -> Value?

    init(key: String, defaultValue: Value, store: AppStorageStore?, encode: @escaping (Value) -> StoredValue?,
         decode: @escaping (StoredValue) -> Value?) {
        self.key = key; self.defaultValue = defaultValue; self.store = store ?? .standard
        self.encode = encode; self.decode = decode
    }

    public var wrappedValue: Value {
        get { store.value(key).flatMap(decode) ?? defaultValue }
        nonmutating set { store.set(key, encode(newValue)) }
    }
    public var projectedValue: Binding<Value> {
        let store = store, key = key, encode = encode, decode = decode, defaultValue = defaultValue
        return Binding(get: { store.value(key).flatMap(decode) ?? defaultValue }, set: { store.set(key, encode($0)) })
    }
}

extension AppStorage where Value == Bool {
    public init(wrappedValue: Bool, _ key: String, store: AppStorageStore? = nil) {
        self.init(key: key, defaultValue: wrappedValue, store: store, encode: { .bool($0) }) { if case .bool(let v) = $0 { v } else { nil } }
    }
}
extension AppStorage where Value == Int {
    public init(wrappedValue: Int, _ key: String, store: AppStorageStore? = nil) {
        self.init(key: key, defaultValue: wrappedValue, store: store, encode: { .int($0) }, decode: AppStorageCoding.int)
    }
}
extension AppStorage where Value == Double {
    public init(wrappedValue: Double, _ key: String, store: AppStorageStore? = nil) {
        self.init(key: key, defaultValue: wrappedValue, store: store, encode: { .double($0) }, decode: AppStorageCoding.double)
    }
}
extension AppStorage where Value == String {
    public init(wrappedValue: String, _ key: String, store: AppStorageStore? = nil) {
        self.init(key: key, defaultValue: wrappedValue, store: store, encode: { .string($0) }, decode: AppStorageCoding.string)
    }
}
extension AppStorage where Value == URL {
    public init(wrappedValue: URL, _ key: String, store: AppStorageStore? = nil) {
        self.init(key: key, defaultValue: wrappedValue, store: store, encode: { .string($0.absoluteString) }, decode: AppStorageCoding.url)
    }
}
extension AppStorage where Value == Data {
    public init(wrappedValue: Data, _ key: String, store: AppStorageStore? = nil) {
        self.init(key: key, defaultValue: wrappedValue, store: store, encode: { .data($0) }) { if case .data(let v) = $0 { v } else { nil } }
    }
}
extension AppStorage where Value: RawRepresentable, Value.RawValue == Int {
    public init(wrappedValue: Value, _ key: String, store: AppStorageStore? = nil) {
        self.init(key: key, defaultValue: wrappedValue, store: store, encode: { .int($0.rawValue) }) { AppStorageCoding.int($0).flatMap(Value.init) }
    }
}
extension AppStorage where Value: RawRepresentable, Value.RawValue == String {
    public init(wrappedValue: Value, _ key: String, store: AppStorageStore? = nil) {
        self.init(key: key, defaultValue: wrappedValue, store: store, encode: { .string($0.rawValue) }) { AppStorageCoding.string($0).flatMap(Value.init) }
    }
}

/// Optional values: nil removes the key.
extension AppStorage {
    public init(_ key: String, store: AppStorageStore? = nil) where Value == Bool? {
        self.init(key: key, defaultValue: nil, store: store, encode: { $0.map { .bool($0) } }) { if case .bool(let v) = $0 { v } else { nil } }
    }
    public init(_ key: String, store: AppStorageStore? = nil) where Value == Int? {
        self.init(key: key, defaultValue: nil, store: store, encode: { $0.map { .int($0) } }, decode: AppStorageCoding.int)
    }
    public init(_ key: String, store: AppStorageStore? = nil) where Value == Double? {
        self.init(key: key, defaultValue: nil, store: store, encode: { $0.map { .double($0) } }, decode: AppStorageCoding.double)
    }
    public init(_ key: String, store: AppStorageStore? = nil) where Value == String? {
        self.init(key: key, defaultValue: nil, store: store, encode: { $0.map { .string($0) } }, decode: AppStorageCoding.string)
    }
    public init(_ key: String, store: AppStorageStore? = nil) where Value == URL? {
        self.init(key: key, defaultValue: nil, store: store, encode: { $0.map { .string($0.absoluteString) } }, decode: AppStorageCoding.url)
    }
    public init(_ key: String, store: AppStorageStore? = nil) where Value == Data? {
        self.init(key: key, defaultValue: nil, store: store, encode: { $0.map { .data($0) } }) { if case .data(let v) = $0 { v } else { nil } }
    }
}

/// Reads a stored value as a type (JSON may hold an Int where a Double was written, and so on).
enum AppStorageCoding {
    static func int(_ v: StoredValue) -> Int? {
        switch v { case .int(let i): i; case .double(let d) where d.rounded() == d && abs(d) < 9e15: Int(d); default: nil }
    }
    static func double(_ v: StoredValue) -> Double? {
        switch v { case .double(let d): d; case .int(let i): Double(i); default: nil }
    }
    static func string(_ v: StoredValue) -> String? { if case .string(let s) = v { s } else { nil } }
    static func url(_ v: StoredValue) -> URL? { string(v).flatMap { URL(string: $0) } }
}

/// A property wrapper for per-scene state restored when a scene comes back, like SwiftUI's.
/// Kiosk keeps it in memory for the process's life (one scene; not written to disk).
///
/// ```swift
/// @SceneStorage("selectedTab") private var tab = 0
/// ```
@propertyWrapper
public struct SceneStorage<Value>: DynamicProperty {
    private let storage: AppStorage<Value>
    public var wrappedValue: Value {
        get { storage.wrappedValue }
        nonmutating set { storage.wrappedValue = newValue }
    }
    public var projectedValue: Binding<Value> { storage.projectedValue }
    public init(wrappedValue: Value, _ key: String) where Value == Bool { storage = AppStorage(wrappedValue: wrappedValue, key, store: .scene) }
    public init(wrappedValue: Value, _ key: String) where Value == Int { storage = AppStorage(wrappedValue: wrappedValue, key, store: .scene) }
    public init(wrappedValue: Value, _ key: String) where Value == Double { storage = AppStorage(wrappedValue: wrappedValue, key, store: .scene) }
    public init(wrappedValue: Value, _ key: String) where Value == String { storage = AppStorage(wrappedValue: wrappedValue, key, store: .scene) }
    public init(wrappedValue: Value, _ key: String) where Value: RawRepresentable, Value.RawValue == Int { storage = AppStorage(wrappedValue: wrappedValue, key, store: .scene) }
    public init(wrappedValue: Value, _ key: String) where Value: RawRepresentable, Value.RawValue == String { storage = AppStorage(wrappedValue: wrappedValue, key, store: .scene) }
}

extension AppStorageStore {
    /// The in-memory store behind @SceneStorage.
    nonisolated(unsafe) static let scene = AppStorageStore(path: nil)
}
