import CurlHTTP
import Foundation

/// The app's "MSAL": password and refresh-token grants against the tenant's token endpoint.
///
/// Blocking (libcurl); call only from the runner's handler queue or the app's own auth queue, never from
/// the Swift concurrency pool. Grants borrow a client from a pool: one after another they share a kept-alive
/// connection, as MSAL's URL session does, and two at once on different queues never share a client.
struct TokenEndpoint: Sendable {
    /// What a successful grant returns (`account` is the mock's stand-in for the id token).
    struct Grant: Sendable {
        var accessToken: String
        var refreshToken: String?
        var expiresIn: TimeInterval
        var accountId: String
        var upn: String
        var tenantId: String?
    }

    /// Why a grant failed; the text never contains a secret.
    struct Failure: Error, CustomStringConvertible {
        var description: String
        /// The token service refused for app-protection Conditional Access (`suberror: protection_policy_required`,
        /// AADSTS53005): the app must remediate through the SDK before it asks again.
        var protectionPolicyRequired = false
    }

    let tokenURL: URL
    let clientId: String
    let mamResource: String
    /// The process's pool: a sign-in reuses the connection the SDK's last request left open to the same service.
    let clients = BlockingHTTPClientPool.shared

    /// `<mamResource>/.default offline_access`.
    var scope: String {
        var resource = mamResource
        while resource.hasSuffix("/") { resource.removeLast() }
        return "\(resource)/.default offline_access"
    }

    func passwordGrant(upn: String, password: String) -> Result<Grant, Failure> {
        request([("grant_type", "password"), ("client_id", clientId), ("username", upn), ("password", password),
                 ("scope", scope)])
    }

    func refreshGrant(refreshToken: String) -> Result<Grant, Failure> {
        request([("grant_type", "refresh_token"), ("client_id", clientId), ("refresh_token", refreshToken),
                 ("scope", scope)])
    }

    /// The resource of the app's own API (not the MAM service's): the token app-protection Conditional Access guards.
    var appResource: String { "api://\(clientId)" }

    /// A token for the app's own API from the account's refresh token (the app's `acquireTokenSilent` for its scopes).
    func appResourceGrant(refreshToken: String) -> Result<Grant, Failure> {
        request([("grant_type", "refresh_token"), ("client_id", clientId), ("refresh_token", refreshToken),
                 ("scope", "\(appResource)/.default offline_access")])
    }

    private struct Answer: Decodable {
        struct Account: Decodable {
            var oid: String
            var upn: String
            var tid: String?
        }
        var access_token: String
        var refresh_token: String?
        var expires_in: Double?
        var account: Account?
    }

    private struct ErrorAnswer: Decodable {
        var error: String?
        var error_description: String?
        var suberror: String?
    }

    private func request(_ fields: [(String, String)]) -> Result<Grant, Failure> {
        let response: HTTPResponse
        do {
            response = try clients.send(.form(url: tokenURL.absoluteString, fields: fields))
        } catch {
            return .failure(Failure(description: "token endpoint unreachable: \(error)"))
        }
        return Self.grant(status: response.status, body: response.body)
    }

    /// What an answer of the token endpoint grants, or why it grants nothing.
    static func grant(status: Int, body: Data) -> Result<Grant, Failure> {
        guard status == 200 else {
            let answer = try? JSONDecoder().decode(ErrorAnswer.self, from: body)
            let reason = [answer?.error, answer?.error_description].compactMap { $0 }.joined(separator: ": ")
            return .failure(Failure(description: "token endpoint answered \(status)"
                                    + (reason.isEmpty ? "" : " (\(reason))"),
                                    protectionPolicyRequired: answer?.suberror == "protection_policy_required"))
        }
        guard let answer = try? JSONDecoder().decode(Answer.self, from: body), let account = answer.account else {
            return .failure(Failure(description: "token answer lacks access_token or account"))
        }
        return .success(Grant(accessToken: answer.access_token, refreshToken: answer.refresh_token,
                              expiresIn: answer.expires_in ?? 3600, accountId: account.oid, upn: account.upn,
                              tenantId: account.tid))
    }
}
