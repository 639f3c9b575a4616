import Foundation
import Locking

/// The simulated SDK's machinery: one serial work queue, the persisted state, the service client, the
/// timers and the connections to the app (delegates, platform), and the flows composed from them.
///
/// Every flow (launch, enroll, check-in, unenroll, retry) runs on the ``SDKWorkQueue``, a plain DispatchQueue, so
/// the blocking HTTP calls and waits for the app never touch the Swift concurrency pool. Each queued item is
/// counted by the work tracker. After ``terminate()`` nothing more happens: queued items are dropped,
/// timers are cancelled, and delegates and platform are released and never called again.
///
/// Flows that are types of their own (``WipeFlow``, ``TelemetryFlow``, ``TokenSource``, ``ManagedConfigFlow``, ``EnrollmentFlow``,
/// ``StaleCheckInFlow``, ``UnenrollFlow``, ``CheckInFlow``, ``UpdateFlow``) are built here from the pieces they need;
/// the others are still extensions of the engine (`Flows/SDKEngine+…`).
final class SDKEngine: Sendable {
    static let retryInterval: TimeInterval = 24 * 3600

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
    let timers: SDKTimers
    /// The sign-in registration and the app's runtime overrides (ENR-15).
    let signIn: SDKSignIn
    /// The accounts (lower-cased) whose compliance remediation has not reported yet (CA-02).
    let remediations = Locked<Set<String>>([])
    /// The accounts (lower-cased) deregistered since this process started: kept per process, not in the state
    /// file, because the `reRegistrationIgnoredUntilRelaunch` defect (ENR-19) forgets them at a relaunch.
    let deregisteredInProcess = Locked<Set<String>>([])
    /// Whether the runtime still runs, and its connections to the app: the engine's own, not a flow's. Once
    /// terminated, the connections are gone for good.
    let connections: SDKAppConnections
    let work: SDKWorkQueue
    /// How long the SDK waits for the app's completions.
    let appWait: SDKAppWait
    /// The enrollment delegate's status callbacks.
    let reporter: SDKStatusReporter
    /// Every token the flows send to the MAM service.
    let tokens: TokenSource
    /// The operating system's managed app configuration: allowed accounts and the MDM-managed device's user.
    let managedConfig: ManagedConfigFlow
    /// Registration, enrollment and the 24-hour enrollment retry.
    let enrollment: EnrollmentFlow
    /// The selective wipe every unenroll, administrator's wipe and update ends in.
    let wipe: WipeFlow
    let telemetry: TelemetryFlow
    // Group A: lifecycle
    /// The SDK version the engine behaves as where the editions differ (``SDKEdition``).
    let edition: SDKEdition
    /// The check-in a deregistered account keeps where the SDK is broken so (WIP-13).
    let staleCheckIns: StaleCheckInFlow
    /// Deregistration, unenroll, its acknowledgement and the conditional-launch wipe.
    let unenrolls: UnenrollFlow
    /// Check-in, applying its policy, the first-policy restart and the 8-hour check-in timer.
    let checkIns: CheckInFlow
    /// Carrying the state over from a previous build (UPG-01).
    let update: UpdateFlow
    var clock: any MAMClock { configuration.clock }
    var tracker: MAMWorkTracker { configuration.workTracker }

