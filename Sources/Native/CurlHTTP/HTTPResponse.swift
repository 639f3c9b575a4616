import Foundation

/// The final response to a request (interim `1xx` and redirect responses are not included).
public struct HTTPResponse: Sendable {
    /// The status code of the last response received.
    public var status: Int
    /// Response headers of the last response, keyed by lower-cased name so lookups need no case
    /// folding. Repeated headers are joined with `", "` in arrival order, as RFC 9110 §5.3 allows.
    public var headers: [String: String]
    /// The response body exactly as received (no content decoding is requested).
    public var body: Data

    /// The largest body a client accepts unless told otherwise: 32 MiB, far above any answer the harness expects
    /// (a Graph page, a mock journal), far below what would hurt the machine.
    public static let defaultMaximumBodyBytes = 32 << 20

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The header `name`, looked up case-insensitively.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// The body decoded as UTF-8 (invalid sequences become U+FFFD), for logs and assertions.
    public var text: String {
        String(decoding: body, as: UTF8.self)
    }
}
