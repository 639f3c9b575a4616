import AdapterProtocol

/// One scripted step. The list of kinds is closed: a suite can only ask for what the runner knows how
/// to judge.
public struct Step: Sendable {
    public var kind: StepKind
    public var location: SourceLocation
    /// Overrides the default step deadline (seconds of wall time, before `--deadline-scale`).
    public var within: Double?

    public init(kind: StepKind, location: SourceLocation, within: Double? = nil) {
        self.kind = kind
        self.location = location
        self.within = within
    }
}

public enum StepKind: Sendable {
    /// An app action or SDK call (`app.signIn`, `sdk.registerAndEnroll`, …), optionally checking its result.
    case action(method: String, params: JSONValue, result: JSONValue?)
    /// An event must arrive (partial match); `count` demands exactly that many matching events by the next sync.
    case expect(EventPattern, count: Int?)
    /// No matching event may have arrived by the next `sync`.
    case expectNo(EventPattern)
    /// A query (`app.state`, `sdk.policy`, …) whose result must match partially.
    case check(query: String, params: JSONValue, expected: JSONValue)
    /// State the backend must show.
    case checkBackend(BackendExpectation)
    /// Acts on the backend (administrator actions, injected service faults).
    case backend(BackendAction)
    /// Moves the backend's and the integration's clocks forward together.
    case advanceClock(seconds: Double)
    /// Scripts the answer to a question the integration may ask (`delegate.*`, `ui.*`). Stays in force for
    /// the rest of the case, or for `times` questions.
    case answer(question: String, with: JSONValue, times: Int?)
}

/// Which kind of event a pattern selects, and the name it must carry.
public enum EventSelector: Sendable, Hashable, CustomStringConvertible {
    case status(String)
    case question(String)
    case ui(String)
    case app(String)
    case sdkCall(String)
    /// A notification the SDK posted to the app (`allowed-accounts-changed`, `app-config-changed`, …).
    case notification(String)
    /// A log line of the integration containing this text.
    case log(String)

    public var description: String {
        switch self {
        case .status(let s): return "status \(s)"
        case .question(let q): return "question \(q)"
        case .ui(let k): return "ui \(k)"
        case .app(let k): return "app \(k)"
        case .sdkCall(let a): return "sdk call \(a)"
        case .notification(let n): return "notification \(n)"
        case .log(let text): return "log line containing \"\(text)\""
        }
    }
}

/// A partial description of an event: its selector plus fields that must match.
public struct EventPattern: Sendable, Hashable, CustomStringConvertible {
    public var selector: EventSelector
    public var fields: [String: JSONValue]

    public init(selector: EventSelector, fields: [String: JSONValue] = [:]) {
        self.selector = selector
        self.fields = fields
    }

    public var description: String {
        fields.isEmpty ? selector.description : "\(selector.description) \(JSONValue.object(fields).compactText)"
    }
}

/// Backend state a `check_backend` step demands.
public enum BackendExpectation: Sendable {
    /// A MAM registration for the account exists (or not).
    case registration(accountId: String, exists: Bool)
    /// The backend journal holds exactly `count` (or at least `atLeast`) successful requests of a
    /// route (e.g. `mam.checkin`).
    case journalCount(route: String, count: Int?, atLeast: Int?)
}
