import Foundation

/// The UI identity of one app run and which managed accounts passed conditional launch in the current
/// foreground session (IDS-02, IDS-05).
///
/// In memory only: on iOS identities belong to the process, so a relaunch starts without them. A session
/// starts with the runtime and again at each return to the foreground (`applicationWillEnterForeground`);
/// within one session the SDK does not ask for the PIN again when the app switches back to an account
/// that already passed (the real SDK's access-check period).
final class SDKIdentities: @unchecked Sendable {
    private let lock = NSLock()
    private var uiAccountId: String?
    private var passed: Set<String> = []

    /// The UI identity the app set; nil = never set (falls back to the process identity).
    var ui: String? {
        lock.lock()
        defer { lock.unlock() }
        return uiAccountId
    }

    func setUI(_ accountId: String?) {
        lock.lock()
        uiAccountId = accountId
        lock.unlock()
    }

    func hasPassedConditionalLaunch(_ accountId: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return passed.contains(accountId.lowercased())
    }

    func markPassedConditionalLaunch(_ accountId: String) {
        lock.lock()
        passed.insert(accountId.lowercased())
        lock.unlock()
    }

    /// A new foreground session: every account must pass conditional launch again.
    func startSession() {
        lock.lock()
        passed.removeAll()
        lock.unlock()
    }
}
