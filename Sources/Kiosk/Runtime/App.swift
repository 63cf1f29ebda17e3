// App, Scene, WindowGroup: a SwiftUI app's entry point, unchanged. `@main` on an `App` gives a
// `main()` that takes the same options and KIOSK_* variables as `kiosk run`, settings from /etc/NAME/NAME.conf (AppIdentity)
// (KioskRunner) and shows the first WindowGroup's content full screen. `KioskApp` stays as the
// kiosk-specific spelling (a view body instead of a scene).
//
// The app value is part of the view graph, as in SwiftUI: its @StateObject / @State properties
// live on the root node, and its body runs again when they change.

/// A SwiftUI app: its `body` describes its scenes; kiosk shows the first `WindowGroup` full screen.
///
/// ```swift
/// @main struct MenuBoard: App {
///     @StateObject private var menu = Menu()
///     var body: some Scene {
///         WindowGroup { ContentView().environmentObject(menu) }
///     }
/// }
/// ```
/// Run it with `--display`, `--rotation`, `--input`, … exactly like `kiosk run`; `--help` lists them.
public protocol App {
    associatedtype Body: Scene
    init()
    @SceneBuilder var body: Body { get }
}

extension App {
    /// Parses the options, opens display, input and console, and runs until SIGTERM.
    public static func main() {
        KioskRunner.runMain { w, h in ViewFrameSource(width: w, height: h) { _AppRoot(app: Self()) } }
    }
}

/// A part of an app's user interface (a window group; kiosk has one screen).
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
}

extension Never: Scene {}

/// The scene that shows the app's views; on kiosk, full screen.
///
/// ```swift
/// WindowGroup { ContentView() }
/// ```
public struct WindowGroup<Content: View>: Scene, _WindowContent {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    /// The title is not shown (no window decorations on a kiosk screen).
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) { self.content = content() }
    public init(_ title: Text, @ViewBuilder content: () -> Content) { self.content = content() }
    /// The id is accepted (kiosk opens no other windows).
    public init(id: String, @ViewBuilder content: () -> Content) { self.content = content() }
    public init<S: StringProtocol>(_ title: S, id: String, @ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { fatalError("WindowGroup is a built-in scene") }
    var windowContent: AnyView? { AnyView(content) }
}

/// Several scenes (kiosk shows the first WindowGroup). macOS's `Settings` scene does not exist
/// here (kiosk's `Settings` are its run options).
public struct _TupleScene<each S: Scene>: Scene, _WindowContent {
    let scenes: (repeat each S)
    public var body: Never { fatalError("a scene list is built in") }
    var windowContent: AnyView? {
        for scene in repeat each scenes {
            if let v = firstWindowContent(scene) { return v }
        }
        return nil
    }
}

/// An optional scene (`if flag { WindowGroup … }`).
public struct _OptionalScene<S: Scene>: Scene, _WindowContent {
    let scene: S?
    public var body: Never { fatalError("an optional scene is built in") }
    var windowContent: AnyView? { scene.flatMap(firstWindowContent) }
}

/// Builds an app's scenes.
@resultBuilder
public enum SceneBuilder {
    public static func buildExpression<S: Scene>(_ scene: S) -> S { scene }
    public static func buildBlock<S: Scene>(_ scene: S) -> S { scene }
    public static func buildBlock<each S: Scene>(_ scenes: repeat each S) -> _TupleScene<repeat each S> {
        _TupleScene(scenes: (repeat each scenes))
    }
    public static func buildOptional<S: Scene>(_ scene: S?) -> _OptionalScene<S> { _OptionalScene(scene: scene) }
}

/// Built-in scenes say what they show.
protocol _WindowContent { var windowContent: AnyView? { get } }

/// The content of the first WindowGroup in `scene` (a user's Scene type is looked through).
func firstWindowContent<S: Scene>(_ scene: S) -> AnyView? {
    if let builtin = scene as? _WindowContent { return builtin.windowContent }
    if S.Body.self == Never.self { return nil }
    return firstWindowContent(scene.body)
}

/// The app as the root view: its dynamic properties install on the root node.
struct _AppRoot<A: App>: View, DynamicPropertyHost {
    let app: A
    var body: some View {
        if let content = firstWindowContent(app.body) {
            content
        } else {
            let _ = Diagnostics.warn("\(A.self).body has no WindowGroup: nothing is shown")
            EmptyView()
        }
    }
    var dynamicPropertySource: Any { app }
}

/// The app's state as SwiftUI reports it; a kiosk screen is always active.
public enum ScenePhase: Comparable, Hashable, Sendable { case background, inactive, active }

struct ScenePhaseKey: EnvironmentKey { static let defaultValue = ScenePhase.active }

extension EnvironmentValues {
    /// `.active` on kiosk (the screen is never backgrounded).
    public var scenePhase: ScenePhase {
        get { self[ScenePhaseKey.self] } set { self[ScenePhaseKey.self] = newValue }
    }
}

extension HeadlessHost {
    /// Runs an `App` headless: its first WindowGroup's content, with the app's own state.
    ///
    /// ```swift
    /// let host = HeadlessHost(width: 800, height: 480, app: MenuBoard.self)
    /// ```
    public convenience init<A: App>(width: Int, height: Int, colorScheme: ColorScheme = .light, app: A.Type) {
        self.init(width: width, height: height, colorScheme: colorScheme) { _AppRoot(app: A()) }
    }
}

extension View {
    /// The colour scheme of the presentation this view is in: the whole screen (its views, bars,
    /// sheets and the background the screen is cleared to), or the sheet, cover or alert that
    /// shows it. As in SwiftUI it is a preference, not an environment write: the value flows up
    /// (the outermost writer wins, then the first non-nil one in view order) and overrides the
    /// host's scheme while the view is shown. nil states no preference. Use `.colorScheme(_:)`
    /// or `.environment(\.colorScheme, …)` to change one subtree only.
    /// See Runtime/ColorSchemePreference.swift.
    public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View {
        modifier(_PreferredColorSchemeModifier(colorScheme: colorScheme))
    }
}

/// Registers its value with the graph's `ColorSchemePreferences` while it is shown.
struct _PreferredColorSchemeModifier: BuiltinModifier, LifecycleModifier {
    let colorScheme: ColorScheme?
    func appeared(_ node: Node) { node.graph.colorSchemes.set(node, colorScheme) }
    func updated(_ node: Node) { node.graph.colorSchemes.set(node, colorScheme) }
    func disappeared(_ node: Node) { node.graphIfAlive?.colorSchemes.remove(node) }
}
