// AsyncImage against a loopback HTTP server each test starts (LoopbackHTTPServer), and files:
// the phases and what they draw (pixels), 404, the disk cache standing in when the server is
// gone, ETag revalidation (304), a server that never answers (timeout), a huge Content-Length,
// a redirect loop, corrupt data, the default grey placeholder, the scale, and the transaction's
// animation of the phase change. Tests are not main-actor isolated: HeadlessHost then drains the
// main queue (where AsyncImage's results arrive) at every frame.
import Testing
@testable import Kiosk
import Raster
#if canImport(Glibc)
import Glibc
#endif

/// A PNG of `width`×`height` pixels of one colour.
private func solidPNG(_ r: UInt8, _ g: UInt8, _ b: UInt8, width: Int = 8, height: Int = 8) -> [UInt8] {
    let s = try! Surface(width: width, height: height)
    s.clear(Pixel.premultiply(RGBA8(r: r, g: g, b: b, a: 255)))
    return try! s.pngData()
}
private let redPNG = solidPNG(255, 0, 0)
private let bluePNG = solidPNG(0, 0, 255)

/// A fresh folder under /tmp (the disk cache of one test), removed by `removeFolder`.
private func tempFolder() -> String {
    let dir = "/tmp/kiosk-asyncimage-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    mkdir(dir, 0o700)
    return dir
}
private func removeFolder(_ dir: String) {
    if let d = opendir(dir) {
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { unlink(dir + "/" + name) }
        }
        closedir(d)
    }
    rmdir(dir)
}
private func writeFile(_ path: String, _ bytes: [UInt8]) {
    let f = fopen(path, "wb")
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
    fclose(f)
}

/// What the content closure saw last (written on the main queue, read by the test).
private final class Seen: @unchecked Sendable {
    private let lock = Locked<(phase: String, error: AsyncImageError?)>(("none", nil))
    var phase: String { lock.withLock { $0.phase } }
    var error: AsyncImageError? { lock.withLock { $0.error } }
    func record(_ p: AsyncImagePhase) {
        lock.withLock {
            switch p {
            case .empty: $0 = ("empty", nil)
            case .success: $0 = ("success", nil)
            case .failure(let e): $0 = ("failure", e as? AsyncImageError)
            }
        }
    }
}

/// 40×40: the image stretched over it on success, blue on failure, green while empty.
private func phaseView(_ url: URL?, _ seen: Seen, options: AsyncImageOptions, transaction: Transaction = Transaction()) -> some View {
    AsyncImage(url: url, transaction: transaction) { phase in
        let _ = seen.record(phase)
        if let image = phase.image {
            image.resizable()
        } else if phase.error != nil {
            Color(red: 0, green: 0, blue: 1)
        } else {
            Color(red: 0, green: 1, blue: 0)
        }
    }
    .frame(width: 40, height: 40)
    .asyncImageOptions(options)
}

private func options(cache: String?, timeout: Double = 5) -> AsyncImageOptions {
    AsyncImageOptions(connectTimeout: timeout, timeout: timeout, cacheDirectory: cache)
}

/// Advances the host a frame at a time (with real time passing for the loader's threads) until
/// `done` or `seconds` of real time.
private func wait(_ host: HeadlessHost, seconds: Double = 10, until done: () -> Bool) -> Bool {
    let start = Syscall.monotonicNow()
    while Syscall.monotonicNow() - start < seconds {
        host.advance(by: HeadlessHost.frameInterval)
        if done() { return true }
        usleep(2000)
    }
    return false
}

private func center(_ host: HeadlessHost) -> [UInt8] { rgba(host.snapshot(), 20, 20) }

/// A server on 127.0.0.1 answering every request with `response`, a 40×40 `phaseView` of
/// `path` on it (kept in `cache`), after its phase became `phase` and a 0.1-s frame; the
/// caller stops the server.
private func served(_ response: LoopbackHTTPServer.Response, path: String, cache: String?, until phase: String) throws
    -> (server: LoopbackHTTPServer, seen: Seen, url: URL, host: HeadlessHost) {
    let server = try LoopbackHTTPServer { _ in response }
    let seen = Seen()
    let url = server.url(path)
    let host = HeadlessHost(width: 40, height: 40) { phaseView(url, seen, options: options(cache: cache)) }
    #expect(wait(host) { seen.phase == phase })
    host.advance(by: 0.1)
    return (server, seen, url, host)
}
private let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255], green: [UInt8] = [0, 255, 0, 255]

