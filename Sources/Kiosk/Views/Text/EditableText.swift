// EditableText: the drawn part of TextField, SecureField and TextEditor — the text (or its
// placeholder), the selection, the marked text's underline and the blinking caret, clipped to
// the field and scrolled to keep the caret in view. It measures its caret stops at layout
// (TextMeasuring.caretGeometry) into the field's model, and is the field's gesture node: a tap
// places the caret (a double tap selects a word, a triple tap all), a horizontal drag on the
// focused field moves it, a long press selects the word.

import Raster

struct _EditableText: View, PrimitiveView, LayoutBehavior, NodeGestureSource {
    let model: TextFieldModel
    /// The text drawn (bullets for a secure field).
    let display: String
    let placeholder: Text?
    let selection: Range<Int>
    let marked: Range<Int>?
    let focused: Bool
    let caretShown: Bool
    let multiline: Bool
    /// Lines a vertical field shows at least and at most (a TextEditor: nil, fills its frame).
    let minLines: Int
    let maxLines: Int?
    /// Extra area around the text that takes taps (a rounded border's padding).
    let hitOutset: EdgeInsets

    var body: Never { bodyNeverCalled("_EditableText") }
    func makeChildren(_ list: inout ChildList) {}

    private func resolved(_ env: EnvironmentValues, _ string: String) -> ResolvedText {
        var t = Text(verbatim: string).resolved(env)
        t.lineLimit = nil
        if !multiline { t.alignment = .leading }
        return t
    }

