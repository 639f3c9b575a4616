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

    private let options: ReferenceOptions
    private let processEnvironment: [String: String]
    private let device = Locked<ReferenceDevice?>(nil)
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

    public func handle(_ method: String, params: JSONValue, server: AdapterServer) throws(RPCError) -> JSONValue {
        switch method {
        case Method.initialize: return try initialize(params, channel: server)
        case Method.shutdown:
            terminate()
            return [:]
        case Method.sync: return try sync()
        case Method.clockAdvance: return try advanceClock(params)
        case Method.appLaunch: return try launch()
        case Method.appRestart: return try restart()
        case Method.appSignIn:
            let app = try actingApp()
            guard let accountId = try app.signIn(upn: try params.requiredString("upn"),
                                                 password: try params.requiredString("password")) else {
                return ["accountId": .null, "refused": "not-allowed"]
            }
            return ["accountId": .string(accountId)]
        case Method.appSignOut:
            try actingApp().signOut(accountId: try params.requiredString("accountId"))
            return [:]
        case Method.appState:
            let device = try initializedDevice()
            return AppSnapshot.make(app: device.currentApp, device: device)
        case Method.sdkRegisterAndEnroll:
            try actingApp().registerAndEnroll(try params.requiredString("accountId"))
            return [:]
        case Method.sdkDeregisterAndUnenroll:
            try actingApp().deregister(try params.requiredString("accountId"), wipe: try params.requiredBool("wipe"))
            return [:]
        case Method.sdkLoginAndEnroll:
            try actingApp().loginAndEnroll(upn: try params.optionalString("upn"))
            return [:]
        case Method.sdkRegisteredAccounts:
            let ids = try runningApp().runtime.enrollmentManager.registeredAccountIds()
            return ["accountIds": .array(ids.map(JSONValue.string))]
        case Method.sdkEnrolledAccount:
            return ["accountId": try runningApp().runtime.enrollmentManager.enrolledAccountId().map(JSONValue.string) ?? .null]
        case Method.sdkAllowedAccounts: return try allowedAccounts()
        case Method.deviceManagedConfigChanged: return try managedConfigChanged()
        case Method.sdkAppConfig: return try appConfig(params)
        case Method.sdkAppConfigValue: return try appConfigValue(params)
        default:
            if let result = try handleIdentity(method, params: params) { return result }
            if let result = try handlePolicyQuery(method, params: params) { return result }
            throw RPCError(code: RPCError.methodNotFound, message: "unknown method \(method)")
        }
    }

    // MARK: Requests

    private func initialize(_ params: JSONValue, channel: AdapterServer) throws(RPCError) -> JSONValue {
        let environment = try AppEnvironment.fromInitialize(params, environment: processEnvironment)
        do {
            try FileManager.default.createDirectory(at: environment.dataDirectory, withIntermediateDirectories: true)
        } catch {
            throw RPCError(code: RPCError.actionFailed, message: "cannot create the data directory: \(error)")
        }
        let capabilities = options.capabilities
        let created = ReferenceDevice(environment: environment, channel: channel, capabilities: Set(capabilities),
                                      sdkDefects: options.mutant?.sdkDefects ?? [],
                                      appDefects: options.mutant?.appDefects ?? [])
        let previous = device.withLock { current -> ReferenceDevice? in
            defer { current = created }
            return current
        }
        previous?.shutdown()
        if let mutant = options.mutant {
            created.events.log("info", "mutant \(mutant.name) is on")
        }
        return [
            "protocolVersion": .string(ProtocolVersion.current),
            "implementation": ["name": .string(Self.implementationName), "version": .string(Self.implementationVersion)],
            "sdk": ["name": .string(Self.sdkName), "version": .string(IntuneMAMVersionInfo.sdkVersion)],
            "capabilities": .array(capabilities.map(JSONValue.string)),
        ]
    }

    private func launch() throws(RPCError) -> JSONValue {
        let device = try initializedDevice()
        guard let app = device.launch() else { throw Self.failed("the app was shut down") }
        return snapshotAfterLaunch(app, device: device)
    }

    private func restart() throws(RPCError) -> JSONValue {
        let device = try initializedDevice()
        guard device.supports(Capability.appRestart) else {
            throw RPCError(code: RPCError.unsupported, message: "capability \(Capability.appRestart) is disabled")
        }
        guard let app = device.restart(reason: .runner) else { throw Self.failed("the app was shut down") }
        return snapshotAfterLaunch(app, device: device)
    }

    /// Waits for the launch gates (PIN questions are answered meanwhile) and describes the app.
    private func snapshotAfterLaunch(_ app: ReferenceApp, device: ReferenceDevice) -> JSONValue {
        if app.waitForLaunch(until: Date().addingTimeInterval(idleTimeout)) == nil {
            device.events.log("warning", "the launch did not finish within \(Int(idleTimeout)) s")
        }
        return AppSnapshot.make(app: app, device: device)
    }

    private func sync() throws(RPCError) -> JSONValue {
        guard let device = device.withLock({ $0 }) else { return [:] }
        guard device.waitUntilIdle(deadline: Date().addingTimeInterval(idleTimeout)) else {
            throw Self.failed("the integration did not become idle within \(Int(idleTimeout)) s")
        }
        return [:]
    }

    private func advanceClock(_ params: JSONValue) throws(RPCError) -> JSONValue {
        let device = try initializedDevice()
        guard let clock = device.virtualClock else {
            throw RPCError(code: RPCError.unsupported, message: "the clock is not virtual (capability \(Capability.virtualClock))")
        }
        let seconds = try params.requiredNumber("seconds")
        guard seconds >= 0, seconds.isFinite else {
            throw RPCError(code: RPCError.invalidParams, message: "parameter \"seconds\" must be a non-negative number")
        }
        let settled = clock.advance(by: seconds, idleTimeout: idleTimeout)
            && device.waitUntilIdle(deadline: Date().addingTimeInterval(idleTimeout))
        guard settled else {
            throw Self.failed("the work of the timers did not finish within \(Int(idleTimeout)) s")
        }
        return ["now": .string(ISOTime.format(clock.now))]
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
