import Foundation

/// One HTTP/1.1 request, as plain data.
///
/// A value type so that callers can build requests anywhere (on any task or thread) and hand them to
/// either client. Headers are an ordered list rather than a dictionary because order and repetition
/// are both meaningful on the wire, and a conformance harness must be able to send exactly what a
/// test asks for.
public struct HTTPRequest: Sendable {
    /// The request method, for example `GET`, `POST`, `PATCH` or `DELETE`. Sent verbatim.
    public var method: String
    /// An absolute `http://` or `https://` URL.
    public var url: String
    /// Extra request headers in send order. An empty value sends the header with no value.
    ///
    /// Nothing is added for you except what libcurl itself needs (`Host`, `Content-Length`,
    /// `Accept: */*`); in particular no `Content-Type` is sent unless it is listed here, and curl's
    /// automatic `Expect: 100-continue` is suppressed.
    public var headers: [(name: String, value: String)]
    /// The request body. `nil` and empty are both "no body"; bytes are sent as they are, NULs included.
    public var body: Data?

    public init(method: String = "GET", url: String,
                headers: [(name: String, value: String)] = [], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The first value of the header `name`, compared case-insensitively, as a server would.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// A JSON API request: `Accept: application/json`, `Content-Type: application/json` when there is
    /// a body, and `Authorization: Bearer …` when a token is given. This is the shape of every Graph and
    /// MAM service call, so callers should not have to repeat it.
    public static func json(_ method: String, _ url: String, body: Data? = nil,
                            bearer: String? = nil) -> HTTPRequest {
        var headers: [(name: String, value: String)] = [("Accept", "application/json")]
        if body != nil { headers.append(("Content-Type", "application/json")) }
        if let bearer { headers.append(("Authorization", "Bearer \(bearer)")) }
        return HTTPRequest(method: method, url: url, headers: headers, body: body)
    }

    /// A `POST` with an `application/x-www-form-urlencoded` body, as OAuth token endpoints expect.
    ///
    /// Every byte outside the RFC 3986 unreserved set (`A–Z a–z 0–9 - . _ ~`) is percent-encoded from
    /// its UTF-8 form, including space as `%20`: every form decoder understands `%20`, while `+` is
    /// only understood by decoders that know they are reading a form.
    public static func form(url: String, fields: [(String, String)]) -> HTTPRequest {
        let body = fields
            .map { "\(FormEncoding.percentEncode($0.0))=\(FormEncoding.percentEncode($0.1))" }
            .joined(separator: "&")
        return HTTPRequest(method: "POST", url: url,
                           headers: [("Content-Type", "application/x-www-form-urlencoded")],
                           body: Data(body.utf8))
    }
}
