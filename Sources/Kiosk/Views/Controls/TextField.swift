// TextField, SecureField and TextEditor: text entry as iOS has it. A tap focuses the field and
// places the caret; keys from the on-screen keyboard, a hardware keyboard or a scanner edit it;
// every edit writes the binding. Styles as SwiftUI's: `.automatic`/`.plain` draw the bare
// text, `.roundedBorder` UIKit's rounded rectangle, and a custom TextFieldStyle wraps the
// field it is given.

/// A control that edits a string.
///
/// ```swift
/// @State private var name = ""
/// TextField("Name", text: $name)
///     .textFieldStyle(.roundedBorder)
///     .onSubmit { save() }
/// ```
/// On iOS the title is the placeholder shown while the text is empty (`prompt:` replaces it).
public struct TextField<Label: View>: View {
    let text: Binding<String>
    let prompt: Text?
    let label: Label
    let axis: Axis
    let isSecure: Bool
    /// The bare field a style wraps (its configuration): drawn without the style.
    let isBare: Bool
    /// SwiftUI's older callbacks (`TextField(_:text:onEditingChanged:onCommit:)`).
    var onEditingChanged: ((Bool) -> Void)? = nil
    var onCommit: (() -> Void)? = nil
    /// `TextField(_:value:format:)`: the value, shown and read back (FormattedTextField.swift).
    var formatted: _FormattedValue? = nil
    @Environment(\.textFieldStyle) private var style
    @State private var model = TextFieldModel()

    init(text: Binding<String>, prompt: Text?, label: Label, axis: Axis, isSecure: Bool, isBare: Bool) {
        self.text = text; self.prompt = prompt; self.label = label; self.axis = axis; self.isSecure = isSecure; self.isBare = isBare
    }

    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        self.init(text: text, prompt: prompt, label: label(), axis: .horizontal, isSecure: false, isBare: false)
    }
    public init(text: Binding<String>, prompt: Text? = nil, axis: Axis, @ViewBuilder label: () -> Label) {
        self.init(text: text, prompt: prompt, label: label(), axis: axis, isSecure: false, isBare: false)
    }

    public var body: some View {
        let text = formatted?.text(model) ?? self.text
        let onEditingChanged = formatted?.editingChanged(model, then: self.onEditingChanged) ?? self.onEditingChanged
        if isBare {
            _TextFieldCore(model: model, text: text, placeholder: prompt ?? (label as? Text), isSecure: isSecure,
                           multiline: axis == .vertical, fillsHeight: false, onEditingChanged: onEditingChanged, onCommit: onCommit)
        } else {
            var bare = TextField<_TextFieldStyleLabel>(text: text, prompt: prompt ?? (label as? Text), label: _TextFieldStyleLabel(),
                                                       axis: axis, isSecure: isSecure, isBare: true)
            let _ = (bare.onEditingChanged = onEditingChanged, bare.onCommit = onCommit)
            (style ?? AnyTextFieldStyle(PlainTextFieldStyle())).makeBody(bare)
        }
    }
}

extension TextField where Label == Text {
    /// A field whose placeholder is `title`.
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(text: text, prompt: nil, label: Text(title), axis: .horizontal, isSecure: false, isBare: false)
    }
    /// A field with a placeholder `prompt` (the title labels it in a form).
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?) {
        self.init(text: text, prompt: prompt, label: Text(title), axis: .horizontal, isSecure: false, isBare: false)
    }
    /// A field that grows vertically (`axis: .vertical`) up to its `lineLimit`.
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, axis: Axis) {
        self.init(text: text, prompt: nil, label: Text(title), axis: axis, isSecure: false, isBare: false)
    }
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?, axis: Axis) {
        self.init(text: text, prompt: prompt, label: Text(title), axis: axis, isSecure: false, isBare: false)
    }
    /// SwiftUI's older initializer: `onEditingChanged` runs with true when the field takes
    /// focus and false when it loses it; `onCommit` on Return.
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, onEditingChanged: @escaping (Bool) -> Void, onCommit: @escaping () -> Void = {}) {
        self.init(text: text, prompt: nil, label: Text(title), axis: .horizontal, isSecure: false, isBare: false)
        self.onEditingChanged = onEditingChanged
        self.onCommit = onCommit
    }
}

/// A field that shows bullets instead of its text.
///
/// ```swift
/// SecureField("PIN", text: $pin).keyboardType(.numberPad)
/// ```
public struct SecureField<Label: View>: View {
    let field: TextField<Label>
    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        field = TextField(text: text, prompt: prompt, label: label(), axis: .horizontal, isSecure: true, isBare: false)
    }
    public var body: some View { field }
}

