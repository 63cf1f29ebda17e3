// The animation stress scene of issue 9's benchmark: 500 dots, each on its own spring; every
// tap retargets all of them mid-flight (springs merge, keeping their velocity).
import Kiosk

struct SpringStress: View {
    static let count = 500
    @State private var generation = 0

    var body: some View {
        GeometryReader { proxy in
            ZStack(alignment: .topLeading) {
                ForEach(0..<SpringStress.count, id: \.self) { i in
                    Circle()
                        .fill(Color(hue: Double(i) / Double(SpringStress.count), saturation: 0.7, brightness: 0.9))
                        .frame(width: 12, height: 12)
                        .offset(SpringStress.position(of: i, generation: generation, in: proxy.size))
                }
            }
            .frame(width: proxy.size.width, height: proxy.size.height, alignment: .topLeading)
            .contentShape(Rectangle())
            .onTapGesture {
                withAnimation(.spring(duration: 0.8, bounce: 0.3)) { generation += 1 }
            }
        }
    }

    /// A deterministic scatter: dot i's place after `generation` taps.
    static func position(of i: Int, generation: Int, in size: CGSize) -> CGSize {
        var x = UInt64(i &* 2654435761) ^ UInt64(generation &* 40503 &+ 1)
        x = (x ^ (x >> 13)) &* 0x5bd1e995
        x ^= x >> 15
        let fx = Double(x & 0xffff) / 65535, fy = Double((x >> 16) & 0xffff) / 65535
        return CGSize(width: fx * max(0, size.width - 12), height: fy * max(0, size.height - 12))
    }
}

extension KioskScenes {
    static var benchEntries: [Entry] {
        [Entry("springs-500", "500 dots each on its own spring; a tap retargets them all mid-flight (bench)") { w, h, now in
            ViewFrameSource(width: w, height: h, now: now) { SpringStress() }
        }]
    }
}