@Suite struct AsyncImageTests {
    @Test(.enabled(if: AsyncImageLoader.supportsHTTP)) func httpPhasesGoFromEmptyToSuccessAndDrawTheImage() throws {
        let server = try LoopbackHTTPServer { _ in .reply(status: 200, headers: [("Content-Type", "image/png")], body: redPNG) }
        defer { server.stop() }
        let cache = tempFolder(); defer { removeFolder(cache) }
        let seen = Seen()
        let host = HeadlessHost(width: 40, height: 40) { phaseView(server.url("/red.png"), seen, options: options(cache: cache)) }
        #expect(seen.phase == "empty")
        #expect(center(host) == green)
        #expect(wait(host) { seen.phase == "success" })
        host.advance(by: 0.1)
        #expect(center(host) == red)
        #expect(rgba(host.snapshot(), 3, 3) == red && rgba(host.snapshot(), 36, 36) == red, "\(rgba(host.snapshot(), 0, 0))")
        #expect(server.requests.count == 1)
        #expect(server.requests.first?.path == "/red.png")
    }

    @Test(.enabled(if: AsyncImageLoader.supportsHTTP)) func anUnwritableCacheFolderStillShowsTheImage() throws {
        let (server, _, _, host) = try served(.reply(status: 200, headers: [], body: redPNG), path: "/r.png",
                                              cache: "/proc/kiosk-no-such/cache", until: "success")
        defer { server.stop() }
        #expect(center(host) == red)
    }

    @Test(.enabled(if: AsyncImageLoader.supportsHTTP)) func notFoundIsAFailureWithTheStatus() throws {
        let cache = tempFolder(); defer { removeFolder(cache) }
        let (server, seen, url, host) = try served(.reply(status: 404, headers: [], body: Array("no such image".utf8)),
                                                   path: "/missing.png", cache: cache, until: "failure")
        defer { server.stop() }
        #expect(seen.error == .httpStatus(404, url: url.absoluteString))
        #expect(center(host) == blue)
        #expect("\(seen.error!)".contains("HTTP 404"))
    }

    @Test(.enabled(if: AsyncImageLoader.supportsHTTP)) func theCachedImageShowsWhenTheServerIsGone() throws {
        let server = try LoopbackHTTPServer { _ in .reply(status: 200, headers: [], body: redPNG) }
        let cache = tempFolder(); defer { removeFolder(cache) }
        let url = server.url("/menu.png")
        let first = Seen()
        let host = HeadlessHost(width: 40, height: 40) { phaseView(url, first, options: options(cache: cache)) }
        #expect(wait(host) { first.phase == "success" })
        server.stop()
        // A new screen (a restart) with the server stopped: connection refused, the copy shows.
        let second = Seen()
        let offline = HeadlessHost(width: 40, height: 40) { phaseView(url, second, options: options(cache: cache)) }
        #expect(wait(offline) { second.phase != "empty" })
        offline.advance(by: 0.1)
        #expect(second.phase == "success")
        #expect(center(offline) == red)
        // Without the cache folder the same load fails with the network's error.
        let third = Seen()
        let uncached = HeadlessHost(width: 40, height: 40) { phaseView(url, third, options: options(cache: nil)) }
        #expect(wait(uncached) { third.phase != "empty" })
        uncached.advance(by: 0.1)
        guard case .network? = third.error else { Issue.record("expected a network error, got \(String(describing: third.error))"); return }
        #expect(center(uncached) == blue)
    }

