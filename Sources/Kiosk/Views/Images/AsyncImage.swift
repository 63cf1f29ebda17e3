// AsyncImage: SwiftUI's image loaded from a URL — `file://` URLs and plain paths, and http(s)
// through libcurl (CCurl; absent from the static build, KIOSK_BUILD_CURL=0). The loading runs on
// `.task(id: url)`, attached to a ZStack around the phase's content: a modifier on an if/else
// (the content's `if let image … else …`) would be restarted by this engine at every branch switch.
// Fetching and decoding happen off the main thread (AsyncImageLoader.swift); the result comes
// back on the main queue and is written to the phase inside the given transaction, so the switch
// from placeholder to image animates as SwiftUI's does. The last good image of each http(s) URL
// is kept on disk (AsyncImageCache.swift), revalidated with ETag/Last-Modified, and shown when
// the network fails: a signage screen keeps its last content offline.

/// A view that loads and shows an image from a URL (a file path, `file://`, `http://`, `https://`).
///
/// ```swift
/// AsyncImage(url: URL(string: "https://example.com/menu.png"))
///
/// AsyncImage(url: url) { image in
///     image.resizable().scaledToFit()
/// } placeholder: {
///     ProgressView()
/// }
///
/// AsyncImage(url: url, transaction: Transaction(animation: .easeIn)) { phase in
///     if let image = phase.image { image.resizable() }
///     else if phase.error != nil { Color.red }
///     else { ProgressView() }
/// }
/// ```
/// Until the image loads (and when it fails) the one-argument form shows a grey placeholder
/// (`Color(.secondarySystemFill)`) filling the space offered. Timeouts, the size limit, the
/// redirect limit and the cache folder are ``AsyncImageOptions`` (`.asyncImageOptions(_:)`).
public struct AsyncImage<Content: View>: View {
    let url: URL?
    let scale: CGFloat
    let transaction: Transaction
    /// nil: the one-argument form (the image at its size, else the grey placeholder).
    let content: ((AsyncImagePhase) -> Content)?
    @State private var phase: AsyncImagePhase = .empty
    @Environment(\.asyncImageOptions) private var options

    /// The image at `url` at its own size (pixels ÷ `scale` points), a grey placeholder until then.
    public init(url: URL?, scale: CGFloat = 1) where Content == Image {
        self.url = url; self.scale = scale; transaction = Transaction(); content = nil
    }

    /// The image passed to `content` once loaded; `placeholder` until then and when loading fails.
    public init<I: View, P: View>(url: URL?, scale: CGFloat = 1, @ViewBuilder content: @escaping (Image) -> I,
                                  @ViewBuilder placeholder: @escaping () -> P) where Content == _ConditionalContent<I, P> {
        self.url = url; self.scale = scale; transaction = Transaction()
        self.content = { phase in
            if let image = phase.image { return ViewBuilder.buildEither(first: content(image)) }
            return ViewBuilder.buildEither(second: placeholder())
        }
    }

    /// `content` for each phase of the load: `.empty`, `.success(image)`, `.failure(error)`. Phase
    /// changes happen inside `transaction` (give it an animation to fade the image in).
    public init(url: URL?, scale: CGFloat = 1, transaction: Transaction = Transaction(),
                @ViewBuilder content: @escaping (AsyncImagePhase) -> Content) {
        self.url = url; self.scale = scale; self.transaction = transaction; self.content = content
    }

    public var body: some View {
        // The task sits on the ZStack, which stays while the phase's branch changes inside it.
        ZStack {
            if let content {
                content(phase)
            } else if let image = phase.image {
                image
            } else {
                Color(.secondarySystemFill)
            }
        }
        .task(id: AsyncImageTaskID(url: url, scale: scale)) { await load() }
    }

    @MainActor private func load() async {
        let transaction = self.transaction
        func show(_ new: AsyncImagePhase) { withTransaction(transaction) { phase = new } }
        if !phase.isEmpty { show(.empty) }
        guard let url else { return }
        let token = AsyncImageLoad()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                AsyncImageLoader.shared.load(url, scale: scale, options: options, token: token) { result in
                    // On the main queue (DispatchQueue.main.async): a load replaced or removed
                    // meanwhile shows nothing.
                    if !token.isCancelled {
                        switch result {
                        case .success(let decoded): show(.success(Image(decoded: decoded)))
                        case .failure(let error): show(.failure(error))
                        }
                    }
                    done.resume()
                }
            }
        } onCancel: {
            token.cancel()
        }
    }
}

/// What restarts the load: the URL or the scale changing.
struct AsyncImageTaskID: Equatable { let url: URL?; let scale: CGFloat }

/// Where an ``AsyncImage`` load stands.
public enum AsyncImagePhase {
    /// Not loaded yet (or no URL).
    case empty
    /// Loaded: the image at its pixel size ÷ the scale.
    case success(Image)
    /// Could not load; the error is an ``AsyncImageError``.
    case failure(Error)

    /// The image, once loaded.
    public var image: Image? { if case .success(let i) = self { return i } else { return nil } }
    /// The error, when loading failed.
    public var error: Error? { if case .failure(let e) = self { return e } else { return nil } }
    var isEmpty: Bool { if case .empty = self { return true } else { return false } }
}

