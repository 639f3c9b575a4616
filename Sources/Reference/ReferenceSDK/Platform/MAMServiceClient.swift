import CurlHTTP
import Foundation

/// The SDK's HTTP face: the MAM service (enroll, check-in, unenroll, telemetry) and the token endpoint.
///
/// Blocking (libcurl via the process's ``BlockingHTTPClientPool``): call it from the runtime's work queue, never from
/// Swift concurrency's pool. Answers are decoded here so flows deal in outcomes, not bytes.
final class MAMServiceClient: Sendable {
    /// Why a call produced no usable answer.
    enum Failure: Error, Equatable {
        /// 401: the token was refused.
        case unauthorized(String)
        /// No HTTP answer at all (connection refused, timeout…).
        case transport(String)
        /// 404 not-enrolled at check-in.
        case notEnrolled
        /// 429, or 503 with `Retry-After`: the service asks to be left alone for `retryAfter` seconds (nil: not said).
        case throttled(Int, retryAfter: TimeInterval?)
        /// Any other unexpected status.
        case http(Int, String)
        /// The body was not what the contract says.
        case parse(String)
    }

    enum EnrollOutcome: String {
        case enrolled
        case notLicensed = "not-licensed"
        case notTargeted = "not-targeted"
    }

    struct CheckInAnswer {
        /// The policy object as JSON bytes, nil when the service sent null.
        var policyJSON: Data?
        var policyVersion: String?
        var wipeRequested: Bool
        /// The targeted app configuration (CFG), nil when the answer carries none.
        var appConfig: [[String: String]]? = nil
        var appConfigVersion: String? = nil
    }

    struct TokenGrant {
        var accessToken: String
        var refreshToken: String?
        var expiresIn: TimeInterval
        var oid: String
        var upn: String
        var tenantId: String?
    }

    /// The process's pool under this runtime's limits: the connection a request leaves open serves the next one, the
    /// app's sign-in and the runtime that follows a relaunch in the same process.
    private let http: BlockingHTTPClientPool
    private let configuration: IntuneMAMRuntimeConfiguration

    init(configuration: IntuneMAMRuntimeConfiguration) {
        self.configuration = configuration
        let limits = configuration.httpTimeoutSeconds
        http = BlockingHTTPClientPool.shared.limited(to: HTTPTimeouts(connect: .seconds(limits.connect),
                                                                      total: .seconds(limits.total)))
    }

    // MARK: MAM service

    func enroll(accountId: String, upn: String, deviceTag: String, token: String) -> Result<EnrollOutcome, Failure> {
        let body = MAMServiceRequest.Enroll(accountId: accountId, upn: upn, bundleId: configuration.bundleId,
                                            deviceTag: deviceTag, sdkVersion: configuration.sdkVersion,
                                            appVersion: configuration.appVersion)
        return post("enroll", body: body, token: token).flatMap { object in
            guard let raw = object["outcome"] as? String, let outcome = EnrollOutcome(rawValue: raw) else {
                return .failure(.parse("enroll answer has no known outcome"))
            }
            return .success(outcome)
        }
    }

    func checkIn(accountId: String, deviceTag: String, policyVersion: String?, token: String)
        -> Result<CheckInAnswer, Failure> {
        let body = MAMServiceRequest.CheckIn(accountId: accountId, deviceTag: deviceTag, policyVersion: policyVersion)
        return post("checkin", body: body, token: token).flatMap { object in
            var answer = CheckInAnswer(policyJSON: nil, policyVersion: object["policyVersion"] as? String,
                                       wipeRequested: false)
            if let policy = object["policy"], !(policy is NSNull) {
                guard let members = policy as? [String: Any], let data = try? PolicyJSON.data(members) else {
                    return .failure(.parse("check-in policy is not an object"))
                }
                answer.policyJSON = data
            }
            answer.appConfig = Self.appConfigData(object["appConfig"])
            answer.appConfigVersion = object["appConfigVersion"] as? String
            let commands = object["commands"] as? [Any] ?? []
            answer.wipeRequested = commands.contains { command in
                if let name = command as? String { return name == "wipe" }
                if let object = command as? [String: Any] {
                    return (object["type"] as? String) == "wipe" || (object["command"] as? String) == "wipe"
                }
                return false
            }
            return .success(answer)
        }
    }

    func unenroll(accountId: String, deviceTag: String, token: String) -> Result<Void, Failure> {
        post("unenroll", body: MAMServiceRequest.Unenroll(accountId: accountId, deviceTag: deviceTag), token: token)
            .map { _ in () }
    }

