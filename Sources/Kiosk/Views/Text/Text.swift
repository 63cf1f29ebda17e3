// Text: a string drawn in a font. It measures itself through the host's text engine: on one
// line at its ideal size, wrapped at word boundaries when offered less width.

import Raster

/// A string shown in the current font and foreground style.
///
/// ```swift
/// Text("Hello").font(.title).foregroundColor(.blue)
/// Text("\(count)")
/// ```
public struct Text: View, Hashable, PrimitiveView, LayoutBehavior, LayoutInputComparable {
    let string: String
    var font: Font?
    var weight: Font.Weight?
    var isItalic = false
    var color: Color?

    public init<S: StringProtocol>(_ content: S) { string = String(content) }
    public init(verbatim content: String) { string = content }
    public var body: Never { bodyNeverCalled("Text") }

    public func font(_ font: Font?) -> Text { var t = self; t.font = font; return t }
    public func fontWeight(_ weight: Font.Weight?) -> Text { var t = self; t.weight = weight; return t }
    public func bold() -> Text { fontWeight(.bold) }
    public func bold(_ isActive: Bool) -> Text { isActive ? bold() : self }
    public func italic() -> Text { var t = self; t.isItalic = true; return t }
    public func foregroundColor(_ color: Color?) -> Text { var t = self; t.color = color; return t }

    /// Whether this text measures and wraps as `other` does: everything but the colour is the
    /// same (LayoutInputComparable).
    func laysOutLike(_ other: Text) -> Bool {
        string == other.string && font == other.font && weight == other.weight && isItalic == other.isItalic
    }

    /// A change of letter case applied to text when it is shown (`.textCase(_:)`).
    public enum Case: Hashable, Sendable { case uppercase, lowercase }

    func resolved(_ env: EnvironmentValues) -> ResolvedText {
        var f = font ?? env.font ?? .body
        if let weight { f.weight = weight }
        if isItalic { f.isItalic = true }
        let shown: String
        switch env.textCase {
        case .uppercase?: shown = string.uppercased()
        case .lowercase?: shown = string.lowercased()
        case nil: shown = string
        }
        return ResolvedText(string: shown, font: f, alignment: env.multilineTextAlignment,
                            lineLimit: env.lineLimit, lineSpacing: Double(env.lineSpacing))
    }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        let maxWidth = proposal.width.flatMap { $0.isFinite ? $0 : nil }
        let text = fitted(resolved(node.environment), maxWidth: maxWidth, height: proposal.height, measurer: pass.text)
        return pass.text.measure(text, maxWidth: maxWidth).size
    }

    /// Offered less height than its lines need, text keeps the lines that fit (at least one)
    /// and ends the last in "…", as SwiftUI does.
    func fitted(_ text: ResolvedText, maxWidth: CGFloat?, height: CGFloat?, measurer: TextMeasuring) -> ResolvedText {
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

    /// Resolves the text once per layout (not per frame): the renderer reads it from the node.
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let text = fitted(resolved(node.environment), maxWidth: bounds.width + 0.5, height: bounds.height, measurer: pass.text)
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
            ?? fitted(resolved(env), maxWidth: frame.width + 0.5, height: frame.height, measurer: pass.text)
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

/// Text with everything resolved that decides its shape (not its colour).
struct ResolvedText: Hashable {
    var string: String
    var font: Font
    var alignment: TextAlignment
    var lineLimit: Int?
    var lineSpacing: Double
}

struct TextCaseKey: EnvironmentKey { static let defaultValue: Text.Case? = nil }

extension EnvironmentValues {
    /// The letter case text inside is shown in (nil: as written).
    public var textCase: Text.Case? { get { self[TextCaseKey.self] } set { self[TextCaseKey.self] = newValue } }
}

extension View {
    /// Shows the text inside this view in upper or lower case (nil: as written).
    public func textCase(_ textCase: Text.Case?) -> some View { environment(\.textCase, textCase) }
}