extension SecureField where Label == Text {
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        field = TextField(text: text, prompt: nil, label: Text(title), axis: .horizontal, isSecure: true, isBare: false)
    }
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?) {
        field = TextField(text: text, prompt: prompt, label: Text(title), axis: .horizontal, isSecure: true, isBare: false)
    }
}

/// A multi-line text editor that fills the space it is offered and scrolls to its caret.
/// Return types a newline (the on-screen keyboard stays up); it has no placeholder, as in SwiftUI.
///
/// ```swift
/// TextEditor(text: $notes).frame(height: 200)
/// ```
public struct TextEditor: View {
    let text: Binding<String>
    @State private var model = TextFieldModel()
    public init(text: Binding<String>) { self.text = text }
    public var body: some View {
        _TextFieldCore(model: model, text: text, placeholder: nil, isSecure: false, multiline: true, fillsHeight: true,
                       onEditingChanged: nil, onCommit: nil)
    }
}

/// The label a TextFieldStyle's configuration carries (SwiftUI's `_Label`).
public struct _TextFieldStyleLabel: View {
    public var body: some View { EmptyView() }
}

/// How text fields look (`.textFieldStyle(_:)`). SwiftUI's requirement is underscored; custom
/// styles write it as SwiftUI code does:
///
/// ```swift
/// struct Boxed: TextFieldStyle {
///     func _body(configuration: TextField<Self._Label>) -> some View {
///         configuration.padding(10).background(RoundedRectangle(cornerRadius: 8).stroke(.gray))
///     }
/// }
/// ```
public protocol TextFieldStyle {
    associatedtype _Body: View
    typealias _Label = _TextFieldStyleLabel
    @ViewBuilder func _body(configuration: TextField<Self._Label>) -> Self._Body
}

struct AnyTextFieldStyle {
    let makeBody: (TextField<_TextFieldStyleLabel>) -> AnyView
    init<S: TextFieldStyle>(_ style: S) { makeBody = { AnyView(style._body(configuration: $0)) } }
}

/// iOS's default: the bare text, no border.
public struct DefaultTextFieldStyle: TextFieldStyle {
    public init() {}
    public func _body(configuration: TextField<_Label>) -> some View { configuration }
}
/// The bare text, no border.
public struct PlainTextFieldStyle: TextFieldStyle {
    public init() {}
    public func _body(configuration: TextField<_Label>) -> some View { configuration }
}
/// UIKit's rounded-rectangle border: a white field with a thin grey edge, 5-point corners, the
/// text inset 7 points sideways and 6 up and down (34 points tall at the body size).
public struct RoundedBorderTextFieldStyle: TextFieldStyle {
    public init() {}
    public func _body(configuration: TextField<_Label>) -> some View {
        configuration
            .environment(\.textFieldHitOutset, EdgeInsets(top: 6, leading: 7, bottom: 6, trailing: 7))
            .padding(.horizontal, 7)
            .padding(.vertical, 6)
            .background(RoundedRectangle(cornerRadius: 5).fill(Color(hex: 0xFFFFFF, darkHex: 0x1C1C1E)))
            .overlay(RoundedRectangle(cornerRadius: 5).stroke(Color(hex: 0xCDCDD1, darkHex: 0x3A3A3C), lineWidth: 1).allowsHitTesting(false))
    }
}

extension TextFieldStyle where Self == DefaultTextFieldStyle {
    public static var automatic: DefaultTextFieldStyle { DefaultTextFieldStyle() }
}
extension TextFieldStyle where Self == PlainTextFieldStyle {
    public static var plain: PlainTextFieldStyle { PlainTextFieldStyle() }
}
extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
    public static var roundedBorder: RoundedBorderTextFieldStyle { RoundedBorderTextFieldStyle() }
}

struct TextFieldStyleKey: EnvironmentKey { static let defaultValue: AnyTextFieldStyle? = nil }
struct TextFieldHitOutsetKey: EnvironmentKey { static let defaultValue = EdgeInsets() }
struct SubmitActionsKey: EnvironmentKey { static let defaultValue: [() -> Void] = [] }
struct SubmitLabelKey: EnvironmentKey { static let defaultValue = SubmitLabel.return }
struct KeyboardTypeKey: EnvironmentKey { static let defaultValue = UIKeyboardType.default }
struct AutocapitalizationKey: EnvironmentKey { static let defaultValue: TextInputAutocapitalization? = nil }
struct AutocorrectionDisabledKey: EnvironmentKey { static let defaultValue = false }
struct LineLimitRangeKey: EnvironmentKey { static let defaultValue: ClosedRange<Int>? = nil }

