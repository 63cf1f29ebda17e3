// PreviewProvider: Xcode's previews. Pasted SwiftUI files end in a `…_Previews: PreviewProvider`
// struct; kiosk has no preview canvas, so the protocol only lets them compile (a kiosk program can
// render a preview headless: `HeadlessHost(width:height:) { MyView_Previews.previews }`).
// The `#Preview { … }` macro is Runtime/Preview.swift.

/// A type that produces view previews (compiled, never shown by kiosk itself).
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder static var previews: Previews { get }
}

/// A size constraint for a preview (previews compile under kiosk but are not shown by it).
public enum PreviewLayout: Sendable, Equatable {
    /// Center the preview in a container the size of the device.
    case device
    /// Fit the container to the size of the preview.
    case sizeThatFits
    /// Center the preview in a fixed size container.
    case fixed(width: CGFloat, height: CGFloat)
}

extension View {
    /// Overrides the size of the container for the preview. kiosk has no preview canvas, so
    /// this only lets previews compile; the view is unchanged.
    public func previewLayout(_ value: PreviewLayout) -> Self { self }
    /// Sets a user-visible name to show in the canvas for a preview (see `previewLayout`).
    public func previewDisplayName(_ value: String?) -> Self { self }
}
