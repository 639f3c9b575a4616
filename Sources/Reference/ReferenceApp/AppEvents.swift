import AdapterKit
import AdapterProtocol
import ReferenceSDK

/// Builds and sends the integration's events, so every event has one shape whoever raises it (the app,
/// a delegate callback, the platform).
struct AppEvents: Sendable {
    /// `event.app` kinds.
    enum AppKind: String {
        case launched
        case restarted
        case ready
        case signedIn = "signed-in"
        case signedOut = "signed-out"
        case dataWiped = "data-wiped"
        case blocked
    }

    let channel: any RunnerChannel

    /// `event.status` for one enrollment delegate callback, with the neutral status name.
    func status(_ request: StatusRequest, _ status: IntuneMAMEnrollmentStatus) {
        let code = status.statusCode.rawValue
        let neutral = StatusOutcome.fromIOS(code: code, request: request)?.rawValue
        channel.notify(method: Method.eventStatus, params: [
            "request": .string(request.rawValue),
            "status": neutral.map(JSONValue.string) ?? .string("code-\(code)"),
            "code": .number(Double(code)),
            "accountId": .string(status.accountId),
            "upn": .string(status.identity),
            "didSucceed": .bool(status.didSucceed),
            "errorString": status.errorString.map(JSONValue.string) ?? .null,
        ])
    }

    /// `event.sdkCall`, sent before the app calls the SDK method.
    func sdkCall(_ api: String, accountId: String?, wipe: Bool? = nil, extra: [String: JSONValue] = [:]) {
        var params = extra
        params["api"] = .string(api)
        params["accountId"] = accountId.map(JSONValue.string) ?? .null
        if let wipe { params["wipe"] = .bool(wipe) }
        channel.notify(method: Method.eventSDKCall, params: .object(params))
    }

    /// `event.app` milestone.
    func app(_ kind: AppKind, accountId: String? = nil, extra: [String: JSONValue] = [:]) {
        var params = extra
        params["kind"] = .string(kind.rawValue)
        if let accountId { params["accountId"] = .string(accountId) }
        channel.notify(method: Method.eventApp, params: .object(params))
    }

    /// `event.ui`: the SDK showed some UI (sent whether or not prompts are answered by the runner).
    func ui(_ shown: IntuneMAMShownUI, accountId: String?) {
        channel.notify(method: Method.eventUI, params: [
            "kind": .string(shown.rawValue),
            "accountId": accountId.map(JSONValue.string) ?? .null,
        ])
    }

    /// `log` line for the transcript. Callers never pass secrets.
    func log(_ level: String, _ message: String) {
        channel.notify(method: Method.log, params: ["level": .string(level), "message": .string(message)])
    }

    /// The protocol's level name for an SDK log level.
    static func levelName(_ level: IntuneMAMLogLevel) -> String {
        switch level {
        case .verbose: return "debug"
        case .info: return "info"
        case .warning: return "warning"
        case .error: return "error"
        }
    }
}
