// ModeRequest: the `--mode WxH[@Hz]` setting and how it picks one of a connector's modes.

/// A requested display mode: a size and, optionally, a refresh rate.
///
///     try ModeRequest(parsing: "800x480@60")
public struct ModeRequest: Equatable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public var refresh: Int?

    public init(width: Int, height: Int, refresh: Int? = nil) { self.width = width; self.height = height; self.refresh = refresh }

    /// Parses `WxH` or `WxH@Hz`; throws ``ConfigError`` with the expected form otherwise.
    public init(parsing text: String) throws {
        let bad = ConfigError.invalidValue(key: "mode", value: text, expected: "WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, e.g. 800x480@60")
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { throw bad }
        let wh = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard wh.count == 2, let w = Int(wh[0]), let h = Int(wh[1]), w > 0, h > 0, w <= 16384, h <= 16384 else { throw bad }
        width = w; height = h
        if parts.count == 2 {
            guard let hz = Int(parts[1]), hz > 0, hz <= 1000 else { throw bad }
            refresh = hz
        }
    }

    public var description: String { refresh.map { "\(width)x\(height)@\($0)" } ?? "\(width)x\(height)" }

    /// Index of the best mode among `modes` (width, height, refresh, preferred): an exact size and
    /// rate match, else the size with the rate nearest the request, else nil.
    public func pick(from modes: [(width: Int, height: Int, refresh: Int, preferred: Bool)]) -> Int? {
        let same = modes.indices.filter { modes[$0].width == width && modes[$0].height == height }
        guard !same.isEmpty else { return nil }
        guard let hz = refresh else { return same.first(where: { modes[$0].preferred }) ?? same.first }
        return same.min(by: { abs(modes[$0].refresh - hz) < abs(modes[$1].refresh - hz) })
    }
}
