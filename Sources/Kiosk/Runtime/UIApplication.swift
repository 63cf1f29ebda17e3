// `UIApplication.shared.windows`: SwiftUI code written before iOS 15's scenes reads the key
// window's safe area (`UIApplication.shared.windows.first?.safeAreaInsets.top`) to pad under the
// status bar, and flips dark mode by `…rootViewController?.view.overrideUserInterfaceStyle`.
// Kiosk answers with the panel: one window, the screen whose work runs on this thread (a body,
// a gesture, a timer), else the newest screen; no window before a screen exists. Its safe area is
// zero on every edge — a kiosk panel has no status bar, notch or home indicator (Layout/SafeArea.swift)
// — and its bounds are the screen's (`UIScreen.main.bounds`). Setting the root view's
// `overrideUserInterfaceStyle` sets that screen's colour scheme (`.unspecified`: the one it was
// made with), as it does for a UIKit window's root view.

/// UIKit's edge insets (UIKit's left/right, not leading/trailing).
public struct UIEdgeInsets: Hashable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// UIKit's light/dark choice for a view.
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified, light, dark
}

/// The running program, as UIKit code asks it for its windows.
public final class UIApplication: @unchecked Sendable {
    nonisolated(unsafe) public static let shared = UIApplication()
    private init() {}
    /// The screen's window (the one running work on this thread, else the newest), or none.
    public var windows: [UIWindow] { GraphClock.currentGraph.map { [UIWindow(graph: $0)] } ?? [] }
}

/// A screen, seen as UIKit's window.
public final class UIWindow: @unchecked Sendable {
    weak var graph: ViewGraph?
    init(graph: ViewGraph) { self.graph = graph }
    /// Zero: a kiosk panel has no status bar, notch or home indicator.
    public var safeAreaInsets: UIEdgeInsets { .zero }
    /// The screen's rectangle in points.
    public var bounds: CGRect { UIScreen.main.bounds }
    /// The root view's controller: its view's `overrideUserInterfaceStyle` sets the screen's scheme.
    public var rootViewController: UIViewController? { graph.map { UIViewController(view: UIView(graph: $0)) } }
    /// The window's own style override: the same as the root view's.
    public var overrideUserInterfaceStyle: UIUserInterfaceStyle {
        get { rootViewController?.view.overrideUserInterfaceStyle ?? .unspecified }
        set { rootViewController?.view.overrideUserInterfaceStyle = newValue }
    }
}

/// A window's root view controller (only its view).
public final class UIViewController: @unchecked Sendable {
    public let view: UIView
    init(view: UIView) { self.view = view }
}

/// A window's root view: its interface style is the screen's colour scheme.
public final class UIView: @unchecked Sendable {
    weak var graph: ViewGraph?
    init(graph: ViewGraph) { self.graph = graph }
    /// `.light`/`.dark` set the screen's colour scheme; `.unspecified` restores the one it was made with.
    public var overrideUserInterfaceStyle: UIUserInterfaceStyle {
        get { graph?.interfaceStyleOverride ?? .unspecified }
        set {
            guard let graph else { return }
            if graph.interfaceStyleOverride == .unspecified { graph.schemeBeforeOverride = graph.rootEnvironment.colorScheme }
            graph.interfaceStyleOverride = newValue
            var env = graph.rootEnvironment
            switch newValue {
            case .light: env.colorScheme = .light
            case .dark: env.colorScheme = .dark
            case .unspecified: env.colorScheme = graph.schemeBeforeOverride ?? env.colorScheme
            }
            if env.colorScheme != graph.rootEnvironment.colorScheme { graph.setRootEnvironment(env) }
        }
    }
}
