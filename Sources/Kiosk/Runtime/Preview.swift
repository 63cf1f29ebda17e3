// Preview: the `#Preview` macro of Xcode 15 (DeveloperToolsSupport), so pasted files that end in
// `#Preview { ContentView() }` compile unchanged.
//
// The macro is kiosk's own compiler plugin (Sources/KioskMacros, no swift-syntax): its expansion
// is the use's arguments passed to `Preview.init` inside a private enum's static function, so the body closure
// is type-checked as a `@ViewBuilder` body, exactly as Xcode checks it. kiosk has no preview
// canvas and nothing calls that function: a preview is declared and checked, not registered or
// shown. To look at one, render its view headless (`HeadlessHost(width:height:) { RingView() }`)
// or with `kiosk snapshot`.

/// Creates a preview of a SwiftUI view (kiosk: checked when compiled, never shown).
///
///     #Preview("Ring", traits: .sizeThatFitsLayout) {
///         RingView(progress: 0.3)
///     }
///
/// - Parameters:
///   - name: An optional display name for the preview.
///   - traits: Traits that customise the preview (accepted, not used by kiosk).
///   - body: A closure producing the view to preview.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>, _ additionalTraits: PreviewTrait<Preview.ViewTraits>...,
                     @ViewBuilder body: @escaping @MainActor () -> any View)
    = #externalMacro(module: "KioskMacros", type: "PreviewMacro")

/// Creates a preview of a SwiftUI view (kiosk: checked when compiled, never shown).
@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View)
    = #externalMacro(module: "KioskMacros", type: "PreviewMacro")

/// One preview as `#Preview` declares it: its name, traits and the closure that builds its view.
public struct Preview {
    /// The traits a view preview accepts (`PreviewTrait<Preview.ViewTraits>`).
    public enum ViewTraits {}

    /// The preview's display name, if any.
    public let name: String?
    /// The traits given to the preview, in order.
    public let traits: [PreviewTrait<ViewTraits>]
    /// Builds the previewed view.
    public let body: @MainActor () -> any View

    /// A preview with a name, traits and a view (what `#Preview(_:traits:_:body:)` expands to).
    public init(_ name: String? = nil, traits: PreviewTrait<ViewTraits>, _ additionalTraits: PreviewTrait<ViewTraits>...,
                @ViewBuilder body: @escaping @MainActor () -> any View) {
        self.name = name
        self.traits = [traits] + additionalTraits
        self.body = body
    }

    /// A preview with a name and a view (what `#Preview(_:body:)` expands to).
    public init(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View) {
        self.name = name
        self.traits = []
        self.body = body
    }
}

/// A trait of a preview: its layout or orientation (accepted by kiosk, which shows no previews).
public struct PreviewTrait<T>: Sendable {
    /// What the trait asks for.
    public enum Kind: Sendable, Equatable {
        case layout(PreviewLayout)
        case orientation(InterfaceOrientation)
    }
    /// What the trait asks for.
    public let kind: Kind
    init(_ kind: Kind) { self.kind = kind }
}

extension PreviewTrait where T == Preview.ViewTraits {
    /// The preview fills the device's screen.
    public static var defaultLayout: PreviewTrait { PreviewTrait(.layout(.device)) }
    /// The preview is as large as the view needs.
    public static var sizeThatFitsLayout: PreviewTrait { PreviewTrait(.layout(.sizeThatFits)) }
    /// The preview is a fixed size.
    public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait {
        PreviewTrait(.layout(.fixed(width: width, height: height)))
    }
    /// The device is held upright.
    public static var portrait: PreviewTrait { PreviewTrait(.orientation(.portrait)) }
    /// The device is upside down.
    public static var portraitUpsideDown: PreviewTrait { PreviewTrait(.orientation(.portraitUpsideDown)) }
    /// The device is on its side, its top on the left.
    public static var landscapeLeft: PreviewTrait { PreviewTrait(.orientation(.landscapeLeft)) }
    /// The device is on its side, its top on the right.
    public static var landscapeRight: PreviewTrait { PreviewTrait(.orientation(.landscapeRight)) }
}

/// The orientation of the interface (as `previewInterfaceOrientation` takes it).
public enum InterfaceOrientation: Sendable, Equatable, CaseIterable {
    case portrait, portraitUpsideDown, landscapeLeft, landscapeRight
}