/// Why an ``AsyncImage`` could not load its image (`phase.error`).
public enum AsyncImageError: Error, Equatable, CustomStringConvertible {
    /// The URL's scheme is not one AsyncImage loads here; `reason` says what is.
    case unsupportedScheme(String, reason: String)
    /// No file at the path (file URLs and plain paths).
    case fileNotFound(path: String)
    /// The file exists but cannot be read (a folder, no permission); `message` says why.
    case unreadable(path: String, message: String)
    /// The server answered with an HTTP status other than 200 (or 304 for a cached image).
    case httpStatus(Int, url: String)
    /// No complete answer within the timeout (`AsyncImageOptions.timeout`/`connectTimeout`).
    case timedOut(url: String, seconds: Double, message: String)
    /// The image is larger than `AsyncImageOptions.maxBytes`: refused from Content-Length or the file
    /// size before reading, or stopped while streaming.
    case tooLarge(url: String, limit: Int)
    /// More redirects than `AsyncImageOptions.maxRedirects` (a redirect loop ends here).
    case tooManyRedirects(url: String, limit: Int)
    /// The connection failed (no route, refused, DNS, TLS); `message` is libcurl's.
    case network(url: String, message: String)
    /// The data is not a PNG, JPEG or WebP kiosk can decode; `message` is the decoder's.
    case undecodable(url: String, message: String)

    public var description: String {
        switch self {
        case let .unsupportedScheme(s, reason): return "AsyncImage: \"\(s):\" URLs cannot be loaded: \(reason)"
        case let .fileNotFound(p): return "AsyncImage: no file at \(p)"
        case let .unreadable(p, m): return "AsyncImage: \(p) cannot be read (\(m))"
        case let .httpStatus(code, u): return "AsyncImage: \(u) answered HTTP \(code)"
        case let .timedOut(u, s, m): return "AsyncImage: \(u) did not load within \(AsyncImageError.seconds(s)) s (\(m))"
        case let .tooLarge(u, limit): return "AsyncImage: \(u) is larger than the \(limit) byte limit (AsyncImageOptions.maxBytes)"
        case let .tooManyRedirects(u, limit): return "AsyncImage: \(u) redirects more than \(limit) times (a redirect loop?)"
        case let .network(u, m): return "AsyncImage: \(u) could not be fetched: \(m)"
        case let .undecodable(u, m): return "AsyncImage: \(u) is not an image kiosk decodes: \(m)"
        }
    }

    static func seconds(_ s: Double) -> String {
        s == s.rounded() ? String(Int(s)) : String(s)
    }
}

/// Limits and the cache folder of ``AsyncImage`` loads (`.asyncImageOptions(_:)`; kiosk's own,
/// SwiftUI has URLSession's configuration instead).
public struct AsyncImageOptions: Equatable, Sendable {
    /// Seconds to establish a connection.
    public var connectTimeout: Double = 10
    /// Seconds for the whole transfer, redirects included.
    public var timeout: Double = 30
    /// The largest image accepted, in bytes (files and downloads).
    public var maxBytes: Int = 64 << 20
    /// Redirects followed before giving up with `tooManyRedirects`.
    public var maxRedirects: Int = 5
    /// The folder of the last good image of each http(s) URL (nil: no disk cache). By default
    /// `async-images` in `$CACHE_DIRECTORY`, else `$STATE_DIRECTORY` (systemd's CacheDirectory=,
    /// StateDirectory=), else `$XDG_CACHE_HOME/kiosk` or `~/.cache/kiosk`.
    public var cacheDirectory: String? = AsyncImageOptions.defaultCacheDirectory
    /// Bytes the disk cache may hold; the least recently used images are removed past it.
    public var cacheLimit: Int = 256 << 20

    public init() {}
    public init(connectTimeout: Double = 10, timeout: Double = 30, maxBytes: Int = 64 << 20, maxRedirects: Int = 5,
                cacheDirectory: String? = AsyncImageOptions.defaultCacheDirectory, cacheLimit: Int = 256 << 20) {
        self.connectTimeout = connectTimeout; self.timeout = timeout; self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects; self.cacheDirectory = cacheDirectory; self.cacheLimit = cacheLimit
    }

    /// The default ``cacheDirectory`` (read from the environment once).
    public static let defaultCacheDirectory: String? = {
        func env(_ name: String) -> String? {
            getenv(name).map { String(cString: $0) }.flatMap { $0.split(separator: ":").first.map(String.init) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        if let d = env("CACHE_DIRECTORY") ?? env("STATE_DIRECTORY") { return d + "/async-images" }
        if let d = env("XDG_CACHE_HOME") { return d + "/kiosk/async-images" }
        if let h = env("HOME") { return h + "/.cache/kiosk/async-images" }
        return nil
    }()
}

struct AsyncImageOptionsKey: EnvironmentKey { static let defaultValue = AsyncImageOptions() }

extension EnvironmentValues {
    /// The limits and cache folder of AsyncImage loads in this view.
    public var asyncImageOptions: AsyncImageOptions {
        get { self[AsyncImageOptionsKey.self] } set { self[AsyncImageOptionsKey.self] = newValue }
    }
}

extension View {
    /// Sets the timeouts, size limit, redirect limit and cache folder of the AsyncImages inside.
    ///
    /// ```swift
    /// AsyncImage(url: menuURL).asyncImageOptions(AsyncImageOptions(timeout: 10, maxBytes: 8 << 20))
    /// ```
    public func asyncImageOptions(_ options: AsyncImageOptions) -> some View { environment(\.asyncImageOptions, options) }
}
