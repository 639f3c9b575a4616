import Locking

/// Where the app's launch is (`IntuneMAMLaunchState`): the state of the launch and conditional-launch flows.
///
/// Once terminated it stays terminated: a flow still finishing on the work queue cannot report the dead runtime
/// ready or blocked.
final class LaunchProgress: Sendable {
    private let state = Locked(IntuneMAMLaunchState.notLaunched)

    var current: IntuneMAMLaunchState { state.read { $0 } }

    /// Moves from not-launched to launching; false when the launch already started (or the runtime ended).
    func begin() -> Bool {
        state.withLock { state in
            guard state == .notLaunched else { return false }
            state = .launching
            return true
        }
    }

    func set(_ next: IntuneMAMLaunchState) {
        state.withLock { if $0 != .terminated { $0 = next } }
    }

    func terminate() {
        state.withLock { $0 = .terminated }
    }
}
