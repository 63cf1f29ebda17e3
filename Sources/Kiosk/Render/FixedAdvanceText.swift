// FixedAdvanceText: a font-free text measurer (every character 0.6 em wide, lines 1.2 em
// apart, greedy word wrap). Used when no FontLibrary is available, so layout and tests work
// without fonts; the numbers are deterministic, which layout tests rely on.

final class FixedAdvanceText: TextMeasuring {
    func lines(_ text: ResolvedText, maxWidth: CGFloat?) -> [Substring] {
        let advance = CGFloat(text.font.size) * 0.6
        var lines: [Substring] = []
        for paragraph in text.string.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let maxWidth, advance > 0 else { lines.append(paragraph); continue }
            let perLine = max(1, Int((maxWidth + 0.001) / advance))
            var rest = paragraph
            while rest.count > perLine {
                let head = rest.prefix(perLine + 1)
                if let space = head.lastIndex(of: " "), space > rest.startIndex {
                    lines.append(rest[rest.startIndex..<space])
                    rest = rest[rest.index(after: space)...]
                } else {
                    let cut = rest.index(rest.startIndex, offsetBy: perLine)
                    lines.append(rest[rest.startIndex..<cut])
                    rest = rest[cut...]
                }
            }
            lines.append(rest)
        }
        if let limit = text.lineLimit, lines.count > limit { lines = Array(lines.prefix(limit)) }
        return lines
    }

    func measure(_ text: ResolvedText, maxWidth: CGFloat?) -> TextMetrics {
        let size = CGFloat(text.font.size)
        let lineHeight = (size * 1.2).rounded(.up)
        let all = lines(text, maxWidth: maxWidth)
        let widest = all.map { CGFloat($0.count) * size * 0.6 }.max() ?? 0
        let width = maxWidth.map { min(widest, $0) } ?? widest
        let n = CGFloat(max(1, all.count))
        let height = lineHeight * n + CGFloat(text.lineSpacing) * (n - 1)
        let ascent = (size * 0.95).rounded()
        return TextMetrics(size: CGSize(width: width.rounded(.up), height: height),
                           firstBaseline: ascent, lastBaseline: height - lineHeight + ascent)
    }
}
