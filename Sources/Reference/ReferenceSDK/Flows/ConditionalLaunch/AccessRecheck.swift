import Foundation

/// When the user last proved access (a PIN, Face ID or a sign-in) and whether that still counts: the policy's online
/// recheck period (CL-03). Every gate that proves access records it here, and the resume and the launch's PIN ask
/// it, so the period is one clock reading kept in the state, not a gate's own.
struct AccessRecheck: Sendable {
    let rules: SDKRules.ConditionalLaunch
    let store: SDKStateStore
    let clock: any MAMClock

    /// The user just proved access (PIN or sign-in): the recheck period starts now.
    func passed() {
        let now = clock.now
        store.mutate { $0.lastAccessCheckAt = now }
    }

    /// True when the app comes back to the foreground within the policy's online recheck period after the last
    /// passed access check, so the PIN is not asked again (CL-03).
    func withinRecheckPeriod(_ policy: MAMServicePolicy) -> Bool {
        switch rules.accessRecheck {
        case .never: return true
        case .everyResume: return false
        case .afterPeriod: break
        }
        guard let last = store.read({ $0.lastAccessCheckAt }) else { return false }
        return clock.now.timeIntervalSince(last) < policy.onlineRecheckPeriod
    }
}
