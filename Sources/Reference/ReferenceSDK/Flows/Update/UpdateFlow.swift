import Foundation

/// The first launch after the app was updated in place (UPG-01): another build (another SDK release, another app
/// version) finds the state the previous one left in the app's container and carries on with it.
///
/// It is given what carrying the state over touches: the update rules, this build (the runtime's SDK and app
/// versions), the state, and the wipe a broken SDK runs.
struct UpdateFlow: Sendable {
    let rules: SDKRules.Update
    /// The build this runtime is.
    let build: SDKState.BuildStamp
    let store: SDKStateStore
    let wipe: WipeFlow
    let log: SDKLog

    /// Stamps the state with this build and, when another build wrote it, carries it over: the enrollment, the
    /// policy, the PIN and the app's data stay, nothing is asked and nothing is wiped. Runs on the work queue at the
    /// start of the launch, before anything reads the enrollment.
    func carryOverFromPreviousBuild() {
        let build = self.build
        let (previous, enrolled) = store.mutate { state in
            defer { state.launchedBuild = build }
            return (state.launchedBuild, state.enrolledAccountId.map { ($0, state.upn(of: $0)) })
        }
        guard let previous, previous != build else { return }
        log.info("updated in place from SDK \(previous.sdkVersion) (app \(previous.appVersion)) to SDK "
            + "\(build.sdkVersion) (app \(build.appVersion))")
        guard let (accountId, upn) = enrolled else { return }
        if !rules.wipesNothing {
            wipe.selectiveWipe(accountId, upn: upn)
        }
        if !rules.keepsEnrollment {
            log.warning("the previous build's enrollment of \(accountId) is not carried over")
            store.mutate { state in
                state.clearEnrollment()
                state.registeredAccounts = []
            }
        }
    }
}
