import Hummingbird
import Logging

/// Logs one line for each request that matches no route (the router's 404), so no request goes unlogged: controls
/// are logged by ``ControlLogMiddleware`` and tenant requests by ``TenantEndpoint``. Never logs headers.
struct UnroutedLogMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    let logger: Logger

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPResponseError where context.endpointPath == Self.notFoundEndpoint {
            logger.info("unrouted method=\(request.method) path=\(request.uri.path) status=\(error.status.code)")
            throw error
        }
    }

    /// What Hummingbird's router names the endpoint of a request it found no route for.
    static let notFoundEndpoint = "NotFound"
}
