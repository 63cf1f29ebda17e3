// HTTPClient: one blocking http(s) GET through libcurl's easy interface, for AsyncImageLoader's
// fetch queues. Absent when kiosk is built without CCurl (KIOSK_BUILD_CURL=0, the static build).
//
// Limits: connect and total timeouts (CURLOPT_CONNECTTIMEOUT_MS, CURLOPT_TIMEOUT_MS); the size
// limit refused from Content-Length before any body is read (CURLOPT_MAXFILESIZE_LARGE) and
// enforced while streaming (the write callback stops at the limit: a server that sends no
// length, or lies); at most `maxRedirects` redirects, http and https only (a redirect to
// file: or anything else is refused); a cancelled load aborts from the progress callback.
#if canImport(CCurl)
import CCurl

/// One transfer's state, passed to libcurl's callbacks.
private final class Transfer {
    var body: [UInt8] = []
    let limit: Int
    var exceeded = false
    let token: AsyncImageLoad
    init(limit: Int, token: AsyncImageLoad) { self.limit = limit; self.token = token }
}

enum HTTPClient {
    /// curl_global_init, once per process (not thread-safe itself, hence the lazy global).
    private static let initialised: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    /// GETs `url`, revalidating with `etag`/`lastModified` when given.
    static func fetch(_ url: String, etag: String?, lastModified: String?, options: AsyncImageOptions,
                      token: AsyncImageLoad) -> Result<HTTPResult, AsyncImageError> {
        guard initialised, let c = curl_easy_init() else { return .failure(.network(url: url, message: "libcurl could not be initialised")) }
        defer { curl_easy_cleanup(c) }
        let transfer = Transfer(limit: max(0, options.maxBytes), token: token)
        var headers: UnsafeMutablePointer<curl_slist>?
        if let etag { headers = curl_slist_append(headers, "If-None-Match: \(etag)") }
        if let lastModified { headers = curl_slist_append(headers, "If-Modified-Since: \(lastModified)") }
        defer { curl_slist_free_all(headers) }
        func milliseconds(_ s: Double) -> Int { s.isFinite && s > 0 ? max(1, Int(min(s, 1e6) * 1000)) : 1 }

        var errorText = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let code: CURLcode = errorText.withUnsafeMutableBufferPointer { errorBuffer in
            let user = Unmanaged.passUnretained(transfer).toOpaque()
            // Strings are copied by libcurl (since 7.17), so Swift's temporary C strings suffice.
            _ = kiosk_curl_set_string(c, CURLOPT_URL, url)
            _ = kiosk_curl_set_long(c, CURLOPT_NOSIGNAL, 1)
            _ = kiosk_curl_set_string(c, CURLOPT_PROTOCOLS_STR, "http,https")
            _ = kiosk_curl_set_string(c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
            _ = kiosk_curl_set_long(c, CURLOPT_FOLLOWLOCATION, 1)
            _ = kiosk_curl_set_long(c, CURLOPT_MAXREDIRS, max(0, options.maxRedirects))
            _ = kiosk_curl_set_long(c, CURLOPT_CONNECTTIMEOUT_MS, milliseconds(options.connectTimeout))
            _ = kiosk_curl_set_long(c, CURLOPT_TIMEOUT_MS, milliseconds(options.timeout))
            _ = kiosk_curl_set_off(c, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(transfer.limit))
            _ = kiosk_curl_set_string(c, CURLOPT_USERAGENT, "kiosk-AsyncImage")
            _ = kiosk_curl_set_pointer(c, CURLOPT_ERRORBUFFER, errorBuffer.baseAddress)
            if let headers { _ = kiosk_curl_set_list(c, CURLOPT_HTTPHEADER, headers) }
            _ = kiosk_curl_set_data_callback(c, CURLOPT_WRITEFUNCTION) { data, size, count, user in
                let t = Unmanaged<Transfer>.fromOpaque(user!).takeUnretainedValue()
                let n = size * count
                guard t.body.count + n <= t.limit else { t.exceeded = true; return 0 }   // CURLE_WRITE_ERROR
                if n > 0, let data { t.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: n)) }
                return n
            }
            _ = kiosk_curl_set_pointer(c, CURLOPT_WRITEDATA, user)
            _ = kiosk_curl_set_long(c, CURLOPT_NOPROGRESS, 0)
            _ = kiosk_curl_set_progress_callback(c) { user, _, _, _, _ in
                Unmanaged<Transfer>.fromOpaque(user!).takeUnretainedValue().token.isCancelled ? 1 : 0
            }
            _ = kiosk_curl_set_pointer(c, CURLOPT_XFERINFODATA, user)
            return curl_easy_perform(c)
        }
        let message: String = {
            let text = String(cString: errorText)
            return text.isEmpty ? String(cString: curl_easy_strerror(code)) : text
        }()
        switch code {
        case CURLE_OK: break
        case CURLE_OPERATION_TIMEDOUT: return .failure(.timedOut(url: url, seconds: options.timeout, message: message))
        case CURLE_FILESIZE_EXCEEDED: return .failure(.tooLarge(url: url, limit: transfer.limit))
        case CURLE_WRITE_ERROR where transfer.exceeded: return .failure(.tooLarge(url: url, limit: transfer.limit))
        case CURLE_TOO_MANY_REDIRECTS: return .failure(.tooManyRedirects(url: url, limit: max(0, options.maxRedirects)))
        case CURLE_ABORTED_BY_CALLBACK: return .failure(.network(url: url, message: "cancelled"))
        default: return .failure(.network(url: url, message: message))
        }
        var status = 0
        _ = kiosk_curl_get_long(c, CURLINFO_RESPONSE_CODE, &status)
        func header(_ name: String) -> String? {
            var h: UnsafeMutablePointer<curl_header>?
            guard curl_easy_header(c, name, 0, UInt32(CURLH_HEADER), -1, &h) == CURLHE_OK, let value = h?.pointee.value else { return nil }
            let s = String(cString: value)
            return s.isEmpty ? nil : s
        }
        switch status {
        case 304: return .success(HTTPResult(body: .notModified, etag: header("ETag"), lastModified: header("Last-Modified")))
        case 200..<300 where status != 204 && status != 206:
            return .success(HTTPResult(body: .modified(transfer.body), etag: header("ETag"), lastModified: header("Last-Modified")))
        default: return .failure(.httpStatus(status, url: url))
        }
    }
}
#endif
