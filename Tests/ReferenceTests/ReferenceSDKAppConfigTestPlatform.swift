import Foundation
import ReferenceSDK

/// The simulated OS for the allowed-accounts and app-configuration tests: forwards the UI and relaunches to
/// the shared ``SDKTestApp`` and records what those tests look at, the notifications the SDK posts and every
/// log line (with its level).
final class ConfigTestPlatform: IntuneMAMPlatform, @unchecked Sendable {
    private let app: SDKTestApp
    private let lock = NSLock()
    private var posted: [IntuneMAMNotification] = []
    private var lines: [(level: IntuneMAMLogLevel, message: String)] = []

    init(app: SDKTestApp) { self.app = app }

    var notifications: [IntuneMAMNotification] { locked { posted } }
    var logLines: [(level: IntuneMAMLogLevel, message: String)] { locked { lines } }

    /// Notifications of one name.
    func notifications(_ name: IntuneMAMNotification.Name) -> [IntuneMAMNotification] {
        notifications.filter { $0.name == name }
    }

    func clear() {
        locked {
            posted.removeAll()
            lines.removeAll()
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    func showRestartDialog(message: String) { app.showRestartDialog(message: message) }
    func promptPIN(setup: Bool, accountId: String, minimumLength: Int) -> String? {
        app.promptPIN(setup: setup, accountId: accountId, minimumLength: minimumLength)
    }
    func promptSignIn(hint: String?) -> (upn: String, password: String)? { app.promptSignIn(hint: hint) }
    func terminateAndRelaunch() { app.terminateAndRelaunch() }
    func didShow(_ ui: IntuneMAMShownUI, accountId: String?) { app.didShow(ui, accountId: accountId) }

    func log(level: IntuneMAMLogLevel, message: String) {
        locked { lines.append((level, message)) }
    }

    func post(_ notification: IntuneMAMNotification) {
        locked { posted.append(notification) }
    }
}
