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
    /// Where every journal entry is also appended as a JSON line (`--journal-file`), if anywhere.
    var journalSink: JournalFile? = nil
    /// The longest a `hold` fault keeps an answer back when the harness never releases it.
    var maximumHold: Duration = .milliseconds(FaultSpec.maximumDelayMs)

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
        let started = ContinuousClock.now
        let incoming = try await IncomingRequest.read(request, context: context)
        let tenantId = incoming.parameters["tenant"] ?? ""
        let route = resolveRoute(incoming)
        assert(JournalRoutes.known.contains(route), "journal route '\(route)' is missing from JournalRoutes.all")
        let holds = state.holds
        let outcome = await state.withTenant(tenantId) { tenant -> (Reply, AppliedFault?, JournalEntry, HeldRequests.Ticket?) in
            let fault = tenant.takeFault(route: route)
            // Registered in this turn, so a release (a later turn) always finds it.
            let held = fault?.hold == true ? holds.hold(tenant: tenantId, route: route) : nil
            let reply: Reply
            if let faulted = fault?.reply(route: route) {
                reply = faulted
            } else {
                do throws(ReplyError) {
                    reply = try operation(&tenant, incoming)
                } catch {
                    reply = error.reply
                }
            }
            let entry = tenant.record(
                method: incoming.method, path: incoming.path, route: reply.route ?? route,
                status: reply.dropConnection ? 0 : Int(reply.status.code), accountId: reply.accountId, detail: reply.detail,
                fault: fault?.journalText, bodyDigest: BodyDigest.of(incoming.body), signIn: reply.signIn)
            return (reply, fault, entry, held)
        }
        guard let (reply, fault, entry, held) = outcome else {
            logger.info(
                "request for unknown tenant", metadata: ["method": "\(incoming.method)", "path": "\(incoming.path)", "status": "404"])
            return Reply.json(.notFound, ["error": "unknown-tenant"]).response()
        }
        assert(JournalRoutes.known.contains(reply.route ?? route), "journal route '\(reply.route ?? route)' is unlisted")
        journalSink?.append(entry, body: incoming.body)
        if let delay = fault?.delayMs {
            // Simulated latency: the answer (already decided and journalled) is held back in real time, on the
            // request's own task, so a client timeout can be exercised without blocking anything else.
            try? await Task.sleep(for: .milliseconds(delay))
        }
        if let held {
            // Held: the answer (decided and journalled like a delayed one) waits for the harness's release.
            await held.wait(atMost: maximumHold)
        }
        // One line per request, formatted once here: swift-log metadata (a dictionary merged, sorted and
        // pretty-printed per line) cost more than the rest of a small request's work.
        logger.info("""
            request method=\(incoming.method) path=\(incoming.path) tenant=\(tenantId) route=\(reply.route ?? route) \
            status=\(reply.dropConnection ? 0 : Int(reply.status.code)) ms=\((ContinuousClock.now - started).milliseconds)\
            \(fault.map { " fault=\"\($0.journalText)\"" } ?? "")
            """)
        return reply.response()
    }
}

extension Duration {
    /// Whole milliseconds, for log lines.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
