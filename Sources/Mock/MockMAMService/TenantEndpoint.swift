import Hummingbird
import Logging

/// Runs a request against one tenant and journals it.
///
/// Every route of the token, Graph and MAM faces goes through here, so no tenant request can escape the journal,
/// and the work and its journal entry happen in one actor turn.
struct TenantEndpoint: Sendable {
    let state: MockState
    let logger: Logger

    /// A tenant-level operation: computes the reply from the tenant and the request, mutating the tenant; it may
    /// refuse the request by throwing the refusal.
    typealias Operation = @Sendable (inout Tenant, IncomingRequest) throws(ReplyError) -> Reply

    /// Handles one request for route `route` (the journal name unless the reply overrides it).
    func handle(
        route: String, request: Request, context: BasicRequestContext, operation: @escaping Operation
    ) async throws -> Response {
        let incoming = try await IncomingRequest.read(request, context: context)
        let tenantId = incoming.parameters["tenant"] ?? ""
        let reply = await state.withTenant(tenantId) { tenant in
            let reply: Reply
            do throws(ReplyError) {
                reply = try operation(&tenant, incoming)
            } catch {
                reply = error.reply
            }
            tenant.record(
                method: incoming.method, path: incoming.path, route: reply.route ?? route,
                status: Int(reply.status.code), accountId: reply.accountId, detail: reply.detail)
            return reply
        }
        guard let reply else {
            logger.debug("request for unknown tenant", metadata: ["path": "\(incoming.path)"])
            return Reply.json(.notFound, ["error": "unknown-tenant"]).response()
        }
        logger.debug(
            "handled",
            metadata: [
                "method": "\(incoming.method)", "path": "\(incoming.path)", "route": "\(reply.route ?? route)",
                "status": "\(reply.status.code)",
            ])
        return reply.response()
    }
}