    @Test(.enabled(if: AsyncImageLoader.supportsHTTP)) func anETagRevalidationGets304AndKeepsTheImage() throws {
        let served = Locked(0)
        let server = try LoopbackHTTPServer { request in
            if request.headers["if-none-match"] == "\"v1\"" { return .reply(status: 304, headers: [("ETag", "\"v1\"")], body: []) }
            served.withLock { $0 += 1 }
            return .reply(status: 200, headers: [("ETag", "\"v1\""), ("Last-Modified", "Sat, 05 Dec 2026 10:00:00 GMT")], body: redPNG)
        }
        defer { server.stop() }
        let cache = tempFolder(); defer { removeFolder(cache) }
        let url = server.url("/etag.png")
        let first = Seen()
        let host1 = HeadlessHost(width: 40, height: 40) { phaseView(url, first, options: options(cache: cache)) }
        #expect(wait(host1) { first.phase == "success" })
        let second = Seen()
        let host2 = HeadlessHost(width: 40, height: 40) { phaseView(url, second, options: options(cache: cache)) }
        #expect(wait(host2) { second.phase == "success" })
        host2.advance(by: 0.1)
        #expect(center(host2) == red)
        let requests = server.requests
        #expect(requests.count == 2)
        #expect(requests.first?.headers["if-none-match"] == nil)
        #expect(requests.last?.headers["if-none-match"] == "\"v1\"")
        #expect(requests.last?.headers["if-modified-since"] == "Sat, 05 Dec 2026 10:00:00 GMT")
        #expect(served.withLock { $0 } == 1)   // the second answer was the 304
    }

    @Test(.enabled(if: AsyncImageLoader.supportsHTTP)) func aChangedImageReplacesTheCachedOne() throws {
        let version = Locked(1)
        let server = try LoopbackHTTPServer { request in
            let v = version.withLock { $0 }
            if request.headers["if-none-match"] == "\"v\(v)\"" { return .reply(status: 304, headers: [], body: []) }
            return .reply(status: 200, headers: [("ETag", "\"v\(v)\"")], body: v == 1 ? redPNG : bluePNG)
        }
        let cache = tempFolder(); defer { removeFolder(cache) }
        let url = server.url("/changing.png")
        let a = Seen()
        let hostA = HeadlessHost(width: 40, height: 40) { phaseView(url, a, options: options(cache: cache)) }
        #expect(wait(hostA) { a.phase == "success" })
        version.withLock { $0 = 2 }
        let b = Seen()
        let hostB = HeadlessHost(width: 40, height: 40) { phaseView(url, b, options: options(cache: cache)) }
        #expect(wait(hostB) { b.phase == "success" })
        hostB.advance(by: 0.1)
        #expect(center(hostB) == blue)
        // Offline now: the newer copy is the one kept.
        server.stop()
        let c = Seen()
        let hostC = HeadlessHost(width: 40, height: 40) { phaseView(url, c, options: options(cache: cache)) }
        #expect(wait(hostC) { c.phase != "empty" })
        hostC.advance(by: 0.1)
        #expect(center(hostC) == blue)
    }

    @Test(.enabled(if: AsyncImageLoader.supportsHTTP)) func aServerThatNeverAnswersTimesOutAndThePlaceholderStays() throws {
        let server = try LoopbackHTTPServer { _ in .hang }
        defer { server.stop() }
        let seen = Seen()
        let url = server.url("/slow.png")
        let start = Syscall.monotonicNow()
        let host = HeadlessHost(width: 40, height: 40) {
            AsyncImage(url: url) { phase in
                let _ = seen.record(phase)
                if let image = phase.image { image.resizable() } else { Color(red: 0, green: 1, blue: 0) }
            }
            .frame(width: 40, height: 40)
            .asyncImageOptions(options(cache: nil, timeout: 0.5))
        }
        #expect(wait(host) { seen.phase == "failure" })
        let elapsed = Syscall.monotonicNow() - start
        host.advance(by: 0.1)
        guard case .timedOut(_, let seconds, _)? = seen.error else { Issue.record("expected a timeout, got \(String(describing: seen.error))"); return }
        #expect(seconds == 0.5)
        #expect(elapsed >= 0.45 && elapsed < 5, "timed out after \(elapsed) s")
        #expect(center(host) == green)   // the placeholder stays
        #expect("\(seen.error!)".contains("did not load within 0.5 s"))
    }

