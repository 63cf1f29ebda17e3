// Image: a PNG file. `Image("logo")` looks for logo, logo.png in the working directory and in
// the folder named by $KIOSK_ASSETS (SwiftUI's asset catalogue has no counterpart here).
// A missing file logs a warning and shows nothing (zero size), as SwiftUI does.

import Raster
#if canImport(Glibc)
import Glibc
#endif

/// A PNG image; fixed at its pixel size unless `.resizable()`.
///
/// ```swift
/// Image("logo").resizable().scaledToFit().frame(width: 120)
/// ```
public struct Image: View, PrimitiveView, LayoutBehavior {
    let name: String
    var isResizable = false
    var isTiled = false
    var sampling: Sampling = .bilinear

    public init(_ name: String) { self.name = name }
    /// A decorative image (no accessibility label; same as `init(_:)` here).
    public init(decorative name: String) { self.name = name }
    /// A symbol drawn as paths in the foreground style, sized from the font: a small set of
    /// common SF Symbols names (listed in SystemSymbols.swift); others draw a placeholder and warn.
    public init(systemName: String) { name = "systemName:" + systemName }
    public var body: Never { bodyNeverCalled("Image") }

    /// Lets the image take the size it is offered: stretched, or with `.tile` repeated at its
    /// pixel size from the top-left corner. (Cap insets are not supported: the whole image
    /// stretches or tiles.)
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        var i = self; i.isResizable = true; i.isTiled = resizingMode == .tile; return i
    }
    /// `.none` samples the nearest pixel (pixel art); anything else is bilinear.
    public func interpolation(_ interpolation: Interpolation) -> Image {
        var i = self; i.sampling = interpolation == .none ? .nearest : .bilinear; return i
    }
    /// Accepted: symbols always draw as templates (in the foreground style), PNGs as they are.
    public func renderingMode(_ renderingMode: TemplateRenderingMode?) -> Image { self }
    public enum TemplateRenderingMode: Hashable, Sendable { case template, original }
    public enum ResizingMode: Hashable, Sendable { case tile, stretch }
    public enum Interpolation: Hashable, Sendable { case none, low, medium, high }

    var surface: ImageBox? { ImageCache.shared.image(named: name) }

    /// The image for this node's value, kept on the node while the name stays: the process
    /// table's lookup hashes the path under a lock, on every layout and recording of the node
    /// (`lvgl-5`: 12.6 k instructions a frame at 800×480). The table never drops an entry, so
    /// the kept box is the one it would give.
    func surface(for node: Node) -> ImageBox? {
        if let kept = node.renderCache as? ImageLookup, kept.name == name { return kept.box }
        let box = surface
        node.renderCache = ImageLookup(name: name, box: box)
        return box
    }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        if symbolName != nil {
            let side = Image.symbolSide(node.environment)
            return isResizable ? proposal.replacingUnspecifiedDimensions(by: CGSize(width: side, height: side)) : CGSize(width: side, height: side)
        }
        guard let image = surface(for: node)?.surface else { return .zero }
        let intrinsic = CGSize(width: image.width, height: image.height)
        return isResizable ? proposal.replacingUnspecifiedDimensions(by: intrinsic) : intrinsic
    }

    func render(node: Node, pass: RenderPass) {
        if let symbol = symbolName { renderSymbol(symbol, node: node, pass: pass); return }
        guard let image = surface(for: node) else { return }
        let command: DrawCommand = isResizable && isTiled ? .tiledImage(image, Raster.Rect(node.frame), sampling)
                                                          : .image(image, Raster.Rect(node.frame), sampling)
        pass.emit(command, owner: node, index: 0, localBounds: node.frame)
    }
}

/// A node's image and the name it was found by (`Image.surface(for:)`).
final class ImageLookup {
    let name: String
    let box: ImageBox?
    init(name: String, box: ImageBox?) { self.name = name; self.box = box }
}

/// Decoded images by path, one table for the process. Locked: each view graph does its work on
/// one thread, but two graphs may run on two (the test suite renders scenes in parallel, and
/// ThreadSanitizer caught two of them inserting into the table at once: `scripts/sanitize
/// thread`). Uncontended, the lock is a few tens of nanoseconds per Image per frame; a decode
/// holds it, so a name is read from disk once however many threads ask. `Raster.Locked`, a
/// pthread mutex ThreadSanitizer sees (Synchronization's `Mutex` it does not).
final class ImageCache: @unchecked Sendable {
    static let shared = ImageCache()
    private let images = Locked<[String: ImageBox?]>([:])

    func image(named name: String) -> ImageBox? {
        images.withLock { images in
            if let cached = images[name] { return cached }
            let result = Self.load(name)
            images[name] = result
            return result
        }
    }

    private static func load(_ name: String) -> ImageBox? {
        var result: ImageBox?
        if name.hasPrefix("systemName:") {
            Diagnostics.warn("Image(systemName: \"\(name.dropFirst(11))\"): SF Symbols are not available; nothing is shown")
        } else {
            var dirs = [""]
            // getenv/access, not ProcessInfo/FileManager: those pull ≈ 4 MB of FoundationEssentials into
            // every static binary (measured with the linker map), for one lookup.
            if let env = getenv("KIOSK_ASSETS") {
                let assets = String(cString: env)
                dirs.append(assets.hasSuffix("/") ? assets : assets + "/")
            }
            let candidates = dirs.flatMap { [$0 + name, $0 + name + ".png"] }
            for path in candidates where access(path, F_OK) == 0 {
                do {
                    result = ImageBox(try Surface(contentsOfPNG: path))
                    break
                } catch {
                    Diagnostics.warn("Image(\"\(name)\"): \(path) is not a readable PNG (\(error))")
                }
            }
            if result == nil { Diagnostics.warn("Image(\"\(name)\"): no PNG found (looked for \(candidates.joined(separator: ", ")))") }
        }
        return result
    }
}
