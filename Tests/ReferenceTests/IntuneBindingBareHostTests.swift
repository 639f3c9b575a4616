import AdapterKit
import AdapterProtocol
import Foundation
import IntuneBinding
import Locking
import ReferenceSDK
import Testing

/// The binding serves any host that implements its two protocols, not only the reference app: a bare host with
/// no sign-in, no data and no simulated phone is enough for the binding's own SDK calls, its delegates and its
/// answers. What a vendor writes is exactly this much plus their app.
@Suite struct IntuneBindingBareHostTests {
    /// An app with nothing of its own: no accounts, no tokens, no data.
    final class BareApp: BoundApp {
        let runtime: IntuneMAMRuntime
        let launched = Latch<IntuneMAMLaunchState>()
        var sdk: any SDKManagers { runtime }

        init(dataDirectory: URL) {
            let unreachable = URL(string: "http://127.0.0.1:9")!
            runtime = IntuneMAMRuntime(
                configuration: IntuneMAMRuntimeConfiguration(
                    bundleId: "com.example.bare", dataDirectory: dataDirectory, tokenURL: unreachable,
                    mamServiceURL: unreachable, mamResource: "https://mam.example", clientId: "bare", delegateTimeout: 10),
                platform: SilentPlatform())
        }

        func waitForLaunch(until deadline: Date) -> Bool { launched.wait(until: deadline) != nil }
        func resume(until deadline: Date) {}
        func signIn(upn: String, password: String) throws(RPCError) -> String? { nil }
        func signOut(accountId: String) throws(RPCError) {}
        func writeData(name: String, content: String, accountId: String?) throws(RPCError) -> String { "" }
        func fileInfo(name: String) throws(RPCError) -> FileInfoResult {
            throw RPCError(.actionFailed, "the bare app has no files")
        }
        func protect(text: String, accountId: String) -> ProtectResult? { nil }
        func receive(ownedBy accountId: String, document: Bool, until deadline: Date) -> ReceiveItemResult {
            ReceiveItemResult(result: .failed, switched: false)
        }
        func showWebContent(until deadline: Date) {}
        func managedConfigurationDidChange() {}
        func accessToken(forAccountId accountId: String, resource: String,
                         completion: @escaping @Sendable (IntuneMAMEnrollmentToken) -> Void) {
            completion(.failure(accountId: accountId, error: "the bare app signs nobody in"))
        }
        func wipeData(forAccountId accountId: String, deletingFiles: Bool) -> Bool { false }
        func setPreference(_ value: String, for key: String, accountId: String) throws(RPCError) {
            throw RPCError(.actionFailed, "the bare app keeps no settings")
        }
        func setAuthOverrides(clientId: RegistrationName?, authority: AuthorityName?) throws(RPCError) {
            throw RPCError(.actionFailed, "the bare app has one registration")
        }
        func restartAfterSDKRequest() {}
        func addAccount(accountId: String) -> Bool { false }
        func sdkSignedIn(accountId: String, upn: String) {}
        func allowedAccountsDidChange() {}
        func dataProtectionDidChange() {}
    }

    /// An operating system that shows nothing and drops notifications.
    final class SilentPlatform: IntuneMAMPlatform {
        func showRestartDialog(message: String) {}
        func promptPIN(setup: Bool, accountId: String, minimumLength: Int) -> String? { nil }
        func promptSignIn(hint: String?) -> (upn: String, password: String)? { nil }
        func terminateAndRelaunch() {}
        func didShow(_ ui: IntuneMAMShownUI, accountId: String?) {}
        func log(level: IntuneMAMLogLevel, message: String) {}
    }

    /// One app, launched once, on the wall clock.
    final class BareHost: IntuneBindingHost {
        private let state = Locked<(session: BindingSession?, app: BareApp?, dataDirectory: URL?)>((nil, nil, nil))

        func initialize(_ request: InitializeParams, session: BindingSession) throws(RPCError) {
            guard let dataDir = request.dataDir else { throw RPCError(.invalidParams, "dataDir is required") }
            state.withLock { $0 = (session, nil, URL(fileURLWithPath: dataDir, isDirectory: true)) }
        }

