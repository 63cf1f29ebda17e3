// GalleryScene: six coloured tiles; tapping one (down and up inside it) toggles it between its
// colour and a light version with a dark border. The QEMU test taps a tile and checks the screen
// changed exactly as `kiosk snapshot --tap` predicts.
import Raster
import Kiosk

/// A 3×2 grid of tiles that toggle when tapped.
public final class GalleryScene: FrameSource {
    public let width: Int, height: Int
    public private(set) var lit: [Bool]
    private var dirty: [IntRect] = []
    private var downTile: [Int: Int?] = [:]

    static let background: UInt32 = 0xFF20_2428
    static let colors: [UInt32] = [0xFFE0_4040, 0xFF40_A040, 0xFF40_60E0, 0xFFE0_A020, 0xFF9040_C0, 0xFF20_A0B0]
    public static let columns = 3, rows = 2

    public init(width: Int, height: Int) {
        self.width = width; self.height = height
        lit = Array(repeating: false, count: GalleryScene.columns * GalleryScene.rows)
    }

    var margin: Int { max(4, min(width, height) / 32) }

    /// The pixel rectangle of tile `i` (row-major).
    public func tileRect(_ i: Int) -> IntRect {
        let m = margin
        let tw = (width - m * (GalleryScene.columns + 1)) / GalleryScene.columns
        let th = (height - m * (GalleryScene.rows + 1)) / GalleryScene.rows
        let c = i % GalleryScene.columns, r = i / GalleryScene.columns
        return IntRect(x: m + c * (tw + m), y: m + r * (th + m), width: max(0, tw), height: max(0, th))
    }

    /// The tile under `p`, if any.
    public func tile(at p: Point) -> Int? {
        let x = Int(p.x.rounded(.down)), y = Int(p.y.rounded(.down))
        return lit.indices.first { tileRect($0).contains(x: x, y: y) }
    }

    public func needsFrame() -> Bool { !dirty.isEmpty }

    public func handleTouch(_ e: TouchEvent) {
        switch e.phase {
        case .began: downTile[e.id] = tile(at: e.location)
        case .moved: break
        case .ended:
            if let t = downTile.removeValue(forKey: e.id), let tt = t, tile(at: e.location) == tt {
                lit[tt].toggle()
                dirty.append(tileRect(tt))
            }
        case .cancelled: downTile.removeValue(forKey: e.id)
        }
    }

    public func renderFrame(into s: Surface, at time: Double, fullRedraw: Bool) -> [IntRect] {
        if fullRedraw { s.clear(GalleryScene.background) }
        let rects = fullRedraw ? [s.bounds] : dirty
        for i in lit.indices where fullRedraw || dirty.contains(tileRect(i)) { drawTile(i, into: s) }
        dirty.removeAll()
        return rects
    }

    private func drawTile(_ i: Int, into s: Surface) {
        let r = tileRect(i)
        let base = GalleryScene.colors[i % GalleryScene.colors.count]
        if lit[i] {
            // Lit: a light tint of the colour inside a border of the colour itself.
            let b = max(2, min(r.width, r.height) / 12)
            s.fill(r, with: base)
            let tint = 0xFF00_0000 | (((base & 0x00FE_FEFE) >> 1) + 0x0080_8080)
            s.fill(IntRect(x0: r.x0 + b, y0: r.y0 + b, x1: r.x1 - b, y1: r.y1 - b), with: tint)
        } else {
            s.fill(r, with: base)
        }
        let scale = max(2, min(r.width, r.height) / 16)
        let label = String(i + 1)
        let (lw, lh) = BitmapFont.size(label, scale: scale)
        BitmapFont.draw(label, into: s, x: r.x0 + (r.width - lw) / 2, y: r.y0 + (r.height - lh) / 2, scale: scale,
                        color: lit[i] ? 0xFF10_1010 : 0xFFFF_FFFF)
    }
}
