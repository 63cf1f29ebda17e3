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
    /// A canvas with symbols; kiosk does not draw symbols (`resolveSymbol` returns nil).
    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void, @ViewBuilder symbols: () -> Symbols) {
        self.renderer = renderer; self.symbols = symbols(); isOpaque = opaque
    }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {}

    func render(node: Node, pass: RenderPass) {
        let frame = node.frame
        guard frame.width > 0, frame.height > 0 else { return }
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

extension GraphicsContext {
    /// Symbols are not drawn by kiosk: always nil.
    public func resolveSymbol<ID: Hashable>(id: ID) -> ResolvedImage? { nil }
}
