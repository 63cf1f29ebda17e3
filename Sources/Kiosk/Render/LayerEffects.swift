// LayerEffects: the group effects added for filters, blend modes, masks, Canvas and 3-D
// projection. Each draws its items into a scratch layer (the part of its bounds that the
// damaged rectangle needs), runs a Raster kernel over it, and composites the result:
//   canvas       — no layer: the items drawn straight (one display item per Canvas, so a
//                  2000-particle frame diffs one item and damages one rectangle);
//   colorMatrix  — FilterKernels.colorMatrix over the layer (all colour filters in one pass);
//   blur         — BoxBlur over a layer grown by the blur's reach on every side, so pixels
//                  near the damaged rectangle see all the content that bleeds into them;
//   blend        — Canvas.composite with the mode (onto what is already drawn);
//   mask         — the mask items' alpha, as a clip shape's coverage is used;
//   projection   — the items' own (unprojected) device bounds rendered whole, then drawn
//                  through the homography (Canvas.drawImage(_:projective:)).

import Raster

enum LayerEffects {
    /// `bounds` and `rect` are canvas pixels; the items are `offset` from device pixels
    /// (LayerDrawing.LayerOffset: a group nested in another's layer).
    static func draw(_ items: [DisplayItem], effect: GroupEffect, bounds: IntRect, offset: LayerOffset = (0, 0), in rect: IntRect,
                     canvas: Raster.Canvas, scratch: LayerScratch, drawItem: (DisplayItem, IntRect, Raster.Canvas, LayerScratch) -> Void) {
        switch effect {
        case .canvas:
            let moved = offset.x != 0 || offset.y != 0
            let shift = Affine.translation(Double(offset.x), Double(offset.y))
            for var item in items where !item.bounds.offsetBy(offset.x, offset.y).intersection(rect).isEmpty {
                if moved {
                    item.transform = item.transform.concatenating(shift)
                    item.clip = item.clip.map { $0.offsetBy(offset.x, offset.y) }
                }
                drawItem(item, rect, canvas, scratch)
            }
        case .colorMatrix(let matrix):
            let area = bounds.intersection(rect)
            guard !area.isEmpty, let layer = scratch.layer(width: area.width, height: area.height) else { return }
            LayerDrawing.render(items, into: layer, origin: area, offset: offset, scratch: scratch, drawItem: drawItem)
            FilterKernels.colorMatrix(layer, matrix.fixed)
            blit(layer, at: area, canvas: canvas, clip: rect)
        case .blur(let radius):
            let k = BoxBlur.halfWidth(radius: radius), reach = 3 * k
            let area = bounds.intersection(rect.insetBy(-reach))
            guard !area.isEmpty, let layer = scratch.layer(width: area.width, height: area.height) else { return }
            LayerDrawing.render(items, into: layer, origin: area, offset: offset, scratch: scratch, drawItem: drawItem)
            BoxBlur.blur(layer, halfWidth: k, scratch: scratch.blur)
            blit(layer, at: area, canvas: canvas, clip: rect.intersection(bounds))
        case .blend(let mode):
            let area = bounds.intersection(rect)
            guard !area.isEmpty, let layer = scratch.layer(width: area.width, height: area.height) else { return }
            LayerDrawing.render(items, into: layer, origin: area, offset: offset, scratch: scratch, drawItem: drawItem)
            canvas.save()
            canvas.clip = canvas.clip.intersection(rect)
            canvas.composite(layer, x: area.x0, y: area.y0, mode: mode)
            canvas.restore()
        case .mask(let maskItems):
            let area = bounds.intersection(rect)
            guard !area.isEmpty, let layer = scratch.layer(width: area.width, height: area.height),
                  let maskLayer = scratch.mask(width: area.width, height: area.height) else { return }
            LayerDrawing.render(items, into: layer, origin: area, offset: offset, scratch: scratch, drawItem: drawItem)
            LayerDrawing.render(maskItems, into: maskLayer, origin: area, offset: offset, scratch: scratch, drawItem: drawItem)
            let alpha = scratch.alphaBuffer(area.width * area.height)
            LayerDrawing.extractAlpha(maskLayer, into: alpha)
            LayerDrawing.composite(layer, mask: alpha, at: area, dx: 0, dy: 0, paint: nil, canvas: canvas, clip: rect)
        case .projection(let homography):
            // The source is what the items cover before projection (all of it: any part may
            // land in `rect`), at most the layer size Raster accepts.
            var source = IntRect.empty
            for item in items { source = source.union(item.bounds) }
            source = source.intersection(IntRect(x0: -4096, y0: -4096, x1: 8192, y1: 8192))
            guard !source.isEmpty, !bounds.intersection(rect).isEmpty,
                  let layer = scratch.projections.layer(for: items, source: source, render: { layer in
                      LayerDrawing.render(items, into: layer, origin: source, scratch: scratch, drawItem: drawItem)
                  }) else { return }
            canvas.save()
            canvas.transform = .identity
            canvas.clip = canvas.clip.intersection(rect).intersection(bounds)
            var projective = Homography(.translation(Double(source.x0), Double(source.y0))).then(homography)
            if offset.x != 0 || offset.y != 0 { projective = projective.then(Homography(.translation(Double(offset.x), Double(offset.y)))) }
            canvas.drawImage(layer, projective: projective)
            canvas.restore()
        default:
            return
        }
    }

