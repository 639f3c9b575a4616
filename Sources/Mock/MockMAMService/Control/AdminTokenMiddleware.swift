import Hummingbird

/// Guards the `/_mock` controls with a shared token (`Authorization: Bearer <token>`), so a mock reachable
/// from the network does not hand tenants' administrator credentials to anyone who asks.
///
/// Installed on the controls' route group, never decided by the path's text: the router normalises a path
/// (`//_mock/…`, a trailing slash) before it matches a control, and the guard must see what the router matched.
struct AdminTokenMiddleware<Context: RequestContext>: RouterMiddleware {
    let token: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let presented = request.headers[.authorization], Self.constantTimeEqual(presented, "Bearer \(token)") else {
            throw HTTPError(.unauthorized, headers: [.wwwAuthenticate: "Bearer"], message: "the /_mock controls need the admin token")
        }
        return try await next(request, context)
    }

    /// Compares without stopping at the first difference, so timing does not reveal the token.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for index in 0..<max(x.count, y.count) {
            difference |= (index < x.count ? x[index] : 0) ^ (index < y.count ? y[index] : 0)
        }
        return difference == 0
    }
}
