import Foundation

/// Launch: carrying over a previous build, the timers, auto-enrollment (ENR-08, `LaunchFlow+AutoEnroll.swift`), the
/// policy gates (ENR-09, ENR-10) and conditional launch's gates (CL-01…06, RST-04) for a single-identity app.
///
/// It is given what a launch touches: the runtime's settings, the enrollment and reinstall rules, the state, the
/// service client, the sign-in registration and the tokens (the SDK's own sign-in at launch), the status reporter,
/// the enrollment and managed-configuration flows, the app connections, the work queue, the launch's progress, the
/// identities (the session's passed accounts), how long to wait for the app, the gates, the log and the identity
/// model's answers (``identityRules``). Carrying over a build, the restart and the timers span the lifecycle's flows,
/// so they are the engine's, reached through ``lifecycle``, a link the engine binds once it exists.
struct LaunchFlow: Sendable {
    let settings: IntuneMAMSettings
    let rules: SDKRules.Enrollment
    let reinstallRules: SDKRules.Reinstall
    let store: SDKStateStore
    let service: MAMServiceClient
    let signIn: SDKSignIn
    let tokens: TokenSource
    let reporter: SDKStatusReporter
    let enrollment: EnrollmentFlow
    let managedConfig: ManagedConfigFlow
    let connections: SDKAppConnections
    let work: SDKWorkQueue
    let launch: LaunchProgress
    let identities: SDKIdentities
    let appWait: SDKAppWait
    let gates: LaunchGates
    let log: SDKLog
    /// Carrying over a previous build, the restart for a kept policy, and the timers.
    let lifecycle: SDKFlowLink<any LaunchLifecycle>
    /// Whether the app is a multi-identity one (its gates wait for a switch to the managed account).
    let identityRules: any LaunchIdentityRules

    /// Starts the launch sequence on the work queue; `completion` gets the resulting launch state.
    func launchApp(completion: (@Sendable (IntuneMAMLaunchState) -> Void)?) {
        guard launch.begin() else {
            log.warning("applicationDidFinishLaunching called twice; ignored")
            completion?(launch.current)
            return
        }
        // Auto-enrollment at launch concerns the accounts registered before launch; an account the app
        // registers while launch runs enrolls through its own registration, once (no second attempt racing it).
        let registeredBeforeLaunch = store.read { $0.pendingAccounts }
        work.submit("launch", dropped: { completion?(.terminated) }) { [self] in
            runLaunch(registeredBeforeLaunch)
            completion?(launch.current)
        }
    }

    private func runLaunch(_ registeredBeforeLaunch: [SDKState.RegisteredAccount]) {
        let lifecycle = self.lifecycle.target
        lifecycle?.carryOverFromPreviousBuild()
        if store.previousInstall?.policyJSON != nil, !reinstallRules.restartOnlyForOwnPolicy {
            log.info("the keychain holds a policy: restarting to apply it")
            lifecycle?.requestRestart()
            guard connections.isAlive else { return }
        }
        managedConfig.readManagedAppConfig(.launch)
        lifecycle?.resumeTimers()
        if settings.autoEnrollOnLaunch && settings.mamPolicyRequired {
            autoEnrollBeforeLaunch()
        }
        guard connections.isAlive else { return }
        let state = store.snapshot
        let isMultiIdentityApp = identityRules.isMultiIdentityApp
        if let policy = state.policy, let accountId = state.enrolledAccountId {
            if !isMultiIdentityApp, let blocked = gates.offline.check(accountId: accountId, policy: policy)
                ?? gates.device.check(accountId: accountId, policy: policy)
                ?? gates.credentials.check(accountId: accountId, policy: policy) {
                launch.set(.blocked(blocked))
                return
            }
            if policy.isPINRequired && !isMultiIdentityApp,
               let blocked = gates.pin.check(accountId: accountId, policy: policy, atLaunch: true) {
                launch.set(.blocked(blocked))
                return
            }
            // A single-identity app passed its gates: the account needs no PIN again this session.
            if !isMultiIdentityApp { identities.markPassedConditionalLaunch(accountId) }
        } else if settings.mamPolicyRequired && rules.policyRequiredBlocksLaunch {
            log.warning("MAMPolicyRequired and no app protection policy: launch blocked")
            connections.platform?.didShow(.policyRequired, accountId: state.enrolledAccountId)
            launch.set(.blocked(.policyRequired))
            return
        } else if settings.mamPolicyWarnAbsent && rules.absentPolicyWarned {
            log.info("MAMPolicyWarnAbsent and no app protection policy: warning the user")
            connections.platform?.didShow(.policyAbsentWarning, accountId: state.enrolledAccountId)
        }
        guard connections.isAlive else { return }
        launch.set(.ready)
        log.info("launch finished")
        if settings.autoEnrollOnLaunch && !settings.mamPolicyRequired {
            work.submit("auto-enroll") { [self] in autoEnrollSilently(registeredBeforeLaunch) }
        }
    }
}
