// PresentationMode: the iOS 13 way for presented content to close itself
// (`@Environment(\.presentationMode) var mode` … `mode.wrappedValue.dismiss()`), still common in
// public code. It is `dismiss` and `isPresented` (DismissAction.swift) under the old names.

/// Whether the view is presented, and a way to dismiss it (SwiftUI's deprecated spelling of
/// `@Environment(\.dismiss)` and `\.isPresented`).
public struct PresentationMode {
    let action: DismissAction
    /// True inside presented content (a sheet, a cover, a popover).
    public let isPresented: Bool
    /// Dismisses the presentation the view is in.
    public mutating func dismiss() { action() }
}

extension EnvironmentValues {
    /// The presentation the view is in, as a binding (writing it does nothing).
    public var presentationMode: Binding<PresentationMode> {
        let mode = PresentationMode(action: dismiss, isPresented: isPresented)
        return Binding(get: { mode }, set: { _ in })
    }
}
