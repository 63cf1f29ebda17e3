// product-grid: a shop's catalogue of 1000 products in a ScrollView + LazyVGrid with adaptive
// columns — coloured rounded cards with a title and a price. Only the cards near the visible
// window are built (LazyGrid.swift); a fling re-evaluates nothing until new lines are needed.
import Kiosk

/// One product of the catalogue.
public struct Product: Identifiable, Hashable, Sendable {
    public let id: Int
    public var title: String { "Product \(id + 1)" }
    public var price: String { "$\(9 + (id * 37) % 90).\(id % 2 == 0 ? "99" : "49")" }
    public var hue: Double { Double((id * 7) % 36) / 36 }
}

/// A card: colour, title and price.
public struct ProductCard: View {
    public let product: Product
    public init(product: Product) { self.product = product }
    public var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            RoundedRectangle(cornerRadius: 12)
                .fill(Color(hue: product.hue, saturation: 0.55, brightness: 0.92))
                .frame(height: 90)
            Text(product.title).font(.headline)
            Text(product.price).font(.subheadline).foregroundStyle(.secondary)
        }
        .padding(8)
        .background(RoundedRectangle(cornerRadius: 16).fill(Color.white))
    }
}

/// The catalogue: 1000 cards in adaptive columns of at least 150 points.
public struct ProductGrid: View {
    let products = (0..<1000).map(Product.init)
    public init() {}
    public var body: some View {
        ScrollView {
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 150), spacing: 12)], spacing: 12) {
                ForEach(products) { ProductCard(product: $0) }
            }
            .padding(12)
        }
        .background(Color(red: 0.94, green: 0.94, blue: 0.95))
    }
}

extension KioskScenes {
    static var productGridEntries: [Entry] {
        [viewScene("product-grid", "a catalogue of 1000 product cards in a ScrollView + LazyVGrid (adaptive columns, lazily built)") { ProductGrid() }]
    }
}