    @Test(.enabled(if: AsyncImageLoader.supportsHTTP)) func aHugeContentLengthIsRefusedBeforeTheBody() throws {
        // Claims 100 GB, sends 10 bytes and then holds the connection: only an early refusal ends it fast.
        let server = try LoopbackHTTPServer { _ in
            .raw(Array("HTTP/1.1 200 OK\r\nContent-Length: 100000000000\r\n\r\n0123456789".utf8))
        }
        defer { server.stop() }
        let seen = Seen()
        let url = server.url("/huge.png")
        let host = HeadlessHost(width: 40, height: 40) { phaseView(url, seen, options: options(cache: nil)) }
        #expect(wait(host) { seen.phase == "failure" })
        #expect(seen.error == .tooLarge(url: url.absoluteString, limit: 64 << 20))
    }

    @Test(.enabled(if: AsyncImageLoader.supportsHTTP)) func aBodyLargerThanTheLimitIsStoppedWhileStreaming() throws {
        // No Content-Length: the size shows only while the bytes come.
        let big = [UInt8](repeating: 7, count: 300_000)
        let server = try LoopbackHTTPServer { _ in .raw(Array("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".utf8) + big) }
        defer { server.stop() }
        let seen = Seen()
        let url = server.url("/stream.png")
        var o = options(cache: nil); o.maxBytes = 100_000
        let host = HeadlessHost(width: 40, height: 40) { phaseView(url, seen, options: o) }
        #expect(wait(host) { seen.phase == "failure" })
        #expect(seen.error == .tooLarge(url: url.absoluteString, limit: 100_000))
    }

    @Test(.enabled(if: AsyncImageLoader.supportsHTTP)) func aRedirectLoopEndsWithAnError() throws {
        let server = try LoopbackHTTPServer { request in
            .reply(status: 302, headers: [("Location", request.path == "/a" ? "/b" : "/a")], body: [])
        }
        defer { server.stop() }
        let seen = Seen()
        let url = server.url("/a")
        let host = HeadlessHost(width: 40, height: 40) { phaseView(url, seen, options: options(cache: nil)) }
        #expect(wait(host) { seen.phase == "failure" })
        #expect(seen.error == .tooManyRedirects(url: url.absoluteString, limit: 5))
        #expect(server.requests.count == 6)   // the first request and 5 redirects
        #expect("\(seen.error!)".contains("redirect loop"))
    }

