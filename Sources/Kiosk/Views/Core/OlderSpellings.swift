// Older and shorter spellings that public SwiftUI screens (scripts/corpus, issue 39) still write,
// each mapped onto what kiosk already does: the pre-iOS 14 accessibility and navigation-title
// forms, `.colorScheme(_:)`, `.autocapitalization(_:)`, `$flag.animation()`, the collection
// `.previewDevice`, and a material made more transparent (`.ultraThinMaterial.opacity(0.5)`).

// MARK: - Accessibility (iOS 13's spelling)

extension View {
    /// iOS 13's `accessibility(label:)`: the same as `accessibilityLabel(_:)`. Accepted; kiosk has
    /// no screen reader, so the view is unchanged.
    public func accessibility(label: Text) -> Self { self }
    /// iOS 13's `accessibility(hint:)` (see `accessibilityHint`). Accepted, unchanged.
    public func accessibility(hint: Text) -> Self { self }
    /// iOS 13's `accessibility(value:)` (see `accessibilityValue`). Accepted, unchanged.
    public func accessibility(value: Text) -> Self { self }
    /// iOS 13's `accessibility(hidden:)` (see `accessibilityHidden`). Accepted; still drawn and touchable.
    public func accessibility(hidden: Bool) -> Self { self }
    /// iOS 13's `accessibility(addTraits:)` (see `accessibilityAddTraits`). Accepted, unchanged.
    public func accessibility(addTraits traits: AccessibilityTraits) -> Self { self }
    /// iOS 13's `accessibility(removeTraits:)`. Accepted, unchanged.
    public func accessibility(removeTraits traits: AccessibilityTraits) -> Self { self }
    /// iOS 13's `accessibility(identifier:)` (UI-test identifiers). Accepted, unchanged.
    public func accessibility(identifier: String) -> Self { self }
}

// MARK: - Navigation title from Text, colour scheme, autocapitalization

extension View {
    /// The pre-iOS 14 spelling with a `Text` title (its string is shown).
    public func navigationBarTitle(_ title: Text) -> some View { navigationTitle(title) }
    /// The pre-iOS 14 spelling with a `Text` title and a display mode.
    public func navigationBarTitle(_ title: Text, displayMode: NavigationBarItem.TitleDisplayMode) -> some View {
        navigationTitle(title).navigationBarTitleDisplayMode(displayMode)
    }

    /// Sets the colour scheme of this view and its descendants (SwiftUI's deprecated
    /// `.colorScheme(_:)`; unlike `preferredColorScheme` it does not change the whole screen).
    public func colorScheme(_ colorScheme: ColorScheme) -> some View {
        environment(\.colorScheme, colorScheme)
    }

    /// iOS 13's `.autocapitalization(_:)`, the same as `textInputAutocapitalization` with the
    /// matching case (`.none` is `.never`).
    public func autocapitalization(_ style: UITextAutocapitalizationType) -> some View {
        textInputAutocapitalization(style.textInputAutocapitalization)
    }

    /// Xcode's preview device. Previews are not shown by kiosk, so the view is unchanged (SwiftUI
    /// ignores it outside the preview canvas too).
    public func previewDevice(_ value: PreviewDevice?) -> Self { self }
}

/// UIKit's autocapitalization styles, for `.autocapitalization(_:)`.
public enum UITextAutocapitalizationType: Int, Sendable {
    case none, words, sentences, allCharacters

    var textInputAutocapitalization: TextInputAutocapitalization {
        switch self {
        case .none: return .never
        case .words: return .words
        case .sentences: return .sentences
        case .allCharacters: return .characters
        }
    }
}

/// The name of a device Xcode previews on (`.previewDevice("iPhone 15")`); kept, unused.
public struct PreviewDevice: RawRepresentable, ExpressibleByStringLiteral, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
}

// MARK: - Binding.animation / transaction

extension Binding {
    /// A binding whose writes run inside `withAnimation(animation)`: a `Toggle` bound to
    /// `$flag.animation()` animates what the change moves, as in SwiftUI.
    public func animation(_ animation: Animation? = .default) -> Binding<Value> {
        let getter = self.getter, setter = self.setter
        return Binding(get: getter, set: { value in withAnimation(animation) { setter(value) } })
    }

    /// A binding whose writes run inside `withTransaction(transaction)`.
    public func transaction(_ transaction: Transaction) -> Binding<Value> {
        let getter = self.getter, setter = self.setter
        return Binding(get: getter, set: { value in withTransaction(transaction) { setter(value) } })
    }
}

// MARK: - Material with an opacity

/// A style drawn as another one with its alpha multiplied (`.ultraThinMaterial.opacity(0.5)`).
public struct _OpacityShapeStyle<Base: ShapeStyle>: ShapeStyle, ResolvableStyle {
    let base: Base
    let opacity: Double
    func resolve(in rect: CGRect, environment: EnvironmentValues) -> DrawPaint {
        let o = opacity.isFinite ? Swift.min(Swift.max(opacity, 0), 1) : 1
        return base.resolvePaint(in: rect, environment: environment).multipliedAlpha(o)
    }
}

extension Material {
    /// This material drawn `opacity` times as opaque (0…1; NaN is 1), as `ShapeStyle.opacity`.
    public func opacity(_ opacity: Double) -> _OpacityShapeStyle<Material> {
        _OpacityShapeStyle(base: self, opacity: opacity)
    }
}
