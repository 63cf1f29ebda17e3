// A café menu board, written as a SwiftUI developer would write one: a List of drinks in
// sections beside a "today's special" card that changes every 4 seconds with a cross-fade and
// a slide, and a price badge that pulses. Tapping a drink highlights it with a spring.
import Kiosk

struct MenuItem: Identifiable, Hashable {
    let id: String
    let price: String
    let note: String
}

private let hot = [MenuItem(id: "Espresso", price: "2.40", note: "Single origin, Huila"),
                   MenuItem(id: "Flat white", price: "3.60", note: "Double shot, steamed milk"),
                   MenuItem(id: "Cappuccino", price: "3.40", note: "With cocoa on top"),
                   MenuItem(id: "Chai latte", price: "3.80", note: "House spice blend")]
private let cold = [MenuItem(id: "Cold brew", price: "3.90", note: "Steeped 18 hours"),
                    MenuItem(id: "Iced latte", price: "3.70", note: "Oat milk on request"),
                    MenuItem(id: "Lemonade", price: "2.90", note: "Fresh lemons, mint")]

struct MenuBoard: View {
    @State private var selected: String?
    @State private var special = 0
    @State private var pulse = false

    var body: some View {
        HStack(spacing: 0) {
            List {
                Section("Hot drinks") { ForEach(hot) { row($0) } }
                Section {
                    ForEach(cold) { row($0) }
                } header: {
                    Text("Cold drinks")
                } footer: {
                    Text("Plant milks at no extra charge")
                }
            }
            .frame(maxWidth: .infinity)

            specialCard
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .background(Color(uiColor: .systemGroupedBackground))
        }
        .onReceive(Timer.publish(every: 4, on: .main, in: .common).autoconnect()) { _ in
            withAnimation(.easeInOut(duration: 0.6)) { special = (special + 1) % (hot.count + cold.count) }
        }
        .onAppear {
            withAnimation(.easeInOut(duration: 0.9).repeatForever(autoreverses: true)) { pulse = true }
        }
    }

    private func row(_ item: MenuItem) -> some View {
        HStack {
            VStack(alignment: .leading, spacing: 2) {
                Text(item.id).font(.body.weight(selected == item.id ? .semibold : .regular))
                Text(item.note).font(.footnote).foregroundColor(.secondary)
            }
            Spacer()
            Text("€" + item.price).font(.body)
        }
        .contentShape(Rectangle())
        .scaleEffect(selected == item.id ? 1.03 : 1, anchor: .leading)
        .onTapGesture {
            withAnimation(.spring(response: 0.35, dampingFraction: 0.7)) { selected = selected == item.id ? nil : item.id }
        }
        .listRowBackground(selected == item.id ? Color.orange.opacity(0.18) : Color.white)
    }

    private var specialCard: some View {
        let all = hot + cold
        let item = all[special % all.count]
        return VStack(spacing: 16) {
            Text("Today's special").font(.headline).foregroundColor(.secondary).textCase(.uppercase)
            VStack(spacing: 10) {
                Text(item.id).font(.system(size: 44, weight: .bold))
                Text(item.note).font(.title3).foregroundColor(.secondary)
                Text("€" + item.price)
                    .font(.system(size: 32, weight: .heavy))
                    .foregroundColor(.white)
                    .padding(.horizontal, 22).padding(.vertical, 8)
                    .background(Capsule().fill(Color.orange))
                    .scaleEffect(pulse ? 1.08 : 1)
            }
            .id(item.id)
            .transition(.asymmetric(insertion: .move(edge: .trailing).combined(with: .opacity),
                                    removal: .move(edge: .leading).combined(with: .opacity)))
        }
        .padding(32)
        .frame(maxWidth: 460)
        .background(RoundedRectangle(cornerRadius: 24).fill(Color.white).shadow(color: .black.opacity(0.12), radius: 16, y: 6))
        .clipped()
    }
}

extension KioskScenes {
    static var showcaseEntries: [Entry] {
        [viewScene("menu-board", "a café menu board: a List of drinks beside a rotating special (List, Section, transitions)") { MenuBoard() }]
            + formEntries + productGridEntries + presentationEntries + textEntryEntries
    }
}
