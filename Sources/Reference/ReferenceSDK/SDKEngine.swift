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
    /// UI identity and conditional-launch session (IDS-02, IDS-05); `SDKEngine+IdentitySwitch.swift`.
    let identities = SDKIdentities()
    var clock: any MAMClock { configuration.clock }
    var tracker: MAMWorkTracker { configuration.workTracker }

    private let queue: DispatchQueue
    private let queueKey = DispatchSpecificKey<Bool>()

    /// What the engine's flows share beside the persisted state: whether it still runs, its connections to
    /// the app, its armed timers and the launch. Once terminated, the connections are gone for good.
    private struct Machinery {
        var terminated = false
        var platform: (any IntuneMAMPlatform)?
        var enrollmentDelegate: (any IntuneMAMEnrollmentDelegate)?
        var policyDelegate: (any IntuneMAMPolicyDelegate)?
        var timers: [TimerSlot: MAMTimer] = [:]
        var launch: IntuneMAMLaunchState = .notLaunched
        var processAccountId: String?
        /// Only under the `runtimeOverridesForgottenAtRestart` defect: the sign-in overrides, held in memory instead
        /// of the persisted state, so a restart loses them.
        var overridesInMemory: AADOverrides?
    }

    /// The sign-in overrides the `runtimeOverridesForgottenAtRestart` defect keeps in memory (ENR-15).
    var overridesInMemory: AADOverrides? {
        get { machinery.read { $0.overridesInMemory } }
        set { machinery.withLock { $0.overridesInMemory = newValue } }
    }

    private let machinery: Locked<Machinery>

    enum TimerSlot: Hashable {
        case retry
        case checkIn
        /// The retried acknowledgement of an unenroll the service did not take (RES-04).
        case acknowledgement
    }

    init(configuration: IntuneMAMRuntimeConfiguration, platform: any IntuneMAMPlatform) {
        self.configuration = configuration
        let rules = SDKRules(breaking: configuration.defects,
                             edition: SDKEdition(version: configuration.sdkVersion) ?? .newest)
        self.rules = rules
        let log = SDKLog(verbose: configuration.settings.verboseLoggingEnabled,
                         verboseUnscrubbed: !rules.logging.scrubsVerboseLines) { [platform] level, message in
            platform.log(level: level, message: message)
        }
        self.log = log
        machinery = Locked(Machinery(platform: platform))
        store = SDKStateStore(fileURL: configuration.stateFileURL, log: log)
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

    var isAlive: Bool { machinery.read { !$0.terminated } }

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
        let pending: [MAMTimer]? = machinery.withLock { machinery in
            guard !machinery.terminated else { return nil }
            let pending = Array(machinery.timers.values)
            machinery = Machinery(terminated: true, launch: .terminated, processAccountId: machinery.processAccountId)
            return pending
        }
        guard let pending else { return }
        pending.forEach { $0.cancel() }
        log.info("runtime terminated")
        log.detach()
    }

    // MARK: App connections

    // Terminating clears the connections, so a read after it finds none.

    var platform: (any IntuneMAMPlatform)? { machinery.read(\.platform) }

    var enrollmentDelegate: (any IntuneMAMEnrollmentDelegate)? {
        get { machinery.read(\.enrollmentDelegate) }
        set { machinery.withLock { if !$0.terminated { $0.enrollmentDelegate = newValue } } }
    }

    var policyDelegate: (any IntuneMAMPolicyDelegate)? {
        get { machinery.read(\.policyDelegate) }
        set { machinery.withLock { if !$0.terminated { $0.policyDelegate = newValue } } }
    }

    var launchState: IntuneMAMLaunchState { machinery.read(\.launch) }

    func setLaunchState(_ state: IntuneMAMLaunchState) {
        machinery.withLock { if !$0.terminated { $0.launch = state } }
    }

    /// Moves from not-launched to launching; false when launch already started.
    func beginLaunch() -> Bool {
        machinery.withLock { machinery in
            guard !machinery.terminated, machinery.launch == .notLaunched else { return false }
            machinery.launch = .launching
            return true
        }
    }

    var processAccountOverride: String? {
        get { machinery.read(\.processAccountId) }
        set { machinery.withLock { $0.processAccountId = newValue } }
    }

    // MARK: Timers

    /// Arms the timer in `slot` (replacing any previous one); `work` runs on the work queue when due.
    func arm(_ slot: TimerSlot, at date: Date, _ work: @escaping @Sendable () -> Void) {
        guard isAlive else { return }
        let name = switch slot {
        case .retry: "enrollment retry"
        case .checkIn: "check-in"
        case .acknowledgement: "unenroll acknowledgement"
        }
        let timer = clock.schedule(at: date) { [weak self] in self?.submit(name, work) }
        let (previous, armed) = machinery.withLock { machinery in
            guard !machinery.terminated else { return (machinery.timers[slot], false) }
            return (machinery.timers.updateValue(timer, forKey: slot), true)
        }
        if !armed { timer.cancel() }
        previous?.cancel()
    }

    func disarm(_ slot: TimerSlot) {
        machinery.withLock { $0.timers.removeValue(forKey: slot) }?.cancel()
    }

    func isArmed(_ slot: TimerSlot) -> Bool { machinery.read { $0.timers[slot] != nil } }

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
                didSucceed: Bool, reason: String? = nil) {
        let identity = rules.status.namesUPN ? (upn ?? store.read { $0.upn(of: accountId) }) : ""
        // A failure always says why (ENR-02: status, error string and error object); a success says something
        // only when there is more to tell (a wipe received).
        let errorString = didSucceed ? reason : rules.status.failureHasErrorString ? (reason ?? "\(code)") : nil
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
