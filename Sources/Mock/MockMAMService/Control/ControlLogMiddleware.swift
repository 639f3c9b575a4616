import Hummingbird
import Logging

/// Logs one line for each `/_mock` control request, refused ones included; tenant requests are logged by
/// ``TenantEndpoint``, which knows their route and fault. Never logs headers, so the admin token cannot leak.
///
/// It sits on the controls' route group, so it sees every request routed to a control, however its path is spelt.
struct ControlLogMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    let logger: Logger

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let started = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, status: Int(response.status.code), started: started)
            return response
        } catch let error as HTTPResponseError {
            log(request, status: Int(error.status.code), started: started)
            throw error
        }
    }

    private func log(_ request: Request, status: Int, started: ContinuousClock.Instant) {
        logger.info("""
            control method=\(request.method) path=\(request.uri.path) status=\(status) \
            ms=\((ContinuousClock.now - started).milliseconds)
            """)
    }
}
