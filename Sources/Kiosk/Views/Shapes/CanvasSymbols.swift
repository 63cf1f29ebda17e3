// Canvas symbols: the views passed in `symbols:` are laid out at their ideal size and
// recorded once per render, each in its own local space (top-left at 0, 0), then
// `GraphicsContext.draw(_:at:)` replays a symbol's items under the context's transform — a
// copy of a few display items per draw (their paths are shared, not rebuilt), which is what
// makes 10 000-particle canvases that draw one symbol affordable.

import Raster

/// A tag identifying a view among its siblings (Canvas symbols, pickers).
public struct _TagModifier: BuiltinModifier, PassThroughLayout {
    let tag: AnyHashable
}

extension View {
    /// Identifies this view by `tag` (Canvas symbols find their views by it).
    public func tag<V: Hashable>(_ tag: V) -> ModifiedContent<Self, _TagModifier> { modifier(_TagModifier(tag: AnyHashable(tag))) }
}

/// A symbol's recorded items and its size. Items are recorded with the symbol's top-left at
/// `origin` (up to 256 px in from the screen's corner, as far as the screen allows) rather
/// than (0, 0), because group items are kept inside the screen: a shadow or blur reaching up
/// or left of the symbol would be cut off at 0.
struct RecordedSymbol {
    var items: [DisplayItem]
    var size: CGSize
    var origin: Raster.Point

    static func origin(for size: CGSize, screen: IntRect) -> Raster.Point {
        func m(_ room: Int, _ side: CGFloat) -> Double { max(0, min(256, (Double(room) - Double(side)) / 2)) }
        return Raster.Point(m(screen.width, size.width), m(screen.height, size.height))
    }
}

extension GraphicsContext {
    /// A Canvas symbol ready to draw.
    public struct ResolvedSymbol {
        let symbol: RecordedSymbol
        /// The symbol's size (its ideal size).
        public var size: CGSize { symbol.size }
    }

    /// The symbol tagged `id` among the Canvas's symbols, or nil.
    public func resolveSymbol<ID: Hashable>(id: ID) -> ResolvedSymbol? {
        recorder.symbols[AnyHashable(id)].map { ResolvedSymbol(symbol: $0) }
    }

    /// Draws a symbol with `anchor` (its centre by default) at `point`.
    public func draw(_ symbol: ResolvedSymbol, at point: CGPoint, anchor: UnitPoint = .center) {
        let s = symbol.size
        replay(symbol.symbol, placing: Affine.translation(Double(point.x - anchor.x * s.width), Double(point.y - anchor.y * s.height)))
    }

    /// Draws a symbol scaled into `rect`.
    public func draw(_ symbol: ResolvedSymbol, in rect: CGRect) {
        let s = symbol.size
        guard s.width > 0, s.height > 0 else { return }
        replay(symbol.symbol, placing: Affine.scale(Double(rect.width / s.width), Double(rect.height / s.height))
            .concatenating(.translation(Double(rect.minX), Double(rect.minY))))
    }

    private func replay(_ symbol: RecordedSymbol, placing: Affine) {
        let t = Affine.translation(-symbol.origin.x, -symbol.origin.y).concatenating(placing).concatenating(deviceTransform)
        guard t.a.isFinite, t.b.isFinite, t.c.isFinite, t.d.isFinite, t.tx.isFinite, t.ty.isFinite, !clipRect.isEmpty else { return }
        let o = (opacity.isFinite ? min(1, max(0, opacity)) : 1) * recorder.opacity
        guard o > 0 else { return }
        let pass = recorder.pass
        let start = pass.items.count
        for item in symbol.items {
            var moved = SymbolReplay.moved(item, by: t, clip: clipRect)
            guard !moved.bounds.isEmpty else { continue }
            moved.owner = recorder.node.serial
            moved.index = recorder.index()
            moved.opacity *= o
            pass.appendItem(moved)
        }
        applyEffects(from: start)
    }
}

enum SymbolReplay {
    /// `item` (recorded in a symbol's local space) moved by `t` into device space, clipped.
    static func moved(_ item: DisplayItem, by t: Affine, clip: IntRect) -> DisplayItem {
        var m = item
        m.transform = item.transform.concatenating(t)
        m.clip = clip
        m.bounds = IntRect(covering: t.apply(item.bounds.rect)).insetBy(-1).intersection(clip)
        if case let .group(effect, inner) = item.command {
            let all = IntRect(x0: -(1 << 29), y0: -(1 << 29), x1: 1 << 29, y1: 1 << 29)
            let innerMoved = inner.map { moved($0, by: t, clip: all) }
            m.command = .group(movedEffect(effect, by: t), innerMoved)
            m.clip = nil
        }
        return m
    }

    static func movedEffect(_ effect: GroupEffect, by t: Affine) -> GroupEffect {
        switch effect {
        case .clip(let path): return .clip(path.applying(t))
        case let .shadow(color, radius, dx, dy):
            let d = t.applyVector(Raster.Point(dx, dy))
            return .shadow(color, radius: radius * t.maxScale, dx: d.x, dy: d.y)
        case .blur(let radius): return .blur(radius: radius * t.maxScale)
        case .mask(let items):
            let all = IntRect(x0: -(1 << 29), y0: -(1 << 29), x1: 1 << 29, y1: 1 << 29)
            return .mask(items.map { moved($0, by: t, clip: all) })
        case .projection(let h):
            guard let inverse = t.inverted() else { return effect }
            return .projection(Homography(inverse).then(h).then(t))
        case .opacity, .canvas, .colorMatrix, .blend: return effect
        }
    }
}
