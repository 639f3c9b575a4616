import CCurl
import Foundation

/// Sole owner of one libcurl easy handle and its error buffer.
///
/// `~Copyable` so the compiler guarantees a single owner: the handle is freed exactly once, and whoever
/// holds it (a non-Sendable class or an actor) controls which thread uses it. Reusing one handle keeps
/// its connection cache, so sequential requests to one host share a single keep-alive connection.
struct EasyHandle: ~Copyable {
    private let raw: UnsafeMutableRawPointer?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private static let errorBufferSize = Int(CURL_ERROR_SIZE)

    /// New TCP connections opened so far (`CURLINFO_NUM_CONNECTS` summed over all transfers).
    private(set) var connectionsOpened = 0

    init() {
        let globalResult = CurlGlobal.initResult
        raw = globalResult == 0 ? curl_easy_init() : nil
        errorBuffer = .allocate(capacity: Self.errorBufferSize)
        errorBuffer.initialize(repeating: 0, count: Self.errorBufferSize)
    }

    deinit {
        if let raw { curl_easy_cleanup(raw) }
        errorBuffer.deallocate()
    }

    /// Runs one blocking transfer.
    ///
    /// Every option is set again after `curl_easy_reset` (gotcha G4): a reused handle would otherwise
    /// keep pointers into the previous request's Swift objects. The reset keeps the connection cache.
    ///
    /// A response body over `maximumResponseBytes` aborts the transfer with ``HTTPClientError/responseTooLarge(limit:method:url:)``:
    /// at once when its `Content-Length` says so, else as soon as the bytes received pass the limit. Response
    /// headers are bounded by libcurl itself (100 KB a line, 300 KB in all: curl error 56 past that).
    mutating func perform(_ request: HTTPRequest, timeouts: HTTPTimeouts,
                          maximumResponseBytes: Int) throws(HTTPClientError) -> HTTPResponse {
        try RequestValidation.check(request)
        guard let handle = raw else {
            let code = CurlGlobal.initResult == 0 ? Int(CURLE_FAILED_INIT.rawValue) : CurlGlobal.initResult
            throw .transport(code: code, message: "libcurl could not be initialised",
                             method: request.method, url: request.url)
        }
        let sink = ResponseSink(limit: max(0, maximumResponseBytes))
        curl_easy_reset(handle)
        errorBuffer[0] = 0

        var headerList: UnsafeMutablePointer<curl_slist>?
        defer {
            // Leave no pointers to `sink` or `headerList` behind in the handle.
            curl_easy_reset(handle)
            curl_slist_free_all(headerList)
        }
        func fail(_ code: CURLcode) -> HTTPClientError {
            transportError(code, request)
        }
        func set(_ code: CURLcode) throws(HTTPClientError) {
            if code != CURLE_OK { throw fail(code) }
        }

        try set(ccurl_setopt_string(handle, CURLOPT_URL, request.url))
        // Hardening only (no file:// or other schemes); libcurl before 7.85 lacks the option, and the
        // request must not fail there, so the result is deliberately ignored.
        _ = ccurl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        try set(ccurl_setopt_long(handle, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_1_1))
        try set(ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1))
        try set(ccurl_setopt_string(handle, CURLOPT_NOPROXY, "*"))
        try set(ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, timeouts.connect.curlMilliseconds))
        try set(ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, timeouts.total.curlMilliseconds))
        try set(ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer)))
        // A declared length over the limit is refused before any of the body arrives (CURLE_FILESIZE_EXCEEDED).
        try set(ccurl_setopt_off(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(sink.limit)))

        let context = Unmanaged.passUnretained(sink).toOpaque()
        try set(ccurl_setopt_write_cb(handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            let length = size * count
            guard length > 0 else { return 0 }
            guard let data, let context else { return 0 }
            // Returning less than `length` makes curl abort the transfer (CURLE_WRITE_ERROR).
            let kept = Unmanaged<ResponseSink>.fromOpaque(context).takeUnretainedValue()
                .appendBody(UnsafeRawBufferPointer(start: data, count: length))
            return kept ? length : 0
        })
        try set(ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context))
        try set(ccurl_setopt_write_cb(handle, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            let length = size * count
            guard length > 0 else { return 0 }
            guard let data, let context else { return 0 }
            Unmanaged<ResponseSink>.fromOpaque(context).takeUnretainedValue()
                .appendHeaderLine(UnsafeRawBufferPointer(start: data, count: length))
            return length
        })
        try set(ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, context))

        let body = request.body ?? Data()
        let sendsBody = !body.isEmpty || ["POST", "PUT", "PATCH"].contains(request.method)
        try setMethodAndBody(handle, request.method, body: sendsBody ? body : nil, set: set)

        for line in Self.headerLines(for: request, sendsBody: sendsBody) {
            guard let appended = curl_slist_append(headerList, line) else {
                throw fail(CURLE_OUT_OF_MEMORY)
            }
            headerList = appended
        }
        try set(ccurl_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList))

        let result = withExtendedLifetime(sink) { curl_easy_perform(handle) }

        var connects = 0
        if ccurl_getinfo_long(handle, CURLINFO_NUM_CONNECTS, &connects) == CURLE_OK {
            connectionsOpened += connects
        }
        if sink.overflowed || result == CURLE_FILESIZE_EXCEEDED {
            throw .responseTooLarge(limit: sink.limit, method: request.method, url: request.url)
        }
        guard result == CURLE_OK else { throw fail(result) }
        var status = 0
        try set(ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status))
        return HTTPResponse(status: status, headers: sink.headers, body: sink.body)
    }

    /// GET is curl's default; HEAD needs NOBODY; anything with a body goes through COPYPOSTFIELDS with an
    /// explicit size (so NUL bytes survive) and, unless it is POST, a CUSTOMREQUEST method name.
    private func setMethodAndBody(_ handle: UnsafeMutableRawPointer, _ method: String, body: Data?,
                                  set: (CURLcode) throws(HTTPClientError) -> Void) throws(HTTPClientError) {
        if let body {
            try set(ccurl_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
            let copied = body.withUnsafeBytes { bytes -> CURLcode in
                if let base = bytes.baseAddress {
                    return ccurl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: base))
                }
                // An empty body still needs a non-NULL pointer, or curl would read the body from stdin.
                var empty: CChar = 0
                return ccurl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, &empty)
            }
            try set(copied)
            if method != "POST" { try set(ccurl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method)) }
        } else if method == "HEAD" {
            try set(ccurl_setopt_long(handle, CURLOPT_NOBODY, 1))
        } else if method != "GET" {
            try set(ccurl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method))
        }
    }

    /// The caller's headers in order, plus two removals of curl defaults the caller did not ask for:
    /// `Expect: 100-continue` (adds a round trip, and some servers never answer it) and the
    /// `Content-Type: application/x-www-form-urlencoded` curl invents for any POSTFIELDS body.
    private static func headerLines(for request: HTTPRequest, sendsBody: Bool) -> [String] {
        var lines = request.headers.map { header in
            // "Name:" would tell curl to remove the header; "Name;" is its syntax for an empty value.
            header.value.isEmpty ? "\(header.name);" : "\(header.name): \(header.value)"
        }
        if request.header("Expect") == nil { lines.append("Expect:") }
        if sendsBody, request.header("Content-Type") == nil { lines.append("Content-Type:") }
        return lines
    }

    private func transportError(_ code: CURLcode, _ request: HTTPRequest) -> HTTPClientError {
        var message = String(cString: curl_easy_strerror(code))
        let detail = String(cString: errorBuffer).trimmingCharacters(in: .whitespacesAndNewlines)
        if !detail.isEmpty, detail != message { message += " (\(detail))" }
        return .transport(code: Int(code.rawValue), message: message, method: request.method, url: request.url)
    }
}
