// ImageCache: `Image("name")` → a file → decoded pixels, for the whole process.
//
// Names resolve once: in the bundle given, the `images` directory setting, the working
// directory, then $KIOSK_ASSETS; as `name`, `name.png`, `name.jpg`, `name.jpeg`, `name.webp`,
// `name.svg`. An SVG is parsed once when its name resolves (the parsed document is kept in
// `vectors`, its size is the intrinsic one) and rasterized per drawn pixel size into the same
// byte-bounded cache.
// Only the header is read then (the layout needs the image's size, not its pixels), so a
// 12-megapixel photo drawn in a 480×270 frame is never decoded at full size: drawing decodes it
// reduced (JPEG in the IDCT, WebP in libwebp's scaler: 1/2, 1/4, 1/8, never below the drawn
// size). Decoded surfaces sit in one cache bounded by bytes (the `image-cache` setting), keyed
// by the resolved path and the reduction, so every Image showing the same file at similar sizes
// shares one surface, whatever name reached it.
//
// Locked: each view graph does its work on one thread, but two graphs may run on two (the test
// suite renders scenes in parallel, and ThreadSanitizer caught two of them inserting into the
// table at once: `scripts/sanitize thread`). A decode holds the lock, so a file is decoded once
// however many threads ask. Decoding runs on the thread that lays out and draws: moving it off
// needs a way to redraw a graph when a decode finishes from another thread, which Image does not
// have yet (AsyncImage decodes on a queue of its own and hands the pixels over in its phase, as a
// state change on the main queue; named images could follow that path).
#if canImport(Glibc)
import Glibc
#endif
import Raster

final class ImageCache: @unchecked Sendable {
    static let shared = ImageCache()

    /// A name resolved to a file: its path and display size (nil: not found or unreadable).
    struct Source: Hashable {
        let path: String
        let width: Int, height: Int
        /// An SVG: drawn by rasterizing at the drawn size (`vectorImage`), never decoded.
        var isVector = false
        /// An animated file (WebP): `animation(_:)` gives its frames.
        var animated = false
    }
    struct NameKey: Hashable { let name: String; let bundle: ImageBundle? }
    /// A decoded bitmap (path, reduction), or an SVG rasterized at width×height pixels with
    /// `currentColor` packed in `tint` (reduction 0).
    struct DecodedKey: Hashable { let path: String; let reduction: Int; var width = 0, height = 0; var tint: UInt32 = 0 }

    /// Default budget of decoded pixels: 64 MiB, eight 1080p photos.
    static let defaultBudget = 64 << 20
    /// Files larger than this are not read (no image kiosk shows needs more).
    static let maxFileBytes = 256 << 20

    private struct State {
        var sources: [NameKey: Source?] = [:]
        var decoded = ByteBudgetCache<DecodedKey, ImageBox>(budget: ImageCache.defaultBudget)
        var animations = ByteBudgetCache<String, AnimatedImage>(budget: ImageCache.defaultBudget)
        var failed: Set<String> = []
        var directory: String?
        /// Parsed SVG documents by path (a few KB each: paths and paints).
        var vectors: [String: SVGImage] = [:]
    }
    private let state = Locked(State())

    /// Sets the `images` directory and the decoded-image budget in bytes, forgetting what was
    /// resolved and decoded.
    func configure(directory: String?, budget: Int) {
        state.withLock {
            $0.directory = directory.flatMap { $0.isEmpty ? nil : $0 }
            $0.sources.removeAll()
            $0.failed.removeAll()
            $0.vectors.removeAll()
            $0.decoded = ByteBudgetCache(budget: budget)
            $0.animations = ByteBudgetCache(budget: budget)
        }
    }

    /// Bytes of decoded pixels held now.
    var decodedBytes: Int { state.withLock { $0.decoded.totalBytes } }

    /// The file `name` resolves to and its display size; nil (after one warning) when none.
    func source(named name: String, bundle: ImageBundle? = nil) -> Source? {
        state.withLock { s in
            let key = NameKey(name: name, bundle: bundle)
            if let cached = s.sources[key] { return cached }
            let found = Self.resolve(name, bundle: bundle, directory: s.directory, vectors: &s.vectors)
            s.sources[key] = found
            return found
        }
    }

    /// The full-size image for `name` (GraphicsContext's `resolve`).
    func image(named name: String, bundle: ImageBundle? = nil) -> ImageBox? {
        guard let source = source(named: name, bundle: bundle) else { return nil }
        return image(source, drawnAt: nil)
    }

    /// `source` decoded for drawing at `size` pixels (nil: full size): reduced by the largest
    /// of 1/2, 1/4, 1/8 that keeps it at least that large.
    func image(_ source: Source, drawnAt size: (width: Int, height: Int)?) -> ImageBox? {
        if source.isVector { return vectorImage(source, pixels: size ?? (source.width, source.height), currentColor: nil) }
        let reduction = Surface.reductionFactor(width: source.width, height: source.height, target: size)
        let key = DecodedKey(path: source.path, reduction: reduction)
        return state.withLock { s in
            if let box = s.decoded.lookup(key) { return box }
            if s.failed.contains(source.path) { return nil }
            let fitting = reduction == 1 ? nil : (width: (source.width + reduction - 1) / reduction,
                                                  height: (source.height + reduction - 1) / reduction)
            do {
                guard let bytes = Syscall.readFile(source.path, limit: Self.maxFileBytes) else {
                    throw ImageFileError.unreadable(path: source.path)
                }
                let box = ImageBox(try Surface.decodeImage(bytes, fitting: fitting))
                s.decoded.insert(key, box, cost: box.surface.width * box.surface.height * 4)
                return box
            } catch {
                s.failed.insert(source.path)
                Diagnostics.warn("Image: \(source.path) could not be decoded (\(error))")
                return nil
            }
        }
    }

