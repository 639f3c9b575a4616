import Hummingbird
import Logging

/// Puts the five faces (controls, token endpoint, Graph, MAM service, device) on one Hummingbird router.
///
/// Every request is logged once: a control by the controls' group, a tenant request by ``TenantEndpoint``, one that
/// matches no route by ``UnroutedLogMiddleware``. The admin token guards the controls' route group, not a spelling
/// of their path: the router matches `//_mock/tenants` or `/_mock/tenants/` to the same control as
/// `/_mock/tenants`, so a check on the path's text would let those through.
enum MockRouter {
    static func make(
        state: MockState, statistics: ServerStatistics, logger: Logger, adminToken: String? = nil, journalFile: JournalFile? = nil,
        maximumHold: Duration = .milliseconds(FaultSpec.maximumDelayMs)
    ) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: RequestCountingMiddleware(statistics: statistics))
        router.add(middleware: UnroutedLogMiddleware(logger: logger))
        let endpoint = TenantEndpoint(state: state, logger: logger, journalSink: journalFile, maximumHold: maximumHold)
        let controls = router.group("/_mock").add(middleware: ControlLogMiddleware(logger: logger))
        if let adminToken { controls.add(middleware: AdminTokenMiddleware(token: adminToken)) }
        ControlFace(state: state, statistics: statistics).register(on: controls)
        TokenFace.register(on: router, endpoint: endpoint)
        GraphFace.register(on: router, endpoint: endpoint)
        MAMServiceFace.register(on: router, endpoint: endpoint)
        DeviceFace.register(on: router, endpoint: endpoint)
        return router
    }
}
