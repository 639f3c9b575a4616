import AdapterProtocol
import Hummingbird

/// Graph-shaped error replies: `{"error":{"code","message","innerError":{"request-id","date"}}}`.
///
/// Clients are told to branch on `code` (concepts/errors.md), so the mock uses a small fixed set:
/// `InvalidAuthenticationToken` (401), `invalidRequest` (400), `itemNotFound` (404).
enum GraphError {
    static func reply(_ status: HTTPResponse.Status, code: String, message: String, tenant: Tenant) -> Reply {
        Reply.json(
            status,
            [
                "error": [
                    "code": .string(code),
                    "message": .string(message),
                    "innerError": ["request-id": .string(Identifiers.uuid()), "date": .string(tenant.nowString)],
                ]
            ]
        ).with(detail: message)
    }

    static func badRequest(_ message: String, _ tenant: Tenant) -> Reply {
        reply(.badRequest, code: "invalidRequest", message: message, tenant: tenant)
    }

    static func notFound(_ message: String, _ tenant: Tenant) -> Reply {
        reply(.notFound, code: "itemNotFound", message: message, tenant: tenant)
    }

    /// Directory objects (groups, users) answer 404 with Entra's own code rather than Intune's `itemNotFound`.
    static func directoryObjectNotFound(_ id: String, _ tenant: Tenant) -> Reply {
        reply(
            .notFound, code: "Request_ResourceNotFound",
            message: "Resource '\(id)' does not exist or one of its queried reference-property objects are not present.",
            tenant: tenant)
    }

    static func unauthorized(_ message: String, _ tenant: Tenant) -> Reply {
        var reply = reply(.unauthorized, code: "InvalidAuthenticationToken", message: message, tenant: tenant)
        reply.headers[.wwwAuthenticate] = "Bearer error=\"invalid_token\""
        return reply
    }

    /// The body as a JSON object; a body that is not one is refused with 400.
    static func objectBody(_ request: IncomingRequest, _ tenant: Tenant) throws(ReplyError) -> [String: JSONValue] {
        let body: JSONValue
        do {
            body = try JSONValue.parse(request.body)
        } catch {
            throw ReplyError(badRequest("Unable to read the request body: \(error).", tenant))
        }
        guard let object = body.objectValue else {
            throw ReplyError(badRequest("The request body must be a JSON object.", tenant))
        }
        return object
    }
}
