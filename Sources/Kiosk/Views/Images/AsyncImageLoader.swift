// AsyncImageLoader: AsyncImage's work off the main thread.
//
// Fetching (a file read, or an http(s) transfer that blocks in libcurl for up to its timeout)
// runs on at most `maxFetches` private serial queues, taking loads from one FIFO; decoding runs
// on one private serial queue. Private queues, not DispatchQueue.global(): the global pool has as
// many threads as cores (2 here), so a few blocking transfers — or the test suite's parallel
// tests — would starve everything else that uses it; a private serial queue gets a thread of its
// own when it needs one. The result is handed back with DispatchQueue.main.async, which both the
// frame loop (dispatchMain) and HeadlessHost (advance/settle) drain; a continuation of the main
// actor is resumed only from there, never from these threads.
//
// http(s): the disk cache's copy of the URL (if any) gives If-None-Match / If-Modified-Since;
// 304 → the cached bytes are decoded. When the transfer fails for the network's sake (no
// connection, timeout, a 5xx answer), the cached copy is shown instead, so a signage screen
// keeps its last content offline; a 4xx answer, an oversized or undecodable image is a failure.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Raster

/// The cancellation flag of one load: set from the task's cancellation handler, read by the
/// transfer's progress callback (which aborts it) and on the main queue before showing.
final class AsyncImageLoad: @unchecked Sendable {
    private let flag = Locked(false)
    var isCancelled: Bool { flag.withLock { $0 } }
    func cancel() { flag.withLock { $0 = true } }
}

/// What a transfer brought: the bytes and the validators to store with them, or "not modified".
struct HTTPResult {
    enum Body { case modified([UInt8]), notModified }
    var body: Body
    var etag: String?
    var lastModified: String?
}

final class AsyncImageLoader: @unchecked Sendable {
    static let shared = AsyncImageLoader()

    /// Whether http(s) URLs load: false in a build without libcurl (KIOSK_BUILD_CURL=0).
    #if canImport(CCurl)
    static let supportsHTTP = true
    #else
    static let supportsHTTP = false
    #endif

    /// Transfers running at once; more wait in the FIFO.
    static let maxFetches = 4

    private struct Job {
        let url: URL, scale: CGFloat, options: AsyncImageOptions, token: AsyncImageLoad
        let completion: (Result<DecodedImage, AsyncImageError>) -> Void
    }
    private struct Queue { var jobs: [Job] = []; var workers = 0 }
    private let queue = Locked(Queue())
    private let decodeQueue = DispatchQueue(label: "kiosk.asyncimage.decode")

    /// Loads `url`; `completion` runs on the main queue (also when `token` was cancelled meanwhile).
    func load(_ url: URL, scale: CGFloat, options: AsyncImageOptions, token: AsyncImageLoad,
              completion: @escaping (Result<DecodedImage, AsyncImageError>) -> Void) {
        let job = Job(url: url, scale: scale, options: options, token: token, completion: completion)
        let startWorker: Bool = queue.withLock { q in
            q.jobs.append(job)
            guard q.workers < Self.maxFetches else { return false }
            q.workers += 1
            return true
        }
        if startWorker {
            DispatchQueue(label: "kiosk.asyncimage.fetch").async { [self] in
                while let next = queue.withLock({ q -> Job? in
                    if q.jobs.isEmpty { q.workers -= 1; return nil }
                    return q.jobs.removeFirst()
                }) { run(next) }
            }
        }
    }

    private func finish(_ job: Job, _ result: Result<DecodedImage, AsyncImageError>) {
        DispatchQueue.main.async { job.completion(result) }
    }

    /// Decodes `bytes` on the decode queue; on failure, `fallback` (the cached copy) if given.
    private func decode(_ job: Job, _ bytes: [UInt8], name: String, then store: (() -> Void)? = nil,
                        fallback: (() -> Result<DecodedImage, AsyncImageError>?)? = nil) {
        decodeQueue.async { [self] in
            if job.token.isCancelled { finish(job, .failure(.network(url: name, message: "cancelled"))); return }
            do {
                // Through the shared image cache: the same picture loaded twice is one surface,
                // and it counts against the `image-cache` budget while kept there.
                let box = try ImageCache.shared.image(decodedFrom: bytes) { try Surface.decodeImage(bytes) }
                store?()
                finish(job, .success(DecodedImage(box: box, scale: job.scale)))
            } catch {
                finish(job, fallback?() ?? .failure(.undecodable(url: name, message: "\(error)")))
            }
        }
    }

