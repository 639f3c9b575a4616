import Hummingbird
import Logging

/// Runs a request against one tenant and journals it.
///
/// Every route of the token, Graph and MAM faces goes through here, so no tenant request can escape the journal,
/// and the work and its journal entry happen in one actor turn. Injected faults are applied here too, after routing
/// (the route name is known) and before the face authenticates or processes anything, so a faulted request
/// changes no tenant state.
struct TenantEndpoint: Sendable {
    let state: MockState
    let logger: Logger

    /// A tenant-level operation: computes the reply from the tenant and the request, mutating the tenant; it may
    /// refuse the request by throwing the refusal.
    typealias Operation = @Sendable (inout Tenant, IncomingRequest) throws(ReplyError) -> Reply

    /// Names the journal route of a request before it is processed; the token endpoint's depends on the body.
    typealias RouteResolver = @Sendable (IncomingRequest) -> String

    /// Handles one request for route `route` (the journal name unless the reply overrides it).
    func handle(
        route: String, request: Request, context: BasicRequestContext, operation: @escaping Operation
    ) async throws -> Response {
        try await handle(resolveRoute: { _ in route }, request: request, context: context, operation: operation)
    }

    /// Handles one request whose route name `resolveRoute` derives from the request itself.
    func handle(
        resolveRoute: @escaping RouteResolver, request: Request, context: BasicRequestContext,
        operation: @escaping Operation
    ) async throws -> Response {
        let incoming = try await IncomingRequest.read(request, context: context)
        let tenantId = incoming.parameters["tenant"] ?? ""
        let route = resolveRoute(incoming)
        assert(JournalRoutes.known.contains(route), "journal route '\(route)' is missing from JournalRoutes.all")
        let reply = await state.withTenant(tenantId) { tenant in
            let reply: Reply
            if let fault = tenant.takeFault(route: route) {
                reply = fault.reply
            } else {
                do throws(ReplyError) {
                    reply = try operation(&tenant, incoming)
                } catch {
                    reply = error.reply
                }
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
        assert(JournalRoutes.known.contains(reply.route ?? route), "journal route '\(reply.route ?? route)' is unlisted")
        logger.debug(
            "handled",
            metadata: [
                "method": "\(incoming.method)", "path": "\(incoming.path)", "route": "\(reply.route ?? route)",
                "status": "\(reply.status.code)",
            ])
        return reply.response()
    }
}
