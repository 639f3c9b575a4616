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
/// Every flow is a type of its own, built here from the pieces it needs and nothing more: the lifecycle
/// (``EnrollmentFlow``, ``TokenSource``, ``CheckInFlow``, ``StaleCheckInFlow``, ``UnenrollFlow``, ``WipeFlow``,
/// ``UpdateFlow``, ``TelemetryFlow``, ``ManagedConfigFlow``), identity and data (``AccountMatching``,
/// ``IdentityQueries``, ``PolicyQueries``, ``AppConfigFlow``, ``DataTransferFlow``, ``ComplianceFlow``) and launch
/// (``LaunchGates``, ``LaunchFlow``, ``IdentitySwitchFlow``, ``IdentityHandoff``). Flows that call each other meet
/// through an ``SDKFlowLink`` bound at the end of `init`; the engine keeps only what spans them (termination,
/// resuming the timers).
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
    /// The links between flows, unbound when the runtime terminates (``SDKFlowLink``).
    private let links: [any SDKFlowUnbinding]
    /// The sign-in registration and the app's runtime overrides (ENR-15).
    let signIn: SDKSignIn
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
    // Lifecycle
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
    // Launch
    /// The gates of conditional launch: offline period, device, credentials, PIN, and the access recheck.
    let gates: LaunchGates
    /// Launching the app: auto-enrollment, the policy gates and conditional launch at launch.
    let launchFlow: LaunchFlow
    /// App-initiated UI identity switches and the conditional launch they run.
    let identitySwitch: IdentitySwitchFlow
    /// SDK-initiated switches (URLs, documents) and the return to the foreground.
    let handoff: IdentityHandoff
    // Identity and data
    /// How accounts are matched: the managed account, the API boundary's and the identity layer's comparisons.
    let accounts: AccountMatching
    /// The process, UI, thread and file identities.
    let identityQueries: IdentityQueries
    /// The policy the app gets and the notifications a changed policy posts.
    let policies: PolicyQueries
    /// Targeted app configuration and the values to scrub from the log.
    let appConfig: AppConfigFlow
    /// The share sheet, the pasteboard and URL calls.
    let dataTransfer: DataTransferFlow
    /// Conditional Access remediation.
    let compliance: ComplianceFlow
    var clock: any MAMClock { configuration.clock }

    init(configuration: IntuneMAMRuntimeConfiguration, platform: any IntuneMAMPlatform) {
        self.configuration = configuration
        let edition = SDKEdition(behavingAs: configuration.sdkVersion)
        self.edition = edition
        let rules = SDKRules(breaking: configuration.defects, reading: configuration.variants, edition: edition)
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
                                          store: store, connections: connections, work: work, log: log,
                                          deviceChannel: ManagedAppConfigReader.clients(timeouts: configuration.httpTimeoutSeconds))
        wipe = WipeFlow(rules: rules.unenroll, store: store, connections: connections, work: work, log: log)
        let telemetry = TelemetryFlow(rules: rules.telemetry, configuration: configuration, store: store,
                                      service: service, connections: connections, log: log)
        self.telemetry = telemetry
        // Identity and data (leaves; the compliance remediation enrolls, so it follows the enrollment flow)
        let accounts = AccountMatching(enrollmentRules: rules.enrollment, rules: rules.identity, store: store)
        self.accounts = accounts
        let identityQueries = IdentityQueries(rules: rules.identity, multiIdentity: configuration.settings.multiIdentity,
                                              identities: identities, store: store)
        self.identityQueries = identityQueries
        let policies = PolicyQueries(rules: rules.dataTransfer,
                                     maxFileProtectionLevel: configuration.settings.maxFileProtectionLevel, store: store,
                                     accounts: accounts, connections: connections, log: log)
        self.policies = policies
        let appConfig = AppConfigFlow(rules: rules.appConfig, loggingRules: rules.logging, edition: edition,
                                      valuesToScrub: configuration.settings.valuesToScrubFromLogging, store: store,
                                      connections: connections, log: log)
        self.appConfig = appConfig
        dataTransfer = DataTransferFlow(
            rules: rules.dataTransfer, identityRules: rules.identity, edition: edition,
            openInActionExtension: configuration.settings.openInActionExtension, connections: connections,
            identities: identityQueries, accounts: accounts, policies: policies, log: log)
        let enrollmentFollowUp = SDKFlowLink<any EnrollmentFollowUp>()
        enrollment = EnrollmentFlow(
            rules: rules.enrollment, retryRules: rules.retries, statusRules: rules.status, store: store, accounts: accounts,
            service: service, tokens: tokens, reporter: reporter, managedConfig: managedConfig, telemetry: telemetry,
            connections: connections, work: work, timers: timers, signIn: signIn, appWait: appWait,
            clock: configuration.clock, log: log, deregisteredInProcess: deregisteredInProcess, followUp: enrollmentFollowUp)
        compliance = ComplianceFlow(rules: rules.compliance, store: store, tokens: tokens, enrollment: enrollment,
                                    accounts: accounts, connections: connections, work: work, log: log)
        // Lifecycle
        let staleCheckIns = StaleCheckInFlow(
            retryRules: rules.retries, statusRules: rules.status, store: store, tokens: tokens, service: service,
            reporter: reporter, connections: connections, timers: timers, clock: configuration.clock, log: log)
        self.staleCheckIns = staleCheckIns
        let unenrolls = UnenrollFlow(
            rules: rules.unenroll, retryRules: rules.retries, statusRules: rules.status,
            conditionalWipeRules: rules.conditionalWipe, store: store, service: service, tokens: tokens,
            reporter: reporter, enrollment: enrollment, wipe: wipe, staleCheckIns: staleCheckIns,
            connections: connections, work: work, timers: timers, appWait: appWait, clock: configuration.clock,
            log: log, deregisteredInProcess: deregisteredInProcess, appConfig: appConfig)
        self.unenrolls = unenrolls
        let checkInRecord = SDKFlowLink<any CheckInRecord>()
        let termination = SDKFlowLink<any RuntimeTermination>()
        let checkIns = CheckInFlow(
            retryRules: rules.retries, statusRules: rules.status, restartRules: rules.restart,
            unenrollRules: rules.unenroll, dataTransferRules: rules.dataTransfer,
            conditionalLaunchRules: rules.conditionalLaunch, accountRenameRules: rules.accountRename, store: store,
            service: service, tokens: tokens, reporter: reporter, telemetry: telemetry, managedConfig: managedConfig,
            wipe: wipe, unenrolls: unenrolls, connections: connections, work: work, timers: timers,
            tracker: configuration.workTracker, clock: configuration.clock, log: log, appConfig: appConfig,
            policyChanges: policies, record: checkInRecord, termination: termination)
        self.checkIns = checkIns
        let update = UpdateFlow(
            rules: rules.update,
            build: SDKState.BuildStamp(sdkVersion: configuration.sdkVersion, appVersion: configuration.appVersion),
            store: store, wipe: wipe, log: log)
        self.update = update
        // Launch
        let offlineCheckIns = SDKFlowLink<any OfflineCheckIns>()
        let lifecycle = SDKFlowLink<any LaunchLifecycle>()
        links = [enrollmentFollowUp, checkInRecord, termination, offlineCheckIns, lifecycle]
        let identityRules = LaunchIdentityAnswers(accounts: accounts, identities: identityQueries)
        let recheck = AccessRecheck(rules: rules.conditionalLaunch, store: store, clock: configuration.clock)
        let credentials = CredentialsGate(rules: rules.conditionalLaunch, store: store, service: service, signIn: signIn,
                                          connections: connections, recheck: recheck, log: log)
        let gates = LaunchGates(
            offline: OfflineGate(rules: rules.conditionalLaunch, wipeRules: rules.conditionalWipe, store: store,
                                 connections: connections, launch: launch, clock: configuration.clock, log: log,
                                 checkIns: offlineCheckIns, wipes: unenrolls),
            device: DeviceGate(rules: rules.conditionalLaunch, store: store, connections: connections, log: log),
            credentials: credentials,
            pin: PINGate(rules: rules.conditionalLaunch, restartRules: rules.restart, wipeRules: rules.conditionalWipe,
                         store: store, connections: connections, recheck: recheck, credentials: credentials, log: log,
                         wipes: unenrolls),
            recheck: recheck)
        self.gates = gates
        launchFlow = LaunchFlow(
            settings: configuration.settings, rules: rules.enrollment, reinstallRules: rules.reinstall, store: store,
            service: service, signIn: signIn, tokens: tokens, reporter: reporter, enrollment: enrollment,
            managedConfig: managedConfig, connections: connections, work: work, launch: launch, identities: identities,
            appWait: appWait, gates: gates, log: log, lifecycle: lifecycle, identityRules: identityRules)
        let identitySwitch = IdentitySwitchFlow(rules: rules.identity, store: store, identities: identities, gates: gates,
                                                work: work, log: log, identityRules: identityRules)
        self.identitySwitch = identitySwitch
        handoff = IdentityHandoff(
            rules: rules.identity, conditionalLaunchRules: rules.conditionalLaunch, store: store, identities: identities,
            launch: launch, gates: gates, switches: identitySwitch, connections: connections, appWait: appWait, work: work,
            log: log, identityRules: identityRules)
        for token in store.read({ $0.tokenCache }) {
            log.registerSecret(token.accessToken)
            log.registerSecret(token.refreshToken)
        }
        appConfig.registerValuesToScrub()
        // The links between flows that call each other (each built before the other would need it) and to the
        // engine's own steps, which span the flows: ending the runtime and what a launch does before its gates.
        enrollmentFollowUp.bind { [checkIns] in checkIns }
        checkInRecord.bind { gates.offline }
        offlineCheckIns.bind { checkIns }
        lifecycle.bind { [weak self] in self }
        termination.bind { [weak self] in self }
    }

    // MARK: Lifecycle

    var isAlive: Bool { connections.isAlive }

    /// Queues `work` on the work queue (``SDKWorkQueue/submit(_:dropped:_:)``).
    func submit(_ name: String, dropped: (@Sendable () -> Void)? = nil, _ work: @escaping @Sendable () -> Void) {
        self.work.submit(name, dropped: dropped, work)
    }

    /// Stops everything; idempotent and callable from any thread, including from inside a callback.
    func terminate() {
        guard connections.terminate() else { return }
        launch.terminate()
        timers.close()
        store.close()
        // The links hold flows, which hold links back: unbound, the runtime's parts (its HTTP clients and their
        // connections among them) go once nothing runs on them, instead of living as long as the process.
        links.forEach { $0.unbind() }
        log.info("runtime terminated")
        log.detach()
    }

    // MARK: App connections

    // Terminating clears the connections, so a read after it finds none.

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
}
