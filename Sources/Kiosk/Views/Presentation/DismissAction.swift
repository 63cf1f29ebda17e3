// DismissAction and isPresented: what presented content reads to close itself.

/// Dismisses the current presentation (SwiftUI's `@Environment(\.dismiss)`).
///
/// ```swift
/// @Environment(\.dismiss) private var dismiss
/// Button("Done") { dismiss() }
/// ```
/// Inside a sheet, alert, dialog or menu it writes the presenter's binding (`isPresented` false,
/// `item` nil). Elsewhere it does nothing (SwiftUI: it pops a pushed page, which kiosk's
/// NavigationStack does not wire yet).
public struct DismissAction {
    let action: () -> Void
    init(_ action: @escaping () -> Void) { self.action = action }
    /// Dismisses the presentation.
    public func callAsFunction() { action() }
}

struct DismissKey: EnvironmentKey { static let defaultValue = DismissAction {} }
struct IsPresentedKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    /// Dismisses the presentation the view is in.
    public var dismiss: DismissAction {
        get { self[DismissKey.self] } set { self[DismissKey.self] = newValue }
    }
    /// True inside presented content (a sheet, a cover, a popover).
    public var isPresented: Bool {
        get { self[IsPresentedKey.self] } set { self[IsPresentedKey.self] = newValue }
    }
}
