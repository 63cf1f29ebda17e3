// The `presentations` scene: a List whose rows open a sheet with detents, an alert, an action
// sheet and a menu — the everyday presentations of a kiosk app, written as SwiftUI.
import Kiosk

struct PresentationsScene: View {
    @State private var showingSheet = false
    @State private var showingAlert = false
    @State private var showingDialog = false
    @State private var last = "Nothing chosen yet"

    var body: some View {
        List {
            Section("Presentations") {
                Button("Show details (sheet)") { showingSheet = true }
                Button("Cancel order (alert)") { showingAlert = true }
                Button("Share (action sheet)") { showingDialog = true }
                Menu("Sort by (menu)") {
                    Button("Name") { last = "Sorted by name" }
                    Button("Price") { last = "Sorted by price" }
                    Button("Clear", role: .destructive) { last = "Cleared" }
                }
            }
            Section("Last action") { Text(last) }
        }
        .sheet(isPresented: $showingSheet) { DetailsSheet() }
        .alert("Cancel this order?", isPresented: $showingAlert) {
            Button("Keep", role: .cancel) { last = "Order kept" }
            Button("Cancel Order", role: .destructive) { last = "Order cancelled" }
        } message: {
            Text("The kitchen has not started it yet.")
        }
        .confirmationDialog("Share receipt", isPresented: $showingDialog, titleVisibility: .visible) {
            Button("Print") { last = "Printed" }
            Button("Email") { last = "Emailed" }
        }
    }
}

private struct DetailsSheet: View {
    @Environment(\.dismiss) private var dismiss
    var body: some View {
        VStack(spacing: 16) {
            Text("Flat white").font(.title2.bold())
            Text("Double shot, steamed milk. Drag the sheet up or down.")
                .multilineTextAlignment(.center)
            Button("Done") { dismiss() }.buttonStyle(.borderedProminent)
        }
        .padding(.top, 32)
        .padding(.horizontal, 24)
        .presentationDetents([.medium, .large])
    }
}

extension KioskScenes {
    static var presentationEntries: [Entry] {
        [viewScene("presentations", "a List opening a sheet with detents, an alert, an action sheet and a menu") { PresentationsScene() }]
    }
}
