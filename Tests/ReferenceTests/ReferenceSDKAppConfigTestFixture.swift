import Foundation
import MockMAMService
import ReferenceSDK
import Testing

/// One simulated device for the allowed-accounts and app-configuration tests: like ``SDKTestFixture`` (a
/// mock tenant, a data directory, a virtual clock, the shared fake app as delegates), plus the device channel
/// wired into the runtime and a platform that records notifications and log lines.
final class ConfigTestFixture: @unchecked Sendable {
    let backend: SDKTestBackend
    let app: SDKTestApp
    let platform: ConfigTestPlatform
    let tracker = MAMWorkTracker()
    let clock: VirtualClock
    let dataDirectory: URL
    private let lock = NSLock()
    private var current: IntuneMAMRuntime?

    /// Starts a mock tenant with `users` (alias, licensed).
    static func make(users: [(alias: String, licensed: Bool)] = [("alice", true), ("bob", true)]) async throws -> ConfigTestFixture {
        ConfigTestFixture(backend: try await SDKTestBackend.start(users: users))
    }

    private init(backend: SDKTestBackend) {
        self.backend = backend
        app = SDKTestApp(tokenURL: backend.tokenURL, clientId: backend.appClientId)
        platform = ConfigTestPlatform(app: app)
        clock = VirtualClock(now: MockServiceConfiguration.defaultClockStart, workTracker: tracker)
        dataDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("reference-sdk-config-tests-\(UUID().uuidString)", isDirectory: true)
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

    func user(_ alias: String) -> SDKTestUser { backend.user(alias) }

    /// Launches a fresh runtime (terminating the previous one) reading the device channel, and waits for idle.
    func launch(settings: IntuneMAMSettings = IntuneMAMSettings(), defects: Set<SDKDefect> = []) async {
        let configuration = IntuneMAMRuntimeConfiguration(
            settings: settings, bundleId: backend.bundleId, dataDirectory: dataDirectory, tokenURL: backend.tokenURL,
            mamServiceURL: backend.mamServiceURL, mamResource: backend.mamResource, clientId: backend.appClientId,
            clock: clock, defects: defects, workTracker: tracker, delegateTimeout: 20,
            deviceConfigURL: backend.deviceConfigURL)
        let runtime = IntuneMAMRuntime(configuration: configuration, platform: platform)
        runtime.enrollmentManager.delegate = app
        runtime.policyManager.delegate = app
        replace(with: runtime)?.terminate()
        runtime.applicationDidFinishLaunching()
        await idle()
    }

    /// Makes `runtime` the current one; returns the previous.
    private func replace(with runtime: IntuneMAMRuntime) -> IntuneMAMRuntime? {
        lock.lock()
        defer { lock.unlock() }
        let previous = current
        current = runtime
        return previous
    }

    /// The OS reports a change of the managed configuration; waits until the SDK re-read it.
    func managedConfigChanged() async {
        sdk.managedAppConfigurationDidChange()
        await idle()
    }

    func idle(sourceLocation: SourceLocation = #_sourceLocation) async {
        let idle = await sdkTestOffPool { [tracker] in tracker.waitUntilIdle(deadline: .now() + 30) }
        #expect(idle, "the SDK did not become idle", sourceLocation: sourceLocation)
    }

    /// Moves the tenant clock and the virtual clock forward together.
    func advance(hours: Double) async throws {
        try await backend.advanceClock(seconds: hours * 3600)
        let clock = self.clock
        let done = await sdkTestOffPool { clock.advance(by: hours * 3600, idleTimeout: 30) }
        #expect(done, "timer work did not finish")
    }

    /// The app signs `alias` in and registers it; waits for the enrollment (and check-in) to finish.
    @discardableResult
    func signInAndRegister(_ alias: String) async -> SDKTestUser {
        let user = self.user(alias)
        app.signIn(user)
        sdk.enrollmentManager.registerAndEnrollAccountId(user.objectId)
        await idle()
        return user
    }

    /// The configuration of `alias` as the app reads it.
    func config(_ alias: String) -> any IntuneMAMAppConfig {
        sdk.appConfigManager.appConfig(forAccountId: user(alias).objectId)
    }

    /// Log lines containing `text`.
    func logs(containing text: String) -> [String] {
        platform.logLines.map(\.message).filter { $0.contains(text) }
    }
}
