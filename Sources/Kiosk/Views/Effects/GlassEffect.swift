// `.glassEffect` (iOS 26's Liquid Glass). iOS refracts and blurs what lies behind the shape and
// lights its rim. Kiosk does not sample what is behind a view (see Shapes/Material.swift), so the
// glass is drawn as the thin material in the shape — a translucent light fill (dark: a dark one),
// tinted with `Glass.tint` — behind the content, with a specular rim over it: a one-point stroke
// of the shape, white at its top-leading edge fading to faint at the bottom-trailing one, and a
// soft shadow under it. `.clear` is a thinner fill, `.identity` draws nothing. `.interactive()`
// is accepted (iOS's touch shimmer is not drawn). The default shape is a capsule, as in SwiftUI.

/// The look of a glass effect.
public struct Glass: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case regular, clear, identity }
    let kind: Kind
    var tintColor: Color?
    var isInteractive = false

    /// The standard glass.
    public static var regular: Glass { Glass(kind: .regular) }
    /// A more transparent glass, for content over media.
    public static var clear: Glass { Glass(kind: .clear) }
    /// No glass: the content alone.
    public static var identity: Glass { Glass(kind: .identity) }
    /// This glass tinted with `color`.
    public func tint(_ color: Color?) -> Glass { var g = self; g.tintColor = color; return g }
    /// This glass reacting to touches (kiosk: accepted, drawn the same).
    public func interactive(_ isEnabled: Bool = true) -> Glass { var g = self; g.isInteractive = isEnabled; return g }
}

extension View {
    /// Draws the view on glass in a capsule.
    ///
    /// ```swift
    /// Button("Play") { play() }.padding().glassEffect()
    /// ```
    public func glassEffect(_ glass: Glass = .regular, isEnabled: Bool = true) -> some View {
        modifier(_GlassEffect(glass: glass, shape: Capsule(), isEnabled: isEnabled))
    }
    /// Draws the view on glass in `shape`.
    public func glassEffect<S: Shape>(_ glass: Glass = .regular, in shape: S, isEnabled: Bool = true) -> some View {
        modifier(_GlassEffect(glass: glass, shape: shape, isEnabled: isEnabled))
    }
}

/// A container of glass shapes (iOS merges nearby ones; kiosk draws each on its own).
public struct GlassEffectContainer<Content: View>: View {
    let spacing: CGFloat?
    let content: Content
    public init(spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) { self.spacing = spacing; self.content = content() }
    public var body: some View { content }
}

struct _GlassEffect<S: Shape>: ViewModifier {
    let glass: Glass
    let shape: S
    let isEnabled: Bool
    @Environment(\.colorScheme) private var scheme

    func body(content: Content) -> some View {
        let on = isEnabled && glass.kind != .identity
        let dark = scheme == .dark
        let base = dark ? Color(white: 0.12) : Color.white
        let alpha = glass.kind == .clear ? 0.22 : 0.55
        let fill: Color = glass.tintColor.map { $0.opacity(0.55) } ?? base.opacity(alpha)
        let rim = LinearGradient(colors: [.white.opacity(dark ? 0.55 : 0.95), .white.opacity(0.15), .white.opacity(dark ? 0.3 : 0.5)],
                                 startPoint: .topLeading, endPoint: .bottomTrailing)
        return content
            .background {
                shape.fill(fill)
                    .shadow(color: .black.opacity(on ? 0.14 : 0), radius: 8, x: 0, y: 3)
                    .opacity(on ? 1 : 0)
            }
            .overlay {
                shape.stroke(rim, lineWidth: 1).opacity(on ? 1 : 0).allowsHitTesting(false)
            }
    }
}
