import Foundation
import Locking

/// The simulated SDK's machinery: one serial work queue, the persisted state, the service client, the
/// timers and the connections to the app (delegates, platform).
///
/// Every flow (launch, enroll, check-in, unenroll, retry) runs on `queue`, a plain DispatchQueue, so the
/// blocking HTTP calls and waits for the app never touch the Swift concurrency pool. Each queued item is
/// counted by the work tracker. After ``terminate()`` nothing more happens: queued items are dropped,
/// timers are cancelled, and delegates and platform are released and never called again.
final class SDKEngine: Sendable {
    /// Which status callback a request ends with.
    enum RequestKind: String {
        case enrollment
        case policy
        case unenroll
    }

    static let retryInterval: TimeInterval = 24 * 3600
    static let checkInInterval: TimeInterval = 8 * 3600

    let configuration: IntuneMAMRuntimeConfiguration
    /// The documented rules at every point a planted defect can break one; the flows ask these, never the defect
    /// list.
    let rules: SDKRules
    let store: SDKStateStore
    let log: SDKLog
    let service: MAMServiceClient
    /// The process and UI identities and the conditional-launch session (IDS-02–05).
    let identities = SDKIdentities()
    /// The launch and conditional-launch flows' progress.
    let launch = LaunchProgress()
    /// The retry, check-in and acknowledgement timers.
    let timers = SDKTimers()
    /// The sign-in registration and the app's runtime overrides (ENR-15).
    let signIn: SDKSignIn
    /// The accounts (lower-cased) whose compliance remediation has not reported yet (CA-02).
    let remediations = Locked<Set<String>>([])
    /// The accounts (lower-cased) deregistered since this process started: kept per process, not in the state
    /// file, because the `reRegistrationIgnoredUntilRelaunch` defect (ENR-19) forgets them at a relaunch.
    let deregisteredInProcess = Locked<Set<String>>([])
    var clock: any MAMClock { configuration.clock }
    var tracker: MAMWorkTracker { configuration.workTracker }

    private let queue: DispatchQueue
    private let queueKey = DispatchSpecificKey<Bool>()

    /// What is the engine's own, not a flow's: whether it still runs, and its connections to the app. Once
    /// terminated, the connections are gone for good.
    private struct Connections {
        var terminated = false
        var platform: (any IntuneMAMPlatform)?
        var enrollmentDelegate: (any IntuneMAMEnrollmentDelegate)?
        var policyDelegate: (any IntuneMAMPolicyDelegate)?
        var complianceDelegate: (any IntuneMAMComplianceDelegate)?
    }

    private let connections: Locked<Connections>

    init(configuration: IntuneMAMRuntimeConfiguration, platform: any IntuneMAMPlatform) {
        self.configuration = configuration
        let rules = SDKRules(breaking: configuration.defects, reading: configuration.variants,
                             edition: SDKEdition(version: configuration.sdkVersion) ?? .newest)
        self.rules = rules
        let log = SDKLog(verbose: configuration.settings.verboseLoggingEnabled,
                         verboseUnscrubbed: !rules.logging.scrubsVerboseLines) { [platform] level, message in
            platform.log(level: level, message: message)
        }
        self.log = log
        connections = Locked(Connections(platform: platform))
        let store = SDKStateStore(fileURL: configuration.stateFileURL, keychainURL: configuration.keychainFileURL, log: log,
                                  restoresPreviousInstall: !rules.reinstall.ignoresPreviousInstall)
        self.store = store
        signIn = SDKSignIn(configuration: configuration, rules: rules.signIn, store: store, log: log)
        service = MAMServiceClient(configuration: configuration)
        queue = DispatchQueue(label: "mamconf.reference-sdk.work")
        queue.setSpecific(key: queueKey, value: true)
        for token in store.read({ $0.tokenCache }) {
            log.registerSecret(token.accessToken)
            log.registerSecret(token.refreshToken)
        }
        registerValuesToScrub()
    }

    // MARK: Lifecycle

    var isAlive: Bool { connections.read { !$0.terminated } }

    /// True on the work queue (where waiting for the queue would deadlock).
    var isOnQueue: Bool { DispatchQueue.getSpecific(key: queueKey) == true }

    /// Queues `work` on the work queue, counted by the tracker. Dropped (and `dropped` called) when the
    /// runtime is or becomes terminated before it starts.
    func submit(_ name: String, dropped: (@Sendable () -> Void)? = nil, _ work: @escaping @Sendable () -> Void) {
        guard isAlive else {
            log.verbose("dropping \(name): runtime terminated")
            dropped?()
            return
        }
        tracker.enter()
        queue.async { [self] in
            defer { tracker.leave() }
            guard isAlive else {
                dropped?()
                return
            }
            work()
        }
    }

