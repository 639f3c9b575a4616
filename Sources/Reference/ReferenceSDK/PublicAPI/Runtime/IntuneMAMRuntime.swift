import Foundation

/// One launch of the simulated Intune App SDK inside the app.
///
/// The real SDK is a set of process-wide singletons. The simulation restarts the app inside one process,
/// so each launch builds a fresh runtime from the data directory (state in `<dataDirectory>/sdk/state.json`)
/// and the previous one is terminated. All SDK work runs on the runtime's own serial DispatchQueue; the
/// public methods return at once (except `deRegisterAndUnenrollAccountId`, which blocks for its token).
public final class IntuneMAMRuntime: Sendable {
    /// The configuration this runtime was built with.
    public let configuration: IntuneMAMRuntimeConfiguration
    /// `IntuneMAMEnrollmentManager.instance`.
    public let enrollmentManager: IntuneMAMEnrollmentManager
    /// `IntuneMAMPolicyManager.instance`.
    public let policyManager: IntuneMAMPolicyManager
    /// `IntuneMAMFileProtectionManager.instance`.
    public let fileProtectionManager: IntuneMAMFileProtectionManager
    /// `IntuneMAMComplianceManager.instance`.
    public let complianceManager: IntuneMAMComplianceManager
    let engine: SDKEngine

    /// Loads (or creates) the persisted SDK state. Nothing runs until ``applicationDidFinishLaunching(completion:)``
    /// or an API call. Set the delegates before launching, as the guides require.
    public init(configuration: IntuneMAMRuntimeConfiguration, platform: any IntuneMAMPlatform) {
        self.configuration = configuration
        let engine = SDKEngine(configuration: configuration, platform: platform)
        self.engine = engine
        enrollmentManager = IntuneMAMEnrollmentManager(engine: engine)
        policyManager = IntuneMAMPolicyManager(engine: engine)
        fileProtectionManager = IntuneMAMFileProtectionManager(engine: engine)
        complianceManager = IntuneMAMComplianceManager(engine: engine)
    }

    /// The app finished launching (the real SDK hooks UIApplication for this). Queues the launch
    /// sequence: resume the 24 h retry / 8 h check-in timers, AutoEnrollOnLaunch, the MAMPolicyRequired /
    /// MAMPolicyWarnAbsent gates, and the PIN for a PIN-requiring policy. `completion` (on the SDK's queue)
    /// receives the resulting ``launchState``; a second call is ignored.
    public func applicationDidFinishLaunching(completion: (@Sendable (IntuneMAMLaunchState) -> Void)? = nil) {
        engine.launchFlow.launchApp(completion: completion)
    }

    /// Where the launch stands; the app shows corporate data only when it is `.ready`.
    public var launchState: IntuneMAMLaunchState { engine.launchState }

    /// True when launch finished and every conditional-launch gate passed (corporate data may show).
    public var isConditionalLaunchSatisfied: Bool { engine.launchState == .ready }

    /// The random per-installation device tag sent to the MAM service (an admin wipe targets it).
    public var deviceTag: String { engine.store.read { $0.deviceTag } }

    /// Tears the runtime down: timers cancelled, queued work dropped, delegates and platform released and
    /// never called again. Idempotent; safe from any thread, also from inside a delegate callback. Work
    /// already running finishes its current step without further effects.
    public func terminate() { engine.terminate() }

    /// True after ``terminate()`` (also when the SDK terminated itself to relaunch the app).
    public var isTerminated: Bool { !engine.isAlive }

    /// Blocks until no SDK work is queued or running (across every runtime sharing the configuration's
    /// work tracker), or until `deadline`; true when idle. Never call from the Swift concurrency pool or
    /// from an SDK callback.
    public func waitUntilIdle(deadline: DispatchTime) -> Bool {
        configuration.workTracker.waitUntilIdle(deadline: deadline)
    }
}
