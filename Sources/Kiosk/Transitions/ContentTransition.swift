// contentTransition(_:): how a Text's own content changes inside an animated transaction — a
// cross-fade, or digits that roll. The Text node keeps the string it showed; a 0→1 effect
// animator (the same per-node animation state as every attribute) drives the blend, and the
// render draws old and new from it. `.numericText` draws per character: unchanged characters
// (aligned from the right, as digits of a number are) stay still and are separate display items,
// so only the changed glyphs are repainted.

import Raster

/// How a view's content changes when it is replaced inside an animated transaction.
///
/// ```swift
/// Text("\(score)").contentTransition(.numericText(value: Double(score)))
/// ```
public struct ContentTransition: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case identity, opacity, interpolate
        case numeric(countsDown: Bool)
        case numericValue(Double)
    }
    let kind: Kind

    /// The new content replaces the old at once.
    public static let identity = ContentTransition(kind: .identity)
    /// The old content fades out while the new fades in.
    public static let opacity = ContentTransition(kind: .opacity)
    /// Matching glyphs interpolate; kiosk cross-fades (the documented fallback).
    public static let interpolate = ContentTransition(kind: .interpolate)
    /// Changed characters roll (up, or down with `countsDown`) and fade; unchanged stay still.
    public static func numericText(countsDown: Bool = false) -> ContentTransition { ContentTransition(kind: .numeric(countsDown: countsDown)) }
    /// Like `numericText(countsDown:)`, the direction from whether `value` went up or down.
    public static func numericText(value: Double) -> ContentTransition { ContentTransition(kind: .numericValue(value)) }
}

struct ContentTransitionKey: EnvironmentKey { static let defaultValue = ContentTransition.identity }

extension EnvironmentValues {
    /// The content transition for views in this environment (default `.identity`).
    public var contentTransition: ContentTransition {
        get { self[ContentTransitionKey.self] }
        set { self[ContentTransitionKey.self] = newValue }
    }
}

extension View {
    /// Animates changes of this view's content (a Text's string) inside animated transactions.
    ///
    /// ```swift
    /// Text("\(count)").contentTransition(.numericText())
    /// ```
    public func contentTransition(_ transition: ContentTransition) -> some View {
        environment(\.contentTransition, transition)
    }
}

/// A Text node's content change in flight: what it showed before, and how to blend.
final class TextContentChange {
    let old: ResolvedText
    let oldSize: CGSize
    let kind: ContentTransition.Kind
    /// Rolling up (a count going up) or down.
    let down: Bool
    /// Per-character x offsets of old and new text (numericText), measured on first draw.
    var oldOffsets: [Double]?
    var newOffsets: [Double]?
    var newText: ResolvedText?

    init(old: ResolvedText, oldSize: CGSize, kind: ContentTransition.Kind, down: Bool) {
        self.old = old; self.oldSize = oldSize; self.kind = kind; self.down = down
    }
}

extension ViewGraph {
    /// A Text node's string is changing (setView): start its content transition when one is in
    /// its environment and the transaction animates. `old` and `new` are Text values (the caller
    /// checked their metadata); their strings are read in place, and only when a transition
    /// could start: copying both Texts out of their boxes for every re-evaluated label (every
    /// field retained and released) was ≈ 1.8 k instructions a label a frame (`lvgl-8`).
    func textWillChange(_ node: Node, from old: any View, to new: any View) {
        let kind = node.environment.contentTransition.kind
        let previousValue = node.lastNumericValue
        if case .numericValue(let v) = kind { node.lastNumericValue = v }
        guard kind != .identity, let animation = transaction.animation,
              let shown = (node.modifierState as? ResolvedTextBox)?.text,
              withPayload(of: old, { o in withPayload(of: new) { n in
                  o.assumingMemoryBound(to: Text.self).pointee.string != n.assumingMemoryBound(to: Text.self).pointee.string
              } }) else { return }
        var down = false
        switch kind {
        case .numeric(let countsDown): down = countsDown
        case .numericValue(let v):
            // The direction from the value: compared with the one the last change saw.
            down = previousValue.map { v < $0 } ?? false
        default: break
        }
        node.contentChange = TextContentChange(old: shown, oldSize: node.frame.size, kind: kind, down: down)
        if let running = node.valueAnimator { running.cancel(); animators.removeAll { $0 === running } }
        let a = ValueAnimator(node: node, kind: .effect, from: 0.0, to: 1.0, animation: animation, at: commitTime,
                              listener: transaction.listener(graph: self))
        node.valueAnimator = a
        animators.append(a)
    }
}