    /// Stops everything; idempotent and callable from any thread, including from inside a callback.
    func terminate() {
        let first = connections.withLock { connections in
            defer { connections = Connections(terminated: true) }
            return !connections.terminated
        }
        guard first else { return }
        launch.terminate()
        timers.close()
        log.info("runtime terminated")
        log.detach()
    }

    // MARK: App connections

    // Terminating clears the connections, so a read after it finds none.

    var platform: (any IntuneMAMPlatform)? { connections.read(\.platform) }

    var enrollmentDelegate: (any IntuneMAMEnrollmentDelegate)? {
        get { connections.read(\.enrollmentDelegate) }
        set { connections.withLock { if !$0.terminated { $0.enrollmentDelegate = newValue } } }
    }

    var policyDelegate: (any IntuneMAMPolicyDelegate)? {
        get { connections.read(\.policyDelegate) }
        set { connections.withLock { if !$0.terminated { $0.policyDelegate = newValue } } }
    }

    var complianceDelegate: (any IntuneMAMComplianceDelegate)? {
        get { connections.read(\.complianceDelegate) }
        set { connections.withLock { if !$0.terminated { $0.complianceDelegate = newValue } } }
    }

    var launchState: IntuneMAMLaunchState { launch.current }

    // MARK: Timers

    /// Arms the timer in `slot` (replacing any previous one); `work` runs on the work queue when due.
    func arm(_ slot: SDKTimers.Slot, at date: Date, _ work: @escaping @Sendable () -> Void) {
        guard isAlive else { return }
        timers.arm(slot, with: clock.schedule(at: date) { [weak self] in self?.submit(slot.workName, work) })
    }

    // MARK: Waiting for the app

    /// Calls `start` with a completion and blocks until it is called or the delegate timeout passes.
    func awaitApp<Value: Sendable>(_ start: (@escaping @Sendable (Value) -> Void) -> Void) -> Value? {
        let box = Latch<Value>()
        start { box.fulfil($0) }
        return box.wait(until: Date(timeIntervalSinceNow: configuration.delegateTimeout))
    }

    // MARK: Status reports

    /// Delivers one status callback (ENR-02) unless the runtime was terminated.
    func report(_ kind: RequestKind, accountId: String, upn: String? = nil, code: IntuneMAMEnrollmentStatusCode,
                didSucceed reported: Bool, reason: String? = nil) {
        let didSucceed = code == .policiesHaveNotChanged ? rules.status.unchangedPolicySucceeds : reported
        // Every status names the account and, on failure, says why (ENR-02), whichever path built it.
        let detailed = !(kind == .policy && !didSucceed && !rules.status.failedCheckInHasDetails)
            && !(code == .licensedNotTargeted && !rules.status.notTargetedHasDetails)
        let identity = rules.status.namesUPN && detailed ? (upn ?? store.read { $0.upn(of: accountId) }) : ""
        // A failure always says why (ENR-02: status, error string and error object); a success says something
        // only when there is more to tell (a wipe received), unless every status describes its code.
        let described = reason ?? "\(code)"
        let errorString = didSucceed ? (rules.status.successCarriesErrorString ? described : reason)
            : rules.status.failureHasErrorString && detailed ? described : nil
        let error = didSucceed ? nil : IntuneMAMEnrollmentError(code: code.rawValue, reason: reason ?? "\(code)")
        let status = IntuneMAMEnrollmentStatus(identity: identity, accountId: accountId, didSucceed: didSucceed,
                                               statusCode: code, errorString: errorString, error: error)
        let detail = reason.map { ": \($0)" } ?? ""
        if didSucceed {
            log.info("\(kind.rawValue) request for \(accountId) finished with \(code.rawValue) (\(code))\(detail)")
        } else {
            log.warning("\(kind.rawValue) request for \(accountId) failed with \(code.rawValue) (\(code))\(detail)")
        }
        guard let delegate = enrollmentDelegate else { return }
        switch kind {
        case .enrollment:
            delegate.enrollmentRequest(with: status)
            if !rules.status.enrollmentReportedOnce { delegate.enrollmentRequest(with: status) }
        case .policy: delegate.policyRequest(with: status)
        case .unenroll: delegate.unenrollRequest(with: status)
        }
    }
}
