// The `tabs` showcase scene: a TabView with three tabs as a SwiftUI developer writes one — an
// onboarding pager (a page-style TabView with dots), an order list whose count survives a trip
// to another tab, and settings with a badge — switched with iOS's bottom tab bar.
import Kiosk

struct OnboardingPage: Identifiable {
    let id: Int
    let symbol: String
    let title: String
    let text: String
    let colour: Color
}

private let onboardingPages = [
    OnboardingPage(id: 0, symbol: "star.fill", title: "Welcome", text: "Order at the counter or right here.", colour: .blue),
    OnboardingPage(id: 1, symbol: "heart.fill", title: "Favourites", text: "Keep the drinks you love one tap away.", colour: .pink),
    OnboardingPage(id: 2, symbol: "bell.fill", title: "Ready alerts", text: "We ring when your order is ready.", colour: .orange),
]

struct TabsShowcase: View {
    @State private var tab = 0
    @State private var page = 0
    @State private var cups = 0

    var body: some View {
        TabView(selection: $tab) {
            OnboardingPager(page: $page, start: { tab = 1 })
                .tabItem { Label("Welcome", systemImage: "star") }
                .tag(0)
            OrderTab(cups: $cups)
                .tabItem { Label("Order", systemImage: "house") }
                .tag(1)
                .badge(cups)
            SettingsTab()
                .tabItem { Label("Settings", systemImage: "gearshape") }
                .tag(2)
                .badge("New")
        }
    }
}

struct OnboardingPager: View {
    @Binding var page: Int
    let start: () -> Void

    var body: some View {
        TabView(selection: $page) {
            ForEach(onboardingPages) { p in
                VStack(spacing: 16) {
                    Image(systemName: p.symbol).font(.system(size: 60)).foregroundColor(.white)
                    Text(p.title).font(.largeTitle.bold()).foregroundColor(.white)
                    Text(p.text).font(.title3).foregroundColor(.white.opacity(0.9))
                    if p.id == onboardingPages.count - 1 {
                        Button("Get started", action: start)
                            .buttonStyle(.borderedProminent)
                            .tint(.white.opacity(0.25))
                    }
                }
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .background(p.colour)
                .tag(p.id)
            }
        }
        .tabViewStyle(.page(indexDisplayMode: .always))
        .indexViewStyle(.page(backgroundDisplayMode: .always))
    }
}

struct OrderTab: View {
    @Binding var cups: Int
    @State private var note = "No sugar"

    var body: some View {
        VStack(spacing: 20) {
            Text("Flat white").font(.title.bold())
            Text(cups == 1 ? "1 cup" : "\(cups) cups").font(.title2).foregroundColor(.secondary)
            HStack(spacing: 16) {
                Button("Remove") { if cups > 0 { cups -= 1 } }.buttonStyle(.bordered)
                Button("Add a cup") { cups += 1 }.buttonStyle(.borderedProminent)
            }
            Text(note).font(.footnote).foregroundColor(.secondary)
        }
    }
}

struct SettingsTab: View {
    @State private var alerts = true
    var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            Text("Settings").font(.largeTitle.bold())
            Toggle("Ready alerts", isOn: $alerts)
            Text(alerts ? "We ring when it is ready." : "Alerts are off.").foregroundColor(.secondary)
        }
        .padding(24)
        .frame(maxWidth: 420)
    }
}

extension KioskScenes {
    static var tabsEntries: [Entry] {
        [viewScene("tabs", "a TabView with three tabs, an onboarding pager (page style, dots), badges (TabView, tabItem, badge)") { TabsShowcase() }]
    }
}
