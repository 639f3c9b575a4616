import AdapterProtocol
import Hummingbird

/// The SDK-facing MAM service of a tenant, under `/{t}/mam/v1`: enroll, check in, unenroll, telemetry.
///
/// The real SDK↔service protocol is not public, so this is the mock's own small protocol for simulated SDKs. It
/// keeps the parts conformance depends on: a user token for the MAM resource, the targeting rule at every call,
/// policy versions, and wipe commands delivered at check-in.
enum MAMServiceFace {
    static func register(on router: Router<BasicRequestContext>, endpoint: TenantEndpoint) {
        let mam = router.group("/:tenant/mam/v1")
        func add(_ path: String, _ route: String, _ operation: @escaping Operation) {
            mam.post(RouterPath(path)) { request, context in
                try await endpoint.handle(route: route, request: request, context: context) {
                    (tenant: inout Tenant, incoming: IncomingRequest) throws(ReplyError) -> Reply in
                    let token = try authenticate(tenant, incoming)
                    let body = try objectBody(incoming, accountId: token.accountId)
                    let accountId = try requiredString(body, "accountId", accountId: token.accountId)
                    guard let tokenAccount = token.accountId,
                        tokenAccount.caseInsensitiveCompare(accountId) == .orderedSame
                    else {
                        throw unauthorized("account-mismatch", accountId: token.accountId)
                    }
                    return try operation(&tenant, body, tokenAccount).with(accountId: tokenAccount)
                }
            }
        }
        add("enroll", ServiceRoute.mamEnroll.rawValue, enroll)
        add("checkin", ServiceRoute.mamCheckin.rawValue, checkin)
        add("unenroll", ServiceRoute.mamUnenroll.rawValue, unenroll)
        add("telemetry", ServiceRoute.mamTelemetry.rawValue, telemetry)
        // The pre-production telemetry service (MAMTelemetryUsePPE), beside the production one.
        add("ppe/telemetry", ServiceRoute.mamTelemetryPPE.rawValue, telemetry)
    }

    /// A MAM operation, run after authentication with the body and the authenticated account id.
    typealias Operation = @Sendable (inout Tenant, [String: JSONValue], String) throws(ReplyError) -> Reply

    /// The caller's token, if it is an unexpired user token for the MAM resource; otherwise a 401 refusal.
    static func authenticate(_ tenant: Tenant, _ request: IncomingRequest) throws(ReplyError) -> IssuedToken {
        guard let bearer = request.bearerToken else { throw unauthorized("missing-token", accountId: nil) }
        guard let token = tenant.accessTokens[bearer] else { throw unauthorized("unknown-token", accountId: nil) }
        guard !token.isExpired(at: tenant.now) else { throw unauthorized("expired-token", accountId: token.accountId) }
        guard token.kind == .user else { throw unauthorized("not-a-user-token", accountId: nil) }
        guard token.audience == Audiences.mamService else {
            throw unauthorized("wrong-audience", accountId: token.accountId)
        }
        return token
    }

    /// 401 `{"error":"unauthorized","reason":…}`.
    static func unauthorized(_ reason: String, accountId: String?) -> ReplyError {
        var reply = Reply.json(.unauthorized, ["error": "unauthorized", "reason": .string(reason)])
            .with(accountId: accountId, detail: "unauthorized: \(reason)")
        reply.headers[.wwwAuthenticate] = "Bearer error=\"invalid_token\""
        return ReplyError(reply)
    }

    /// 400 `{"error":"bad-request","reason":…}`.
    static func badRequest(_ reason: String, accountId: String?) -> ReplyError {
        ReplyError(
            Reply.json(.badRequest, ["error": "bad-request", "reason": .string(reason)])
                .with(accountId: accountId, detail: "bad-request: \(reason)"))
    }

    static func objectBody(_ request: IncomingRequest, accountId: String?) throws(ReplyError) -> [String: JSONValue] {
        let body: JSONValue
        do {
            body = try JSONValue.parse(request.body)
        } catch {
            throw badRequest("\(error)", accountId: accountId)
        }
        guard let object = body.objectValue else { throw badRequest("the body must be a JSON object", accountId: accountId) }
        return object
    }

    static func requiredString(_ body: [String: JSONValue], _ name: String, accountId: String?) throws(ReplyError) -> String {
        guard let value = body[name]?.stringValue, !value.isEmpty else {
            throw badRequest("\(name) (non-empty string) is required", accountId: accountId)
        }
        return value
    }

    static func optionalString(_ body: [String: JSONValue], _ name: String, accountId: String?) throws(ReplyError) -> String? {
        switch body[name] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        default: throw badRequest("\(name) must be a string or null", accountId: accountId)
        }
    }
}
