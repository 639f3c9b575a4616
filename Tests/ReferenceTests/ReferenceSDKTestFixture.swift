import Foundation
import MockMAMService
import ReferenceSDK
import Testing

/// One simulated device: a mock tenant, a data directory, a virtual clock, the fake app, and the
/// current SDK runtime (rebuilt at each relaunch from the same data directory).
final class SDKTestFixture: @unchecked Sendable {
    let backend: SDKTestBackend
    let app: SDKTestApp
    let tracker = MAMWorkTracker()
    let clock: VirtualClock
    let dataDirectory: URL
    private let lock = NSLock()
    private var current: IntuneMAMRuntime?
    private var settings = IntuneMAMSettings()
    private var defects: Set<SDKDefect> = []
    /// The app build the runtimes run as (UPG-01): nil is the configuration's default (this process's SDK, app 1.0).
    private var build: (sdkVersion: String, appVersion: String)?

    /// Starts a mock tenant with `users` (alias, licensed).
    /// Users in `protectionPolicyRequired` are under app-protection Conditional Access.
    static func make(users: [(alias: String, licensed: Bool)] = [("alice", true)],
                     protectionPolicyRequired: Set<String> = []) async throws -> SDKTestFixture {
        SDKTestFixture(backend: try await SDKTestBackend.start(users: users, protectionPolicyRequired: protectionPolicyRequired))
    }

    private init(backend: SDKTestBackend) {
        self.backend = backend
        app = SDKTestApp(tokenURL: backend.tokenURL, clientId: backend.appClientId)
        clock = VirtualClock(now: MockServiceConfiguration.defaultClockStart, workTracker: tracker)
        dataDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("reference-sdk-tests-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        app.onRelaunch { [weak self] in self?.relaunchFromSDK() }
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

    /// The current runtime (fails the test when none was built).
    var sdk: IntuneMAMRuntime {
        guard let runtime else { fatalError("no runtime built") }
        return runtime
    }

    func user(_ alias: String) -> SDKTestUser { backend.user(alias) }

    /// Builds a fresh runtime (terminating the previous one) with delegates set, like an app launch.
    @discardableResult
    func makeRuntime(settings: IntuneMAMSettings? = nil, defects: Set<SDKDefect>? = nil) -> IntuneMAMRuntime {
        lock.lock()
        if let settings { self.settings = settings }
        if let defects { self.defects = defects }
        var configuration = IntuneMAMRuntimeConfiguration(
            settings: self.settings, bundleId: backend.bundleId, dataDirectory: dataDirectory,
            tokenURL: backend.tokenURL, mamServiceURL: backend.mamServiceURL, mamResource: backend.mamResource,
            clientId: backend.appClientId, clock: clock, defects: self.defects, workTracker: tracker,
            delegateTimeout: 20)
        if let build {
            configuration.sdkVersion = build.sdkVersion
            configuration.appVersion = build.appVersion
        }
        let previous = current
        let runtime = IntuneMAMRuntime(configuration: configuration, platform: app)
        runtime.enrollmentManager.delegate = app
        runtime.policyManager.delegate = app
        current = runtime
        lock.unlock()
        previous?.terminate()
        return runtime
    }

    /// Launches (a fresh runtime) and waits until the SDK is idle.
    @discardableResult
    func launch(settings: IntuneMAMSettings? = nil, defects: Set<SDKDefect>? = nil) async -> IntuneMAMLaunchState {
        let runtime = makeRuntime(settings: settings, defects: defects)
        runtime.applicationDidFinishLaunching()
        await idle()
        return self.runtime?.launchState ?? .notLaunched
    }

    /// Installs another build of the app over this one: the next runtime runs as it, from the same data directory.
    func install(sdkVersion: String, appVersion: String) {
        lock.lock()
        build = (sdkVersion, appVersion)
        lock.unlock()
    }

    /// What the SDK's restart does: the platform builds and launches a new runtime.
    private func relaunchFromSDK() {
        makeRuntime().applicationDidFinishLaunching()
    }

    /// Waits until no SDK work is queued or running.
    func idle(sourceLocation: SourceLocation = #_sourceLocation) async {
        let idle = await sdkTestOffPool { [tracker] in tracker.waitUntilIdle(deadline: .now() + 30) }
        #expect(idle, "the SDK did not become idle", sourceLocation: sourceLocation)
    }

    /// Moves the tenant clock and the virtual clock forward together; returns after due timers' work ended.
    func advance(hours: Double) async throws {
        try await backend.advanceClock(seconds: hours * 3600)
        let clock = self.clock
        let done = await sdkTestOffPool { clock.advance(by: hours * 3600, idleTimeout: 30) }
        #expect(done, "timer work did not finish")
    }

    /// Registers an account the app has signed in, and waits for the outcome.
    @discardableResult
    func signInAndRegister(_ alias: String) async -> SDKTestUser {
        let user = self.user(alias)
        app.signIn(user)
        sdk.enrollmentManager.registerAndEnrollAccountId(user.objectId)
        await idle()
        return user
    }

    /// Writes a file owned by `accountId` into the data directory.
    func writeFile(_ name: String, owner accountId: String) -> URL {
        let url = dataDirectory.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data("data of \(accountId)".utf8))
        sdk.fileProtectionManager.protect(url.path, accountId: accountId)
        return url
    }
}
