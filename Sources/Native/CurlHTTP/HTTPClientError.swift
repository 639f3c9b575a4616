/// Why a request produced no response.
///
/// HTTP error statuses (4xx, 5xx) are not errors here: they are responses, and the harness asserts on
/// them. Only failures to get any response at all are thrown.
public enum HTTPClientError: Error, Sendable, CustomStringConvertible {
    /// libcurl failed. `code` is the `CURLcode` (7 = could not connect, 28 = timed out, …); `message`
    /// is `curl_easy_strerror` plus curl's more specific `CURLOPT_ERRORBUFFER` text when it has one.
    case transport(code: Int, message: String, method: String, url: String)
    /// The request could not be sent as given (empty URL, CR/LF in a header, …); nothing was sent.
    case invalidRequest(String)
    /// The response body passed `limit` bytes (declared or received): the transfer was aborted there, so a
    /// hostile or broken server costs the client at most `limit` bytes of memory.
    case responseTooLarge(limit: Int, method: String, url: String)

    /// Why, without the request (for messages that name the request themselves).
    public var reason: String {
        switch self {
        case let .transport(code, message, _, _): return "curl error \(code): \(message)"
        case let .invalidRequest(reason): return "invalid HTTP request: \(reason)"
        case let .responseTooLarge(limit, _, _): return "the response body is larger than the \(limit)-byte limit; transfer aborted"
        }
    }

    public var description: String {
        switch self {
        case let .transport(code, message, method, url):
            return "\(method) \(url) failed: curl error \(code): \(message)"
        case let .invalidRequest(reason):
            return "invalid HTTP request: \(reason)"
        case let .responseTooLarge(_, method, url):
            return "\(method) \(url) failed: \(reason)"
        }
    }
}
