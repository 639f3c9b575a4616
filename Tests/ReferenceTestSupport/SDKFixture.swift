import Foundation
import MockMAMService
import ReferenceSDK
import Testing

/// One simulated device: a mock tenant, a data directory, a virtual clock, the fake app (and, where the test watches
/// more, a recording host), and the current SDK runtime (rebuilt at each launch from the same data directory).
/// Made by ``Builder``; every reference-SDK test uses it, so a change to how a device is set up is made once.
/// `@unchecked Sendable`: the runtime and the launch options are read and written under `lock`.
public final class SDKFixture: @unchecked Sendable {
    public let backend: SDKTestBackend
    public let app: SDKTestApp
    /// The recording host; the runtime's platform unless the fixture was built with `appSide` `.app`.
    public let host: SDKTestHost
    public let tracker = MAMWorkTracker()
    public let clock: VirtualClock
    public let dataDirectory: URL
    /// The protection policy the builder created, if it was asked to.
    public let policyId: String?
    private let options: Builder
    private let lock = NSLock()
    private var current: IntuneMAMRuntime?
    private var settings = IntuneMAMSettings()
    private var defects: Set<SDKDefect> = []
    /// The app build the runtimes run as (UPG-01): nil is the configuration's default (this process's SDK, app 1.0).
    private var build: (sdkVersion: String, appVersion: String)?

    init(backend: SDKTestBackend, policyId: String?, options: Builder) {
        self.backend = backend
        self.policyId = policyId
        self.options = options
        app = SDKTestApp(tokenURL: backend.tokenURL, clientId: backend.appClientId)
        host = SDKTestHost(app: app)
        clock = VirtualClock(now: MockServiceConfiguration.defaultClockStart, workTracker: tracker)
        dataDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("reference-sdk-tests-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        if options.relaunchesOnRestart {
            app.onRelaunch { [weak self] in self?.relaunchFromSDK() }
        }
    }

    public func tearDown() async {
        runtime?.terminate()
        _ = await sdkTestOffPool { [tracker] in tracker.waitUntilIdle(deadline: .now() + 10) }
        await backend.stop()
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    public var runtime: IntuneMAMRuntime? {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// The current runtime (fails the test when none was built).
    public var sdk: IntuneMAMRuntime {
        guard let runtime else { fatalError("no runtime built") }
        return runtime
    }

    public var policyManager: IntuneMAMPolicyManager { sdk.policyManager }

    public func user(_ alias: String) -> SDKTestUser { backend.user(alias) }

    /// Builds a fresh runtime (terminating the previous one) with delegates set, like an app launch. Settings and
    /// defects given are kept for later launches.
    @discardableResult
    public func makeRuntime(settings: IntuneMAMSettings? = nil, defects: Set<SDKDefect>? = nil) -> IntuneMAMRuntime {
        lock.lock()
        if let settings { self.settings = settings }
        if let defects { self.defects = defects }
        var configuration = IntuneMAMRuntimeConfiguration(
            settings: self.settings, bundleId: backend.bundleId, dataDirectory: dataDirectory,
            tokenURL: backend.tokenURL, mamServiceURL: backend.mamServiceURL, mamResource: backend.mamResource,
            clientId: backend.appClientId, clock: clock, defects: self.defects, workTracker: tracker,
            delegateTimeout: 20, deviceConfigURL: options.readsDeviceChannel ? backend.deviceConfigURL : nil)
        if let build {
            configuration.sdkVersion = build.sdkVersion
            configuration.appVersion = build.appVersion
        }
        let previous = current
        let (platform, policyDelegate): (any IntuneMAMPlatform, any IntuneMAMPolicyDelegate) = switch options.appSide {
        case .app: (app, app)
        case .recordingHost: (host, app)
        case .identityHost: (host, host)
        }
        let runtime = IntuneMAMRuntime(configuration: configuration, platform: platform)
        runtime.enrollmentManager.delegate = app
        runtime.policyManager.delegate = policyDelegate
        current = runtime
        lock.unlock()
        previous?.terminate()
        return runtime
    }

    /// Launches (a fresh runtime) and waits until the SDK is idle.
    @discardableResult
    public func launch(settings: IntuneMAMSettings? = nil, defects: Set<SDKDefect>? = nil) async -> IntuneMAMLaunchState {
        let runtime = makeRuntime(settings: settings, defects: defects)
        runtime.applicationDidFinishLaunching()
        await idle()
        return self.runtime?.launchState ?? .notLaunched
    }

    /// Installs another build of the app over this one: the next runtime runs as it, from the same data directory.
    public func install(sdkVersion: String, appVersion: String) {
        lock.lock()
        build = (sdkVersion, appVersion)
        lock.unlock()
    }

    /// What the SDK's restart does: the platform builds and launches a new runtime.
    private func relaunchFromSDK() {
        makeRuntime().applicationDidFinishLaunching()
    }

    /// Waits until no SDK work is queued or running.
    public func idle(sourceLocation: SourceLocation = #_sourceLocation) async {
        let idle = await sdkTestOffPool { [tracker] in tracker.waitUntilIdle(deadline: .now() + 30) }
        #expect(idle, "the SDK did not become idle", sourceLocation: sourceLocation)
    }

    /// Moves the tenant clock and the virtual clock forward together; returns after due timers' work ended.
    public func advance(hours: Double, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await backend.advanceClock(seconds: hours * 3600)
        let clock = self.clock
        let done = await sdkTestOffPool { clock.advance(by: hours * 3600, idleTimeout: 30) }
        #expect(done, "timer work did not finish", sourceLocation: sourceLocation)
    }

    /// Registers an account the app has signed in, and waits for the outcome.
    @discardableResult
    public func signInAndRegister(_ alias: String) async -> SDKTestUser {
        let user = self.user(alias)
        app.signIn(user)
        sdk.enrollmentManager.registerAndEnrollAccountId(user.objectId)
        await idle()
        return user
    }

    /// Writes a file owned by `accountId` into the data directory.
    public func writeFile(_ name: String, owner accountId: String) -> URL {
        let url = dataDirectory.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data("data of \(accountId)".utf8))
        sdk.fileProtectionManager.protect(url.path, accountId: accountId)
        return url
    }
}
