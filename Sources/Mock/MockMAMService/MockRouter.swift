import Hummingbird
import Logging

/// Puts the five faces (controls, token endpoint, Graph, MAM service, device) on one Hummingbird router.
enum MockRouter {
    static func make(
        state: MockState, statistics: ServerStatistics, logger: Logger, adminToken: String? = nil, journalFile: JournalFile? = nil
    ) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: RequestCountingMiddleware(statistics: statistics))
        router.add(middleware: ControlLogMiddleware(logger: logger))
        if let adminToken { router.add(middleware: AdminTokenMiddleware(token: adminToken)) }
        let endpoint = TenantEndpoint(state: state, logger: logger, journalSink: journalFile)
        ControlFace(state: state, statistics: statistics).register(on: router)
        TokenFace.register(on: router, endpoint: endpoint)
        GraphFace.register(on: router, endpoint: endpoint)
        MAMServiceFace.register(on: router, endpoint: endpoint)
        DeviceFace.register(on: router, endpoint: endpoint)
        return router
    }
}
