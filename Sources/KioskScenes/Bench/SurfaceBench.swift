// Issue 14's benchmark scenes, written as a SwiftUI developer would: a card flipping in 3D, a
// 20-px blur over moving content, and 2000 particles drawn by a Canvas in a TimelineView. Each
// animates from its onAppear, so `kiosk bench --scene NAME --tap none` measures steady frames.
import Kiosk

/// A 600×400 card turning about its vertical axis forever (front and back faces, as card-flip
/// code does it: the back is pre-rotated and shown past 90°).
struct FlipCard: View {
    @State private var flipped = false

    var body: some View {
        ZStack {
            face(title: "Front", colors: [.blue, .purple])
                .opacity(flipped ? 0 : 1)
            face(title: "Back", colors: [.orange, .red])
                .rotation3DEffect(.degrees(180), axis: (x: 0, y: 1, z: 0))
                .opacity(flipped ? 1 : 0)
        }
        .rotation3DEffect(.degrees(flipped ? 180 : 0), axis: (x: 0, y: 1, z: 0), perspective: 0.5)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(Color(white: 0.12))
        .onAppear {
            withAnimation(.easeInOut(duration: 1.2).repeatForever(autoreverses: true)) { flipped = true }
        }
    }

    private func face(title: String, colors: [Color]) -> some View {
        RoundedRectangle(cornerRadius: 24)
            .fill(LinearGradient(colors: colors, startPoint: .topLeading, endPoint: .bottomTrailing))
            .overlay(Text(title).font(.system(size: 64, weight: .bold)).foregroundColor(.white))
            .frame(width: 600, height: 400)
    }
}

/// A 400×400 region of moving shapes under a 20-px Gaussian blur.
struct BlurRegion: View {
    @State private var moved = false

    var body: some View {
        ZStack {
            Color(white: 0.95)
            ZStack {
                Color.white
                Circle().fill(Color.red).frame(width: 160, height: 160)
                    .offset(x: moved ? 110 : -110, y: -60)
                RoundedRectangle(cornerRadius: 20).fill(Color.blue).frame(width: 140, height: 140)
                    .offset(x: moved ? -100 : 100, y: 80)
                Text("blur").font(.system(size: 56, weight: .bold)).foregroundColor(.black)
            }
            .frame(width: 400, height: 400)
            .blur(radius: 20)
        }
        .onAppear {
            withAnimation(.easeInOut(duration: 1.5).repeatForever(autoreverses: true)) { moved = true }
        }
    }
}

/// 2000 particles on closed orbits, drawn each frame by a Canvas in a TimelineView(.animation).
struct ParticleField: View {
    static let count = 2000
    let start = Date()

    var body: some View {
        TimelineView(.animation) { timeline in
            Canvas { context, size in
                let t = timeline.date.timeIntervalSince(start)
                context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.black))
                for i in 0..<ParticleField.count {
                    let p = ParticleField.orbit(i, at: t, in: size)
                    context.fill(Path(ellipseIn: CGRect(x: p.center.x - 3, y: p.center.y - 3, width: 6, height: 6)),
                                 with: .color(Color(hue: p.hue, saturation: 0.8, brightness: 1)))
                }
            }
        }
    }

    /// Where particle `i` is at time `t`: a deterministic spread of radii, speeds and phases (a
    /// golden-angle walk), and its hue.
    static func orbit(_ i: Int, at t: Double, in size: CGSize) -> (center: CGPoint, hue: Double) {
        let k = Double(i)
        let cx = size.width / 2, cy = size.height / 2
        let radius = 40 + (k * 0.618_033_988_75).truncatingRemainder(dividingBy: 1) * min(cx, cy) * 0.9
        let speed = 0.2 + (k * 0.414_213_562).truncatingRemainder(dividingBy: 1) * 0.8
        let angle = k * 2.399_963 + t * speed
        let hue = (k / Double(count) + t * 0.05).truncatingRemainder(dividingBy: 1)
        return (CGPoint(x: cx + cos(angle) * radius, y: cy + sin(angle) * radius * 0.6), hue)
    }
}

/// The same orbits drawn as one resolved Canvas symbol stamped 2000 times (the other common
/// SwiftUI spelling of a particle field): the symbol is rendered once, each particle is an
/// image draw.
struct SymbolParticleField: View {
    let start = Date()

    var body: some View {
        TimelineView(.animation) { timeline in
            Canvas { context, size in
                let t = timeline.date.timeIntervalSince(start)
                context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.black))
                guard let dot = context.resolveSymbol(id: 0) else { return }
                for i in 0..<ParticleField.count {
                    context.draw(dot, at: ParticleField.orbit(i, at: t, in: size).center)
                }
            } symbols: {
                Circle().fill(Color.orange).frame(width: 6, height: 6).tag(0)
            }
        }
    }
}

extension KioskScenes {
    static var surfaceEntries: [Entry] {
        [viewScene("flip-card", "a 600×400 card flipping in 3D forever (bench)") { FlipCard() },
         viewScene("blur-20", "moving shapes under a 20-px blur, 400×400 (bench)") { BlurRegion() },
         viewScene("particles-2000", "2000 particles drawn by a Canvas in a TimelineView (bench)") { ParticleField() },
         viewScene("particles-symbols", "the 2000 particles as one Canvas symbol drawn 2000 times (bench)") { SymbolParticleField() }]
    }
}
