// PreviewProvider: Xcode's previews. Pasted SwiftUI files end in a `…_Previews: PreviewProvider`
// struct; kiosk has no preview canvas, so the protocol only lets them compile (a kiosk program can
// render a preview headless: `HeadlessHost(width:height:) { MyView_Previews.previews }`).
// The `#Preview { … }` macro cannot be offered: a macro needs a compiler plugin (swift-syntax),
// which is an outside package.

/// A type that produces view previews (compiled, never shown by kiosk itself).
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder static var previews: Previews { get }
}
