// ImageCache: `Image("name")` → a file → decoded pixels, for the whole process.
//
// Names resolve once: in the bundle given, the `images` directory setting, the working
// directory, then $KIOSK_ASSETS; as `name`, `name.png`, `name.jpg`, `name.jpeg`, `name.webp`,
// `name.gif`, `name.svg`, `name.pdf`. An SVG — or a PDF (an asset catalogue's vector image set; its first page, read
// into the same display list: Raster/PDF) — is parsed once when its name resolves (the parsed
// document is kept in `vectors`, its size is the intrinsic one) and rasterized per drawn pixel
// size into the same byte-bounded cache.
// Only the header is read then (the layout needs the image's size, not its pixels), so a
// 12-megapixel photo drawn in a 480×270 frame is never decoded at full size: drawing decodes it
// reduced (JPEG in the IDCT, WebP in libwebp's scaler: 1/2, 1/4, 1/8, never below the drawn
// size). Decoded surfaces sit in one cache bounded by bytes (the `image-cache` setting), keyed
// by the resolved path and the reduction, so every Image showing the same file at similar sizes
// shares one surface, whatever name reached it.
//
// Off the main thread: `Image` asks with `request`, which answers from the cache or starts the
// decode on a private serial queue (`kiosk.image.decode`: not the global pool, which has one
// thread per core and would starve behind blocking work) and answers `.pending`; the view draws
// nothing meanwhile (SwiftUI shows nothing either). When the pixels are ready they go into the
// cache and to the graph's `ImageArrivals`, which wakes the frame loop; the graph takes them at
// its next `needsFrame`, and the node draws them. The same file at the same reduction is decoded
// once however many views or threads ask (`inFlight`): later askers join the running decode.
// The lock is never held while decoding, so a frame's cache lookups never wait for a photo.
// `image(_:drawnAt:)`, `animation(_:)` and `vectorImage` stay synchronous (GraphicsContext's
// `resolve`, tests); SVG and PDF rasters are drawn on the caller's thread (icons: a fraction of a
// millisecond), as is the header read that gives the layout its size.
#if canImport(Glibc)
import Glibc
#endif
import Raster
import Dispatch

final class ImageCache: @unchecked Sendable {
    static let shared = ImageCache()

    /// A name resolved to a file: its path and display size (nil: not found or unreadable).
    struct Source: Hashable {
        let path: String
        let width: Int, height: Int
        /// An SVG or PDF: drawn by rasterizing at the drawn size (`vectorImage`), never decoded.
        var isVector = false
        /// An animated file (WebP, GIF): `animation(_:)` gives its frames.
        var animated = false
        /// Pixels per point: 2 or 3 for an asset catalogue's @2x/@3x file, else 1.
        var scale = 1
        /// The size in points (layout's intrinsic size).
        var pointSize: CGSize { CGSize(width: Double(width) / Double(scale), height: Double(height) / Double(scale)) }
    }
    struct NameKey: Hashable { let name: String; let bundle: ImageBundle? }
    /// A decoded bitmap (path, reduction), an animation's frames (`animated`, at that
    /// reduction), or an SVG rasterized at width×height pixels with `currentColor` packed in
    /// `tint` (reduction 0).
    struct DecodedKey: Hashable {
        let path: String; let reduction: Int; var width = 0, height = 0; var tint: UInt32 = 0; var animated = false
    }
    /// What the cache holds: one picture, or an animation's frames. Both count against the one
    /// byte budget.
    enum Decoded {
        case still(ImageBox), frames(AnimatedImage)
        var bytes: Int {
            switch self {
            case .still(let b): return b.surface.width * b.surface.height * 4
            case .frames(let a): return a.byteCount
            }
        }
        var still: ImageBox? { if case .still(let b) = self { return b } else { return nil } }
        var frames: AnimatedImage? { if case .frames(let a) = self { return a } else { return nil } }
    }
    /// What `request` found: the pixels, a decode under way (the waiter is told), or a file
    /// that does not decode.
    enum Readiness { case ready(Decoded), pending, failed }

    /// Default budget of decoded pixels: 64 MiB, eight 1080p photos.
    static let defaultBudget = 64 << 20
    /// Files larger than this are not read (no image kiosk shows needs more).
    static let maxFileBytes = 256 << 20

    /// One decode under way: who waits for it, and its result once `done` is left.
    private final class Flight: @unchecked Sendable {
        let done = DispatchGroup()
        var waiters: [ImageWaiter] = []   // under the cache's lock
        var result: Decoded?
        var warning: String?
        init() { done.enter() }
    }