    @Test(.enabled(if: AsyncImageLoader.supportsHTTP)) func aRedirectIsFollowed() throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/old" ? .reply(status: 301, headers: [("Location", "/new")], body: []) : .reply(status: 200, headers: [], body: redPNG)
        }
        defer { server.stop() }
        let seen = Seen()
        let host = HeadlessHost(width: 40, height: 40) { phaseView(server.url("/old"), seen, options: options(cache: nil)) }
        #expect(wait(host) { seen.phase == "success" })
        host.advance(by: 0.1)
        #expect(center(host) == red)
    }

    @Test(.enabled(if: AsyncImageLoader.supportsHTTP)) func corruptDataIsAFailure() throws {
        let cache = tempFolder(); defer { removeFolder(cache) }
        let (server, seen, url, host) = try served(.reply(status: 200, headers: [], body: Array("<html>not an image</html>".utf8)),
                                                   path: "/page.png", cache: cache, until: "failure")
        defer { server.stop() }
        guard case .undecodable(let u, let message)? = seen.error else { Issue.record("got \(String(describing: seen.error))"); return }
        #expect(u == url.absoluteString)
        #expect(message.contains("no PNG, JPEG, WebP or GIF signature"))
        #expect(center(host) == blue)
        // Nothing undecodable is kept.
        #expect(AsyncImageCache(directory: cache, limit: 1 << 30).read(url.absoluteString) == nil)
    }

    @Test func fileURLsAndPlainPathsLoad() throws {
        let dir = tempFolder(); defer { removeFolder(dir) }
        writeFile(dir + "/red.png", redPNG)
        for url in [URL(fileURLWithPath: dir + "/red.png"), URL(string: dir + "/red.png")!] {
            let seen = Seen()
            let host = HeadlessHost(width: 40, height: 40) { phaseView(url, seen, options: options(cache: nil)) }
            #expect(wait(host) { seen.phase == "success" }, "\(url)")
            host.advance(by: 0.1)
            #expect(center(host) == red)
        }
        let missing = Seen()
        let host = HeadlessHost(width: 40, height: 40) { phaseView(URL(fileURLWithPath: dir + "/none.png"), missing, options: options(cache: nil)) }
        #expect(wait(host) { missing.phase == "failure" })
        #expect(missing.error == .fileNotFound(path: dir + "/none.png"))
        let corrupt = Seen()
        writeFile(dir + "/bad.png", Array(redPNG.prefix(40)))
        let badHost = HeadlessHost(width: 40, height: 40) { phaseView(URL(fileURLWithPath: dir + "/bad.png"), corrupt, options: options(cache: nil)) }
        #expect(wait(badHost) { corrupt.phase == "failure" })
        guard case .undecodable? = corrupt.error else { Issue.record("got \(String(describing: corrupt.error))"); return }
    }

    /// The static build's (KIOSK_BUILD_CURL=0): http(s) fails at once, naming the reason; files
    /// still load (fileURLsAndPlainPathsLoad runs in both builds).
    @Test(.enabled(if: !AsyncImageLoader.supportsHTTP)) func withoutLibcurlHTTPIsRefusedWithTheReason() throws {
        let seen = Seen()
        let url = URL(string: "http://127.0.0.1:9/x.png")!
        let host = HeadlessHost(width: 40, height: 40) { phaseView(url, seen, options: options(cache: nil)) }
        #expect(wait(host) { seen.phase == "failure" })
        guard case .unsupportedScheme("http", let reason)? = seen.error else { Issue.record("got \(String(describing: seen.error))"); return }
        #expect(reason.contains("without libcurl") && reason.contains("KIOSK_BUILD_CURL=0"))
        host.advance(by: 0.1)
        #expect(center(host) == blue)
    }

    @Test func otherSchemesAreRefusedWithTheReason() throws {
        let seen = Seen()
        let host = HeadlessHost(width: 40, height: 40) { phaseView(URL(string: "ftp://example.com/x.png"), seen, options: options(cache: nil)) }
        #expect(wait(host) { seen.phase == "failure" })
        guard case .unsupportedScheme("ftp", let reason)? = seen.error else { Issue.record("got \(String(describing: seen.error))"); return }
        #expect(reason.contains("http"))
    }

    @Test func theDefaultFormShowsAGreyPlaceholderThenTheImageAtItsScale() throws {
        let dir = tempFolder(); defer { removeFolder(dir) }
        writeFile(dir + "/red.png", redPNG)   // 8×8 pixels
        let url = URL(fileURLWithPath: dir + "/red.png")
        let host = HeadlessHost(width: 40, height: 40) { AsyncImage(url: url, scale: 2) }
        // Before the load: Color(.secondarySystemFill) over the white screen, filling it.
        let grey = rgba(host.snapshot(), 2, 2)
        #expect(grey[0] > 220 && grey[0] < 245 && grey[0] == grey[1] && grey[2] >= grey[0], "\(grey)")
        #expect(rgba(host.snapshot(), 38, 38) == grey)
        #expect(wait(host) { rgba(host.snapshot(), 20, 20) == red })
        // 8 pixels at scale 2: 4 points, centred.
        #expect(rgba(host.snapshot(), 18, 18) == red && rgba(host.snapshot(), 21, 21) == red)
        #expect(rgba(host.snapshot(), 17, 20) != red && rgba(host.snapshot(), 22, 20) != red)
        // A nil URL keeps the placeholder.
        let none = HeadlessHost(width: 40, height: 40) { AsyncImage(url: nil) }
        none.advance(by: 0.2)
        #expect(rgba(none.snapshot(), 20, 20) == grey)
    }

    @Test(.enabled(if: AsyncImageLoader.supportsHTTP)) func contentAndPlaceholderForm() throws {
        let server = try LoopbackHTTPServer { _ in .reply(status: 200, headers: [], body: redPNG) }
        defer { server.stop() }
        let url = server.url("/x.png")
        let host = HeadlessHost(width: 40, height: 40) {
            AsyncImage(url: url) { image in image.resizable() } placeholder: { Color(red: 0, green: 1, blue: 0) }
                .frame(width: 40, height: 40)
                .asyncImageOptions(options(cache: nil))
        }
        #expect(center(host) == green)
        #expect(wait(host) { center(host) == red })
    }

    @Test func thePhaseChangeAnimatesWithTheTransaction() throws {
        let dir = tempFolder(); defer { removeFolder(dir) }
        writeFile(dir + "/red.png", redPNG)
        let seen = Seen()
        let host = HeadlessHost(width: 40, height: 40) {
            phaseView(URL(fileURLWithPath: dir + "/red.png"), seen, options: options(cache: nil),
                      transaction: Transaction(animation: .linear(duration: 1)))
        }
        #expect(wait(host) { seen.phase == "success" })
        // Mid-way through the 1-s cross-fade: neither the placeholder's green nor the image's red alone.
        host.advance(by: 0.5)
        let mid = center(host)
        #expect(mid != red && mid != green, "\(mid)")
        #expect(mid[0] > 40 && mid[1] > 40, "\(mid)")
        host.advance(by: 1)
        #expect(center(host) == red)
    }

    @Test(.enabled(if: AsyncImageLoader.supportsHTTP)) func aNewURLRestartsTheLoad() throws {
        let server = try LoopbackHTTPServer { request in .reply(status: 200, headers: [], body: request.path == "/red" ? redPNG : bluePNG) }
        defer { server.stop() }
        let model = URLModel(server.url("/red"))
        let seen = Seen()
        let host = HeadlessHost(width: 40, height: 40) { URLSwitcher(model: model, seen: seen) }
        #expect(wait(host) { center(host) == red })
        DispatchQueue.main.sync { model.url = server.url("/blue") }
        #expect(wait(host) { center(host) == blue })
        #expect(server.requests.map(\.path) == ["/red", "/blue"])
    }

    @Test(.enabled(if: AsyncImageLoader.supportsHTTP)) func removingTheViewAbortsItsTransfer() throws {
        let server = try LoopbackHTTPServer { _ in .hang }
        defer { server.stop() }
        let model = ShowModel()
        let seen = Seen()
        let url = server.url("/forever.png")
        let host = HeadlessHost(width: 40, height: 40) { Shower(model: model, url: url, seen: seen) }
        #expect(wait(host) { server.requests.count == 1 })
        #expect(server.closedConnections == 0)
        DispatchQueue.main.sync { model.shown = false }
        // The timeout is 30 s: only the cancellation ends the transfer this soon (curl's progress
        // callback runs at least once a second).
        let start = Syscall.monotonicNow()
        #expect(wait(host, seconds: 5) { server.closedConnections == 1 })
        #expect(Syscall.monotonicNow() - start < 5)
        #expect(seen.phase == "empty")   // the aborted load showed nothing
    }

    @Test func cacheFilesAreBoundedAndCheckTheirURL() throws {
        let dir = tempFolder(); defer { removeFolder(dir) }
        let cache = AsyncImageCache(directory: dir, limit: 3000)
        cache.store("http://a/1", bytes: [UInt8](repeating: 1, count: 1000), etag: "\"e\"", lastModified: nil)
        let entry = cache.read("http://a/1")
        #expect(entry?.bytes.count == 1000 && entry?.etag == "\"e\"" && entry?.lastModified == nil)
        #expect(cache.read("http://a/2") == nil)
        // An older file goes once the folder passes the limit.
        var old = utimbuf(actime: 1000, modtime: 1000)
        utime(cache.path(for: "http://a/1"), &old)
        cache.store("http://a/2", bytes: [UInt8](repeating: 2, count: 1000), etag: nil, lastModified: nil)
        cache.store("http://a/3", bytes: [UInt8](repeating: 3, count: 1000), etag: nil, lastModified: nil)
        #expect(cache.read("http://a/1") == nil)
        #expect(cache.read("http://a/2") != nil && cache.read("http://a/3") != nil)
    }
}

@Observable private final class URLModel: @unchecked Sendable {
    var url: URL
    init(_ url: URL) { self.url = url }
}

@Observable private final class ShowModel: @unchecked Sendable {
    var shown = true
}

private struct Shower: View {
    let model: ShowModel
    let url: URL
    let seen: Seen
    var body: some View {
        if model.shown {
            phaseView(url, seen, options: AsyncImageOptions(connectTimeout: 30, timeout: 30, cacheDirectory: nil))
        } else {
            Color.white
        }
    }
}

private struct URLSwitcher: View {
    let model: URLModel
    let seen: Seen
    var body: some View { phaseView(model.url, seen, options: options(cache: nil)) }
}
