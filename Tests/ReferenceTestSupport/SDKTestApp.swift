import CurlHTTP
import Foundation
import ReferenceSDK

/// A test-only app: the SDK's platform and both delegates, recording every call and answering from
/// scripted values. Tokens for "signed-in" accounts come from real password grants against the mock.
/// `@unchecked Sendable`: every mutable field is read and written under `lock`.
public final class SDKTestApp: IntuneMAMPlatform, IntuneMAMEnrollmentDelegate, IntuneMAMPolicyDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [SDKTestEvent] = []
    private var logLines: [String] = []
    private var signedIn: [String: SDKTestUser] = [:]
    private var pinAnswers: [String?] = []
    private var signInAnswer: (upn: String, password: String)?
    private var restartAnswer = true
    private var wipeAnswer = true
    private var wipeAction: (@Sendable (String) -> Void)?
    private var relaunchHook: (@Sendable () -> Void)?
    private var issuedTokens: [String] = []

    public let tokenURL: URL
    public let clientId: String

    public init(tokenURL: URL, clientId: String) {
        self.tokenURL = tokenURL
        self.clientId = clientId
    }

    // MARK: Script

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    public var events: [SDKTestEvent] { locked { recorded } }
    public var logs: [String] { locked { logLines } }
    public var tokensIssued: [String] { locked { issuedTokens } }
    public func clearEvents() { locked { recorded.removeAll() } }

    /// The app's own sign-in: getAccessToken will answer for this account.
    public func signIn(_ user: SDKTestUser) { locked { signedIn[user.objectId.lowercased()] = user } }
    public func signOut(_ user: SDKTestUser) { locked { signedIn[user.objectId.lowercased()] = nil } }
    public func answerPINs(_ pins: [String?]) { locked { pinAnswers = pins } }
    public func answerSignIn(_ user: SDKTestUser?) { locked { signInAnswer = user.map { ($0.upn, $0.password) } } }
    public func answerRestart(_ value: Bool) { locked { restartAnswer = value } }
    public func answerWipe(_ value: Bool, action: (@Sendable (String) -> Void)? = nil) {
        locked {
            wipeAnswer = value
            wipeAction = action
        }
    }
    public func onRelaunch(_ hook: (@Sendable () -> Void)?) { locked { relaunchHook = hook } }

    private func record(_ event: SDKTestEvent) { locked { recorded.append(event) } }

    public func count(_ event: SDKTestEvent) -> Int { events.filter { $0 == event }.count }

    // MARK: IntuneMAMPlatform

    public func showRestartDialog(message: String) { record(.restartDialog) }

    public func promptPIN(setup: Bool, accountId: String, minimumLength: Int) -> String? {
        locked { pinAnswers.isEmpty ? nil : pinAnswers.removeFirst() }
    }

    public func promptSignIn(hint: String?) -> (upn: String, password: String)? { locked { signInAnswer } }

    public func terminateAndRelaunch() {
        record(.relaunch)
        locked { relaunchHook }?()
    }

    public func didShow(_ ui: IntuneMAMShownUI, accountId: String?) { record(.ui(ui)) }

    public func log(level: IntuneMAMLogLevel, message: String) { locked { logLines.append(message) } }

    // MARK: IntuneMAMEnrollmentDelegate

    public func enrollmentRequest(with status: IntuneMAMEnrollmentStatus) {
        record(.enrollment(status.statusCode, accountId: status.accountId.lowercased(), didSucceed: status.didSucceed))
    }

    public func policyRequest(with status: IntuneMAMEnrollmentStatus) {
        record(.policy(status.statusCode, accountId: status.accountId.lowercased(), didSucceed: status.didSucceed))
    }

    public func unenrollRequest(with status: IntuneMAMEnrollmentStatus) {
        record(.unenroll(status.statusCode, accountId: status.accountId.lowercased(), didSucceed: status.didSucceed))
    }

    public func getAccessToken(forAccountId accountId: String, resource: String,
                        completion: @escaping @Sendable (IntuneMAMEnrollmentToken) -> Void) {
        guard let user = locked({ signedIn[accountId.lowercased()] }) else {
            completion(.failure(accountId: accountId, error: "not signed in"))
            return
        }
        let client = BlockingHTTPClient()
        let request = HTTPRequest.form(url: tokenURL.absoluteString, fields: [
            ("grant_type", "password"), ("client_id", clientId), ("username", user.upn),
            ("password", user.password), ("scope", "\(resource)/.default offline_access"),
        ])
        guard let response = try? client.send(request), response.status == 200,
              let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
              let token = object["access_token"] as? String else {
            completion(.failure(accountId: accountId, upn: user.upn, error: "token request failed"))
            return
        }
        locked { issuedTokens.append(token) }
        completion(IntuneMAMEnrollmentToken(accessToken: token, upn: user.upn, oid: user.objectId))
    }

    // MARK: IntuneMAMPolicyDelegate

    public func restartApplication() -> Bool {
        record(.restartApplication)
        return locked { restartAnswer }
    }

    public func wipeData(forAccountId accountId: String) -> Bool {
        record(.wipe(accountId.lowercased()))
        let (answer, action) = locked { (wipeAnswer, wipeAction) }
        action?(accountId)
        return answer
    }

    public func addAccountId(_ accountId: String, completionHandler: @escaping @Sendable (IntuneMAMAddIdentityResult) -> Void) {
        record(.addAccount(accountId.lowercased()))
        completionHandler(.success)
    }
}
