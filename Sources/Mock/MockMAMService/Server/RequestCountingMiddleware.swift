import Hummingbird

/// Counts every request the router sees, matched or not, for `GET /_mock/stats`.
struct RequestCountingMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    let statistics: ServerStatistics

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        statistics.requestReceived()
        return try await next(request, context)
    }
}