    /// Draws a layer 1:1 at `area`'s origin, inside `clip`.
    static func blit(_ layer: Surface, at area: IntRect, canvas: Raster.Canvas, clip: IntRect) {
        canvas.save()
        canvas.transform = .identity
        canvas.clip = canvas.clip.intersection(clip)
        canvas.drawImage(layer, transform: .translation(Double(area.x0), Double(area.y0)), sampling: .nearest)
        canvas.restore()
    }
}

extension RenderPass {
    /// Wraps the items emitted since `start` in one group item keyed (owner, index), with
    /// bounds = their union grown by `grow` (or `bounds` when given), inside the clip and screen.
    /// Returns false when there was nothing to wrap or nothing of it is visible.
    @discardableResult
    func wrapItems(from start: Int, in effect: GroupEffect, owner: Node, index: Int = 0, grow: Int = 0,
                   bounds given: IntRect? = nil) -> Bool {
        guard items.count > start else { return false }
        let group = takeItems(from: start)
        switch effect {
        case .mask, .projection, .canvas: noteFixedPosition()
        default: if given != nil { noteFixedPosition() }      // a shape clip moves whole (RangeShift)
        }
        var bounds: IntRect
        if let given { bounds = given } else {
            bounds = group[0].bounds
            for item in group.dropFirst() { bounds = bounds.union(item.bounds) }
            bounds = bounds.insetBy(-grow)
        }
        noteExtent(bounds)
        bounds = bounds.intersection(clip).intersection(root)
        guard !bounds.isEmpty else { return false }
        appendItem(DisplayItem(owner: owner.serial, index: index, command: .group(effect, group), transform: .identity,
                               opacity: 1, clip: nil, bounds: bounds))
        return true
    }

    /// The union of the device bounds of the items since `start`.
    func boundsOfItems(from start: Int) -> IntRect {
        var b = IntRect.empty
        for i in start..<items.count { b = b.union(items[i].bounds) }
        return b
    }
}

/// How far a shadow's blur spreads (LayerDrawing's three box passes of max(1, r/2)): its
/// item must be grown by this, not by r (a radius-8 shadow reaches 12 px; growing by 9 left
/// a ring of stale pixels when its content changed).
enum ShadowReach {
    static func pixels(radius r: Double) -> Int {
        let ri = Int(max(0, min(r, 200)).rounded(.up))
        return ri > 0 ? 3 * max(1, ri / 2) : 0
    }
}

/// The last few 3-D layers, keyed by their items and source rectangle: while a card turns, its
/// content (and so its layer) stays the same and only the projection changes. Four entries,
/// least recently used replaced; each keeps its own surface (they only grow).
final class ProjectionLayerCache {
    private struct Entry { var items: [DisplayItem]; var source: IntRect; var surface: Surface; var used: Int }
    private var entries: [Entry] = []
    private var clock = 0

    func layer(for items: [DisplayItem], source: IntRect, render: (Surface) -> Void) -> Surface? {
        clock += 1
        if let i = entries.firstIndex(where: { $0.source == source && $0.items == items }) {
            entries[i].used = clock
            return entries[i].surface.subsurface(IntRect(x: 0, y: 0, width: source.width, height: source.height))
        }
        var slot: Int
        if entries.count < 4 {
            guard let s = try? Surface(width: source.width, height: source.height) else { return nil }
            entries.append(Entry(items: items, source: source, surface: s, used: clock))
            slot = entries.count - 1
        } else {
            slot = 0
            for i in entries.indices where entries[i].used < entries[slot].used { slot = i }
            if entries[slot].surface.width < source.width || entries[slot].surface.height < source.height {
                guard let s = try? Surface(width: max(source.width, entries[slot].surface.width),
                                           height: max(source.height, entries[slot].surface.height)) else { return nil }
                entries[slot].surface = s
            }
            entries[slot].items = items; entries[slot].source = source; entries[slot].used = clock
        }
        if entries[slot].surface.width < source.width || entries[slot].surface.height < source.height {
            guard let s = try? Surface(width: source.width, height: source.height) else { return nil }
            entries[slot].surface = s
        }
        let layer = entries[slot].surface.subsurface(IntRect(x: 0, y: 0, width: source.width, height: source.height))
        render(layer)
        return layer
    }
}
