// Issue 39's benchmarks (issue 38's widget scenes), run by `kiosk bench --scene NAME --size
// 1920x1080` (README, "Everyday widgets, measured"):
//   bench-grid-1000   a LazyVGrid of 1000 product cards with JPEG thumbnails (`--fling`)
//   bench-sheet-list  a sheet sliding up over a List and down again, every 1.5 s (`--tap none`)
//   bench-page-swipe  a `.tabViewStyle(.page)` TabView swiped to the next page (`--swipe`)
//   bench-form-40     a Form of 40 rows whose one Stepper steps every 0.25 s (`--tap none`)
//   bench-foreach-4, bench-foreach-64, bench-foreach-64-range
//                     `ForEach(0..<n, id: \.self)` / `ForEach(0..<n)` re-made every frame (allocations)
// The thumbnails are JPEG files written when the scene is made (24 of them, 240×180, into a
// temporary folder; nothing large is kept in the repository).
import Kiosk
import CJPEGWrite
#if canImport(Glibc)
import Glibc
#endif

/// 24 JPEG thumbnails made once per process: soft diagonal gradients with a disc, each its own hue.
enum BenchThumbnails {
    static let count = 24
    static let width = 240, height = 180

    /// The folder holding thumb-0.jpg … thumb-23.jpg (nil when it could not be written: the
    /// cards then show their colour only).
    nonisolated(unsafe) private static var made: String??

    static var folder: String? {
        if let made { return made }
        let dir = (getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp") + "/kiosk-bench-thumbs-\(getpid())"
        var ok = mkdir(dir, 0o755) == 0 || errno == EEXIST
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<count where ok {
            let (r, g, b) = rgb(hue: Double(i) / Double(count))
            for y in 0..<height {
                for x in 0..<width {
                    let t = Double(x + y) / Double(width + height)
                    let dx = Double(x - width / 2), dy = Double(y - height / 2)
                    let inDisc = dx * dx + dy * dy < 50 * 50
                    let shade = inDisc ? 1.0 : 0.55 + 0.45 * t
                    let o = (y * width + x) * 4
                    pixels[o] = UInt8(min(255, (inDisc ? 250 : b * shade)))
                    pixels[o + 1] = UInt8(min(255, (inDisc ? 245 : g * shade)))
                    pixels[o + 2] = UInt8(min(255, (inDisc ? 235 : r * shade)))
                    pixels[o + 3] = 255
                }
            }
            ok = kiosk_jpeg_write_bgra("\(dir)/thumb-\(i).jpg", pixels, Int32(width), Int32(height), width * 4, 85) == 0
        }
        made = .some(ok ? dir : nil)
        return ok ? dir : nil
    }

    private static func rgb(hue h: Double) -> (Double, Double, Double) {
        let k = { (n: Double) -> Double in
            let v = (n + h * 6).truncatingRemainder(dividingBy: 6)
            return 255 * (1 - 0.6 * max(0, min(1, min(v, 4 - v))))
        }
        return (k(5), k(3), k(1))
    }
}

/// A product card with a JPEG thumbnail, a title, a price and a rating row.
struct ThumbnailProductCard: View {
    let id: Int
    let folder: String?
    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            if let folder {
                Image("\(folder)/thumb-\(id % BenchThumbnails.count).jpg")
                    .resizable()
                    .aspectRatio(contentMode: .fill)
                    .frame(height: 120)
                    .clipped()
                    .clipShape(RoundedRectangle(cornerRadius: 10))
            } else {
                RoundedRectangle(cornerRadius: 10).fill(Color(hue: Double(id % 24) / 24, saturation: 0.5, brightness: 0.9))
                    .frame(height: 120)
            }
            Text("Product \(id + 1)").font(.headline).lineLimit(1)
            HStack {
                Text("$\(9 + (id * 37) % 90).\(id % 2 == 0 ? "99" : "49")").font(.subheadline).foregroundStyle(.secondary)
                Spacer()
                Image(systemName: "star.fill").foregroundStyle(.orange)
                Text("4.\(id % 10)").font(.subheadline)
            }
        }
        .padding(10)
        .background(RoundedRectangle(cornerRadius: 14).fill(Color.white))
    }
}

struct ThumbnailGridBench: View {
    let folder = BenchThumbnails.folder
    var body: some View {
        ScrollView {
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 200), spacing: 16)], spacing: 16) {
                ForEach(0..<1000, id: \.self) { ThumbnailProductCard(id: $0, folder: folder) }
            }
            .padding(16)
        }
        .background(Color(red: 0.94, green: 0.94, blue: 0.95))
    }
}

/// A List of 300 rows; a sheet (medium and large detents) slides up over it and down again.
struct SheetOverListBench: View {
    @State private var showing = false
    private let ticks = Timer.publish(every: 1.5, on: .main, in: .common).autoconnect()
    var body: some View {
        NavigationStack {
            List(0..<300, id: \.self) { i in
                HStack {
                    Image(systemName: "cup.and.saucer.fill").foregroundStyle(.brown)
                    Text("Order \(i + 1)")
                    Spacer()
                    Text("$\(4 + i % 7).50").foregroundStyle(.secondary)
                }
            }
            .navigationTitle("Orders")
        }
        .sheet(isPresented: $showing) {
            VStack(spacing: 16) {
                Text("Order details").font(.title2.bold())
                Text("Two flat whites, one croissant").foregroundStyle(.secondary)
                Button("Pay $12.40") {}.buttonStyle(.borderedProminent)
            }
            .padding(.top, 32)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
            .presentationDetents([.medium, .large])
        }
        .onReceive(ticks) { _ in showing.toggle() }
    }
}

