// TextAlignment: where each line of a paragraph sits horizontally.

/// How a line of text sits in the width of its layout box. Mirrored for right-to-left paragraphs:
/// `.leading` is the right edge when the paragraph's first strong character is Arabic or Hebrew.
public enum TextAlignment: Hashable, Sendable { case leading, center, trailing }
