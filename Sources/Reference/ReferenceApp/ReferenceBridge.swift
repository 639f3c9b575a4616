import AdapterKit
import AdapterProtocol
import Foundation
import ReferenceSDK

/// The adapter-protocol binding of the reference integration: runner requests become app actions and SDK
/// calls; SDK callbacks become events and questions (through the app, its delegates and its platform).
///
/// It receives only actions, never case ids or expectations, so everything it does follows from the
/// backend's state and the scripted answers to its questions.
public final class ReferenceBridge: AdapterHandler {
    /// Reported as `implementation.version` in `initialize`.
    public static let implementationVersion = "0.1.0"
    /// Reported as `implementation.name`.
    public static let implementationName = "mamconf-reference"
    /// Reported as `sdk.name`.
    public static let sdkName = "ReferenceSDK (Intune App SDK 21.7.1 API)"

    let options: ReferenceOptions
    let processEnvironment: [String: String]
    let device = Locked<ReferenceDevice?>(nil)
    /// Set once a relaunch has begun: the process is about to be replaced and must not exit meanwhile.
    let relaunching = Locked(false)
    /// Upper bound for `sync`, `clock.advance` and waiting for a launch.
    let idleTimeout: Double

    /// - Parameters:
    ///   - options: the command line (mutant, disabled capabilities).
    ///   - environment: the process environment (for `MAMCONF_DATA_DIR`).
    ///   - idleTimeout: longest wait, in seconds, for the integration to become idle or a launch to finish.
    public init(options: ReferenceOptions, environment: [String: String] = ProcessInfo.processInfo.environment,
                idleTimeout: Double = 120) {
        self.options = options
        self.processEnvironment = environment
        self.idleTimeout = idleTimeout
    }

    /// Stops the app if it still runs (after `run()` returned on end of input).
    public func terminate() {
        device.withLock { $0 }?.shutdown()
    }

    public func handle(_ name: String, params: JSONValue, server: AdapterServer) throws(RPCError) -> JSONValue {
        guard let method = RunnerMethod(rawValue: name) else {
            throw RPCError(.methodNotFound, "unknown method \(name)")
        }
        if let capability = method.capability, !options.capabilities.contains(capability) {
            throw RPCError.unsupported(capability, "disabled with --disable-capability")
        }
        // Params are checked before anything is done: a request that does not fit is answered -32602
        // whatever state the app is in.
        _ = try params.params(method.paramsType)
        switch method {
        case .initialize: return try initialize(params, channel: server)
        case .shutdown:
            terminate()
            return [:]
        case .sync: return try sync()
        case .hello:
            // Answered by AdapterServer itself on a network connection; never sent over stdio.
            throw RPCError(.methodNotFound, "\(name) belongs to the network transport")
        case .reset: return try reset()
        case .clockAdvance: return try advanceClock(try params.params(ClockAdvanceParams.self))
        case .appLaunch: return try launch()
        case .appRestart: return try restart()
        case .appSignIn:
            let request = try params.params(SignInParams.self)
            let accountId = try actingApp().signIn(upn: request.upn.rawValue, password: request.password)
            return JSONValue(encoding: SignInResult(accountId: accountId.map { AccountID($0) }, refused: accountId == nil ? .notAllowed : nil))
        case .appSignOut:
            try actingApp().signOut(accountId: try params.params(AccountParams.self).accountId.rawValue)
            return [:]
        case .appState:
            let device = try initializedDevice()
            return AppStateSnapshot.make(app: device.currentApp, device: device)
        case .sdkRegisterAndEnroll:
            try actingApp().registerAndEnroll(try params.params(AccountParams.self).accountId.rawValue)
            return [:]
        case .sdkDeregisterAndUnenroll:
            let request = try params.params(DeregisterParams.self)
            try actingApp().deregister(request.accountId.rawValue, wipe: request.wipe)
            return [:]
        case .sdkLoginAndEnroll:
            try actingApp().loginAndEnroll(upn: try params.params(LoginAndEnrollParams.self).upn?.rawValue)
            return [:]
        case .sdkRegisteredAccounts:
            let ids = try runningApp().runtime.enrollmentManager.registeredAccountIds()
            return JSONValue(encoding: AccountListResult(accountIds: ids.map { AccountID($0) }))
        case .sdkEnrolledAccount:
            let id = try runningApp().runtime.enrollmentManager.enrolledAccountId()
            return JSONValue(encoding: EnrolledAccountResult(accountId: id.map { AccountID($0) }))
        case .sdkAllowedAccounts: return try allowedAccounts()
        case .deviceManagedConfigChanged: return try managedConfigChanged()
        case .sdkAppConfig: return try appConfig(try params.params(AppConfigParams.self))
        case .sdkAppConfigValue: return try appConfigValue(try params.params(AppConfigValueParams.self))
        case .sdkPolicy: return try policy(accountId: try params.params(AccountParams.self).accountId.rawValue)
        case .sdkIsSaveToAllowed: return try isSaveToAllowed(try params.params(SaveToParams.self))
        case .sdkIsOpenFromAllowed: return try isOpenFromAllowed(try params.params(OpenFromParams.self))
        case .sdkIdentity: return try identity()
        case .sdkIsManaged:
            let manager = try runningApp().runtime.policyManager
            return JSONValue(encoding: ManagedResult(managed: manager.isAccountIdManaged(try params.params(AccountParams.self).accountId.rawValue)))
        case .appSwitchIdentity: return try switchIdentity(try params.params(SwitchIdentityParams.self))
        case .appOpenURL: return try receive(try params.params(AccountParams.self), document: false)
        case .appImportDocument: return try receive(try params.params(AccountParams.self), document: true)
        case .appResume: return try resume()
        case .appShowWebContent:
            _ = try params.params(WebContentParams.self)
            try actingApp().showWebContent(until: deadline)
            return [:]
        case .appWriteData: return try writeData(try params.params(WriteDataParams.self))
        case .sdkProtect: return try protect(try params.params(ProtectParams.self))
        }
    }

