import AdapterKit
import AdapterProtocol
import ReferenceSDK

/// Builds and sends the integration's events, so every event has one shape whoever raises it (the app,
/// a delegate callback, the platform). Events are the protocol's typed messages; the SDK's own enums are
/// mapped to the protocol's vocabulary here and nowhere else.
struct AppEvents: Sendable {
    let channel: any RunnerChannel

    /// `event.status` for one enrollment delegate callback, with the neutral status name.
    func status(_ request: StatusRequest, _ status: IntuneMAMEnrollmentStatus) {
        let code = status.statusCode.rawValue
        // Every iOS code has a neutral name; a code the SDK invents later is reported as an internal error
        // with its raw code kept.
        let neutral = StatusOutcome.fromIOS(code: code, request: request) ?? .internalError
        channel.notify(.status, StatusEvent(
            request: request, status: neutral, code: code, accountId: AccountID(status.accountId),
            upn: UPN(status.identity), didSucceed: status.didSucceed, errorString: status.errorString))
    }

    /// `event.sdkCall`, sent before the app calls the SDK method.
    func sdkCall(_ api: SDKAPI, accountId: String?, wipe: Bool? = nil, upn: String? = nil) {
        channel.notify(.sdkCall, SDKCallEvent(api: api.rawValue, accountId: accountId.map { AccountID($0) }, wipe: wipe, upn: upn.map { UPN($0) }))
    }

    /// `event.app` milestone.
    func app(_ event: AppEvent) {
        channel.notify(.app, event)
    }

    /// `event.app` milestone without details.
    func app(_ kind: AppEventKind, accountId: String? = nil) {
        app(AppEvent(kind: kind, accountId: accountId.map { AccountID($0) }))
    }

    /// `event.app blocked` with the SDK's reason.
    func blocked(_ reason: IntuneMAMLaunchBlockReason, accountId: String?) {
        app(AppEvent(kind: .blocked, accountId: accountId.map { AccountID($0) }, reason: AppEventReason(Self.blockReason(reason))))
    }

    /// `event.ui`: the SDK showed some UI (sent whether or not prompts are answered by the runner).
    func ui(_ shown: IntuneMAMShownUI, accountId: String?) {
        channel.notify(.ui, UIEvent(kind: Self.uiKind(shown), accountId: accountId.map { AccountID($0) }))
    }

    /// `log` line for the transcript. Callers never pass secrets.
    func log(_ level: LogLevel, _ message: String) {
        channel.notify(.log, LogEvent(level: level, message: message))
    }

    /// The protocol's level for an SDK log level.
    static func level(_ level: IntuneMAMLogLevel) -> LogLevel {
        switch level {
        case .verbose: return .debug
        case .info: return .info
        case .warning: return .warning
        case .error: return .error
        }
    }

    static func uiKind(_ shown: IntuneMAMShownUI) -> UIKind {
        switch shown {
        case .restartDialog: return .restartDialog
        case .pinSetup: return .pinSetup
        case .pinEntry: return .pinEntry
        case .signIn: return .signIn
        case .policyRequired: return .policyRequired
        case .policyAbsentWarning: return .policyAbsentWarning
        }
    }

    static func blockReason(_ reason: IntuneMAMLaunchBlockReason) -> BlockReason {
        switch reason {
        case .policyRequired: return .policyRequired
        case .pinCanceled: return .pinCanceled
        case .pinRetriesExceeded: return .pinRetriesExceeded
        }
    }
}
