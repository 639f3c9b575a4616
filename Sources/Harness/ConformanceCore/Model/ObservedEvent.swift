import AdapterProtocol

/// Something the integration reported during a case: a notification or a question, in arrival order.
public struct ObservedEvent: Sendable, Hashable {
    public var sequence: Int
    /// The protocol method (`event.status`, `event.ui`, `delegate.restartApplication`, …).
    public var method: String
    public var params: JSONValue
    /// Seconds since the case started.
    public var elapsed: Double

    public init(sequence: Int, method: String, params: JSONValue, elapsed: Double) {
        self.sequence = sequence
        self.method = method
        self.params = params
        self.elapsed = elapsed
    }

    public var isQuestion: Bool { Method.questions.contains(method) }

    /// A one-line rendering for failure messages and transcripts.
    public var summary: String {
        switch method {
        case Method.eventStatus:
            let request = params["request"]?.stringValue ?? "?"
            let status = params["status"]?.stringValue ?? "?"
            let code = params["code"]?.intValue.map(String.init) ?? "?"
            let account = params["accountId"]?.stringValue ?? "-"
            return "status \(request) \(status) (\(code)) for \(account)"
        case Method.eventUI: return "ui \(params["kind"]?.stringValue ?? "?")" + accountSuffix
        case Method.eventApp: return "app \(params["kind"]?.stringValue ?? "?")" + accountSuffix
        case Method.eventSDKCall: return "sdk call \(params["api"]?.stringValue ?? "?") \(params.compactText)"
        case Method.eventNotification: return "notification \(params["name"]?.stringValue ?? "?")" + accountSuffix
        case Method.log: return "log \(params["message"]?.stringValue ?? params.compactText)"
        default: return "\(isQuestion ? "question " : "")\(method) \(params.compactText)"
        }
    }

    private var accountSuffix: String {
        params["accountId"]?.stringValue.map { " for \($0)" } ?? ""
    }
}