    /// The SVG `source` rasterized at `pixels` (the drawn size in device pixels), `currentColor`
    /// painting what the document leaves to it. Over the decode budget the raster is made
    /// smaller with the same aspect ratio (and drawn scaled up) rather than refused.
    func vectorImage(_ source: Source, pixels: (width: Int, height: Int), currentColor: Raster.Color?) -> ImageBox? {
        var w = max(1, pixels.width), h = max(1, pixels.height)
        let budget = Surface.defaultMaxPNGPixels
        if w > Surface.maxSide || h > Surface.maxSide || w.multipliedReportingOverflow(by: h).partialValue > budget || w.multipliedReportingOverflow(by: h).overflow {
            let f = min(Double(Surface.maxSide) / Double(max(w, h)), (Double(budget) / (Double(w) * Double(h))).squareRoot())
            w = max(1, Int(Double(w) * f)); h = max(1, Int(Double(h) * f))
        }
        let tint = currentColor?.premultiplied ?? 0
        let key = DecodedKey(path: source.path, reduction: 0, width: w, height: h, tint: tint)
        return state.withLock { s in
            if let box = s.decoded.lookup(key) { return box }
            guard let doc = s.vectors[source.path], !s.failed.contains(source.path) else { return nil }
            do {
                let box = ImageBox(try doc.rasterize(width: w, height: h, currentColor: currentColor))
                s.decoded.insert(key, box, cost: w * h * 4)
                return box
            } catch {
                s.failed.insert(source.path)
                Diagnostics.warn("Image: \(source.path) could not be drawn at \(w)×\(h) (\(error))")
                return nil
            }
        }
    }

    /// Every frame of an animated `source`, at full size (libwebp's animation decoder cannot
    /// scale), within the same byte budget as still images; nil after one warning when it does
    /// not decode.
    func animation(_ source: Source) -> AnimatedImage? {
        state.withLock { s in
            if let a = s.animations.lookup(source.path) { return a }
            if s.failed.contains(source.path) { return nil }
            do {
                guard let bytes = Syscall.readFile(source.path, limit: Self.maxFileBytes) else {
                    throw ImageFileError.unreadable(path: source.path)
                }
                let a = AnimatedImage(try Surface.decodeWebPAnimation(bytes))
                s.animations.insert(source.path, a, cost: a.byteCount)
                return a
            } catch {
                s.failed.insert(source.path)
                Diagnostics.warn("Image: \(source.path) could not be decoded (\(error))")
                return nil
            }
        }
    }

    /// Image file extensions tried after the bare name, in order.
    static let extensions = ["", ".png", ".jpg", ".jpeg", ".webp", ".svg"]

    private static func resolve(_ name: String, bundle: ImageBundle?, directory: String?, vectors: inout [String: SVGImage]) -> Source? {
        if name.hasPrefix("systemName:") {
            Diagnostics.warn("Image(systemName: \"\(name.dropFirst(11))\"): SF Symbols are not available; nothing is shown")
            return nil
        }
        var dirs: [String] = bundle?.directories ?? []
        if let directory { dirs.append(directory) }
        dirs.append("")
        // getenv/access, not ProcessInfo/FileManager: those pull ≈ 4 MB of FoundationEssentials into
        // every static binary (measured with the linker map), for one lookup.
        if let env = getenv("KIOSK_ASSETS") { dirs.append(String(cString: env)) }
        let prefixes = dirs.map { $0.isEmpty || $0.hasSuffix("/") ? $0 : $0 + "/" }
        let candidates = prefixes.flatMap { dir in extensions.map { dir + name + $0 } }
        for path in candidates where access(path, R_OK) == 0 {
            var st = stat()
            guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { continue }
            do {
                // The header alone: the first 256 KiB hold it for ordinary files (EXIF and its
                // thumbnail included); a file with more before its pixels is read whole.
                guard let head = Syscall.readFile(path, limit: 256 << 10) else { throw ImageFileError.unreadable(path: path) }
                if ImageFormat.sniff(head) == nil && (path.hasSuffix(".svg") || SVGImage.sniff(head)) {
                    // SVG: parsed whole now (icons are small; SVGLimits.maxBytes at most).
                    guard let all = Syscall.readFile(path, limit: SVGLimits.maxBytes + 1) else { throw ImageFileError.unreadable(path: path) }
                    let doc = try SVGImage(all)
                    if !doc.unsupported.isEmpty {
                        Diagnostics.warn("Image(\"\(name)\"): \(path) uses SVG features kiosk does not draw: \(doc.unsupported.keys.sorted().joined(separator: ", "))")
                    }
                    vectors[path] = doc
                    func side(_ v: Double) -> Int { v.isFinite ? Int(min(v, 1e6).rounded(.up)) : 0 }
                    return Source(path: path, width: side(doc.width), height: side(doc.height), isVector: true)
                }
                let header: ImageHeader
                do { header = try Surface.readImageHeader(head) } catch ImageDecodeError.truncated {
                    guard let all = Syscall.readFile(path, limit: maxFileBytes) else { throw ImageFileError.unreadable(path: path) }
                    header = try Surface.readImageHeader(all)
                }
                return Source(path: path, width: header.width, height: header.height,
                              animated: Surface.isAnimatedWebP(head))
            } catch {
                Diagnostics.warn("Image(\"\(name)\"): \(path) is not a readable PNG, JPEG, WebP or SVG (\(error))")
            }
        }
        Diagnostics.warn("Image(\"\(name)\"): no image found (looked for \(candidates.joined(separator: ", ")))")
        return nil
    }
}
