#if canImport(Glibc)
import Glibc
#endif
// Environment: values passed down the view tree (colour scheme, screen size, font, …).

import Raster
import Synchronization

/// A key for a value in `EnvironmentValues`.
///
/// ```swift
/// struct AccentKey: EnvironmentKey { static let defaultValue = Color.blue }
/// extension EnvironmentValues {
///     var accent: Color { get { self[AccentKey.self] } set { self[AccentKey.self] = newValue } }
/// }
/// ```
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// The values a view reads with `@Environment`.
public struct EnvironmentValues: CustomStringConvertible {
    var storage: [ObjectIdentifier: Any] = [:]
    /// Changes on every write, so equal versions mean equal values (the graph skips
    /// re-evaluating an unchanged Equatable view only when its environment kept its version).
    private(set) var version: UInt64 = 0
    private static let versions = Atomic<UInt64>(0)
    public init() {}

    private mutating func bump() { version = EnvironmentValues.versions.wrappingAdd(1, ordering: .relaxed).newValue }

    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get {
            guard let stored = storage[ObjectIdentifier(key)] else { return K.defaultValue }
            // The setter stores a K.Value: read it as one when its dynamic type says so (the
            // `as?` cast from Any was ~250 instructions per read, five reads per Text).
            if Swift.type(of: stored) == K.Value.self {
                func read<T>(_ v: T) -> K.Value {
                    withUnsafePointer(to: v) { UnsafeRawPointer($0).assumingMemoryBound(to: K.Value.self).pointee }
                }
                return _openExistential(stored, do: read)
            }
            return stored as? K.Value ?? K.defaultValue
        }
        set { storage[ObjectIdentifier(key)] = newValue; bump() }
    }

    func object<T: AnyObject>(_ type: T.Type) -> T? { storage[ObjectIdentifier(type)] as? T }
    mutating func setObject<T: AnyObject>(_ object: T?, for type: T.Type) { storage[ObjectIdentifier(type)] = object; bump() }

    public var description: String { "EnvironmentValues(\(storage.count) values)" }
}

/// Light or dark appearance.
public enum ColorScheme: Hashable, Sendable, CaseIterable { case light, dark }

struct ColorSchemeKey: EnvironmentKey { static let defaultValue = ColorScheme.light }
struct ScreenSizeKey: EnvironmentKey { static let defaultValue = CGSize.zero }
struct DisplayScaleKey: EnvironmentKey { static let defaultValue: CGFloat = 1 }
struct IsEnabledKey: EnvironmentKey { static let defaultValue = true }

extension EnvironmentValues {
    /// The colour scheme; the host's setting, `.light` by default.
    public var colorScheme: ColorScheme {
        get { self[ColorSchemeKey.self] } set { self[ColorSchemeKey.self] = newValue }
    }
    /// The size of the screen in points (kiosk: points are pixels). Not in SwiftUI, which
    /// reads it from UIScreen; `UIScreen.main.bounds` is provided too.
    public var screenSize: CGSize {
        get { self[ScreenSizeKey.self] } set { self[ScreenSizeKey.self] = newValue }
    }
    /// Pixels per point; 1 on kiosk screens.
    public var displayScale: CGFloat {
        get { self[DisplayScaleKey.self] } set { self[DisplayScaleKey.self] = newValue }
    }
    /// False inside `.disabled(true)`: taps and drags are ignored.
    public var isEnabled: Bool {
        get { self[IsEnabledKey.self] } set { self[IsEnabledKey.self] = newValue }
    }
}

/// Reads a value from the environment.
///
/// ```swift
/// @Environment(\.colorScheme) var colorScheme
/// @Environment(Model.self) var model        // an @Observable object set with .environment(model)
/// ```
@propertyWrapper
public struct Environment<Value>: DynamicProperty, InstallableProperty {
    let read: (EnvironmentValues) -> Value
    let location = EnvironmentLocation()

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { read = { $0[keyPath: keyPath] } }

    public var wrappedValue: Value { read(location.values ?? EnvironmentValues()) }

    func install(in node: Node, slot: inout Int) { location.node = node }
}

extension Environment where Value: AnyObject & Observable {
    /// Reads an `@Observable` object put in the environment with `.environment(object)`.
    /// Reading one that is missing stops the program, as in SwiftUI; use the optional form
    /// `@Environment(Model.self) var model: Model?` when it may be absent.
    public init(_ type: Value.Type) {
        read = { env in
            guard let object = env.object(type) else {
                preconditionFailure("No \(type) in the environment: add .environment(\(type)(…)) to an ancestor view")
            }
            return object
        }
    }
}

extension Environment {
    public init<T: AnyObject & Observable>(_ type: T.Type) where Value == T? {
        read = { $0.object(type) }
    }
}

/// Where an `@Environment` property reads: the node it is installed in, held weakly. A copy of
/// the values was kept here, and a value that stores the property in the environment (a
/// ButtonStyle with `@Environment` in `.buttonStyle(_:)`) then held itself: location → values →
/// style → location, a cycle that outlived its view (LeakSanitizer, ControlsTests).
final class EnvironmentLocation {
    var node: Node? { get { nodeLink?.node } set { nodeLink = newValue?.link } }
    private var nodeLink: NodeLink?
    var values: EnvironmentValues? { node?.environment }
}

/// `UIScreen.main.bounds`, for programs written against UIKit: the host's screen.
///
/// Inside a screen's work (body evaluation, layout, drawing, gestures) `bounds` is that
/// screen's rectangle, even when several hosts run on several threads at once (tests do);
/// elsewhere it is the last screen created.
public final class UIScreen {
    nonisolated(unsafe) public static let main = UIScreen()
    /// The screen rectangle in points.
    public var bounds: CGRect {
        get {
            if let p = pthread_getspecific(UIScreen.currentKey) { return p.assumingMemoryBound(to: CGRect.self).pointee }
            return lastBounds.withLock { $0 }
        }
        set { lastBounds.withLock { $0 = newValue } }
    }
    public var scale: CGFloat { 1 }
    /// The last screen created, locked (`Raster.Locked`): hosts made on several threads at once (tests)
    /// each set it (ThreadSanitizer: a data race on the unlocked rectangle).
    private let lastBounds = Locked(CGRect.zero)

    /// Per-thread pointer to the bounds of the screen whose work is running on that thread.
    private static let currentKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Runs `body` with `bounds` reading `rect` on this thread (no allocation).
    static func withBounds<T>(_ rect: CGRect, _ body: () -> T) -> T {
        var r = rect
        let previous = pthread_getspecific(currentKey)
        return withUnsafeMutablePointer(to: &r) { p in
            pthread_setspecific(currentKey, p)
            defer { pthread_setspecific(currentKey, previous) }
            return body()
        }
    }
}
