// Text: a string drawn in a font. It measures itself through the host's text engine: on one
// line at its ideal size, wrapped at word boundaries when offered less width. Text in several
// styles (`Text + Text`, Markdown, AttributedString: TextRuns.swift) keeps its parts as runs and
// is still laid out as one paragraph.

import Raster

/// A string shown in the current font and foreground style.
///
/// ```swift
/// Text("Hello").font(.title).foregroundColor(.blue)
/// Text("\(count)")
/// ```
public struct Text: View, Hashable, PrimitiveView, LayoutBehavior, LayoutInputComparable {
    let string: String
    /// The style of the whole text (a run's own style wins over it).
    var style = TextStyle()
    /// The parts of text in several styles, in order (nil: one style).
    var runs: [TextRun]?

    var font: Font? { get { style.font } set { style.font = newValue } }
    var weight: Font.Weight? { get { style.weight } set { style.weight = newValue } }
    var isItalic: Bool { get { style.isItalic } set { style.isItalic = newValue } }
    var color: Color? { get { style.color } set { style.color = newValue } }

    /// Text of a string as it is (a `String` variable is not read as Markdown, as in SwiftUI;
    /// a literal is: `init(_: LocalizedStringKey)`).
    @_disfavoredOverload public init<S: StringProtocol>(_ content: S) { string = String(content) }
    /// Text of `content` exactly as written (no Markdown).
    public init(verbatim content: String) { string = content }
    init(string: String, runs: [TextRun]?) { self.string = string; self.runs = runs }
    public var body: Never { bodyNeverCalled("Text") }

    // Set twice on one Text, the first (innermost) font, weight or colour wins, as in SwiftUI:
    // `Text(title).font(.title).font(.body)` is a title (a public onboarding screen wrote it).
    public func font(_ font: Font?) -> Text { var t = self; t.font = t.font ?? font; return t }
    public func fontWeight(_ weight: Font.Weight?) -> Text { var t = self; t.weight = t.weight ?? weight; return t }
    public func bold() -> Text { fontWeight(.bold) }
    public func bold(_ isActive: Bool) -> Text { isActive ? bold() : self }
    public func italic() -> Text { var t = self; t.isItalic = true; return t }
    public func italic(_ isActive: Bool) -> Text { isActive ? italic() : self }
    public func foregroundColor(_ color: Color?) -> Text { var t = self; t.color = t.color ?? color; return t }

    /// Whether this text measures and wraps as `other` does: everything but the colour is the
    /// same (LayoutInputComparable).
    func laysOutLike(_ other: Text) -> Bool {
        string == other.string && runs == other.runs && style.laysOutLike(other.style)
    }

    /// A change of letter case applied to text when it is shown (`.textCase(_:)`).
    public enum Case: Hashable, Sendable { case uppercase, lowercase }

