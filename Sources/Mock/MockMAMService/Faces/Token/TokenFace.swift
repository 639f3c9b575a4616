import AdapterProtocol
import ClientAssertion
import Foundation
import Hummingbird

/// The OAuth 2.0 token endpoint of a tenant (`POST /{t}/oauth2/v2.0/token`), shaped like Entra's v2 endpoint.
///
/// Two authorities answer for each tenant's simulated cloud: the tenant's own (`/{t}/oauth2/v2.0/token`) and the
/// multi-tenant default an SDK uses when the app names none (`/{t}/common/oauth2/v2.0/token`, Entra's `common`). The
/// journal records which one a user's token request asked, and with which client id (ENR-15).
///
/// Three grants: client credentials for the administrator (Graph face), password and refresh token for users (MAM
/// service). Tokens are opaque and expire on the tenant clock, so expiry can be tested by moving the clock instead of
/// waiting.
enum TokenFace {
    static func register(on router: Router<BasicRequestContext>, endpoint: TenantEndpoint) {
        router.post("/:tenant/oauth2/v2.0/token") { request, context in
            try await endpoint.handle(resolveRoute: route(of:), request: request, context: context, operation: token)
        }
        router.post("/:tenant/\(commonAuthority)/oauth2/v2.0/token") { request, context in
            try await endpoint.handle(resolveRoute: route(of:), request: request, context: context, operation: token)
        }
    }

    /// The path segment of the multi-tenant authority, after the tenant's cloud.
    static let commonAuthority = "common"

    /// The authority a token request asked: `common`, or the tenant's id for its own.
    static func authority(of request: IncomingRequest, in tenant: Tenant) -> String {
        request.path.contains("/\(commonAuthority)/oauth2/") ? commonAuthority : tenant.id
    }

    /// The journal route of a token request, named by its grant type before the request is processed, so that a
    /// fault can target `token.password` or `token.refresh` alone. Agrees with the routes ``token(_:_:)`` journals.
    @Sendable static func route(of request: IncomingRequest) -> String {
        guard let contentType = request.contentType,
            contentType.lowercased().hasPrefix("application/x-www-form-urlencoded"),
            let form = try? FormURLEncoded.decode(request.body)
        else { return "token" }
        switch form["grant_type"] {
        case "client_credentials"?: return "token.client_credentials"
        case "password"?: return ServiceRoute.tokenPassword.rawValue
        case "refresh_token"?: return ServiceRoute.tokenRefresh.rawValue
        default: return "token"
        }
    }

    /// Scope words that name no resource.
    private static let oidcScopes: Set<String> = ["openid", "profile", "offline_access", "email"]

    @Sendable static func token(_ tenant: inout Tenant, _ request: IncomingRequest) throws(ReplyError) -> Reply {
        guard let contentType = request.contentType,
            contentType.lowercased().hasPrefix("application/x-www-form-urlencoded")
        else {
            throw failure("invalid_request", "The body must be application/x-www-form-urlencoded.")
        }
        let form: [String: String]
        do {
            form = try FormURLEncoded.decode(request.body)
        } catch {
            throw failure("invalid_request", "The form body is malformed: \(error).")
        }
        let party = SignInParty(clientId: form["client_id"], authority: authority(of: request, in: tenant))
        switch form["grant_type"] {
        case "client_credentials"? where party.authority == commonAuthority:
            throw failure(
                "invalid_request", "AADSTS7000218: the client credentials grant needs the tenant's own authority, not common.",
                route: "token.client_credentials")
        case "client_credentials"?:
            return try clientCredentials(&tenant, form, request).with(route: "token.client_credentials")
        case "password"?:
            var reply = try password(&tenant, form).with(route: ServiceRoute.tokenPassword.rawValue)
            reply.signIn = party
            return reply
        case "refresh_token"?:
            var reply = try refresh(&tenant, form).with(route: ServiceRoute.tokenRefresh.rawValue)
            reply.signIn = party
            return reply
        case nil:
            throw failure("invalid_request", "grant_type is required.")
        case let other?:
            throw failure("unsupported_grant_type", "grant_type '\(other)' is not supported.")
        }
    }

    private static func clientCredentials(
        _ tenant: inout Tenant, _ form: [String: String], _ request: IncomingRequest
    ) throws(ReplyError) -> Reply {
        if form["client_assertion_type"] != nil || form["client_assertion"] != nil {
            try certificateCredentials(&tenant, form, request)
            return try adminToken(&tenant, form)
        }
        let (clientId, clientSecret) = basicCredentials(request.authorization) ?? (form["client_id"], form["client_secret"])
        guard let clientId, let clientSecret else {
            throw failure("invalid_request", "client_id and client_secret are required.", route: "token.client_credentials")
        }
        // Entra's answers: an unknown application is 400 unauthorized_client, a wrong secret 401 invalid_client.
        guard clientId == tenant.adminClientId else {
            throw failure(
                "unauthorized_client",
                "AADSTS700016: Application with identifier '\(clientId)' was not found in the directory '\(tenant.id)'.",
                route: "token.client_credentials")
        }
        guard clientSecret == tenant.adminClientSecret else {
            throw failure(
                "invalid_client",
                "AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '\(clientId)'.",
                route: "token.client_credentials", status: .unauthorized)
        }
        return try adminToken(&tenant, form)
    }

