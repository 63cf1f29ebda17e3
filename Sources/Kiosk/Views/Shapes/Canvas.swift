// Canvas: a view that draws with immediate-mode calls on a GraphicsContext. It takes the
// space offered (as SwiftUI's), clips its drawing to its frame, takes taps over its frame,
// and becomes one `.canvas` group item (see GraphicsContext). The renderer runs every time
// the display list is recorded; inside a TimelineView that is every tick.

import Raster

/// A view you draw into with a `GraphicsContext`.
///
/// ```swift
/// TimelineView(.animation) { timeline in
///     Canvas { context, size in
///         let t = timeline.date.timeIntervalSinceReferenceDate
///         let x = size.width / 2 + cos(t) * 100
///         context.fill(Path(ellipseIn: CGRect(x: x - 10, y: size.height / 2 - 10, width: 20, height: 20)),
///                      with: .color(.blue))
///     }
/// }
/// ```
public struct Canvas<Symbols: View>: View, PrimitiveView, LayoutBehavior {
    let renderer: (inout GraphicsContext, CGSize) -> Void
    let symbols: Symbols
    /// Accepted for SwiftUI compatibility; kiosk draws on the CPU on the main queue.
    let isOpaque: Bool
    public var body: Never { bodyNeverCalled("Canvas") }

    /// A canvas drawn by `renderer` (`opaque`, `colorMode` and `rendersAsynchronously` are
    /// accepted and change nothing on kiosk).
    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void) where Symbols == EmptyView {
        self.renderer = renderer; symbols = EmptyView(); isOpaque = opaque
    }
    /// A canvas with symbols: views tagged with `.tag(_:)`, drawn with `resolveSymbol(id:)` and
    /// `draw(_:at:)`.
    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void, @ViewBuilder symbols: () -> Symbols) {
        self.renderer = renderer; self.symbols = symbols(); isOpaque = opaque
    }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }
    func makeChildren(_ list: inout ChildList) {
        if Symbols.self != EmptyView.self { list.append(symbols, key: 0) }
    }

    /// Each symbol at its ideal size, top-left at the canvas's origin (never drawn there).
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        for item in node.layoutItems {
            let s = pass.size(of: [item], .unspecified)
            pass.place(item, in: CGRect(origin: bounds.origin, size: s))
        }
    }

    /// Records each tagged symbol's items in its own space (see `RecordedSymbol`).
    private func recordSymbols(node: Node, pass: RenderPass, into recorder: CanvasRecorder) {
        let everywhere = IntRect(x0: -(1 << 29), y0: -(1 << 29), x1: 1 << 29, y1: 1 << 29)
        for item in node.layoutItems {
            guard let tag = (item.layout as? _TagModifier)?.tag else { continue }
            let start = pass.items.count
            let origin = RecordedSymbol.origin(for: item.frame.size, screen: pass.root)
            pass.withSavedState {
                pass.transform = .translation(origin.x - Double(item.frame.minX), origin.y - Double(item.frame.minY))
                pass.opacity = 1
                pass.clip = everywhere
                pass.hitTestingEnabled = false
                pass.render(item)
            }
            recorder.symbols[tag] = RecordedSymbol(items: pass.takeItems(from: start), size: item.frame.size, origin: origin)
        }
    }

    func render(node: Node, pass: RenderPass) {
        let frame = node.frame
        guard frame.width > 0, frame.height > 0 else { return }
        // Its symbols record at the screen's origin and its context clips in device space.
        pass.noteFixedPosition()
        pass.addHitShape(FrameRectPath.path(for: node))
        pass.withSavedState {
            pass.hitTestingEnabled = false
            let base = Affine.translation(Double(frame.minX), Double(frame.minY)).concatenating(pass.transform)
            let local = Raster.Rect(x: 0, y: 0, width: Double(frame.width), height: Double(frame.height))
            let box = IntRect(covering: base.apply(local))
            let rectangular = base.isAxisAligned
            let clip = pass.clip.intersection(box)
            guard !clip.isEmpty else { return }
            let recorder = CanvasRecorder(pass: pass, node: node, environment: node.environment, opacity: pass.opacity)
            if Symbols.self != EmptyView.self { recordSymbols(node: node, pass: pass, into: recorder) }
            var context = GraphicsContext(recorder: recorder, base: base, clip: clip)
            let start = pass.items.count
            renderer(&context, frame.size)
            pass.clip = clip
            guard pass.items.count > start else { return }
            if !rectangular {
                pass.wrapItems(from: start, in: .clip(Raster.Path.rect(local).applying(base)), owner: node, index: recorder.index())
            }
            pass.wrapItems(from: start, in: .canvas, owner: node, index: 0)
        }
    }
}


extension Canvas: _FieldwiseComparable {
    /// Never equal: a renderer reads what it likes when it draws (an animated image's frame due
    /// now, an object's fields), so a canvas re-made by its parent draws again (a TimelineView's
    /// canvas each tick), as SwiftUI's does.
    static func _makeFieldEquality() -> FieldEquality { { _, _ in false } }
}