    private func lineHeight(_ env: EnvironmentValues, pass: LayoutPass) -> CGFloat {
        pass.text.measure(resolved(env, "Xg"), maxWidth: nil).size.height
    }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        let env = node.environment
        let line = lineHeight(env, pass: pass)
        let shown = display.isEmpty ? (placeholder.map { $0.resolved(env).string } ?? "") : display
        let ideal = pass.text.measure(resolved(env, shown), maxWidth: nil).size.width + 2
        var width = proposal.width.flatMap { $0.isFinite ? $0 : nil } ?? ideal
        width = min(max(0, width), LayoutPass.maxDimension)
        guard multiline else { return CGSize(width: width, height: line) }
        if maxLines == nil, let h = proposal.height, h.isFinite {
            // A TextEditor takes the height it is offered.
            return CGSize(width: width, height: max(line, min(h, LayoutPass.maxDimension)))
        }
        let text = pass.text.measure(resolved(env, display.isEmpty ? " " : display), maxWidth: max(1, width - 2)).size.height
        var lines = max(1, Int((text / max(1, line)).rounded()))
        lines = max(lines, minLines)
        if let maxLines { lines = min(lines, max(1, maxLines)) }
        return CGSize(width: width, height: CGFloat(lines) * line)
    }

    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let env = node.environment
        let width = multiline ? max(1, bounds.width - 2) : nil
        var g = pass.text.caretGeometry(resolved(env, display), maxWidth: width)
        if g.lineHeight <= 0 { g.lineHeight = lineHeight(env, pass: pass) }
        model.geometry = g
        // The widest stop, once per layout (the recording reads it; a map over the stops there
        // allocated on every recording of the field).
        var widest = 0.0
        for stop in g.stops where stop.x > widest { widest = stop.x }
        model.textWidth = CGFloat(widest)
        model.frame = bounds
        // Keep the caret in view: scroll sideways on one line, down in several.
        let caret = g.point(selection.upperBound)
        var scroll = model.scroll
        if multiline {
            scroll.x = 0
            if caret.y - scroll.y + g.lineHeight > bounds.height { scroll.y = caret.y + g.lineHeight - bounds.height }
            if caret.y < scroll.y { scroll.y = caret.y }
            let lastTop = g.lineTops.last ?? 0
            scroll.y = max(0, min(scroll.y, max(0, lastTop + g.lineHeight - bounds.height)))
        } else {
            scroll.y = 0
            let textWidth = model.textWidth
            if caret.x - scroll.x > bounds.width - 2 { scroll.x = caret.x - bounds.width + 2 }
            if caret.x < scroll.x { scroll.x = caret.x }
            scroll.x = max(0, min(scroll.x, max(0, textWidth + 2 - bounds.width)))
        }
        model.scroll = scroll
    }

    func baseline(node: Node, size: CGSize, last: Bool, pass: LayoutPass) -> CGFloat? {
        pass.text.measure(resolved(node.environment, "Xg"), maxWidth: nil).firstBaseline
    }

    func render(node: Node, pass: RenderPass) {
        let env = node.environment
        let frame = node.frame
        let g = model.geometry
        let scroll = model.scroll
        model.deviceTransform = pass.transform
        let tint = (env.tint ?? Color.accentColor)
        pass.withSavedState {
            // Taps anywhere on the field (its border's padding too) reach this node.
            pass.pushGesture(node)
            pass.gestureTransforms[node.serial] = pass.transform
            let hit = CGRect(x: frame.minX - hitOutset.leading, y: frame.minY - hitOutset.top,
                             width: frame.width + hitOutset.leading + hitOutset.trailing,
                             height: frame.height + hitOutset.top + hitOutset.bottom)
            pass.addHitShape(Raster.Path.rect(Raster.Rect(hit)))
            if pass.transform.isAxisAligned {
                pass.narrowClip(to: IntRect(covering: pass.transform.apply(Raster.Rect(frame))))
            }
            let origin = CGPoint(x: frame.minX - scroll.x, y: frame.minY - scroll.y)
            // The selection: one band per line it covers.
            if focused && !selection.isEmpty {
                let paint = tint.opacity(0.25).resolve(in: frame, environment: env)
                var band = 0
                var i = selection.lowerBound
                while i < selection.upperBound && band < 64 {
                    let a = g.stops[min(i, g.stops.count - 1)]
                    var j = i
                    while j < selection.upperBound && g.stops[min(j + 1, g.stops.count - 1)].line == a.line { j += 1 }
                    let b = g.stops[min(j, g.stops.count - 1)]
                    let top = g.lineTops.indices.contains(a.line) ? g.lineTops[a.line] : 0
                    let x0 = CGFloat(min(a.x, b.x)), x1 = CGFloat(max(a.x, b.x))
                    let r = CGRect(x: origin.x + x0, y: origin.y + top, width: max(1, x1 - x0), height: g.lineHeight)
                    pass.emit(.fill(.rect(Raster.Rect(r)), paint, .nonZero), owner: node, index: 10 + band, localBounds: r)
                    band += 1
                    i = j + 1
                }
            }
            // The text, or the placeholder in the placeholder colour.
            let textWidth = multiline ? Double(max(1, frame.width - 2)) : Double(model.textWidth + 2)
            if display.isEmpty, let placeholder {
                let text = resolved(env, placeholder.resolved(env).string)
                let size = pass.text.measure(text, maxWidth: multiline ? max(1, frame.width - 2) : nil).size
                let paint = (placeholder.color ?? Color.placeholderText).resolve(in: frame, environment: env)
                let saved = pass.transform
                pass.transform = Affine.translation(Double(frame.minX), Double(frame.minY)).concatenating(saved)
                pass.emit(.text(text, width: Double(size.width), paint: paint), owner: node, index: 1,
                          localBounds: CGRect(x: -2, y: -2, width: size.width + 4, height: size.height + 4))
                pass.transform = saved
            } else if !display.isEmpty {
                let text = resolved(env, display)
                let paint = ForegroundStyle().resolve(in: frame, environment: env)
                let saved = pass.transform
                pass.transform = Affine.translation(Double(origin.x), Double(origin.y)).concatenating(saved)
                let h = CGFloat(g.lineTops.last ?? 0) + g.lineHeight
                let overhang = CGFloat(text.font.size) * 0.25
                pass.emit(.text(text, width: textWidth, paint: paint), owner: node, index: 1,
                          localBounds: CGRect(x: -overhang, y: -overhang, width: CGFloat(textWidth) + 2 * overhang, height: h + 2 * overhang))
                pass.transform = saved
            }
            // The marked (composing) text is underlined.
            if let marked, !marked.isEmpty {
                let a = g.point(marked.lowerBound), b = g.point(marked.upperBound)
                let y = origin.y + a.y + g.lineHeight - 2
                let r = CGRect(x: origin.x + min(a.x, b.x), y: y, width: max(1, abs(b.x - a.x)), height: 1)
                pass.emit(.fill(.rect(Raster.Rect(r)), ForegroundStyle().resolve(in: frame, environment: env), .nonZero),
                          owner: node, index: 2, localBounds: r)
            }
            // The caret: 2 points wide, the line's height, in the tint.
            if caretShown && selection.isEmpty {
                let p = g.point(selection.upperBound)
                let x = min(max(origin.x + p.x, frame.minX), frame.maxX - 2)
                let r = CGRect(x: x, y: origin.y + p.y, width: 2, height: g.lineHeight)
                pass.emit(.fill(.rect(Raster.Rect(r)), tint.resolve(in: frame, environment: env), .nonZero), owner: node, index: 3, localBounds: r)
            }
        }
    }

    // MARK: Gestures

    func gestureRecipe(node: Node) -> GestureRecipe? {
        let model = self.model
        var tap = GestureRecipe(kind: .tap(count: 1))
        tap.onTapAt = { p, count in model.tapped(atScreen: p, count: count) }
        var drag = GestureRecipe(kind: .drag(minimumDistance: 10))
        drag.accepts = { t in model.isFocused && abs(t.width) > abs(t.height) }
        drag.onScreenChanged = { p in model.dragged(toScreen: p) }
        var press = GestureRecipe(kind: .longPress(minimumDuration: 0.5, maximumDistance: 10))
        press.onScreenRecognised = { p in model.longPressed(atScreen: p) }
        var all = GestureRecipe(kind: .tap(count: 1))
        all.combination = .simultaneous
        // The drag first: member 0 keeps the normal priority, so its `accepts` (horizontal, focused)
        // decides against an enclosing scroll view; the tap and long press follow.
        all.members = [drag, tap, press]
        return all
    }
}

extension Color {
    /// iOS's placeholder text colour (UIColor.placeholderText).
    static let placeholderText = Color(light: RGBA(r: 60 / 255, g: 60 / 255, b: 67 / 255, a: 0.3),
                                       dark: RGBA(r: 235 / 255, g: 235 / 255, b: 245 / 255, a: 0.3))
}