    /// A client assertion (RFC 7523) signed with the certificate registered for the administrator
    /// (`PUT /_mock/tenants/{t}/admin-certificate`), checked as Entra checks it; each assertion is taken once. Its
    /// validity window is checked against real time, not the tenant clock: the client signs with its own clock,
    /// and tests move the tenant clock by days.
    private static func certificateCredentials(
        _ tenant: inout Tenant, _ form: [String: String], _ request: IncomingRequest
    ) throws(ReplyError) {
        let route = "token.client_credentials"
        guard form["client_assertion_type"] == ClientAssertion.type, let assertion = form["client_assertion"] else {
            throw failure(
                "invalid_request", "client_assertion_type must be \(ClientAssertion.type), with a client_assertion.", route: route)
        }
        let clientId = form["client_id"] ?? tenant.adminClientId
        guard clientId == tenant.adminClientId else {
            throw failure(
                "unauthorized_client",
                "AADSTS700016: Application with identifier '\(clientId)' was not found in the directory '\(tenant.id)'.",
                route: route)
        }
        guard let certificate = tenant.adminCertificatePEM else {
            throw failure(
                "invalid_client", "AADSTS700027: Client assertion failed signature validation: no certificate is registered for the application.",
                route: route, status: .unauthorized)
        }
        let audience = (request.host.map { "http://\($0)" } ?? "") + request.path
        let claims: ClientAssertion.Claims
        do {
            claims = try ClientAssertion.verify(
                assertion, certificatePEM: certificate, clientId: clientId, audience: audience, now: Date())
        } catch {
            let code = switch error {
            case .notYetValid, .expired: "AADSTS700024: Client assertion is not within its valid time range: "
            case .unknownCertificate, .badSignature: "AADSTS700027: Client assertion failed signature validation: "
            default: ""
            }
            throw failure("invalid_client", code + error.description + ".", route: route, status: .unauthorized)
        }
        guard tenant.usedAssertionIds.insert(claims.id).inserted else {
            throw failure(
                "invalid_client", "The client assertion (jti \(claims.id)) was already used; make a new one for each request.",
                route: route, status: .unauthorized)
        }
    }

    /// The administrator's Graph token, once the client has proved itself.
    private static func adminToken(_ tenant: inout Tenant, _ form: [String: String]) throws(ReplyError) -> Reply {
        guard form["scope"] == Audiences.graphDefaultScope else {
            throw failure(
                "invalid_scope", "scope must be \(Audiences.graphDefaultScope).", route: "token.client_credentials")
        }
        let accessToken = tenant.issueAccessToken(kind: .admin, accountId: nil, audience: Audiences.graph)
        let lifetime = Int(tenant.tokenLifetime)
        return Reply.json(
            .ok,
            [
                "token_type": "Bearer", "expires_in": .number(Double(lifetime)), "ext_expires_in": .number(Double(lifetime)),
                "access_token": .string(accessToken),
            ]
        ).with(detail: "audience=\(Audiences.graph)")
    }

    private static func password(_ tenant: inout Tenant, _ form: [String: String]) throws(ReplyError) -> Reply {
        let route = ServiceRoute.tokenPassword.rawValue
        guard tenant.isAppClient(form["client_id"]), let clientId = form["client_id"] else {
            throw failure("invalid_client", "client_id is not one of the app's registrations.", route: route)
        }
        guard let username = form["username"], let password = form["password"] else {
            throw failure("invalid_request", "username and password are required.", route: route)
        }
        guard let user = tenant.user(upn: username), user.password == password else {
            throw failure("invalid_grant", "AADSTS50126: Invalid username or password.", route: route)
        }
        let audience = try audience(fromScope: form["scope"], route: route, accountId: user.objectId)
        try requireProtection(tenant, user: user, audience: audience, route: route)
        return issueUserTokens(&tenant, user: user, audience: audience, scope: form["scope"] ?? "", clientId: clientId)
    }

    private static func refresh(_ tenant: inout Tenant, _ form: [String: String]) throws(ReplyError) -> Reply {
        let route = ServiceRoute.tokenRefresh.rawValue
        guard tenant.isAppClient(form["client_id"]) else {
            throw failure("invalid_client", "client_id is not one of the app's registrations.", route: route)
        }
        guard let refreshToken = form["refresh_token"] else {
            throw failure("invalid_request", "refresh_token is required.", route: route)
        }
        guard let grant = tenant.refreshTokens[refreshToken], grant.clientId == form["client_id"],
            let user = tenant.user(objectId: grant.accountId)
        else {
            throw failure("invalid_grant", "The refresh token is unknown or was issued to another client.", route: route)
        }
        let audience = try audience(fromScope: form["scope"], route: route, accountId: user.objectId)
        try requireProtection(tenant, user: user, audience: audience, route: route)
        return issueUserTokens(&tenant, user: user, audience: audience, scope: form["scope"] ?? "", clientId: grant.clientId)
    }

