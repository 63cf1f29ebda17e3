// The seed programs (shared/seeds/*.txt) with only their animation calls removed
// (`withAnimation { body }` → `body`, `.transition(…)`, `.animation(…)`, AnimatableModifier):
// those arrive with the animation issue. Everything else is the seeds' code, compiled against
// `import Kiosk` and driven through HeadlessHost.
import Testing
import Kiosk

// Seed 000: if/else lifecycle inside a ZStack.
struct ViewTransition: View {
    @State var show = false
    let log: Log

    var body: some View {
        ZStack {
            if !show {
                Text("View transition")
                    .onDisappear { log.add("text disappeared") }
            } else {
                RoundedRectangle(cornerRadius: 30)
                    .fill(.blue)
                    .padding()
                    .zIndex(1)
            }
        }
        .onTapGesture {
            show.toggle()
        }
    }
}

// Seed 002: spacer layout, gradient fill, a custom ViewModifier reading UIScreen.
struct RotateViewModifier: ViewModifier {
    let rotation: Double
    func body(content: Content) -> some View {
        content
            .rotationEffect(Angle(degrees: rotation))
            .offset(
                x: rotation != 0 ? UIScreen.main.bounds.width : 0,
                y: rotation != 0 ? UIScreen.main.bounds.height : 0)
    }
}

extension View {
    /// The seed calls this without defining it; a plausible definition.
    func defaultButtonFormatting() -> some View {
        self.font(.headline).foregroundColor(.white).padding().background(Color.blue).cornerRadius(10)
    }
}

struct AnyTransitionPrac: View {
    @State private var showRectangle: Bool = false
    var body: some View {
        VStack {
            Spacer()
            if showRectangle {
                RoundedRectangle(cornerRadius: 25)
                    .fill(LinearGradient(colors: [Color.blue, Color.green], startPoint: .topLeading, endPoint: .bottomTrailing))
                    .frame(width: 300, height: 300)
                    .modifier(RotateViewModifier(rotation: 0))
            }
            Spacer()
            Text("Tap")
                .defaultButtonFormatting()
                .padding(.horizontal, 50)
                .onTapGesture {
                    showRectangle.toggle()
                }
        }
    }
}

// Seed 003: a custom Shape from path(in:).
struct Checkerboard: Shape {
    var rows: Int
    var columns: Int

    func path(in rect: CGRect) -> Path {
        var path = Path()
        let rowSize = rect.height / Double(rows)
        let columnSize = rect.width / Double(columns)
        for row in 0..<rows {
            for column in 0..<columns {
                if (row + column).isMultiple(of: 2) {
                    let startX = columnSize * Double(column)
                    let startY = rowSize * Double(row)
                    let rect = CGRect(x: startX, y: startY, width: columnSize, height: rowSize)
                    path.addRect(rect)
                }
            }
        }
        return path
    }
}

struct CheckerboardView: View {
    @State private var rows = 4
    @State private var columns = 4
    var body: some View {
        Checkerboard(rows: rows, columns: columns)
            .onTapGesture {
                rows = 8
                columns = 16
            }
    }
}

// Seed 004: bindings into a ZStack of two texts with opposite opacities.
struct FadeView: View {
    @Binding var newValue: Int
    @Binding var isNewValueVisible: Bool
    var oldValue: Int { self.newValue - 1 }
    var body: some View {
        ZStack {
            Text("\(oldValue)")
                .opacity(isNewValueVisible ? 0 : 1)
            Text("\(newValue)")
                .opacity(isNewValueVisible ? 1 : 0)
        }
    }
}

struct FadeHost: View {
    @State var count = 1
    @State var isNewValueVisible = true
    var body: some View {
        FadeView(newValue: $count, isNewValueVisible: $isNewValueVisible)
            .frame(width: 200, height: 100)
            .contentShape(Rectangle())
            .onTapGesture {
                count += 1
                isNewValueVisible = false
                self.isNewValueVisible = true
            }
    }
}

@Suite struct SeedTests {
    @Test func seed000TapSwapsTextForRoundedRectangle() {
        let log = Log()
        let host = HeadlessHost(width: 300, height: 300) { ViewTransition(log: log) }
        let s0 = host.snapshot()
        #expect(rgba(s0, 20, 20) == [255, 255, 255, 255])
        host.tap(x: 150, y: 150)          // on the text
        #expect(log.entries == ["text disappeared"])
        #expect(rgba(host.snapshot(), 150, 150) == [0, 122, 255, 255])
        #expect(rgba(host.snapshot(), 8, 150) == [255, 255, 255, 255])   // inside the 16-pt padding
    }

    @Test func seed002TapShowsTheGradientSquare() {
        let host = HeadlessHost(width: 400, height: 800) { AnyTransitionPrac() }
        #expect(host.warnings.isEmpty)
        let before = pixels(host.snapshot())
        // The button sits at the bottom; tap its centre.
        host.tap(x: 200, y: 800 - 30)
        #expect(pixels(host.snapshot()) != before)
        // (UIScreen.main.bounds is the host's screen inside its work; read here, outside it,
        // it would be whichever host a parallel test created last.)
    }

    @Test func seed003CheckerboardChangesOnTap() {
        let host = HeadlessHost(width: 160, height: 160) { CheckerboardView() }
        // 4×4 squares of 40: (20, 20) filled, (60, 20) empty.
        #expect(rgba(host.snapshot(), 20, 20) == [0, 0, 0, 255])
        #expect(rgba(host.snapshot(), 60, 20) == [255, 255, 255, 255])
        host.tap(x: 20, y: 20)
        // 8×16 squares of 10×20: (15, 10) is column 1 → empty.
        #expect(rgba(host.snapshot(), 15, 10) == [255, 255, 255, 255])
        #expect(rgba(host.snapshot(), 5, 10) == [0, 0, 0, 255])
    }

    @Test func seed004BindingsDriveBothTexts() {
        let host = HeadlessHost(width: 300, height: 200) { FadeHost() }
        host.tap(x: 150, y: 100)
        host.advance(by: 0.05)
        #expect(host.warnings.isEmpty)
    }
}

@Suite struct ContractTests {
    /// The ARCHITECTURE.md "Testing contract" snippet, with only `import Kiosk`.
    @Test func testingContractCompilesAndRuns() throws {
        let host = HeadlessHost(width: 400, height: 300) { CheckerboardView() }
        host.advance(by: 0.25)
        host.tap(x: 200, y: 150)
        let frame: Surface = host.snapshot()
        let p = frame.pixel(x: 10, y: 10)
        #expect(p.a == 255)
        let path = "/tmp/kiosk-contract-\(ProcessInfo.processInfo.processIdentifier).png"
        try frame.writePNG(to: path)
        try FileManager.default.removeItem(atPath: path)
        #expect(host.frameCount >= 2 && !host.lastDamage.isEmpty)
    }
}
