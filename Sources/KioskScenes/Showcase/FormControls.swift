// The form-controls showcase scene: a restaurant check-in Form as a kiosk would show it — the
// guest's details as LabeledContent, the party size on a Stepper, a Toggle, a ProgressView for
// the table being prepared (with the spinner while it is unknown) and a Gauge of the room's
// occupancy. Written with the public API only.
import Kiosk

struct FormControls: View {
    @State private var guests = 2
    @State private var highChair = false
    @State private var checkedIn = false
    @State private var preparing = 0.0

    private let seats = 40.0
    private var occupied: Double { 26 + Double(guests) }

    var body: some View {
        Form {
            Section("Booking") {
                LabeledContent("Name", value: "Ada Lovelace")
                LabeledContent("Time", value: "19:30")
                Stepper("Party of \(guests)", value: $guests, in: 1...8)
                Toggle("High chair", isOn: $highChair)
            }
            Section {
                if checkedIn {
                    ProgressView(value: preparing) { Text("Preparing your table") }
                        currentValueLabel: { Text("\(Int(preparing * 100)) %") }
                } else {
                    HStack(spacing: 12) { ProgressView(); Text("Waiting for check-in").foregroundStyle(.secondary) }
                }
                Gauge(value: occupied, in: 0...seats) { Text("Occupancy") }
                    currentValueLabel: { Text("\(Int(occupied)) of \(Int(seats)) seats") }
                    .tint(occupied / seats > 0.8 ? .orange : .green)
            } header: {
                Text("Your table")
            } footer: {
                Text("We'll text you when your table is ready.")
            }
            Section {
                Button(checkedIn ? "Checked in" : "Check in") { checkedIn = true }
                    .disabled(checkedIn)
            }
        }
        .onReceive(Timer.publish(every: 0.5, on: .main, in: .common).autoconnect()) { _ in
            if checkedIn && preparing < 1 { preparing = min(1, preparing + 0.05) }
        }
    }
}

extension KioskScenes {
    static var formEntries: [Entry] {
        [viewScene("form-controls", "a check-in Form: LabeledContent, Stepper, Toggle, ProgressView and Gauge") { FormControls() }]
    }
}