    func resolved(_ env: EnvironmentValues) -> ResolvedText {
        let shown: String
        switch env.textCase {
        case .uppercase?: shown = string.uppercased()
        case .lowercase?: shown = string.lowercased()
        case nil: shown = string
        }
        let base = env.textStyle.merged(under: style)
        var resolved = ResolvedText(string: shown, font: base.resolvedFont(env), alignment: env.multilineTextAlignment,
                                    lineLimit: env.lineLimit, lineSpacing: Double(env.lineSpacing))
        // Upper/lower case may change the number of scalars ("ß" → "SS"): runs then style nothing.
        if shown.unicodeScalars.count == string.unicodeScalars.count || runs == nil {
            resolved.runs = resolvedRuns(base: base, env: env)
        }
        return resolved
    }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        let maxWidth = proposal.width.flatMap { $0.isFinite ? $0 : nil }
        let text = fitted(resolved(node.environment), maxWidth: maxWidth, height: proposal.height, measurer: pass.text,
                          factor: node.environment.minimumScaleFactor)
        return pass.text.measure(text, maxWidth: maxWidth).size
    }

    /// Offered less height than its lines need, text keeps the lines that fit (at least one)
    /// and ends the last in "…", as SwiftUI does.
    func fitted(_ text: ResolvedText, maxWidth: CGFloat?, height: CGFloat?, measurer: TextMeasuring,
                factor: CGFloat = 1) -> ResolvedText {
        let text = factor < 1 ? shrunk(text, maxWidth: maxWidth, height: height, measurer: measurer, factor: factor) : text
        guard let height, height.isFinite else { return text }
        let full = measurer.measure(text, maxWidth: maxWidth)
        guard full.size.height > height + 0.5 else { return text }
        var one = text
        one.lineLimit = 1
        let lineHeight = measurer.measure(one, maxWidth: maxWidth).size.height
        guard lineHeight > 0 else { return text }
        let lines = max(1, Int((height + 0.5 + CGFloat(text.lineSpacing)) / (lineHeight + CGFloat(text.lineSpacing))))
        var fitted = text
        fitted.lineLimit = min(text.lineLimit ?? lines, lines)
        return fitted
    }

    /// `.minimumScaleFactor(f)`: text that would need more lines than its line limit (or more
    /// height than offered) is drawn smaller, down to `f` times its size, as SwiftUI does: the
    /// largest scale that fits, found to within 1 % by bisection (a handful of measurements, done
    /// only when the text does not fit). Text that fits at its size is unchanged.
    func shrunk(_ text: ResolvedText, maxWidth: CGFloat?, height: CGFloat?, measurer: TextMeasuring, factor: CGFloat) -> ResolvedText {
        guard let maxWidth else { return text }
        let boxHeight = height.flatMap { $0.isFinite ? $0 : nil }
        func scaled(_ s: CGFloat) -> ResolvedText {
            var t = text
            t.font.size = text.font.size * s
            if let runs = text.runs { t.runs = runs.map { var r = $0; r.font.size *= s; return r } }
            return t
        }
        func fits(_ t: ResolvedText) -> Bool {
            var free = t
            free.lineLimit = nil
            let need = measurer.measure(free, maxWidth: maxWidth).size.height
            if t.lineLimit != nil, need > measurer.measure(t, maxWidth: maxWidth).size.height + 0.5 { return false }
            if let boxHeight, need > boxHeight + 0.5 { return false }
            return true
        }
        if fits(text) { return text }
        let low = max(factor, 0.01)
        if !fits(scaled(low)) { return scaled(low) }
        var lo = low, hi: CGFloat = 1
        while hi - lo > 0.01 {
            let mid = (lo + hi) / 2
            if fits(scaled(mid)) { lo = mid } else { hi = mid }
        }
        return scaled(lo)
    }

    /// Resolves the text once per layout (not per frame): the renderer reads it from the node.
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let text = fitted(resolved(node.environment), maxWidth: bounds.width + 0.5, height: bounds.height, measurer: pass.text,
                          factor: node.environment.minimumScaleFactor)
        // The same text again (a relayout that moved it) keeps its box: no allocation.
        if let box = node.modifierState as? ResolvedTextBox, box.text == text { return }
        node.modifierState = ResolvedTextBox(text)
    }

    func baseline(node: Node, size: CGSize, last: Bool, pass: LayoutPass) -> CGFloat? {
        let m = pass.text.measure(resolved(node.environment), maxWidth: size.width)
        return last ? m.lastBaseline : m.firstBaseline
    }

    func render(node: Node, pass: RenderPass) {
        let env = node.environment
        let paint = node.paint {
            color.map { DrawPaint.solid($0.resolved(env.colorScheme)) } ?? ForegroundStyle().resolve(in: node.frame, environment: env)
        }
        let frame = node.frame
        let text = (node.modifierState as? ResolvedTextBox)?.text
            ?? fitted(resolved(env), maxWidth: frame.width + 0.5, height: frame.height, measurer: pass.text,
                      factor: env.minimumScaleFactor)
        if env.redactionReasons.contains(.placeholder) {
            renderRedacted(node: node, pass: pass, text: text, paint: paint, frame: frame)
            return
        }
        if node.contentChange != nil, renderContentChange(node: node, pass: pass, text: text, paint: paint, frame: frame) { return }
        let saved = pass.transform
        pass.transform = Affine.translation(Double(frame.minX), Double(frame.minY)).concatenating(saved)
        // Glyphs may overhang the layout box a little (italics, accents): widen the damage.
        let overhang = CGFloat(text.font.size) * 0.25
        pass.emit(.text(text, width: Double(frame.width), paint: paint), owner: node, index: 0,
                  localBounds: CGRect(x: -overhang, y: -overhang, width: frame.width + 2 * overhang, height: frame.height + 2 * overhang),
                  hitShape: hitShape(node: node, size: frame.size))
        pass.transform = saved
    }

    /// `.redacted(reason: .placeholder)` (Redacted.swift): a rounded bar per line.
    private func renderRedacted(node: Node, pass: RenderPass, text: ResolvedText, paint: DrawPaint, frame: CGRect) {
        let m = pass.text.measure(text, maxWidth: frame.width + 0.5)
        var one = text
        one.lineLimit = 1
        let oneLine = pass.text.measure(one, maxWidth: .infinity)
        let lineHeight = max(1, Double(oneLine.size.height))
        let lines = max(1, Int((Double(m.size.height) + text.lineSpacing) / (lineHeight + text.lineSpacing) + 0.5))
        let w = Double(frame.width)
        let barHeight = lineHeight * 0.7, radius = barHeight / 4
        var path = Raster.Path()
        for i in 0..<lines {
            let last = i == lines - 1
            var width = last ? Double(oneLine.size.width) - Double(lines - 1) * w : w
            width = min(w, max(last && lines > 1 ? w / 3 : 0, width))
            let x: Double
            switch text.alignment {
            case .leading: x = 0
            case .center: x = (w - width) / 2
            case .trailing: x = w - width
            }
            let top = Double(i) * (lineHeight + text.lineSpacing) + (lineHeight - barHeight) / 2
            path.addRoundedRect(Raster.Rect(x: Double(frame.minX) + x, y: Double(frame.minY) + top, width: width, height: barHeight),
                                cornerRadius: radius)
        }
        pass.emit(.fill(path, paint.multipliedAlpha(0.2), .nonZero), owner: node, index: 0, localBounds: frame,
                  hitShape: Raster.Path.rect(Raster.Rect(x: Double(frame.minX), y: Double(frame.minY),
                                                         width: Double(frame.width), height: Double(frame.height))))
    }

    /// The box that takes taps, kept on the node while its size stays (a path is an array: one
    /// allocation per text per frame otherwise).
    private func hitShape(node: Node, size: CGSize) -> Raster.Path {
        if let cache = node.renderCache as? TextHitShape, cache.size == size { return cache.path }
        let path = Raster.Path.rect(Raster.Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)))
        node.renderCache = TextHitShape(size: size, path: path)
        return path
    }
}

