import AdapterProtocol
import Hummingbird

/// The answer a face computed for one request, before it becomes an HTTP response.
///
/// Faces compute replies inside the state actor, where Hummingbird types that are not `Sendable` cannot go; the
/// reply also carries what the journal should record about the request.
struct Reply: Sendable {
    var status: HTTPResponse.Status
    var body: JSONValue?
    var headers: HTTPFields = [:]
    /// The journal route name, when it depends on the request (the token endpoint's grant type).
    var route: String?
    /// The account the request acted for, when known.
    var accountId: String?
    /// A short human-readable note for the journal; never a token, password or secret.
    var detail: String?
    /// Bytes sent as the body instead of `body` (a malformed-body fault).
    var rawBody: [UInt8]?
    /// Who asked the token endpoint, and at which authority (ENR-15); nil for every other route.
    var signIn: SignInParty?
    /// The connection is closed instead of answering (a dropped-connection fault; see ``CloseAfterResponseHandler``).
    var dropConnection = false

    static func json(_ status: HTTPResponse.Status, _ body: JSONValue) -> Reply {
        Reply(status: status, body: body)
    }

    static var noContent: Reply { Reply(status: .noContent, body: nil) }

    /// The Hummingbird response.
    func response() -> Response {
        var headers = self.headers
        if dropConnection { headers[CloseAfterResponseHandler.dropMarker] = "1" }
        if let rawBody {
            headers[.contentType] = "application/json; charset=utf-8"
            return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: rawBody)))
        }
        guard let body else { return Response(status: status, headers: headers) }
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(
            status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body.serialized())))
    }

    func with(route: String? = nil, accountId: String? = nil, detail: String? = nil) -> Reply {
        var copy = self
        if let route { copy.route = route }
        if let accountId { copy.accountId = accountId }
        if let detail { copy.detail = detail }
        return copy
    }
}