        func shutdown() { runningApp?.runtime.terminate() }
        func waitUntilIdle(deadline: Date) -> Bool {
            runningApp?.runtime.waitUntilIdle(deadline: .now() + deadline.timeIntervalSinceNow) ?? true
        }
        var hasVirtualClock: Bool { false }
        func advanceClock(by seconds: Double, idleTimeout: Double) -> Date? { nil }

        func launch() -> BareApp? {
            if let running = runningApp { return running }
            let (session, directory) = state.withLock { ($0.session, $0.dataDirectory) }
            guard let session, let directory else { return nil }
            let app = BareApp(dataDirectory: directory)
            state.withLock { $0.app = app }
            session.install(on: app)
            app.runtime.applicationDidFinishLaunching { [app] in app.launched.fulfil($0) }
            return app
        }

        func restart() -> BareApp? { nil }
        var runningApp: BareApp? { state.withLock { $0.app } }
        /// Apps handed to actions, and actions ended on them.
        let actions = Locked((begun: 0, ended: 0))

        func settledApp(until deadline: Date) -> BareApp? {
            guard let app = runningApp else { return nil }
            actions.withLock { $0.begun += 1 }
            return app
        }

        func actionEnded(on app: BareApp) {
            actions.withLock { $0.ended += 1 }
        }
        func snapshot(of app: BareApp?) -> AppSnapshot {
            AppSnapshot(launched: app != nil, ready: app?.runtime.launchState == .ready, signedInAccounts: [],
                        managedAccountId: nil, corporateDataVisible: false, data: IdentityMap([:]))
        }
    }

    static func binding(capabilities: [Capability] = [.policyQueries]) -> IntuneBinding<BareHost> {
        IntuneBinding(host: BareHost(), configuration: BindingConfiguration(
            implementation: NameAndVersion(name: "bare-host", version: "9.9"), sdkName: "bare SDK",
            capabilities: capabilities, unsupportedReason: "the bare host has no such feature"), idleTimeout: 20)
    }

    static func initializeParams(dataDir: String) -> JSONValue {
        JSONValue(encoding: InitializeParams(
            dataDir: dataDir, app: AppDescription(bundleId: "com.example.bare", settings: AppSettings()),
            backend: BackendEndpoints(tokenURL: "http://127.0.0.1:9/token", mamServiceURL: "http://127.0.0.1:9/mam",
                                      mamResource: "https://mam.example", clientId: "bare", deviceConfigURL: nil),
            clock: ClockSetting(mode: .system, now: ISOTime.format(Date()))))
    }

    /// Sends one request and collects what arrives until its answer: the events, then the result or error.
    static func exchange(_ peer: AdapterKitTestPeer, _ id: Int, _ method: RunnerMethod, _ params: JSONValue = [:])
        throws -> (events: [(String, JSONValue)], result: Result<JSONValue, RPCError>) {
        peer.request(id, method.rawValue, params)
        var events: [(String, JSONValue)] = []
        while true {
            switch try peer.next(seconds: 30) {
            case .notification(let name, let params): events.append((name, params))
            case .response(.number(id), let result): return (events, .success(result))
            case .errorResponse(.number(id)?, let error): return (events, .failure(error))
            default: continue
            }
        }
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bare-host-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func initializeDeclaresTheHostsImplementationTheLinkedSDKsVersionAndItsCapabilities() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await onDedicatedThread {
            let peer = AdapterKitTestPeer(handler: Self.binding())
            let answer = try Self.exchange(peer, 1, .initialize, Self.initializeParams(dataDir: directory.path))
            let result = try answer.result.get().decode(as: InitializeResult.self)
            #expect(result.implementation == NameAndVersion(name: "bare-host", version: "9.9"))
            #expect(result.sdk == NameAndVersion(name: "bare SDK", version: IntuneMAMVersionInfo.sdkVersion))
            #expect(result.capabilities == [Capability.policyQueries.rawValue])
            _ = try Self.exchange(peer, 2, .shutdown)
        }
    }

