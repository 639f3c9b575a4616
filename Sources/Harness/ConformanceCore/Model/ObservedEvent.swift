import AdapterProtocol

/// Something the integration reported during a case: a notification or a question, in arrival order.
public struct ObservedEvent: Sendable, Hashable {
    public var sequence: Int
    /// The protocol method (`event.status`, `event.ui`, `delegate.restartApplication`, …).
    public var method: String
    public var params: JSONValue
    /// Time since the case started.
    public var elapsed: Duration

    public init(sequence: Int, method: String, params: JSONValue, elapsed: Duration) {
        self.sequence = sequence
        self.method = method
        self.params = params
        self.elapsed = elapsed
    }

    /// The event kind, or nil for a question (or a method the protocol does not know).
    public var event: EventMethod? { EventMethod(rawValue: method) }
    /// The question asked, or nil for an event.
    public var question: Question? { Question(rawValue: method) }
    public var isQuestion: Bool { question != nil }

    /// A one-line rendering for failure messages and transcripts.
    public var summary: String {
        switch event {
        case .status?:
            let request = params["request"]?.stringValue ?? "?"
            let status = params["status"]?.stringValue ?? "?"
            let code = params["code"]?.intValue.map(String.init) ?? "?"
            let account = params["accountId"]?.stringValue ?? "-"
            return "status \(request) \(status) (\(code)) for \(account)"
        case .ui?: return "ui \(params["kind"]?.stringValue ?? "?")" + accountSuffix
        case .app?: return "app \(params["kind"]?.stringValue ?? "?")" + accountSuffix
        case .sdkCall?:
            // The arguments the call has: the wire spells every member the method does not take as null.
            let members = params.objectValue.map { JSONValue.object($0.filter { $0.value != .null }) } ?? params
            return "sdk call \(params["api"]?.stringValue ?? "?") \(members.compactText)"
        case .notification?: return "notification \(params["name"]?.stringValue ?? "?")" + accountSuffix
        case .log?: return "log \(params["message"]?.stringValue ?? params.compactText)"
        case .hostRelaunching?: return "host relaunching (\(params["reason"]?.stringValue ?? "?"))"
        case nil: return "\(isQuestion ? "question " : "")\(method) \(params.compactText)"
        }
    }

    private var accountSuffix: String {
        params["accountId"]?.stringValue.map { " for \($0)" } ?? ""
    }
}
