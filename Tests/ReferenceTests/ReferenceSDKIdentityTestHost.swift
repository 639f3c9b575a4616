import Foundation
import ReferenceSDK

/// The app side for the identity and policy-query tests: the simulated OS and the policy delegate. UI,
/// PINs, tokens, restarts and wipes go to the shared ``SDKTestApp``; this host adds what those tests look
/// at: the identity switches the SDK asks for (answered from a script) and the notifications it posts.
final class IdentityTestHost: IntuneMAMPlatform, IntuneMAMPolicyDelegate, @unchecked Sendable {
    /// One `identitySwitchRequiredForAccountId` call.
    struct SwitchRequest: Equatable {
        var accountId: String
        var reason: IntuneMAMIdentitySwitchReason
    }

    let app: SDKTestApp
    private let lock = NSLock()
    private var switchAnswer = IntuneMAMSwitchIdentityResult.success
    private var requests: [SwitchRequest] = []
    private var posted: [IntuneMAMNotification] = []
    private var queryable: Set<String> = []

    init(app: SDKTestApp) { self.app = app }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// The URL schemes `canOpenURL` finds an app for (the app's query schemes and what is installed).
    func setQueryableSchemes(_ schemes: Set<String>) { locked { queryable = schemes } }

    /// How the app answers the SDK's switch requests from now on.
    func answerSwitch(_ result: IntuneMAMSwitchIdentityResult) { locked { switchAnswer = result } }
    var switchRequests: [SwitchRequest] { locked { requests } }
    var notifications: [IntuneMAMNotification] { locked { posted } }
    func notifications(_ name: IntuneMAMNotification.Name) -> [IntuneMAMNotification] {
        notifications.filter { $0.name == name }
    }

    func clear() {
        locked {
            requests.removeAll()
            posted.removeAll()
        }
        app.clearEvents()
    }

    // MARK: IntuneMAMPlatform

    func showRestartDialog(message: String) { app.showRestartDialog(message: message) }
    func promptPIN(setup: Bool, accountId: String, minimumLength: Int) -> String? {
        app.promptPIN(setup: setup, accountId: accountId, minimumLength: minimumLength)
    }
    func promptSignIn(hint: String?) -> (upn: String, password: String)? { app.promptSignIn(hint: hint) }
    func terminateAndRelaunch() { app.terminateAndRelaunch() }
    func didShow(_ ui: IntuneMAMShownUI, accountId: String?) { app.didShow(ui, accountId: accountId) }
    func log(level: IntuneMAMLogLevel, message: String) { app.log(level: level, message: message) }
    func post(_ notification: IntuneMAMNotification) { locked { posted.append(notification) } }
    func canOpenURL(_ url: URL) -> Bool { locked { queryable.contains(url.scheme?.lowercased() ?? "") } }

    // MARK: IntuneMAMPolicyDelegate

    func restartApplication() -> Bool { app.restartApplication() }
    func wipeData(forAccountId accountId: String) -> Bool { app.wipeData(forAccountId: accountId) }
    func addAccountId(_ accountId: String, completionHandler: @escaping @Sendable (IntuneMAMAddIdentityResult) -> Void) {
        app.addAccountId(accountId, completionHandler: completionHandler)
    }

    func identitySwitchRequired(forAccountId accountId: String, reason: IntuneMAMIdentitySwitchReason,
                                completionHandler: @escaping @Sendable (IntuneMAMSwitchIdentityResult) -> Void) {
        let answer = locked { () -> IntuneMAMSwitchIdentityResult in
            requests.append(SwitchRequest(accountId: accountId, reason: reason))
            return switchAnswer
        }
        completionHandler(answer)
    }
}
