// NamedColors: `Color("brand")`, SwiftUI's colour from the app's asset catalogue. kiosk has no
// asset catalogue, so named colours come from a registry the program fills before it builds its
// views (`NamedColors.register("brand", Color(red: 0.2, green: 0.4, blue: 1))`, optionally with a
// dark variant). The name is looked up when the `Color` is made. An unknown name is the placeholder
// `NamedColors.placeholder` (systemGray, #8E8E93: visible, neutral on a production screen) and
// one warning per name, as `Image(systemName:)` does for unknown symbols.

import Raster

/// The colours `Color(_ name:)` finds, registered by the program (kiosk's stand-in for an asset
/// catalogue's colour sets).
///
/// ```swift
/// NamedColors.register("fb", Color(red: 0.09, green: 0.47, blue: 0.95))
/// NamedColors.register("card", light: .white, dark: Color(white: 0.15))
/// Text("Hi").foregroundColor(Color("fb"))
/// ```
public enum NamedColors {
    private static let table = Locked([String: Color]())
    private static let warned = Locked(Set<String>())

    /// What an unregistered name draws: systemGray.
    public static let placeholder = Color.gray

    /// Registers (or replaces) the colour named `name`.
    public static func register(_ name: String, _ color: Color) {
        table.withLock { $0[name] = color }
    }

    /// Registers `name` with a light and a dark appearance (each colour's own light value).
    public static func register(_ name: String, light: Color, dark: Color) {
        register(name, Color(light: light.light, dark: dark.light))
    }

    /// The colour registered as `name`, or nil.
    public static func color(named name: String) -> Color? {
        table.withLock { $0[name] }
    }

    /// Forgets every registered colour (and which unknown names were warned about).
    public static func removeAll() {
        table.withLock { $0.removeAll() }
        warned.withLock { $0.removeAll() }
    }

    static func lookup(_ name: String) -> Color {
        if let c = color(named: name) { return c }
        if warned.withLock({ $0.insert(name).inserted }) {
            Diagnostics.warn("Color(\"\(name)\"): no colour registered under this name (NamedColors.register); drawing the placeholder grey")
        }
        return placeholder
    }
}

/// Where `Color(_:bundle:)` looks for a named colour. kiosk has one registry (`NamedColors`), so
/// every bundle is the same: the parameter exists so `Color("x", bundle: .main)` compiles.
public struct NamedColorBundle: Sendable {
    /// The app's main bundle.
    public static let main = NamedColorBundle()
    /// The bundle of the current Swift package's resources.
    public static let module = NamedColorBundle()
}

extension Color {
    /// The colour registered as `name` in `NamedColors` (SwiftUI: from the asset catalogue).
    /// An unknown name draws `NamedColors.placeholder` and warns once.
    public init(_ name: String, bundle: NamedColorBundle? = nil) {
        self = NamedColors.lookup(name)
    }

    /// A named colour given Foundation's `Bundle` (in files that import Foundation): the bundle
    /// is ignored, as above.
    public init<B: AnyObject>(_ name: String, bundle: B?) {
        self = NamedColors.lookup(name)
    }
}