    private func run(_ job: Job) {
        if job.token.isCancelled { finish(job, .failure(.network(url: job.url.absoluteString, message: "cancelled"))); return }
        let scheme = job.url.scheme?.lowercased()
        switch scheme {
        case nil, "file": loadFile(job)
        case "http", "https": loadHTTP(job)
        default:
            finish(job, .failure(.unsupportedScheme(job.url.scheme ?? "", reason: "AsyncImage loads file paths, file:, http: and https: URLs")))
        }
    }

    private func loadFile(_ job: Job) {
        let path = job.url.path
        guard !path.isEmpty else { finish(job, .failure(.fileNotFound(path: job.url.absoluteString))); return }
        var st = stat()
        guard stat(path, &st) == 0 else {
            finish(job, .failure(errno == ENOENT || errno == ENOTDIR ? .fileNotFound(path: path)
                                                                       : .unreadable(path: path, message: String(cString: strerror(errno)))))
            return
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else { finish(job, .failure(.unreadable(path: path, message: "not a regular file"))); return }
        guard Int(st.st_size) <= job.options.maxBytes else { finish(job, .failure(.tooLarge(url: path, limit: job.options.maxBytes))); return }
        guard let bytes = Syscall.readFile(path, limit: job.options.maxBytes + 1) else {
            finish(job, .failure(.unreadable(path: path, message: String(cString: strerror(errno)))))
            return
        }
        // The file grew past the limit between stat and read.
        guard bytes.count <= job.options.maxBytes else { finish(job, .failure(.tooLarge(url: path, limit: job.options.maxBytes))); return }
        decode(job, bytes, name: path)
    }

    private func loadHTTP(_ job: Job) {
        let name = job.url.absoluteString
        #if canImport(CCurl)
        let cache = job.options.cacheDirectory.map { AsyncImageCache(directory: $0, limit: job.options.cacheLimit) }
        let cached = cache?.read(name)
        let result = HTTPClient.fetch(name, etag: cached?.etag, lastModified: cached?.lastModified,
                                      options: job.options, token: job.token)
        // The cached copy, decoded (nil when there is none or it no longer decodes).
        func cachedImage() -> Result<DecodedImage, AsyncImageError>? {
            guard let cached, let box = try? ImageCache.shared.image(decodedFrom: cached.bytes, decode: { try Surface.decodeImage(cached.bytes) }) else { return nil }
            cache?.touch(name)
            return .success(DecodedImage(box: box, scale: job.scale))
        }
        switch result {
        case .success(let response):
            switch response.body {
            case .modified(let bytes):
                decode(job, bytes, name: name, then: {
                    cache?.store(name, bytes: bytes, etag: response.etag, lastModified: response.lastModified)
                })
            case .notModified:
                if let cached {
                    cache?.touch(name)
                    decode(job, cached.bytes, name: name)
                } else {
                    finish(job, .failure(.httpStatus(304, url: name)))
                }
            }
        case .failure(let error):
            if error.isTransient, cached != nil {
                decodeQueue.async { [self] in
                    if let image = cachedImage() {
                        Diagnostics.warn("\(error); showing the copy cached earlier")
                        finish(job, image)
                    } else {
                        finish(job, .failure(error))
                    }
                }
            } else {
                finish(job, .failure(error))
            }
        }
        #else
        finish(job, .failure(.unsupportedScheme(job.url.scheme ?? "http", reason:
            "this kiosk was built without libcurl (the static build, KIOSK_BUILD_CURL=0: Debian ships no static libcurl); only file paths and file: URLs load — build with `swift build` and libcurl4-openssl-dev for http(s)")))
        #endif
    }
}

extension AsyncImageError {
    /// Failures of the network rather than of the image: the cached copy stands in for them.
    var isTransient: Bool {
        switch self {
        case .timedOut, .network: return true
        case .httpStatus(let code, _): return code >= 500
        default: return false
        }
    }
}
