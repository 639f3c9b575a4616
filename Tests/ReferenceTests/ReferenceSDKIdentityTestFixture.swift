import Foundation
import MockMAMService
import ReferenceSDK
import Testing

/// One simulated device for the identity and policy-query tests: a mock tenant (alice and bob, licensed,
/// a protection policy targeted at both), a data directory, a virtual clock, and the runtime of the current
/// launch with ``IdentityTestHost`` as platform and policy delegate.
final class IdentityTestFixture: @unchecked Sendable {
    let backend: SDKTestBackend
    let app: SDKTestApp
    let host: IdentityTestHost
    let tracker = MAMWorkTracker()
    let clock: VirtualClock
    let dataDirectory: URL
    let policyId: String
    private let lock = NSLock()
    private var current: IntuneMAMRuntime?
    private var settings = IntuneMAMSettings()
    private var defects: Set<SDKDefect> = []

    /// Starts a tenant whose policy has `policy` settings.
    static func make(policy: [String: Any]) async throws -> IdentityTestFixture {
        let backend = try await SDKTestBackend.start(users: [("alice", true), ("bob", true)])
        let policyId = try await backend.createPolicy(policy)
        return IdentityTestFixture(backend: backend, policyId: policyId)
    }

    private init(backend: SDKTestBackend, policyId: String) {
        self.backend = backend
        self.policyId = policyId
        app = SDKTestApp(tokenURL: backend.tokenURL, clientId: backend.appClientId)
        host = IdentityTestHost(app: app)
        clock = VirtualClock(now: MockServiceConfiguration.defaultClockStart, workTracker: tracker)
        dataDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("reference-sdk-identity-tests-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
    }

    func tearDown() async {
        runtime?.terminate()
        _ = await sdkTestOffPool { [tracker] in tracker.waitUntilIdle(deadline: .now() + 10) }
        await backend.stop()
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    var runtime: IntuneMAMRuntime? {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    var sdk: IntuneMAMRuntime {
        guard let runtime else { fatalError("no runtime built") }
        return runtime
    }

    var policyManager: IntuneMAMPolicyManager { sdk.policyManager }

    func user(_ alias: String) -> SDKTestUser { backend.user(alias) }

    /// Launches a fresh runtime (settings and defects are kept for later launches) and waits until idle.
    @discardableResult
    func launch(settings: IntuneMAMSettings? = nil, defects: Set<SDKDefect>? = nil) async -> IntuneMAMLaunchState {
        let runtime = makeRuntime(settings: settings, defects: defects)
        runtime.applicationDidFinishLaunching()
        await idle()
        return runtime.launchState
    }

    /// Builds the runtime of a new launch with the host as platform and policy delegate, terminating the
    /// previous one.
    private func makeRuntime(settings: IntuneMAMSettings?, defects: Set<SDKDefect>?) -> IntuneMAMRuntime {
        lock.lock()
        if let settings { self.settings = settings }
        if let defects { self.defects = defects }
        let configuration = IntuneMAMRuntimeConfiguration(
            settings: self.settings, bundleId: backend.bundleId, dataDirectory: dataDirectory, tokenURL: backend.tokenURL,
            mamServiceURL: backend.mamServiceURL, mamResource: backend.mamResource, clientId: backend.appClientId,
            clock: clock, defects: self.defects, workTracker: tracker, delegateTimeout: 20)
        let previous = current
        let runtime = IntuneMAMRuntime(configuration: configuration, platform: host)
        runtime.enrollmentManager.delegate = app
        runtime.policyManager.delegate = host
        current = runtime
        lock.unlock()
        previous?.terminate()
        return runtime
    }

    /// Alice signs in and enrolls; the app restarts for the first policy (PINs from `pins` at that launch).
    @discardableResult
    func enrollAlice(pins: [String?] = []) async -> SDKTestUser {
        let alice = user("alice")
        app.signIn(alice)
        sdk.enrollmentManager.registerAndEnrollAccountId(alice.objectId)
        await idle()
        app.answerPINs(pins)
        await launch()
        host.clear()
        return alice
    }

    /// Bob signs in and is registered (227 while alice is enrolled).
    func registerBob() async {
        app.signIn(user("bob"))
        sdk.enrollmentManager.registerAndEnrollAccountId(user("bob").objectId)
        await idle()
    }

    /// `setUIPolicyAccountId` and its completion.
    func switchUI(_ accountId: String?) async -> IntuneMAMSwitchIdentityResult {
        let manager = policyManager
        return await withCheckedContinuation { continuation in
            manager.setUIPolicyAccountId(accountId) { continuation.resume(returning: $0) }
        }
    }

    /// The OS hands the app a URL (or a document) owned by `accountId`.
    func receive(ownedBy accountId: String, document: Bool = false) async -> IntuneMAMOpenOutcome {
        let runtime = sdk
        return await withCheckedContinuation { continuation in
            if document {
                runtime.applicationImportDocument(ownedBy: accountId) { continuation.resume(returning: $0) }
            } else {
                runtime.applicationOpenURL(ownedBy: accountId) { continuation.resume(returning: $0) }
            }
        }
    }

    /// The app returns to the foreground.
    func resume() async -> IntuneMAMLaunchState {
        let runtime = sdk
        return await withCheckedContinuation { continuation in
            runtime.applicationWillEnterForeground { continuation.resume(returning: $0) }
        }
    }

    func idle(sourceLocation: SourceLocation = #_sourceLocation) async {
        let idle = await sdkTestOffPool { [tracker] in tracker.waitUntilIdle(deadline: .now() + 30) }
        #expect(idle, "the SDK did not become idle", sourceLocation: sourceLocation)
    }

    /// Changes the tenant's policy (nothing when `settings` is empty) and lets the next 8-hour check-in
    /// deliver it.
    func changePolicy(_ settings: [String: Any]) async throws {
        if !settings.isEmpty { try await backend.updatePolicy(policyId, settings) }
        try await backend.advanceClock(seconds: 8 * 3600)
        let clock = self.clock
        let done = await sdkTestOffPool { clock.advance(by: 8 * 3600, idleTimeout: 30) }
        #expect(done, "timer work did not finish")
    }
}