    init(configuration: IntuneMAMRuntimeConfiguration, platform: any IntuneMAMPlatform) {
        self.configuration = configuration
        let rules = SDKRules(breaking: configuration.defects, reading: configuration.variants,
                             edition: SDKEdition(behavingAs: configuration.sdkVersion))
        self.rules = rules
        let log = SDKLog(verbose: configuration.settings.verboseLoggingEnabled,
                         verboseUnscrubbed: !rules.logging.scrubsVerboseLines) { [platform] level, message in
            platform.log(level: level, message: message)
        }
        self.log = log
        let connections = SDKAppConnections(platform: platform, log: log)
        self.connections = connections
        let work = SDKWorkQueue(tracker: configuration.workTracker, connections: connections, log: log)
        self.work = work
        let timers = SDKTimers(clock: configuration.clock, work: work, connections: connections)
        self.timers = timers
        let store = SDKStateStore(fileURL: configuration.stateFileURL, keychainURL: configuration.keychainFileURL, log: log,
                                  restoresPreviousInstall: !rules.reinstall.ignoresPreviousInstall)
        self.store = store
        signIn = SDKSignIn(configuration: configuration, rules: rules.signIn, store: store, log: log)
        let service = MAMServiceClient(configuration: configuration)
        self.service = service
        let appWait = SDKAppWait(timeout: configuration.delegateTimeout)
        self.appWait = appWait
        let reporter = SDKStatusReporter(rules: rules.status, store: store, connections: connections, log: log)
        self.reporter = reporter
        tokens = TokenSource(store: store, service: service, signIn: signIn, connections: connections, appWait: appWait,
                             mamResource: configuration.mamResource, clock: configuration.clock, log: log)
        managedConfig = ManagedConfigFlow(rules: rules.allowedAccounts, mdmRules: rules.mdm, configuration: configuration,
                                          store: store, connections: connections, work: work, log: log)
        wipe = WipeFlow(rules: rules.unenroll, store: store, connections: connections, work: work, log: log)
        let telemetry = TelemetryFlow(rules: rules.telemetry, configuration: configuration, store: store,
                                      service: service, connections: connections, log: log)
        self.telemetry = telemetry
        let enrollmentFollowUp = SDKFlowLink<any EnrollmentFollowUp>()
        enrollment = EnrollmentFlow(
            rules: rules.enrollment, retryRules: rules.retries, statusRules: rules.status, store: store, service: service,
            tokens: tokens, reporter: reporter, managedConfig: managedConfig, telemetry: telemetry, connections: connections,
            work: work, timers: timers, signIn: signIn, appWait: appWait, clock: configuration.clock, log: log,
            deregisteredInProcess: deregisteredInProcess, followUp: enrollmentFollowUp)
        // Group A: lifecycle
        edition = SDKEdition(behavingAs: configuration.sdkVersion)
        let staleCheckIns = StaleCheckInFlow(
            retryRules: rules.retries, statusRules: rules.status, store: store, tokens: tokens, service: service,
            reporter: reporter, connections: connections, timers: timers, clock: configuration.clock, log: log)
        self.staleCheckIns = staleCheckIns
        let unenrollAppConfig = SDKFlowLink<any UnenrollAppConfig>()
        let unenrolls = UnenrollFlow(
            rules: rules.unenroll, retryRules: rules.retries, statusRules: rules.status,
            conditionalWipeRules: rules.conditionalWipe, store: store, service: service, tokens: tokens,
            reporter: reporter, enrollment: enrollment, wipe: wipe, staleCheckIns: staleCheckIns,
            connections: connections, work: work, timers: timers, appWait: appWait, clock: configuration.clock,
            log: log, deregisteredInProcess: deregisteredInProcess, appConfig: unenrollAppConfig)
        self.unenrolls = unenrolls
        let checkInAppConfig = SDKFlowLink<any CheckInAppConfig>()
        let checkInPolicyChanges = SDKFlowLink<any CheckInPolicyChanges>()
        let checkInRecord = SDKFlowLink<any CheckInRecord>()
        let termination = SDKFlowLink<any RuntimeTermination>()
        checkIns = CheckInFlow(
            retryRules: rules.retries, statusRules: rules.status, restartRules: rules.restart,
            unenrollRules: rules.unenroll, dataTransferRules: rules.dataTransfer,
            conditionalLaunchRules: rules.conditionalLaunch, accountRenameRules: rules.accountRename, store: store,
            service: service, tokens: tokens, reporter: reporter, telemetry: telemetry, managedConfig: managedConfig,
            wipe: wipe, unenrolls: unenrolls, connections: connections, work: work, timers: timers,
            tracker: configuration.workTracker, clock: configuration.clock, log: log, appConfig: checkInAppConfig,
            policyChanges: checkInPolicyChanges, record: checkInRecord, termination: termination)
        update = UpdateFlow(
            rules: rules.update,
            build: SDKState.BuildStamp(sdkVersion: configuration.sdkVersion, appVersion: configuration.appVersion),
            store: store, wipe: wipe, log: log)
        for token in store.read({ $0.tokenCache }) {
            log.registerSecret(token.accessToken)
            log.registerSecret(token.refreshToken)
        }
        registerValuesToScrub()
        // Group A: lifecycle (links)
        enrollmentFollowUp.bind { [weak self] in self?.checkIns }
        unenrollAppConfig.bind { [weak self] in self }
        checkInAppConfig.bind { [weak self] in self }
        checkInPolicyChanges.bind { [weak self] in self }
        checkInRecord.bind { [weak self] in self }
        termination.bind { [weak self] in self }
    }

    // MARK: Lifecycle

    var isAlive: Bool { connections.isAlive }

    /// True on the work queue (where waiting for the queue would deadlock).
    var isOnQueue: Bool { work.isOnQueue }

    /// Queues `work` on the work queue (``SDKWorkQueue/submit(_:dropped:_:)``).
    func submit(_ name: String, dropped: (@Sendable () -> Void)? = nil, _ work: @escaping @Sendable () -> Void) {
        self.work.submit(name, dropped: dropped, work)
    }

    /// Stops everything; idempotent and callable from any thread, including from inside a callback.
    func terminate() {
        guard connections.terminate() else { return }
        launch.terminate()
        timers.close()
        log.info("runtime terminated")
        log.detach()
    }

    // MARK: App connections

    // Terminating clears the connections, so a read after it finds none.

    var platform: (any IntuneMAMPlatform)? { connections.platform }

    var enrollmentDelegate: (any IntuneMAMEnrollmentDelegate)? {
        get { connections.enrollmentDelegate }
        set { connections.enrollmentDelegate = newValue }
    }

    var policyDelegate: (any IntuneMAMPolicyDelegate)? {
        get { connections.policyDelegate }
        set { connections.policyDelegate = newValue }
    }

    var complianceDelegate: (any IntuneMAMComplianceDelegate)? {
        get { connections.complianceDelegate }
        set { connections.complianceDelegate = newValue }
    }

    var launchState: IntuneMAMLaunchState { launch.current }

    // MARK: Timers

    /// Arms the timer in `slot` (replacing any previous one); `work` runs on the work queue when due.
    func arm(_ slot: SDKTimers.Slot, at date: Date, _ work: @escaping @Sendable () -> Void) {
        timers.arm(slot, at: date, work)
    }

    // MARK: Waiting for the app

    /// Calls `start` with a completion and blocks until it is called or the delegate timeout passes.
    func awaitApp<Value: Sendable>(_ start: (@escaping @Sendable (Value) -> Void) -> Void) -> Value? {
        appWait.callAndWait(start)
    }

    // MARK: Status reports

    /// Delivers one status callback (ENR-02) unless the runtime was terminated (``SDKStatusReporter``).
    func report(_ kind: SDKStatusReporter.RequestKind, accountId: String, upn: String? = nil,
                code: IntuneMAMEnrollmentStatusCode, didSucceed: Bool, reason: String? = nil) {
        reporter.report(kind, accountId: accountId, upn: upn, code: code, didSucceed: didSucceed, reason: reason)
    }
}