extension EnvironmentValues {
    var textFieldStyle: AnyTextFieldStyle? { get { self[TextFieldStyleKey.self] } set { self[TextFieldStyleKey.self] = newValue } }
    var textFieldHitOutset: EdgeInsets { get { self[TextFieldHitOutsetKey.self] } set { self[TextFieldHitOutsetKey.self] = newValue } }
    var submitActions: [() -> Void] { get { self[SubmitActionsKey.self] } set { self[SubmitActionsKey.self] = newValue } }
    var submitLabel: SubmitLabel { get { self[SubmitLabelKey.self] } set { self[SubmitLabelKey.self] = newValue } }
    var keyboardType: UIKeyboardType { get { self[KeyboardTypeKey.self] } set { self[KeyboardTypeKey.self] = newValue } }
    /// nil: the field's default (`.sentences`; `.never` for email, URL and secure fields).
    var textInputAutocapitalization: TextInputAutocapitalization? {
        get { self[AutocapitalizationKey.self] } set { self[AutocapitalizationKey.self] = newValue }
    }
    /// Whether autocorrection is off for the fields inside (kiosk has no autocorrection).
    public var autocorrectionDisabled: Bool {
        get { self[AutocorrectionDisabledKey.self] } set { self[AutocorrectionDisabledKey.self] = newValue }
    }
    var lineLimitRange: ClosedRange<Int>? { get { self[LineLimitRangeKey.self] } set { self[LineLimitRangeKey.self] = newValue } }
}

/// How the on-screen keyboard capitalises, as iOS's keyboard does: it turns shift on by itself
/// (for one letter) where the text before the caret asks for a capital — `.sentences` (the
/// default) at the start of the field, of a line, and after a sentence's end and a space
/// (". ", "! ", "? "); `.words` at the start and after any space; `.characters` always; `.never`
/// not at all (the default of `.emailAddress` and `.URL` fields and of SecureField). Shift the
/// user set or locked stays theirs. Hardware keyboards type what their keys say (iOS does not
/// capitalise for them either); a Korean keyboard's shift types double consonants, so it is
/// not turned on there.
public struct TextInputAutocapitalization: Hashable, Sendable {
    let kind: Int
    public static let never = TextInputAutocapitalization(kind: 0)
    public static let words = TextInputAutocapitalization(kind: 1)
    public static let sentences = TextInputAutocapitalization(kind: 2)
    public static let characters = TextInputAutocapitalization(kind: 3)

    /// What a field gets when nothing is set: `.never` where iOS's default is none (email and
    /// URL keyboards, secure fields), else `.sentences`.
    static func defaultFor(keyboardType: UIKeyboardType, isSecure: Bool) -> TextInputAutocapitalization {
        isSecure || keyboardType == .emailAddress || keyboardType == .URL ? .never : .sentences
    }

    /// Whether the next letter typed after `before` (the text up to the caret) is a capital.
    func wantsCapital<S: BidirectionalCollection>(after before: S) -> Bool where S.Element == Character {
        switch self {
        case .never: return false
        case .characters: return true
        case .words:
            guard let last = before.last else { return true }
            return last.isWhitespace
        default:
            // Start of the field or of a line; else spaces after a sentence's end.
            var i = before.endIndex
            var spaces = 0
            while i > before.startIndex {
                let c = before[before.index(before: i)]
                if c.isNewline { return true }
                guard c == " " || c == "\u{00A0}" || c == "\t" else { break }
                spaces += 1
                i = before.index(before: i)
            }
            if i == before.startIndex { return true }
            return spaces > 0 && ".!?".contains(before[before.index(before: i)])
        }
    }
}

/// The kind of content a field holds (UIKit's names; accepted for source compatibility — kiosk
/// has no autofill).
public struct UITextContentType: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let name = UITextContentType(rawValue: "name")
    public static let givenName = UITextContentType(rawValue: "givenName")
    public static let familyName = UITextContentType(rawValue: "familyName")
    public static let emailAddress = UITextContentType(rawValue: "emailAddress")
    public static let telephoneNumber = UITextContentType(rawValue: "telephoneNumber")
    public static let username = UITextContentType(rawValue: "username")
    public static let password = UITextContentType(rawValue: "password")
    public static let newPassword = UITextContentType(rawValue: "newPassword")
    public static let oneTimeCode = UITextContentType(rawValue: "oneTimeCode")
    public static let postalCode = UITextContentType(rawValue: "postalCode")
    public static let URL = UITextContentType(rawValue: "URL")
    public static let fullStreetAddress = UITextContentType(rawValue: "fullStreetAddress")
}

/// What triggers `onSubmit` (kiosk: text fields).
public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let text = SubmitTriggers(rawValue: 1)
    public static let search = SubmitTriggers(rawValue: 2)
}