    private struct State {
        var sources: [NameKey: Source?] = [:]
        /// Every decoded picture and animation, and every SVG raster: one byte budget.
        /// Strict: no entry is kept past the budget (the text caches' tier of a few large
        /// entries beside it would hold four 48 MB photos past a 64 MiB budget); a picture
        /// larger than the whole budget is drawn by the views showing it and not kept.
        var decoded = ByteBudgetCache<DecodedKey, Decoded>(budget: ImageCache.defaultBudget, strict: true)
        var inFlight: [DecodedKey: Flight] = [:]
        var failed: Set<String> = []
        var directory: String?
        /// Parsed SVG documents by path (a few KB each: paths and paints).
        var vectors: [String: SVGImage] = [:]
    }
    private let state = Locked(State())
    private let decodeQueue = DispatchQueue(label: "kiosk.image.decode")

    /// Sets the `images` directory and the decoded-image budget in bytes, forgetting what was
    /// resolved and decoded.
    func configure(directory: String?, budget: Int) {
        state.withLock {
            $0.directory = directory.flatMap { $0.isEmpty ? nil : $0 }
            $0.sources.removeAll()
            $0.failed.removeAll()
            $0.vectors.removeAll()
            AssetCatalog.forget()
            $0.decoded = ByteBudgetCache(budget: budget, strict: true)
        }
    }

    /// Bytes of decoded pixels held now (pictures, animations' frames and SVG rasters).
    var decodedBytes: Int { state.withLock { $0.decoded.totalBytes } }
    /// The byte budget (the `image-cache` setting).
    var budget: Int { state.withLock { $0.decoded.budget } }

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

    /// The full-size image for `name` (GraphicsContext's `resolve`), decoded on this thread.
    func image(named name: String, bundle: ImageBundle? = nil) -> ImageBox? {
        guard let source = source(named: name, bundle: bundle) else { return nil }
        return image(source, drawnAt: nil)
    }

    /// The key of `source` decoded for drawing at `size` pixels (nil: full size): reduced by
    /// the largest of 1/2, 1/4, 1/8 that keeps it at least that large.
    static func key(_ source: Source, drawnAt size: (width: Int, height: Int)?, animated: Bool = false) -> DecodedKey {
        DecodedKey(path: source.path, reduction: Surface.reductionFactor(width: source.width, height: source.height, target: size),
                   animated: animated)
    }

    /// `source` decoded for drawing at `size` pixels (nil: full size), on this thread (or
    /// joining the decode another thread runs).
    func image(_ source: Source, drawnAt size: (width: Int, height: Int)?) -> ImageBox? {
        if source.isVector { return vectorImage(source, pixels: size ?? (source.width, source.height), currentColor: nil) }
        return obtain(Self.key(source, drawnAt: size), source)?.still
    }

    /// Every frame of an animated `source` (reduced for drawing at `size`, as stills are),
    /// within the same byte budget as still images; nil after one warning when it does not decode.
    func animation(_ source: Source, drawnAt size: (width: Int, height: Int)? = nil) -> AnimatedImage? {
        obtain(Self.key(source, drawnAt: size, animated: true), source)?.frames
    }

    /// The pixels for `key` if decoded; otherwise the decode is started (or joined) off this
    /// thread and `waiter` hears when it ends (`ImageArrivals`).
    func request(_ key: DecodedKey, _ source: Source, waiter: ImageWaiter) -> Readiness {
        let (answer, start): (Readiness, Flight?) = state.withLock { s in
            if let d = s.decoded.lookup(key) { return (.ready(d), nil) }
            if s.failed.contains(key.path) { return (.failed, nil) }
            waiter.arrivals.willWait()
            if let f = s.inFlight[key] { f.waiters.append(waiter); return (.pending, nil) }
            let f = Flight()
            f.waiters.append(waiter)
            s.inFlight[key] = f
            return (.pending, f)
        }
        if let start { decodeQueue.async { [self] in run(start, key, source) } }
        return answer
    }

