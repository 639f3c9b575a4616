import CurlHTTP
import Foundation
import ReferenceSDK

/// What the fake app saw the SDK do, in order.
enum SDKTestEvent: Equatable, Sendable {
    case enrollment(IntuneMAMEnrollmentStatusCode, accountId: String, didSucceed: Bool)
    case policy(IntuneMAMEnrollmentStatusCode, accountId: String, didSucceed: Bool)
    case unenroll(IntuneMAMEnrollmentStatusCode, accountId: String, didSucceed: Bool)
    case restartApplication
    case wipe(String)
    case addAccount(String)
    case ui(IntuneMAMShownUI)
    case restartDialog
    case relaunch
}

/// A test-only app: the SDK's platform and both delegates, recording every call and answering from
/// scripted values. Tokens for "signed-in" accounts come from real password grants against the mock.
final class SDKTestApp: IntuneMAMPlatform, IntuneMAMEnrollmentDelegate, IntuneMAMPolicyDelegate, @unchecked Sendable {
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

    let tokenURL: URL
    let clientId: String

    init(tokenURL: URL, clientId: String) {
        self.tokenURL = tokenURL
        self.clientId = clientId
    }

    // MARK: Script

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    var events: [SDKTestEvent] { locked { recorded } }
    var logs: [String] { locked { logLines } }
    var tokensIssued: [String] { locked { issuedTokens } }
    func clearEvents() { locked { recorded.removeAll() } }

    /// The app's own sign-in: getAccessToken will answer for this account.
    func signIn(_ user: SDKTestUser) { locked { signedIn[user.objectId.lowercased()] = user } }
    func signOut(_ user: SDKTestUser) { locked { signedIn[user.objectId.lowercased()] = nil } }
    func answerPINs(_ pins: [String?]) { locked { pinAnswers = pins } }
    func answerSignIn(_ user: SDKTestUser?) { locked { signInAnswer = user.map { ($0.upn, $0.password) } } }
    func answerRestart(_ value: Bool) { locked { restartAnswer = value } }
    func answerWipe(_ value: Bool, action: (@Sendable (String) -> Void)? = nil) {
        locked {
            wipeAnswer = value
            wipeAction = action
        }
    }
    func onRelaunch(_ hook: (@Sendable () -> Void)?) { locked { relaunchHook = hook } }

    private func record(_ event: SDKTestEvent) { locked { recorded.append(event) } }

    func count(_ event: SDKTestEvent) -> Int { events.filter { $0 == event }.count }

    // MARK: IntuneMAMPlatform

    func showRestartDialog(message: String) { record(.restartDialog) }

    func promptPIN(setup: Bool, accountId: String, minimumLength: Int) -> String? {
        locked { pinAnswers.isEmpty ? nil : pinAnswers.removeFirst() }
    }

    func promptSignIn(hint: String?) -> (upn: String, password: String)? { locked { signInAnswer } }

    func terminateAndRelaunch() {
        record(.relaunch)
        locked { relaunchHook }?()
    }

    func didShow(_ ui: IntuneMAMShownUI, accountId: String?) { record(.ui(ui)) }

    func log(level: IntuneMAMLogLevel, message: String) { locked { logLines.append(message) } }

    // MARK: IntuneMAMEnrollmentDelegate

    func enrollmentRequest(with status: IntuneMAMEnrollmentStatus) {
        record(.enrollment(status.statusCode, accountId: status.accountId.lowercased(), didSucceed: status.didSucceed))
    }

    func policyRequest(with status: IntuneMAMEnrollmentStatus) {
        record(.policy(status.statusCode, accountId: status.accountId.lowercased(), didSucceed: status.didSucceed))
    }

    func unenrollRequest(with status: IntuneMAMEnrollmentStatus) {
        record(.unenroll(status.statusCode, accountId: status.accountId.lowercased(), didSucceed: status.didSucceed))
    }

    func getAccessToken(forAccountId accountId: String, resource: String,
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

    func restartApplication() -> Bool {
        record(.restartApplication)
        return locked { restartAnswer }
    }

    func wipeData(forAccountId accountId: String) -> Bool {
        record(.wipe(accountId.lowercased()))
        let (answer, action) = locked { (wipeAnswer, wipeAction) }
        action?(accountId)
        return answer
    }

    func addAccountId(_ accountId: String, completionHandler: @escaping @Sendable (IntuneMAMAddIdentityResult) -> Void) {
        record(.addAccount(accountId.lowercased()))
        completionHandler(.success)
    }
}