extension View {
    /// Sets the style of the text fields inside this view.
    public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View { environment(\.textFieldStyle, AnyTextFieldStyle(style)) }
    /// Runs `action` when Return is pressed in a text field inside this view (after the field
    /// gives up focus, so the action may focus the next one). Several run innermost first.
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View {
        transformEnvironment(\.submitActions) { $0.insert(action, at: 0) }
    }
    /// The on-screen keyboard's Return key caption for the fields inside (`.search`, `.next`…).
    public func submitLabel(_ submitLabel: SubmitLabel) -> some View { environment(\.submitLabel, submitLabel) }
    /// Which on-screen keyboard the fields inside ask for (number, decimal and phone pads;
    /// `@` and `.` for email; `/` and `.com` for URLs).
    public func keyboardType(_ type: UIKeyboardType) -> some View { environment(\.keyboardType, type) }
    /// How the on-screen keyboard capitalises (see TextInputAutocapitalization); nil: the
    /// field's default.
    public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View {
        environment(\.textInputAutocapitalization, autocapitalization)
    }
    /// Accepted for source compatibility: kiosk's keyboard has no autocorrection to disable.
    public func autocorrectionDisabled(_ disable: Bool = true) -> some View { environment(\.autocorrectionDisabled, disable) }
    /// Accepted for source compatibility (deprecated spelling of `autocorrectionDisabled`).
    public func disableAutocorrection(_ disable: Bool?) -> some View { environment(\.autocorrectionDisabled, disable ?? false) }
    /// Accepted for source compatibility: kiosk has no autofill.
    public func textContentType(_ textContentType: UITextContentType?) -> some View { self }
    /// The lines a vertical text field shows: at least the range's lower bound, growing to its
    /// upper bound (then it scrolls).
    public func lineLimit(_ limit: ClosedRange<Int>) -> some View { environment(\.lineLimitRange, limit) }
    /// The lines a vertical text field shows: at least `limit.lowerBound`, growing without bound.
    public func lineLimit(_ limit: PartialRangeFrom<Int>) -> some View { environment(\.lineLimitRange, limit.lowerBound...Int.max) }
    /// The lines a vertical text field shows: growing up to `limit.upperBound`.
    public func lineLimit(_ limit: PartialRangeThrough<Int>) -> some View { environment(\.lineLimitRange, 1...max(1, limit.upperBound)) }
    /// `reservesSpace`: a vertical field keeps the room of `limit` lines even when shorter.
    public func lineLimit(_ limit: Int, reservesSpace: Bool) -> some View {
        environment(\.lineLimitRange, (reservesSpace ? max(1, limit) : 1)...max(1, limit)).lineLimit(limit)
    }
}

/// The field itself: reads the model (re-evaluated by its edits and blinks) and draws through
/// `_EditableText`, registered with the focus manager as a focusable text input.
struct _TextFieldCore: View {
    let model: TextFieldModel
    let text: Binding<String>
    let placeholder: Text?
    let isSecure: Bool
    let multiline: Bool
    let fillsHeight: Bool
    let onEditingChanged: ((Bool) -> Void)?
    let onCommit: (() -> Void)?
    @Environment(\.submitActions) private var submitActions
    @Environment(\.submitLabel) private var submitLabel
    @Environment(\.keyboardType) private var keyboardType
    @Environment(\.textInputAutocapitalization) private var autocapitalization
    @Environment(\.lineLimit) private var lineLimit
    @Environment(\.lineLimitRange) private var lineLimitRange
    @Environment(\.textFieldHitOutset) private var hitOutset
    @Environment(\.isEnabled) private var isEnabled

    var body: some View {
        model.binding = text
        model.isSecure = isSecure
        model.isMultiline = multiline
        model.submitActions = onCommit.map { [$0] + submitActions } ?? submitActions
        model.onEditingChanged = onEditingChanged
        model.submitLabel = submitLabel
        model.keyboardType = keyboardType
        model.autocapitalization = autocapitalization ?? .defaultFor(keyboardType: keyboardType, isSecure: isSecure)
        model.adopt(text.wrappedValue)
        let s = model.state
        let display = isSecure ? String(repeating: "•", count: s.editing.count) : s.editing.text
        let minLines = fillsHeight ? 1 : (lineLimitRange?.lowerBound ?? 1)
        let maxLines: Int? = fillsHeight ? nil : (multiline ? (lineLimitRange?.upperBound ?? lineLimit) : 1)
        return _EditableText(model: model, display: display, placeholder: placeholder, selection: s.editing.selection,
                             marked: s.editing.marked, focused: s.focused, caretShown: s.caretShown, multiline: multiline,
                             minLines: max(1, minLines), maxLines: maxLines.map { max(1, $0) }, hitOutset: hitOutset)
            .opacity(isEnabled ? 1 : 0.5)
            .modifier(_FocusableModifier(target: model, interactions: .edit))
    }
}
