// Alert and ActionSheet values: the iOS 13 presentation API (`.alert(isPresented:) { Alert(…) }`,
// `.actionSheet(isPresented:) { ActionSheet(…) }`), still common in public code. Each is drawn
// as the iOS 15 API draws it (Alert.swift, ConfirmationDialog.swift): its buttons become the
// actions with their roles, its message the message; an Alert with no button gets OK.

/// An alert's content, for `.alert(isPresented:content:)` (deprecated in SwiftUI, kept working).
///
/// ```swift
/// .alert(isPresented: $failed) { Alert(title: Text("Error"), message: Text(reason), dismissButton: .default(Text("OK"))) }
/// ```
public struct Alert {
    /// A button of an Alert or an ActionSheet.
    public struct Button {
        let label: Text
        let role: ButtonRole?
        let action: (() -> Void)?

        /// A button with the default look.
        public static func `default`(_ label: Text, action: (() -> Void)? = {}) -> Button { Button(label: label, role: nil, action: action) }
        /// A cancel button titled `label`.
        public static func cancel(_ label: Text, action: (() -> Void)? = {}) -> Button { Button(label: label, role: .cancel, action: action) }
        /// A cancel button titled "Cancel".
        public static func cancel(_ action: (() -> Void)? = {}) -> Button { Button(label: Text("Cancel"), role: .cancel, action: action) }
        /// A red, destructive button.
        public static func destructive(_ label: Text, action: (() -> Void)? = {}) -> Button {
            Button(label: label, role: .destructive, action: action)
        }
    }

    let title: Text
    let message: Text?
    let buttons: [Button]

    /// An alert with one button (OK when nil).
    public init(title: Text, message: Text? = nil, dismissButton: Button? = nil) {
        self.title = title; self.message = message; buttons = dismissButton.map { [$0] } ?? []
    }
    /// An alert with two buttons.
    public init(title: Text, message: Text? = nil, primaryButton: Button, secondaryButton: Button) {
        self.title = title; self.message = message; buttons = [primaryButton, secondaryButton]
    }
}

/// An action sheet's content, for `.actionSheet(isPresented:content:)`: a confirmation dialog.
public struct ActionSheet {
    public typealias Button = Alert.Button
    let title: Text
    let message: Text?
    let buttons: [Button]

    /// An action sheet of `buttons` (a Cancel is added when none cancels, as iOS does).
    public init(title: Text, message: Text? = nil, buttons: [ActionSheet.Button] = [.cancel()]) {
        self.title = title; self.message = message; self.buttons = buttons
    }
}

/// The buttons as iOS 15 actions.
struct _LegacyActions: View {
    let buttons: [Alert.Button]
    var body: some View {
        ForEach(0..<buttons.count, id: \.self) { i in
            let b = buttons[i]
            Kiosk.Button(role: b.role, action: { b.action?() }) { b.label }
        }
    }
}

extension View {
    /// Presents `content()`'s alert while `isPresented` is true.
    public func alert(isPresented: Binding<Bool>, content: () -> Alert) -> some View {
        let a = content()
        return modifier(_AlertModifier(isPresented: isPresented, title: a.title, actions: AnyView(_LegacyActions(buttons: a.buttons)),
                                       message: a.message.map { AnyView($0) }))
    }
    /// Presents the alert `content` makes of `item` while `item` is not nil.
    public func alert<Item: Identifiable>(item: Binding<Item?>, content: (Item) -> Alert) -> some View {
        let a = item.wrappedValue.map(content)
        let shown = Binding(get: { item.wrappedValue != nil }, set: { if !$0 { item.wrappedValue = nil } })
        return modifier(_AlertModifier(isPresented: shown, title: a?.title ?? Text(""),
                                       actions: AnyView(_LegacyActions(buttons: a?.buttons ?? [])),
                                       message: a?.message.map { AnyView($0) }))
    }
    /// Presents `content()`'s action sheet while `isPresented` is true.
    public func actionSheet(isPresented: Binding<Bool>, content: () -> ActionSheet) -> some View {
        let s = content()
        return modifier(_DialogModifier(isPresented: isPresented, title: s.title, titleVisibility: .visible,
                                        actions: AnyView(_LegacyActions(buttons: s.buttons)), message: s.message.map { AnyView($0) }))
    }
    /// Presents the action sheet `content` makes of `item` while `item` is not nil.
    public func actionSheet<Item: Identifiable>(item: Binding<Item?>, content: (Item) -> ActionSheet) -> some View {
        let s = item.wrappedValue.map(content)
        let shown = Binding(get: { item.wrappedValue != nil }, set: { if !$0 { item.wrappedValue = nil } })
        return modifier(_DialogModifier(isPresented: shown, title: s?.title ?? Text(""), titleVisibility: .visible,
                                        actions: AnyView(_LegacyActions(buttons: s?.buttons ?? [])), message: s?.message.map { AnyView($0) }))
    }
}