/// A Text node's hit shape for its last size.
final class TextHitShape {
    let size: CGSize
    let path: Raster.Path
    init(size: CGSize, path: Raster.Path) { self.size = size; self.path = path }
}

final class ResolvedTextBox {
    let text: ResolvedText
    init(_ text: ResolvedText) { self.text = text }
}

/// Text with everything resolved that decides its shape (and, for styled runs, their colours).
struct ResolvedText: Hashable {
    var string: String
    var font: Font
    var alignment: TextAlignment
    var lineLimit: Int?
    var lineSpacing: Double
    /// Styled parts (nil: all of it in `font` and the paint it is drawn with).
    var runs: [ResolvedTextRun]? = nil

    init(string: String, font: Font, alignment: TextAlignment, lineLimit: Int?, lineSpacing: Double, runs: [ResolvedTextRun]? = nil) {
        self.string = string; self.font = font; self.alignment = alignment; self.lineLimit = lineLimit
        self.lineSpacing = lineSpacing; self.runs = runs
    }
}

struct TextCaseKey: EnvironmentKey { static let defaultValue: Text.Case? = nil }
struct MinimumScaleFactorKey: EnvironmentKey { static let defaultValue: CGFloat = 1 }

extension EnvironmentValues {
    /// How far text inside may shrink to fit its line limit or height (1: not at all).
    public var minimumScaleFactor: CGFloat {
        get { self[MinimumScaleFactorKey.self] } set { self[MinimumScaleFactorKey.self] = newValue }
    }
}

extension View {
    /// Lets text inside shrink down to `factor` times its size (0…1; NaN or more than 1 is 1, less
    /// than 0.01 is 0.01) where it would otherwise need more lines than its line limit or more
    /// height than offered. `Text("123 456 789").lineLimit(1).minimumScaleFactor(0.5)`.
    public func minimumScaleFactor(_ factor: CGFloat) -> some View {
        environment(\.minimumScaleFactor, factor.isNaN ? 1 : min(max(factor, 0.01), 1))
    }
}

extension EnvironmentValues {
    /// The letter case text inside is shown in (nil: as written).
    public var textCase: Text.Case? { get { self[TextCaseKey.self] } set { self[TextCaseKey.self] = newValue } }
}

extension View {
    /// Shows the text inside this view in upper or lower case (nil: as written).
    public func textCase(_ textCase: Text.Case?) -> some View { environment(\.textCase, textCase) }
}