    @Test func requestsOfUndeclaredAreasAndRequestsOutOfOrderAreRefusedWithTheirReason() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await onDedicatedThread {
            let peer = AdapterKitTestPeer(handler: Self.binding())
            let early = try Self.exchange(peer, 1, .sdkRegisteredAccounts)
            #expect(early.result.failureMessage == "initialize was not called")
            _ = try Self.exchange(peer, 2, .initialize, Self.initializeParams(dataDir: directory.path))
            let unlaunched = try Self.exchange(peer, 3, .sdkEnrolledAccount)
            #expect(unlaunched.result.failureMessage == "the app is not running (send app.launch first)")
            let undeclared = try Self.exchange(peer, 4, .sdkAllowedAccounts)
            #expect(undeclared.result.failureCode == ErrorCode.unsupported.rawValue)
            #expect(undeclared.result.failureMessage?.contains("the bare host has no such feature") == true)
            _ = try Self.exchange(peer, 5, .shutdown)
        }
    }

    @Test func aBareHostsSDKCallsAreAnnouncedAndTheirDelegateCallbacksReported() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await onDedicatedThread {
            let peer = AdapterKitTestPeer(handler: Self.binding())
            _ = try Self.exchange(peer, 1, .initialize, Self.initializeParams(dataDir: directory.path))
            let launch = try Self.exchange(peer, 2, .appLaunch)
            #expect(try launch.result.get().decode(as: AppSnapshot.self).ready)
            let register = try Self.exchange(peer, 3, .sdkRegisterAndEnroll, JSONValue(encoding: AccountParams(accountId: AccountID("acct-1"))))
            let sync = try Self.exchange(peer, 4, .sync)
            let events = register.events + sync.events
            let call = try #require(events.first { $0.0 == EventMethod.sdkCall.rawValue }).1.decode(as: SDKCallEvent.self)
            #expect(call.api == SDKAPI.registerAndEnrollAccountId.rawValue && call.accountId == AccountID("acct-1"))
            // No token from the bare app: the SDK reports 203 through the binding's enrollment delegate.
            let status = try #require(events.first { $0.0 == EventMethod.status.rawValue }).1.decode(as: StatusEvent.self)
            #expect(status.request == .enrollment && status.code == 203 && !status.didSucceed)
            let registered = try Self.exchange(peer, 5, .sdkRegisteredAccounts).result.get().decode(as: AccountListResult.self)
            #expect(registered.accountIds == [AccountID("acct-1")])
            _ = try Self.exchange(peer, 6, .shutdown)
        }
    }
}

extension IntuneBindingBareHostTests {
    @Test func everyAppHandedToAnActionIsGivenBackOnceItsRequestIsAnsweredWhetherTheActionWorkedOrFailed() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await onDedicatedThread {
            let binding = Self.binding(capabilities: [.policyQueries, .preferences])
            let peer = AdapterKitTestPeer(handler: binding)
            _ = try Self.exchange(peer, 1, .initialize, Self.initializeParams(dataDir: directory.path))
            let early = try Self.exchange(peer, 2, .appSignOut, JSONValue(encoding: AccountParams(accountId: AccountID("acct-1"))))
            #expect(early.result.failureMessage == "the app is not running (send app.launch first)")
            #expect(binding.host.actions.read { $0 } == (0, 0))
            _ = try Self.exchange(peer, 3, .appLaunch)
            let worked = try Self.exchange(peer, 4, .appSignOut, JSONValue(encoding: AccountParams(accountId: AccountID("acct-1"))))
            #expect(worked.result.failureMessage == nil)
            #expect(binding.host.actions.read { $0 } == (1, 1))
            let failed = try Self.exchange(peer, 5, .appSetPreference, JSONValue(encoding: PreferenceParams(
                accountId: AccountID("acct-1"), key: "theme", value: "dark")))
            #expect(failed.result.failureMessage == "the bare app keeps no settings")
            #expect(binding.host.actions.read { $0 } == (2, 2))
            // Queries read whichever instance runs and hold none.
            _ = try Self.exchange(peer, 6, .sdkRegisteredAccounts)
            #expect(binding.host.actions.read { $0 } == (2, 2))
            _ = try Self.exchange(peer, 7, .shutdown)
        }
    }
}

extension Result where Failure == RPCError {
    var failureMessage: String? { if case .failure(let error) = self { error.message } else { nil } }
    var failureCode: Int? { if case .failure(let error) = self { error.code } else { nil } }
}