extension Text {
    /// Draws a content change in flight; false when none is (then the text draws as usual).
    func renderContentChange(node: Node, pass: RenderPass, text: ResolvedText, paint: DrawPaint, frame: CGRect) -> Bool {
        guard let change = node.contentChange else { return false }
        guard let animator = node.valueAnimator as? ValueAnimator<Double> else { node.contentChange = nil; return false }
        let p = min(1, max(0, animator.presented))
        let saved = pass.transform, savedOpacity = pass.opacity
        defer { pass.transform = saved; pass.opacity = savedOpacity }
        let overhang = Double(text.font.size) * 0.25
        func draw(_ t: ResolvedText, width: Double, height: Double, dx: Double, dy: Double, opacity: Double, index: Int) {
            guard opacity > 0.001 else { return }
            pass.transform = Affine.translation(Double(frame.minX) + dx, Double(frame.minY) + dy).concatenating(saved)
            pass.opacity = savedOpacity * opacity
            pass.emit(.text(t, width: width, paint: paint), owner: node, index: index,
                      localBounds: CGRect(x: -overhang, y: -overhang, width: width + 2 * overhang, height: height + 2 * overhang))
        }
        switch change.kind {
        case .numeric, .numericValue:
            let old = change.old
            let oldChars = Array(old.string), newChars = Array(text.string)
            if change.oldOffsets == nil || change.newText != text {
                change.oldOffsets = Text.offsets(of: oldChars, font: old, measurer: pass.text)
                change.newOffsets = Text.offsets(of: newChars, font: text, measurer: pass.text)
                change.newText = text
            }
            let oo = change.oldOffsets!, no = change.newOffsets!
            // Right-aligned in their boxes, as digits of numbers line up.
            let oldShift = Double(frame.width) - oo.last!, newShift = Double(frame.width) - no.last!
            let h = Double(frame.height), dir = change.down ? -1.0 : 1.0
            let n = max(oldChars.count, newChars.count)
            for k in 0..<n {
                // k counts from the right.
                let i = oldChars.count - 1 - k, j = newChars.count - 1 - k
                let same = i >= 0 && j >= 0 && oldChars[i] == newChars[j]
                if j >= 0 {
                    var c = text; c.string = String(newChars[j]); c.lineLimit = 1
                    let w = no[j + 1] - no[j]
                    if same {
                        draw(c, width: w + 1, height: h, dx: newShift + no[j], dy: 0, opacity: 1, index: 1 + 2 * k)
                    } else {
                        draw(c, width: w + 1, height: h, dx: newShift + no[j], dy: dir * (1 - p) * h * 0.8, opacity: p, index: 1 + 2 * k)
                    }
                }
                if i >= 0 && !same {
                    var c = old; c.string = String(oldChars[i]); c.lineLimit = 1
                    let w = oo[i + 1] - oo[i]
                    draw(c, width: w + 1, height: h, dx: oldShift + oo[i], dy: -dir * p * h * 0.8, opacity: 1 - p, index: 2 + 2 * k)
                }
            }
        default:
            draw(change.old, width: Double(change.oldSize.width), height: Double(change.oldSize.height),
                 dx: Double(frame.width - change.oldSize.width) / 2, dy: 0, opacity: 1 - p, index: 1)
            draw(text, width: Double(frame.width), height: Double(frame.height), dx: 0, dy: 0, opacity: p, index: 2)
        }
        if p >= 1 && node.valueAnimator == nil { node.contentChange = nil }
        return true
    }

    /// x of each character boundary (count + 1 values) of `chars` in the text's font.
    static func offsets(of chars: [Character], font: ResolvedText, measurer: TextMeasuring) -> [Double] {
        var out = [0.0]
        var prefix = font
        prefix.lineLimit = 1
        var s = ""
        for c in chars {
            s.append(c)
            prefix.string = s
            out.append(Double(measurer.measure(prefix, maxWidth: nil).size.width))
        }
        return out
    }
}
