// The raster feature gallery: one small scene per feature. `scripts/run` renders them to PNGs
// (the main job until the engine lands) and RasterTests compares them with golden images, so
// what a person looks at and what the tests hold are the same pictures.

/// Named scenes that exercise one Raster feature each.
public enum Gallery {
    /// A scene: its name and how it draws onto a canvas of `size`.
    public struct Scene: Sendable {
        public let name: String
        public let width: Int, height: Int
        public let draw: @Sendable (Canvas) -> Void
    }

    static let background = Color(0.1, 0.1, 0.12)

    /// Renders `scene` onto a new surface.
    public static func render(_ scene: Scene) -> Surface {
        let s = try! Surface(width: scene.width, height: scene.height)
        let c = Canvas(s)
        c.clear(background)
        scene.draw(c)
        return s
    }

    /// Every scene, in gallery order.
    public static let scenes: [Scene] = [
        Scene(name: "fills", width: 240, height: 160) { c in
            c.fill(Rect(10, 10, 60, 40), with: .solid(Color(0.9, 0.3, 0.2)))
            c.fill(Rect(80.5, 10.25, 60, 40.5), with: .solid(Color(0.2, 0.8, 0.4)))
            c.fill(.roundedRect(Rect(150, 10, 80, 40), cornerRadius: 12), with: .solid(Color(0.3, 0.5, 1)))
            c.fill(.circle(center: Point(40, 100), radius: 30), with: .solid(Color(1, 0.8, 0.2)))
            c.fill(.ellipse(in: Rect(80, 75, 70, 50)), with: .solid(Color(0.8, 0.3, 0.9, 0.8)))
            c.fill(.capsule(in: Rect(160, 80, 70, 30)), with: .solid(Color(0.2, 0.9, 0.9)))
            c.fill(.roundedRect(Rect(160, 120, 70, 30), radii: CornerRadii(topLeft: 0, topRight: 15, bottomRight: 4, bottomLeft: 10)),
                   with: .solid(.white))
        },
        Scene(name: "fill-rules", width: 240, height: 120) { c in
            func star(_ cx: Double) -> Path {
                var p = Path()
                for i in 0..<5 {
                    let a = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
                    let q = Point(cx + 50 * cos(a), 60 + 50 * sin(a))
                    if i == 0 { p.move(to: q) } else { p.line(to: q) }
                }
                p.close()
                return p
            }
            c.fill(star(60), with: .solid(Color(1, 0.7, 0.1)), rule: .nonZero)
            c.fill(star(180), with: .solid(Color(1, 0.7, 0.1)), rule: .evenOdd)
        },
        Scene(name: "gradients", width: 240, height: 160) { c in
            let stops = [GradientStop(0, Color(0.1, 0.2, 0.6)), GradientStop(0.5, Color(0.9, 0.9, 0.9)), GradientStop(1, Color(0.6, 0.1, 0.1))]
            c.fill(Rect(10, 10, 220, 40), with: .linearGradient(LinearGradient(start: Point(10, 0), end: Point(230, 0), stops: stops)))
            c.fill(.roundedRect(Rect(10, 60, 100, 90), cornerRadius: 16),
                   with: .linearGradient(LinearGradient(start: Point(10, 60), end: Point(40, 90), stops: stops, spread: .reflect)))
            c.fill(.circle(center: Point(175, 105), radius: 45),
                   with: .radialGradient(RadialGradient(center: Point(165, 95), radius: 50,
                                                        stops: [GradientStop(0, .white), GradientStop(1, Color(0.2, 0.4, 0.9, 0.3))])))
        },
        Scene(name: "images", width: 240, height: 160) { c in
            let img = checkerImage()
            c.drawImage(img, transform: .translation(10, 10), sampling: .nearest)
            c.drawImage(img, transform: Affine.scale(1.6, 1.6).concatenating(.rotation(0.5)).concatenating(.translation(150, 20)), sampling: .bilinear)
            c.save(); c.opacity = 0.5
            c.drawImage(img, transform: Affine.scale(0.8, 0.8).concatenating(.translation(20, 90)), sampling: .bilinear)
            c.restore()
        },
        Scene(name: "clip-opacity", width: 240, height: 160) { c in
            c.save()
            c.clip(to: IntRect(x: 20, y: 20, width: 120, height: 80))
            c.fill(.circle(center: Point(80, 60), radius: 70), with: .solid(Color(0.9, 0.3, 0.3)))
            c.restore()
            c.save()
            var region = Region(IntRect(x: 150, y: 10, width: 30, height: 140))
            region.add(IntRect(x: 200, y: 10, width: 30, height: 140))
            c.clipRegion = region
            c.fill(.circle(center: Point(190, 80), radius: 60), with: .solid(Color(0.3, 0.8, 0.5)))
            c.restore()
            for i in 0..<5 {
                c.opacity = 0.2 * Double(i + 1)
                c.fill(Rect(20 + Double(i) * 24, 115, 20, 35), with: .solid(.white))
            }
            c.opacity = 1
        },
        Scene(name: "strokes", width: 240, height: 160) { c in
            var zig = Path()
            zig.move(to: Point(0, 20)); zig.line(to: Point(20, 0)); zig.line(to: Point(40, 20))
            let caps: [LineCap] = [.butt, .round, .square], joins: [LineJoin] = [.miter, .round, .bevel]
            for (i, cap) in caps.enumerated() {
                for (j, join) in joins.enumerated() {
                    c.save()
                    c.transform = .translation(15 + Double(j) * 55, 15 + Double(i) * 40)
                    c.stroke(zig, with: .solid(Color(0.9, 0.8, 0.3)), style: StrokeStyle(lineWidth: 8, lineCap: cap, lineJoin: join))
                    c.restore()
                }
            }
            c.stroke(.circle(center: Point(205, 40), radius: 25), with: .solid(Color(0.4, 0.8, 1)),
                     style: StrokeStyle(lineWidth: 4, dash: [10, 5], dashPhase: 2))
            var wave = Path()
            wave.move(to: Point(175, 100)); wave.cubic(to: Point(235, 100), control1: Point(195, 70), control2: Point(215, 130))
            c.stroke(wave, with: .solid(.white), style: StrokeStyle(lineWidth: 3, lineCap: .round))
            for k in 0..<4 {
                let w = [0.25, 0.5, 1, 1.5][k]
                var l = Path(); l.move(to: Point(180, 120 + Double(k) * 9)); l.line(to: Point(235, 125 + Double(k) * 9))
                c.stroke(l, with: .solid(.white), style: StrokeStyle(lineWidth: w))
            }
        },
        Scene(name: "transforms", width: 240, height: 160) { c in
            for i in 0..<8 {
                c.save()
                c.transform = Affine.rotation(Double(i) * Double.pi / 8, about: Point(80, 80))
                c.fill(.roundedRect(Rect(75, 20, 10, 50), cornerRadius: 5), with: .solid(Color(0.9, 0.9, 0.3, 0.6)))
                c.restore()
            }
            c.save()
            c.transform = Affine.scale(2, 0.7).concatenating(.translation(120, 60))
            c.fill(.circle(center: Point(25, 40), radius: 20), with: .solid(Color(0.3, 0.7, 1)))
            c.restore()
        },
    ]

    /// A 64×48 test image: a radial gradient with transparent edges and black bars.
    public static func checkerImage() -> Surface {
        let img = try! Surface(width: 64, height: 48)
        let c = Canvas(img)
        c.fill(Rect(0, 0, 64, 48), with: .radialGradient(RadialGradient(center: Point(32, 24), radius: 32,
            stops: [GradientStop(0, Color(1, 0.8, 0.2)), GradientStop(0.7, Color(0.2, 0.4, 0.9, 0.8)), GradientStop(1, Color(0.2, 0.4, 0.9, 0))])))
        for x in stride(from: 4, to: 64, by: 12) { c.fill(Rect(Double(x), 0, 3, 48), with: .solid(Color(0, 0, 0, 0.6))) }
        return img
    }
}

#if canImport(Glibc)
import Glibc
#endif