    /// App-protection Conditional Access: a user under it gets a token for the app's own resources only once the app
    /// is under policy for them (an enrollment that applied a policy). Entra answers
    /// `invalid_grant` with `suberror: protection_policy_required` and AADSTS53005, which MSAL turns into the error
    /// an app answers with `remediateComplianceForAccountId` (`IntuneMAMComplianceManager.h 21.7.1:52-69`). The MAM
    /// service's resource is exempt: the SDK's enrollment, the remediation itself, needs it.
    private static func requireProtection(
        _ tenant: Tenant, user: MockUser, audience: String, route: String
    ) throws(ReplyError) {
        guard user.protectionPolicyRequired == true, audience != Audiences.mamService else { return }
        let protected = tenant.registrations.contains {
            $0.accountId.caseInsensitiveCompare(user.objectId) == .orderedSame && $0.bundleId == tenant.bundleId
                && !$0.appliedPolicyIds.isEmpty
        }
        guard !protected else { return }
        let description = "AADSTS53005: Application needs to enforce Intune protection policies."
        throw ReplyError(
            Reply.json(.badRequest, [
                "error": "invalid_grant", "error_description": .string(description), "error_codes": [53005],
                "suberror": "protection_policy_required",
            ]).with(route: route, accountId: user.objectId, detail: "protection_policy_required: \(description)"))
    }

    private static func issueUserTokens(
        _ tenant: inout Tenant, user: MockUser, audience: String, scope: String, clientId: String
    ) -> Reply {
        let accessToken = tenant.issueAccessToken(kind: .user, accountId: user.objectId, audience: audience)
        let refreshToken = tenant.issueRefreshToken(accountId: user.objectId, clientId: clientId)
        let lifetime = Int(tenant.tokenLifetime)
        return Reply.json(
            .ok,
            [
                "token_type": "Bearer", "scope": .string(scope), "expires_in": .number(Double(lifetime)),
                "ext_expires_in": .number(Double(lifetime)), "access_token": .string(accessToken),
                "refresh_token": .string(refreshToken),
                "account": ["oid": .string(user.objectId), "upn": .string(user.upn), "tid": .string(user.tokenTenantId(in: tenant))],
            ]
        ).with(accountId: user.objectId, detail: "upn=\(user.upn) audience=\(audience)")
    }

    /// The one resource a user-grant scope names (`<resource>/.default` or `<resource>/<permission>`, plus any of
    /// `openid profile offline_access email`).
    private static func audience(fromScope scope: String?, route: String, accountId: String) throws(ReplyError) -> String {
        let words = (scope ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
        var resources = Set<String>()
        for word in words where !oidcScopes.contains(word.lowercased()) {
            guard let slash = word.lastIndex(of: "/"), slash != word.startIndex else {
                throw failure("invalid_scope", "Scope '\(word)' names no resource.", route: route, accountId: accountId)
            }
            resources.insert(String(word[..<slash]))
        }
        guard resources.count == 1, let resource = resources.first else {
            throw failure(
                "invalid_scope", "The scope must name exactly one resource (for example <resource>/.default).",
                route: route, accountId: accountId)
        }
        return resource
    }

    /// `Authorization: Basic` client credentials (RFC 6749 §2.3.1: form-encoded id and secret), if present.
    private static func basicCredentials(_ authorization: String?) -> (String?, String?)? {
        guard let authorization, authorization.lowercased().hasPrefix("basic ") else { return nil }
        let encoded = authorization.dropFirst("basic ".count).trimmingCharacters(in: .whitespaces)
        guard let data = Data(base64Encoded: encoded), let text = String(data: data, encoding: .utf8),
            let colon = text.firstIndex(of: ":")
        else { return nil }
        let id = try? FormURLEncoded.decodeComponent(ArraySlice(text[..<colon].utf8))
        let secret = try? FormURLEncoded.decodeComponent(ArraySlice(text[text.index(after: colon)...].utf8))
        return (id, secret)
    }

    /// An Entra-style 400: `{"error": code, "error_description": description}`.
    private static func failure(
        _ code: String, _ description: String, route: String? = nil, accountId: String? = nil,
        status: HTTPResponse.Status = .badRequest
    ) -> ReplyError {
        ReplyError(
            Reply.json(status, ["error": .string(code), "error_description": .string(description)])
                .with(route: route, accountId: accountId, detail: "\(code): \(description)"))
    }
}