    /// The cached pixels for `key`, or the result of decoding them on this thread.
    private func obtain(_ key: DecodedKey, _ source: Source) -> Decoded? {
        enum Step { case have(Decoded?), join(Flight), run(Flight) }
        let step: Step = state.withLock { s in
            if let d = s.decoded.lookup(key) { return .have(d) }
            if s.failed.contains(key.path) { return .have(nil) }
            if let f = s.inFlight[key] { return .join(f) }
            let f = Flight()
            s.inFlight[key] = f
            return .run(f)
        }
        switch step {
        case .have(let d): return d
        case .join(let f): f.done.wait(); return f.result
        case .run(let f):
            run(f, key, source)
            if let w = f.warning { Diagnostics.warn(w) }
            return f.result
        }
    }

    /// Decodes `key` (no lock held), caches the result and tells the waiters.
    private func run(_ flight: Flight, _ key: DecodedKey, _ source: Source) {
        var result: Decoded?, warning: String?
        do { result = try Self.decode(key, source) } catch {
            warning = "Image: \(source.path) could not be decoded (\(error))"
        }
        let (waiters, evicted): ([ImageWaiter], Bool) = state.withLock { s in
            let evictions = s.decoded.evictions
            if let result { s.decoded.insert(key, result, cost: result.bytes) } else { s.failed.insert(key.path) }
            s.inFlight[key] = nil
            flight.result = result
            flight.warning = warning
            let w = flight.waiters
            flight.waiters = []
            return (w, s.decoded.evictions != evictions)
        }
        flight.done.leave()
        if evicted { Self.returnFreedMemory() }
        // The warning goes to the first waiter's graph (its host's warnings), once.
        for (i, w) in waiters.enumerated() {
            w.arrivals.deliver(ImageArrivals.Arrival(lookup: w.lookup, node: w.node, key: key, result: result,
                                                     warning: i == 0 ? warning : nil))
        }
    }

    /// Pixels decoded from bytes that came from elsewhere (AsyncImage's files and downloads),
    /// in the same byte budget, keyed by the bytes' FNV-1a hash and length: identical images
    /// (one URL shown twice, or one picture at two URLs) share one surface. Decoded on the
    /// caller's thread (AsyncImage's decode queue) when not cached.
    func image(decodedFrom bytes: [UInt8], decode: () throws -> Surface) throws -> ImageBox {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        let key = DecodedKey(path: "bytes:\(String(h, radix: 16)):\(bytes.count)", reduction: 1)
        if let box = state.withLock({ $0.decoded.lookup(key)?.still }) { return box }
        let box = ImageBox(try decode(), isStill: true)
        let (kept, evicted): (ImageBox, Bool) = state.withLock { s in
            if let existing = s.decoded.lookup(key)?.still { return (existing, false) }   // decoded meanwhile
            let evictions = s.decoded.evictions
            s.decoded.insert(key, .still(box), cost: box.surface.width * box.surface.height * 4)
            return (box, s.decoded.evictions != evictions)
        }
        if evicted { Self.returnFreedMemory() }
        return kept
    }

    /// Gives freed pages back to the system after the cache let pictures go. glibc keeps
    /// freed blocks for reuse, and after the first multi-megabyte block is freed it serves the
    /// next ones from its heap instead of mmap (its dynamic mmap threshold): 100 different 1080p
    /// photos through a 64 MiB budget left RSS 433 MB up although the cache held 63 MiB
    /// (ImageMemoryBenchmark); trimmed, 65 MB. On the decoding thread, never on a frame's.
    static func returnFreedMemory() {
        #if canImport(Glibc)
        _ = kioskMallocTrim(0)
        #endif
    }

