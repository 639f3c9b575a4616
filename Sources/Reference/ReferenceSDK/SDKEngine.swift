import Foundation

/// The simulated SDK's machinery: one serial work queue, the persisted state, the service client, the
/// timers and the connections to the app (delegates, platform).
///
/// Every flow (launch, enroll, check-in, unenroll, retry) runs on `queue`, a plain DispatchQueue, so the
/// blocking HTTP calls and waits for the app never touch the Swift concurrency pool. Each queued item is
/// counted by the work tracker. After ``terminate()`` nothing more happens: queued items are dropped,
/// timers are cancelled, and delegates and platform are released and never called again.
final class SDKEngine: @unchecked Sendable {
    /// Which status callback a request ends with.
    enum RequestKind: String {
        case enrollment
        case policy
        case unenroll
    }

    static let retryInterval: TimeInterval = 24 * 3600
    static let checkInInterval: TimeInterval = 8 * 3600

    let configuration: IntuneMAMRuntimeConfiguration
    let store: SDKStateStore
    let log: SDKLog
    let service: MAMServiceClient
    /// UI identity and conditional-launch session (IDS-02, IDS-05); `SDKEngine+IdentitySwitch.swift`.
    let identities = SDKIdentities()
    var clock: any MAMClock { configuration.clock }
    var tracker: MAMWorkTracker { configuration.workTracker }

    private let queue: DispatchQueue
    private let queueKey = DispatchSpecificKey<Bool>()
    private let lock = NSLock()
    private var terminated = false
    private var platformRef: (any IntuneMAMPlatform)?
    private var enrollmentDelegateRef: (any IntuneMAMEnrollmentDelegate)?
    private var policyDelegateRef: (any IntuneMAMPolicyDelegate)?
    private var timers: [TimerSlot: MAMTimer] = [:]
    private var launch: IntuneMAMLaunchState = .notLaunched
    private var processAccountId: String?

    enum TimerSlot: Hashable {
        case retry
        case checkIn
        /// The retried acknowledgement of an unenroll the service did not take (RES-04).
        case acknowledgement
    }

    init(configuration: IntuneMAMRuntimeConfiguration, platform: any IntuneMAMPlatform) {
        self.configuration = configuration
        let log = SDKLog { [platform] level, message in platform.log(level: level, message: message) }
        self.log = log
        platformRef = platform
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

    var isAlive: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !terminated
    }

    /// True on the work queue (where waiting for the queue would deadlock).
    var isOnQueue: Bool { DispatchQueue.getSpecific(key: queueKey) == true }

    func defect(_ defect: SDKDefect) -> Bool { configuration.defects.contains(defect) }

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
        lock.lock()
        guard !terminated else {
            lock.unlock()
            return
        }
        terminated = true
        let pending = Array(timers.values)
        timers.removeAll()
        platformRef = nil
        enrollmentDelegateRef = nil
        policyDelegateRef = nil
        launch = .terminated
        lock.unlock()
        pending.forEach { $0.cancel() }
        log.info("runtime terminated")
        log.detach()
    }

    // MARK: App connections

    var platform: (any IntuneMAMPlatform)? {
        lock.lock()
        defer { lock.unlock() }
        return terminated ? nil : platformRef
    }

    var enrollmentDelegate: (any IntuneMAMEnrollmentDelegate)? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return terminated ? nil : enrollmentDelegateRef
        }
        set {
            lock.lock()
            if !terminated { enrollmentDelegateRef = newValue }
            lock.unlock()
        }
    }

    var policyDelegate: (any IntuneMAMPolicyDelegate)? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return terminated ? nil : policyDelegateRef
        }
        set {
            lock.lock()
            if !terminated { policyDelegateRef = newValue }
            lock.unlock()
        }
    }

    var launchState: IntuneMAMLaunchState {
        lock.lock()
        defer { lock.unlock() }
        return launch
    }

    func setLaunchState(_ state: IntuneMAMLaunchState) {
        lock.lock()
        if !terminated { launch = state }
        lock.unlock()
    }

    /// Moves from not-launched to launching; false when launch already started.
    func beginLaunch() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !terminated, launch == .notLaunched else { return false }
        launch = .launching
        return true
    }

    var processAccountOverride: String? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return processAccountId
        }
        set {
            lock.lock()
            processAccountId = newValue
            lock.unlock()
        }
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
        lock.lock()
        let previous = timers[slot]
        if terminated {
            lock.unlock()
            timer.cancel()
            previous?.cancel()
            return
        }
        timers[slot] = timer
        lock.unlock()
        previous?.cancel()
    }

    func disarm(_ slot: TimerSlot) {
        lock.lock()
        let previous = timers.removeValue(forKey: slot)
        lock.unlock()
        previous?.cancel()
    }

    func isArmed(_ slot: TimerSlot) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return timers[slot] != nil
    }

    // MARK: Waiting for the app

    /// Calls `start` with a completion and blocks until it is called or the delegate timeout passes.
    func awaitApp<Value: Sendable>(_ start: (@escaping @Sendable (Value) -> Void) -> Void) -> Value? {
        let box = OneShot<Value>()
        start { box.fulfil($0) }
        return box.wait(timeout: configuration.delegateTimeout)
    }

    // MARK: Status reports

    /// Delivers one status callback (ENR-02) unless the runtime was terminated.
    func report(_ kind: RequestKind, accountId: String, upn: String? = nil, code: IntuneMAMEnrollmentStatusCode,
                didSucceed: Bool, reason: String? = nil) {
        let identity = defect(.statusWithoutUpn) ? "" : upn ?? store.read { $0.upn(of: accountId) }
        // A failure always says why (ENR-02: status, error string and error object); a success says something
        // only when there is more to tell (a wipe received).
        let errorString = didSucceed ? reason : defect(.failedStatusWithoutErrorString) ? nil : reason ?? "\(code)"
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
            if defect(.duplicateEnrollmentStatus) { delegate.enrollmentRequest(with: status) }
        case .policy: delegate.policyRequest(with: status)
        case .unenroll: delegate.unenrollRequest(with: status)
        }
    }
}
