// The text-entry showcase scene: a sign-up Form a kiosk would show — name, email, phone and a
// PIN, each with its keyboard type and return key, @FocusState moving from field to field on
// submit, and the on-screen keyboard the engine mounts (`scripts/run --scene text-entry`; add
// `--keyboard never` to type on a hardware keyboard only, `--keyboard-layout kr` for Korean).
// Written with the public API only.
import Kiosk

struct TextEntryScene: View {
    enum Field: Hashable { case name, email, phone, pin }

    @State private var name = ""
    @State private var email = ""
    @State private var phone = ""
    @State private var pin = ""
    @State private var signedUp = false
    @FocusState private var focused: Field?

    private var complete: Bool { !name.isEmpty && email.contains("@") && pin.count == 4 }

    var body: some View {
        Form {
            Section {
                TextField("Full name", text: $name)
                    .textContentType(.name)
                    .submitLabel(.next)
                    .focused($focused, equals: .name)
                    .onSubmit { focused = .email }
                TextField("Email", text: $email)
                    .keyboardType(.emailAddress)
                    .textInputAutocapitalization(.never)
                    .autocorrectionDisabled()
                    .submitLabel(.next)
                    .focused($focused, equals: .email)
                    .onSubmit { focused = .phone }
                TextField("Phone (optional)", text: $phone)
                    .keyboardType(.phonePad)
                    .focused($focused, equals: .phone)
            } header: {
                Text("Sign up")
            } footer: {
                Text("We'll send your membership card to this address.")
            }
            Section("Choose a 4-digit PIN") {
                SecureField("PIN", text: $pin)
                    .keyboardType(.numberPad)
                    .submitLabel(.done)
                    .focused($focused, equals: .pin)
                    .onSubmit { if complete { signedUp = true } }
            }
            Section {
                Button(signedUp ? "Welcome, \(name)!" : "Sign up") {
                    focused = nil
                    signedUp = true
                }
                .disabled(!complete || signedUp)
            }
        }
    }
}

extension KioskScenes {
    static var textEntryEntries: [Entry] {
        [viewScene("text-entry", "a sign-up Form: TextField, SecureField, @FocusState and the on-screen keyboard") { TextEntryScene() }]
    }
}
