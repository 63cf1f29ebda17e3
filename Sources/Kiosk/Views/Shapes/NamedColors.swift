// NamedColors: `Color("brand")`, SwiftUI's colour from the app's asset catalogue. Named colours
// come from a registry the program may fill before it builds its views
// (`NamedColors.register("brand", Color(red: 0.2, green: 0.4, blue: 1))`, optionally with a dark
// variant), then from the colour sets of an Xcode asset catalogue (`Assets.xcassets`) where images
// are looked for (AssetCatalog). The name is looked up when the `Color` is made (a catalogue's
// answer is kept per name, so a body made every frame reads no file). An unknown name is the placeholder
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
        if name == "AccentColor" { Color.appAccent.withLock { $0 = nil } }
    }

    /// Registers `name` with a light and a dark appearance (each colour's own light value).
    public static func register(_ name: String, light: Color, dark: Color) {
        register(name, Color(light: light.light, dark: dark.light))
    }

    /// The colour registered as `name`, or nil.
    public static func color(named name: String) -> Color? {
        table.withLock { $0[name] }
    }

    /// Forgets every registered colour (and which unknown names were warned about, and what
    /// asset catalogues answered).
    public static func removeAll() {
        table.withLock { $0.removeAll() }
        warned.withLock { $0.removeAll() }
        forgetCatalogColors()
    }

    private struct CatalogKey: Hashable { let name: String; let bundle: ImageBundle? }
    /// Asset catalogues' answers by name (nil: none has it).
    private static let fromCatalogs = Locked([CatalogKey: Color?]())
    static func forgetCatalogColors() {
        fromCatalogs.withLock { $0.removeAll() }
        Color.appAccent.withLock { $0 = nil }
    }

    /// The colour registered as `name`, else the colour set `name` of an asset catalogue
    /// (`Assets.xcassets`) where images are looked for, else the placeholder (one warning).
    static func lookup(_ name: String, bundle: ImageBundle? = nil) -> Color {
        if let c = color(named: name) { return c }
        let key = CatalogKey(name: name, bundle: bundle)
        if let known = fromCatalogs.withLock({ $0[key] }) { if let c = known { return c } } else {
            let c = AssetCatalog.color(named: name, in: ImageCache.colorDirectories(bundle: bundle))
            fromCatalogs.withLock { $0[key] = .some(c) }
            if let c { return c }
        }
        if warned.withLock({ $0.insert(name).inserted }) {
            Diagnostics.warn("Color(\"\(name)\"): no colour registered under this name (NamedColors.register) and no colour set of that name in an asset catalogue (*.xcassets where images are looked for); drawing the placeholder grey")
        }
        return placeholder
    }
}

/// Where `Color(_:bundle:)` looks for an asset catalogue's colour set first (the registry is
/// one for all bundles): the folders of an `ImageBundle`.
public struct NamedColorBundle: Sendable {
    let bundle: ImageBundle
    /// The app's main bundle (the executable's folder).
    public static var main: NamedColorBundle { NamedColorBundle(bundle: .main) }
    /// The bundle of the current Swift package's resources.
    public static var module: NamedColorBundle { NamedColorBundle(bundle: .module) }
}

extension Color {
    /// The colour registered as `name` in `NamedColors`, else the colour set `name` of an asset
    /// catalogue (SwiftUI: from the asset catalogue). An unknown name draws
    /// `NamedColors.placeholder` and warns once.
    public init(_ name: String, bundle: NamedColorBundle? = nil) {
        self = NamedColors.lookup(name, bundle: bundle?.bundle)
    }

    /// A named colour given Foundation's `Bundle` (in files that import Foundation): its folder.
    public init<B: AnyObject>(_ name: String, bundle: B?) {
        self = NamedColors.lookup(name, bundle: bundle.map { ImageBundle(describing: $0) })
    }
}
