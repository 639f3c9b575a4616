import Foundation
import ReferenceSDK

/// The app side for the tests that watch more than the fake app records: the simulated OS, and the policy delegate
/// where the fixture makes it one. UI, PINs, tokens, restarts and wipes go to the shared ``SDKTestApp``; this host
/// adds what those tests look at: the identity switches the SDK asks for (answered from a script), the notifications
/// it posts and every log line with its level.
/// `@unchecked Sendable`: every mutable field is read and written under `lock`.
public final class SDKTestHost: IntuneMAMPlatform, IntuneMAMPolicyDelegate, @unchecked Sendable {
    /// One `identitySwitchRequiredForAccountId` call.
    public struct SwitchRequest: Equatable, Sendable {
        public var accountId: String
        public var reason: IntuneMAMIdentitySwitchReason

        public init(accountId: String, reason: IntuneMAMIdentitySwitchReason) {
            self.accountId = accountId
            self.reason = reason
        }
    }

    public let app: SDKTestApp
    private let lock = NSLock()
    private var switchAnswer = IntuneMAMSwitchIdentityResult.success
    private var requests: [SwitchRequest] = []
    private var posted: [IntuneMAMNotification] = []
    private var lines: [(level: IntuneMAMLogLevel, message: String)] = []
    private var queryable: Set<String> = []

    public init(app: SDKTestApp) { self.app = app }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// The URL schemes `canOpenURL` finds an app for (the app's query schemes and what is installed).
    public func setQueryableSchemes(_ schemes: Set<String>) { locked { queryable = schemes } }

    /// How the app answers the SDK's switch requests from now on.
    public func answerSwitch(_ result: IntuneMAMSwitchIdentityResult) { locked { switchAnswer = result } }
    public var switchRequests: [SwitchRequest] { locked { requests } }
    public var notifications: [IntuneMAMNotification] { locked { posted } }
    public var logLines: [(level: IntuneMAMLogLevel, message: String)] { locked { lines } }

    /// Notifications of one name.
    public func notifications(_ name: IntuneMAMNotification.Name) -> [IntuneMAMNotification] {
        notifications.filter { $0.name == name }
    }

    /// Forgets what was recorded so far, here and in the app.
    public func clear() {
        locked {
            requests.removeAll()
            posted.removeAll()
            lines.removeAll()
        }
        app.clearEvents()
    }

    // MARK: IntuneMAMPlatform

    public func showRestartDialog(message: String) { app.showRestartDialog(message: message) }
    public func promptPIN(setup: Bool, accountId: String, minimumLength: Int) -> String? {
        app.promptPIN(setup: setup, accountId: accountId, minimumLength: minimumLength)
    }
    public func promptSignIn(hint: String?) -> (upn: String, password: String)? { app.promptSignIn(hint: hint) }
    public func terminateAndRelaunch() { app.terminateAndRelaunch() }
    public func didShow(_ ui: IntuneMAMShownUI, accountId: String?) { app.didShow(ui, accountId: accountId) }
    public func log(level: IntuneMAMLogLevel, message: String) {
        locked { lines.append((level, message)) }
        app.log(level: level, message: message)
    }
    public func post(_ notification: IntuneMAMNotification) { locked { posted.append(notification) } }
    public func canOpenURL(_ url: URL) -> Bool { locked { queryable.contains(url.scheme?.lowercased() ?? "") } }

    // MARK: IntuneMAMPolicyDelegate

    public func restartApplication() -> Bool { app.restartApplication() }
    public func wipeData(forAccountId accountId: String) -> Bool { app.wipeData(forAccountId: accountId) }
    public func addAccountId(_ accountId: String, completionHandler: @escaping @Sendable (IntuneMAMAddIdentityResult) -> Void) {
        app.addAccountId(accountId, completionHandler: completionHandler)
    }

    public func identitySwitchRequired(forAccountId accountId: String, reason: IntuneMAMIdentitySwitchReason,
                                       completionHandler: @escaping @Sendable (IntuneMAMSwitchIdentityResult) -> Void) {
        let answer = locked { () -> IntuneMAMSwitchIdentityResult in
            requests.append(SwitchRequest(accountId: accountId, reason: reason))
            return switchAnswer
        }
        completionHandler(answer)
    }
}