    /// How long an action may wait for the SDK (and the runner's answers to its questions).
    var deadline: Date { Date().addingTimeInterval(idleTimeout) }

    // MARK: Requests

    private func initialize(_ params: JSONValue, channel: AdapterServer) throws(RPCError) -> JSONValue {
        let environment = try AppEnvironment.fromInitialize(params, environment: processEnvironment)
        do {
            try FileManager.default.createDirectory(at: environment.dataDirectory, withIntermediateDirectories: true)
        } catch {
            throw RPCError(code: RPCError.actionFailed, message: "cannot create the data directory: \(error)")
        }
        let created = makeDevice(environment: environment, channel: channel, initializeParams: params)
        let previous = device.withLock { current -> ReferenceDevice? in
            defer { current = created }
            return current
        }
        previous?.shutdown()
        if let mutant = options.mutant {
            created.events.log(.info, "mutant \(mutant.name) is on")
        }
        return JSONValue(encoding: InitializeResult(
            protocolVersion: options.protocolVersion.rawValue,
            implementation: NameAndVersion(name: Self.implementationName, version: Self.implementationVersion),
            sdk: NameAndVersion(name: Self.sdkName, version: IntuneMAMVersionInfo.sdkVersion),
            capabilities: options.declaredCapabilities.map(\.rawValue)))
    }

    private func launch() throws(RPCError) -> JSONValue {
        let device = try initializedDevice()
        guard let app = device.launch() else { throw Self.failed("the app was shut down") }
        return snapshotAfterLaunch(app, device: device)
    }

    private func restart() throws(RPCError) -> JSONValue {
        let device = try initializedDevice()
        guard let app = device.restart(reason: .runner) else { throw Self.failed("the app was shut down") }
        return snapshotAfterLaunch(app, device: device)
    }

    /// Waits for the launch gates (PIN questions are answered meanwhile) and describes the app.
    private func snapshotAfterLaunch(_ app: ReferenceApp, device: ReferenceDevice) -> JSONValue {
        if app.waitForLaunch(until: Date().addingTimeInterval(idleTimeout)) == nil {
            device.events.log(.warning, "the launch did not finish within \(Int(idleTimeout)) s")
        }
        return AppStateSnapshot.make(app: app, device: device)
    }

    private func sync() throws(RPCError) -> JSONValue {
        guard let device = device.withLock({ $0 }) else { return [:] }
        guard device.waitUntilIdle(deadline: Date().addingTimeInterval(idleTimeout)) else {
            throw Self.failed("the integration did not become idle within \(Int(idleTimeout)) s")
        }
        return [:]
    }

    private func advanceClock(_ params: ClockAdvanceParams) throws(RPCError) -> JSONValue {
        let device = try initializedDevice()
        guard let clock = device.virtualClock else {
            throw RPCError.unsupported(.virtualClock, "the clock is not virtual")
        }
        let seconds = params.seconds
        guard seconds >= 0, seconds.isFinite else {
            throw RPCError(code: RPCError.invalidParams, message: "parameter \"seconds\" must be a non-negative number")
        }
        let settled = clock.advance(by: seconds, idleTimeout: idleTimeout)
            && device.waitUntilIdle(deadline: Date().addingTimeInterval(idleTimeout))
        guard settled else {
            throw Self.failed("the work of the timers did not finish within \(Int(idleTimeout)) s")
        }
        return JSONValue(encoding: ClockAdvanceResult(now: ISOTime.format(clock.now)))
    }

    // MARK: Helpers

    func initializedDevice() throws(RPCError) -> ReferenceDevice {
        guard let device = device.withLock({ $0 }) else { throw Self.failed("initialize was not called") }
        return device
    }

    /// The running app, for queries: whichever instance runs now (they read persisted state either way).
    func runningApp() throws(RPCError) -> ReferenceApp {
        guard let app = try initializedDevice().currentApp else {
            throw Self.failed("the app is not running (send app.launch first)")
        }
        return app
    }

    /// The running app, for actions: after any restart in progress, so the action reaches the new instance
    /// instead of a runtime that is terminating and would drop it.
    func actingApp() throws(RPCError) -> ReferenceApp {
        guard let app = try initializedDevice().settledApp(until: Date().addingTimeInterval(idleTimeout)) else {
            throw Self.failed("the app is not running (send app.launch first)")
        }
        return app
    }

    static func failed(_ message: String) -> RPCError {
        RPCError(code: RPCError.actionFailed, message: message)
    }
}