/// A page-style TabView of six pages, swiped by `kiosk bench --swipe`.
struct PageSwipeBench: View {
    @State private var page = 0
    private let symbols = ["star.fill", "heart.fill", "bell.fill", "bolt.fill", "house.fill", "leaf.fill"]
    var body: some View {
        TabView(selection: $page) {
            ForEach(0..<6, id: \.self) { i in
                VStack(spacing: 24) {
                    Image(systemName: symbols[i]).font(.system(size: 120)).foregroundStyle(.white)
                    Text("Page \(i + 1)").font(.largeTitle.bold()).foregroundStyle(.white)
                    Text("Swipe for the next one").font(.title3).foregroundStyle(.white.opacity(0.9))
                }
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .background(Color(hue: Double(i) / 6, saturation: 0.6, brightness: 0.8))
                .tag(i)
            }
        }
        .tabViewStyle(.page)
        // Back to the first page from the last, so the swipes go on.
        .onChange(of: page) { _, p in if p == 5 { page = 0 } }
    }
}

/// The 40-row settings Form both Form benchmarks draw, `first` as its first row.
struct BenchForm<First: View>: View {
    let first: First
    var body: some View {
        Form {
            Section("Order") {
                first
                ForEach(0..<9, id: \.self) { i in LabeledContent("Item \(i + 1)", value: "$\(i + 3).00") }
            }
            ForEach(0..<3, id: \.self) { s in
                Section("Section \(s + 1)") {
                    ForEach(0..<10, id: \.self) { i in
                        if i % 3 == 0 { Toggle("Option \(s * 10 + i)", isOn: .constant(i % 2 == 0)) }
                        else { LabeledContent("Setting \(s * 10 + i)", value: "Value \(i)") }
                    }
                }
            }
        }
    }
}

/// A settings Form of 40 rows; one Stepper's value steps every 0.25 s (as a held button repeats).
/// The state lives in the view that makes the Form, so every step re-evaluates the whole Form.
struct FormStepperBench: View {
    @State private var quantity = 1
    private let ticks = Timer.publish(every: 0.25, on: .main, in: .common).autoconnect()
    var body: some View {
        BenchForm(first: Stepper("Quantity: \(quantity)", value: $quantity, in: 1...999))
            .onReceive(ticks) { _ in quantity = quantity % 999 + 1 }
    }
}

/// The same Form with the quantity's state in its own row view: a step re-evaluates that row
/// only (the form's body does not run again).
struct FormStepperRowBench: View {
    struct QuantityRow: View {
        @State private var quantity = 1
        private let ticks = Timer.publish(every: 0.25, on: .main, in: .common).autoconnect()
        var body: some View {
            Stepper("Quantity: \(quantity)", value: $quantity, in: 1...999)
                .onReceive(ticks) { _ in quantity = quantity % 999 + 1 }
        }
    }
    var body: some View { BenchForm(first: QuantityRow()) }
}

/// `ForEach(0..<count, id: \.self)` (or the range initialiser) re-made by a TimelineView every
/// frame: ForEachIdAllocationTests' view, for its allocations per update in a release build.
struct ForEachIdBench: View {
    let count: Int
    var byKeyPath = true
    var body: some View {
        TimelineView(.animation) { context in
            let tick = CGFloat(Int((context.date.timeIntervalSince1970 * 60).rounded()) % 5)
            ZStack(alignment: .topLeading) {
                if byKeyPath {
                    ForEach(0..<count, id: \.self) { i in
                        Color.blue.frame(width: 4, height: 4).offset(x: CGFloat(i * 5), y: tick)
                    }
                } else {
                    ForEach(0..<count) { i in
                        Color.blue.frame(width: 4, height: 4).offset(x: CGFloat(i * 5), y: tick)
                    }
                }
            }
        }
    }
}

extension KioskScenes {
    static var everydayBenchEntries: [Entry] {
        [
            viewScene("bench-grid-1000", "a LazyVGrid of 1000 product cards with JPEG thumbnails (bench: kiosk bench --fling)") { ThumbnailGridBench() },
            viewScene("bench-sheet-list", "a sheet sliding over a List every 1.5 s (bench: kiosk bench --tap none)") { SheetOverListBench() },
            viewScene("bench-page-swipe", "a page-style TabView swiped to its next page (bench: kiosk bench --swipe)") { PageSwipeBench() },
            viewScene("bench-form-40-row", "the same Form, the Stepper's state in its own row view (bench: kiosk bench --tap none)") { FormStepperRowBench() },
            viewScene("bench-form-40", "a Form of 40 rows, one Stepper stepping every 0.25 s (bench: kiosk bench --tap none)") { FormStepperBench() },
            viewScene("bench-foreach-4", "ForEach(0..<4, id: \\.self) re-made every frame (bench: kiosk bench --tap none)") { ForEachIdBench(count: 4) },
            viewScene("bench-foreach-64", "ForEach(0..<64, id: \\.self) re-made every frame (bench: kiosk bench --tap none)") { ForEachIdBench(count: 64) },
            viewScene("bench-foreach-64-range", "ForEach(0..<64) re-made every frame (bench: kiosk bench --tap none)") { ForEachIdBench(count: 64, byKeyPath: false) },
        ]
    }
}