    private static func decode(_ key: DecodedKey, _ source: Source) throws -> Decoded {
        guard let bytes = Syscall.readFile(source.path, limit: maxFileBytes) else {
            throw ImageFileError.unreadable(path: source.path)
        }
        if key.animated {
            if ImageFormat.sniff(bytes) == .gif {
                return .frames(AnimatedImage(try Surface.decodeGIFAnimation(bytes, reduction: key.reduction)))
            }
            return .frames(AnimatedImage(try Surface.decodeWebPAnimation(bytes, reduction: key.reduction)))
        }
        let r = key.reduction
        let fitting = r <= 1 ? nil : (width: (source.width + r - 1) / r, height: (source.height + r - 1) / r)
        return .still(ImageBox(try Surface.decodeImage(bytes, fitting: fitting), isStill: true))
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
            if let d = s.decoded.lookup(key) { return d.still }
            guard let doc = s.vectors[source.path], !s.failed.contains(source.path) else { return nil }
            do {
                let box = ImageBox(try doc.rasterize(width: w, height: h, currentColor: currentColor), isStill: true)
                s.decoded.insert(key, .still(box), cost: w * h * 4)
                return box
            } catch {
                s.failed.insert(source.path)
                Diagnostics.warn("Image: \(source.path) could not be drawn at \(w)×\(h) (\(error))")
                return nil
            }
        }
    }

    /// Image file extensions tried after the bare name, in order.
    static let extensions = ["", ".png", ".jpg", ".jpeg", ".webp", ".gif", ".svg", ".pdf"]

    private static func resolve(_ name: String, bundle: ImageBundle?, directory: String?, vectors: inout [String: SVGImage]) -> Source? {
        if name.hasPrefix("systemName:") {
            Diagnostics.warn("Image(systemName: \"\(name.dropFirst(11))\"): SF Symbols are not available; nothing is shown")
            return nil
        }
        let dirs = searchDirectories(bundle: bundle, directory: directory)
        let prefixes = dirs.map { $0.isEmpty || $0.hasSuffix("/") ? $0 : $0 + "/" }
        let candidates = prefixes.flatMap { dir in extensions.map { dir + name + $0 } }
        for path in candidates where isRegularFile(path) {
            if let found = readSource(path, name: name, vectors: &vectors) { return found }
        }
        // Then an image set of that name in an asset catalogue there (Assets.xcassets).
        if let set = AssetCatalog.imageSet(named: name, in: dirs) {
            guard let path = set.path else {
                Diagnostics.warn("Image(\"\(name)\"): its image set names no file for the light appearance")
                return nil
            }
            guard isRegularFile(path) else {
                Diagnostics.warn("Image(\"\(name)\"): its image set's file \(path) is missing")
                return nil
            }
            guard var found = readSource(path, name: name, vectors: &vectors) else { return nil }
            found.scale = found.isVector ? 1 : set.scale
            return found
        }
        Diagnostics.warn("Image(\"\(name)\"): no image found (looked for \(candidates.joined(separator: ", ")), and for an image set \"\(name)\" in *.xcassets there)")
        return nil
    }

    /// The folders a name is looked for in: the bundle's, the `images` setting, the working
    /// directory (""), then $KIOSK_ASSETS.
    static func searchDirectories(bundle: ImageBundle?, directory: String?) -> [String] {
        var dirs: [String] = bundle?.directories ?? []
        if let directory { dirs.append(directory) }
        dirs.append("")
        // getenv/access, not ProcessInfo/FileManager: those pull ≈ 4 MB of FoundationEssentials into
        // every static binary (measured with the linker map), for one lookup.
        if let env = getenv("KIOSK_ASSETS") { dirs.append(String(cString: env)) }
        return dirs
    }

    /// The folders `Color("name")` looks for colour sets in: as images, in the current package's bundle.
    static func colorDirectories(bundle: ImageBundle?) -> [String] {
        searchDirectories(bundle: bundle ?? .module, directory: shared.state.withLock { $0.directory })
    }

    private static func isRegularFile(_ path: String) -> Bool {
        guard access(path, R_OK) == 0 else { return false }
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
    }

    /// The image file at `path` as a source: its header read (an SVG or PDF parsed whole); nil after
    /// one warning when it is no image kiosk reads.
    private static func readSource(_ path: String, name: String, vectors: inout [String: SVGImage]) -> Source? {
        /// A vector's intrinsic size in whole pixels.
        func side(_ v: Double) -> Int { v.isFinite ? Int(min(v, 1e6).rounded(.up)) : 0 }
        do {
            // The header alone: the first 256 KiB hold it for ordinary files (EXIF and its
            // thumbnail included); a file with more before its pixels is read whole.
            guard let head = Syscall.readFile(path, limit: 256 << 10) else { throw ImageFileError.unreadable(path: path) }
            if ImageFormat.sniff(head) == nil && !SVGImage.sniff(head) && SVGImage.sniffPDF(head) {
                // PDF (an asset catalogue's vector image): its first page parsed whole now, into
                // the same display list as an SVG (PDFLimits.maxBytes at most).
                guard let all = Syscall.readFile(path, limit: PDFLimits.maxBytes + 1) else { throw ImageFileError.unreadable(path: path) }
                let doc: SVGImage
                do { doc = try SVGImage(pdf: all) } catch {
                    Diagnostics.warn("Image(\"\(name)\"): \(path) is a PDF kiosk cannot draw (\(error))")
                    return nil
                }
                if !doc.unsupported.isEmpty {
                    Diagnostics.warn("Image(\"\(name)\"): \(path) uses PDF features kiosk does not draw: \(doc.unsupported.keys.sorted().joined(separator: ", "))")
                }
                vectors[path] = doc
                return Source(path: path, width: side(doc.width), height: side(doc.height), isVector: true)
            }
            if ImageFormat.sniff(head) == nil && (path.hasSuffix(".svg") || SVGImage.sniff(head)) {
                // SVG: parsed whole now (icons are small; SVGLimits.maxBytes at most).
                guard let all = Syscall.readFile(path, limit: SVGLimits.maxBytes + 1) else { throw ImageFileError.unreadable(path: path) }
                let doc = try SVGImage(all)
                if !doc.unsupported.isEmpty {
                    Diagnostics.warn("Image(\"\(name)\"): \(path) uses SVG features kiosk does not draw: \(doc.unsupported.keys.sorted().joined(separator: ", "))")
                }
                vectors[path] = doc
                return Source(path: path, width: side(doc.width), height: side(doc.height), isVector: true)
            }
            let header: ImageHeader
            do { header = try Surface.readImageHeader(head) } catch ImageDecodeError.truncated {
                guard let all = Syscall.readFile(path, limit: maxFileBytes) else { throw ImageFileError.unreadable(path: path) }
                header = try Surface.readImageHeader(all)
            }
            // A GIF with several images animates (its blocks walked, past the head if need be).
            var animated = Surface.isAnimatedWebP(head)
            if header.format == .gif {
                animated = Surface.gifHasSeveralImages(head) ?? Syscall.readFile(path, limit: maxFileBytes).flatMap { Surface.gifHasSeveralImages($0) } ?? false
            }
            return Source(path: path, width: header.width, height: header.height, animated: animated)
        } catch {
            Diagnostics.warn("Image(\"\(name)\"): \(path) is not a readable PNG, JPEG, WebP, GIF, SVG or PDF (\(error))")
            return nil
        }
    }
}

