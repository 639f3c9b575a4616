import Foundation
import Locking

/// The identities of one app run, as the app set them (the process identity, the UI identity), and which managed
/// accounts passed conditional launch in the current foreground session (IDS-02–05): the identity flows' state.
///
/// In memory only: on iOS identities belong to the process, so a relaunch starts without them. A session
/// starts with the runtime and again at each return to the foreground (`applicationWillEnterForeground`);
/// within one session the SDK does not ask for the PIN again when the app switches back to an account
/// that already passed (the real SDK's access-check period).
final class SDKIdentities: Sendable {
    private struct State {
        /// The process identity the app set (`setProcessAccountId`); nil = never set.
        var process: String?
        /// The UI identity the app set; nil = never set.
        var ui: String?
        /// Lower-cased account IDs that passed conditional launch in this session.
        var passed: Set<String> = []
    }

    private let state = Locked(State())

    /// The process identity the app set; nil = never set (single-identity apps fall back to the enrolled account).
    var process: String? { state.read(\.process) }

    func setProcess(_ accountId: String?) {
        state.withLock { $0.process = accountId }
    }

    /// The UI identity the app set; nil = never set (falls back to the process identity).
    var ui: String? { state.read(\.ui) }

    func setUI(_ accountId: String?) {
        state.withLock { $0.ui = accountId }
    }

    func hasPassedConditionalLaunch(_ accountId: String) -> Bool {
        state.read { $0.passed.contains(accountId.lowercased()) }
    }

    func markPassedConditionalLaunch(_ accountId: String) {
        state.withLock { _ = $0.passed.insert(accountId.lowercased()) }
    }

    /// A new foreground session: every account must pass conditional launch again.
    func startSession() {
        state.withLock { $0.passed.removeAll() }
    }
}