    /// `POST /telemetry`, or `POST /ppe/telemetry` to the pre-production service (204 expected); the caller
    /// ignores failures.
    func telemetry(accountId: String, deviceTag: String, events: [TelemetryEvent], token: String, preProduction: Bool) -> Result<Void, Failure> {
        let body = MAMServiceRequest.Telemetry(accountId: accountId, deviceTag: deviceTag, events: events)
        return post(preProduction ? "ppe/telemetry" : "telemetry", body: body, token: token).map { _ in () }
    }

    // MARK: Token endpoint

    /// The SDK's own sign-in (resource-owner password grant) for the MAM resource, as the registration in force.
    func passwordGrant(upn: String, password: String, as registration: SDKSignIn.Registration) -> Result<TokenGrant, Failure> {
        tokenRequest(at: registration.tokenURL, [
            ("grant_type", "password"), ("client_id", registration.clientId), ("username", upn),
            ("password", password), ("scope", scope),
        ])
    }

    func refreshGrant(refreshToken: String, as registration: SDKSignIn.Registration) -> Result<TokenGrant, Failure> {
        tokenRequest(at: registration.tokenURL, [
            ("grant_type", "refresh_token"), ("client_id", registration.clientId),
            ("refresh_token", refreshToken), ("scope", scope),
        ])
    }

    private var scope: String {
        var resource = configuration.mamResource
        while resource.hasSuffix("/") { resource.removeLast() }
        return "\(resource)/.default offline_access"
    }

    private struct TokenAnswer: Decodable {
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

    private func tokenRequest(at tokenURL: URL, _ fields: [(String, String)]) -> Result<TokenGrant, Failure> {
        let request = HTTPRequest.form(url: tokenURL.absoluteString, fields: fields)
        let response: HTTPResponse
        do {
            response = try http.send(request)
        } catch {
            return .failure(.transport(error.description))
        }
        guard response.status == 200 else {
            let reason = (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any])?["error"] as? String
            if response.status == 400 || response.status == 401 {
                return .failure(.unauthorized(reason ?? "token request refused (\(response.status))"))
            }
            return .failure(.http(response.status, reason ?? "token endpoint answered \(response.status)"))
        }
        guard let grant = Self.tokenGrant(from: response.body) else {
            return .failure(.parse("token answer lacks access_token or account"))
        }
        return .success(grant)
    }

    /// A 200 answer of the token endpoint as a grant; nil when it lacks the token or the account.
    static func tokenGrant(from body: Data) -> TokenGrant? {
        guard let answer = try? JSONDecoder().decode(TokenAnswer.self, from: body), let account = answer.account else {
            return nil
        }
        return TokenGrant(accessToken: answer.access_token, refreshToken: answer.refresh_token,
                          expiresIn: answer.expires_in ?? 3600, oid: account.oid, upn: account.upn, tenantId: account.tid)
    }

    // MARK: Plumbing

    /// `Retry-After` as seconds: delta-seconds, or an HTTP date relative to now; nil when absent or unreadable.
    static func retryAfter(_ value: String?) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value), seconds >= 0 { return TimeInterval(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: value).map { max(0, $0.timeIntervalSinceNow) }
    }

    private func url(_ path: String) -> String {
        var base = configuration.mamServiceURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return "\(base)/\(path)"
    }

    /// Request bodies with their keys sorted, as they always went out: a journal or a capture reads the same.
    static func requestBody(_ body: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(body)
    }

    private func post(_ path: String, body: some Encodable, token: String) -> Result<[String: Any], Failure> {
        let data: Data
        do {
            data = try Self.requestBody(body)
        } catch {
            return .failure(.parse("cannot encode request: \(error)"))
        }
        let response: HTTPResponse
        do {
            response = try http.send(.json("POST", url(path), body: data, bearer: token))
        } catch {
            return .failure(.transport(error.description))
        }
        let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
        switch response.status {
        case 200:
            guard let object else { return .failure(.parse("\(path) answer is not a JSON object")) }
            return .success(object)
        case 201..<300:
            return .success(object ?? [:])
        case 401:
            return .failure(.unauthorized(object?["reason"] as? String ?? "unauthorized"))
        case 404 where path == "checkin":
            return .failure(.notEnrolled)
        case let status where status == 429 || (status == 503 && response.header("retry-after") != nil):
            return .failure(.throttled(response.status, retryAfter: Self.retryAfter(response.header("retry-after"))))
        default:
            return .failure(.http(response.status, object?["error"] as? String ?? "status \(response.status)"))
        }
    }
}