/// Who waits for a decode: the graph's inbox, the node's lookup and the node (only touched on
/// the graph's thread: the decode thread just carries them).
struct ImageWaiter: @unchecked Sendable {
    let arrivals: ImageArrivals
    let lookup: ImageLookup
    let node: WeakNode
}

/// A graph's inbox of finished decodes. Filled from the decode queue; emptied by the graph
/// (`ViewGraph.collectImageArrivals`, at each `needsFrame`), which hands the pixels to the
/// nodes' lookups and re-evaluates them. An arrival wakes the frame loop (its wake handler);
/// HeadlessHost waits for every pending decode after a frame (`waitsForImages`), so tests see
/// the image on the frame that first asked for it.
final class ImageArrivals: @unchecked Sendable {
    struct Arrival {
        let lookup: ImageLookup
        let node: WeakNode
        let key: ImageCache.DecodedKey
        let result: ImageCache.Decoded?
        let warning: String?
    }
    private struct State { var arrived: [Arrival] = []; var pending = 0; var wake: (() -> Void)? }
    private let state = Locked(State())
    private let group = DispatchGroup()

    func setWake(_ wake: (() -> Void)?) { state.withLock { $0.wake = wake } }
    /// A decode will arrive for this graph.
    func willWait() { state.withLock { $0.pending += 1 }; group.enter() }
    func deliver(_ arrival: Arrival) {
        let wake = state.withLock { s -> (() -> Void)? in s.arrived.append(arrival); s.pending -= 1; return s.wake }
        group.leave()
        wake?()
    }
    /// Whether arrivals wait to be taken.
    var hasArrived: Bool { state.withLock { !$0.arrived.isEmpty } }
    /// Decodes asked for and not yet arrived.
    var pending: Int { state.withLock { $0.pending } }
    /// Arrivals since the last call.
    func take() -> [Arrival] {
        state.withLock { s in
            guard !s.arrived.isEmpty else { return [] }
            let list = s.arrived
            s.arrived.removeAll()
            return list
        }
    }
    /// Waits until every decode asked for has arrived (false: `timeout` seconds passed first).
    func waitForPending(timeout: Double) -> Bool {
        group.wait(timeout: .now() + timeout) == .success
    }
}

#if canImport(Glibc)
/// glibc's malloc_trim (not in Swift's Glibc module): releases free heap memory to the system.
@_silgen_name("malloc_trim") private func kioskMallocTrim(_ pad: Int) -> Int32
#endif
