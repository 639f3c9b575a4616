import AdapterProtocol

/// One scripted step. The list of kinds is closed: a suite can only ask for what the runner knows how
/// to judge.
public struct Step: Sendable {
    public var kind: StepKind
    public var location: SourceLocation
    /// Overrides the default step deadline (wall time, before `--deadline-scale`).
    public var within: Duration?

    public init(kind: StepKind, location: SourceLocation, within: Duration? = nil) {
        self.kind = kind
        self.location = location
        self.within = within
    }
}

public enum StepKind: Sendable {
    /// An app action or SDK call (`app.signIn`, `sdk.registerAndEnroll`, …), optionally checking its result.
    case action(method: RunnerMethod, params: JSONValue, result: Expected?)
    /// An event must arrive (partial match); `count` demands that many matching events (exactly, or within a
    /// range) by the next sync, and consumes them all.
    case expect(EventPattern, count: CountRange?)
    /// No matching event may have arrived by the next `sync`.
    case expectNo(EventPattern)
    /// Events in stages: every event of a stage arrives after every event of the stage before it; the patterns of
    /// one stage match in any order among themselves (a partial order). All are consumed. For behaviour whose
    /// order is the point and only as far as a source fixes it: deregistration before the tokens go (WIP-08),
    /// the restart question after the first policy (RST-01).
    case expectOrder([[EventPattern]])
    /// A query (`app.state`, `sdk.policy`, …) whose result must match partially.
    case check(query: RunnerMethod, params: JSONValue, expected: Expected)
    /// State the backend must show.
    case checkBackend(BackendExpectation)
    /// Acts on the backend (administrator actions, injected service faults).
    case backend(BackendAction)
    /// Moves the backend's and the integration's clocks forward together.
    case advanceClock(by: Duration)
    /// Scripts the answer to a question the integration may ask (`delegate.*`, `ui.*`). Stays in force for
    /// the rest of the case, or for `times` questions.
    case answer(question: Question, with: JSONValue, times: Int?)
    /// Sends a request no typed step may (a method the protocol does not define, or params its method's type cannot
    /// take) and expects the integration to refuse it with this error code: the malformed probes of `adapter-check`.
    case sendRaw(RawMethod, params: JSONValue, expectedError: ErrorCode)
    /// A check written in code (``AdapterProbe``) for what no other step can judge: `adapter-check`'s probes of
    /// the adapter itself. Never read from a suite file.
    case probe(any AdapterProbe)
}

extension StepKind {
    /// A few words naming the step, for the transcript's step markers ("step Suites/x.yaml:12 expect …").
    public var label: String {
        switch self {
        case .action(let method, _, _): return method.rawValue
        case .expect(let pattern, let count): return "expect \(count.map { "\($0) × " } ?? "")\(pattern)"
        case .expectNo(let pattern): return "expectNo \(pattern)"
        case .expectOrder(let stages): return "expectOrder " + EventPattern.describe(stages)
        case .check(let query, _, _): return "check \(query.rawValue)"
        case .checkBackend: return "checkBackend"
        case .backend: return "backend action"
        case .advanceClock(let duration): return "advanceClock \(duration.inSeconds) s"
        case .answer(let question, _, _): return "answer \(question.rawValue)"
        case .sendRaw(let method, _, let code): return "send_raw \(method.name) expecting error \(code.rawValue)"
        case .probe(let probe): return "probe \(probe.name)"
        }
    }
}

/// Which kind of event a pattern selects, and the name it must carry.
public enum EventSelector: Sendable, Hashable, CustomStringConvertible {
    case status(StatusOutcome)
    /// A status that is any of these, or any status at all when empty: where the guides fix that a request
    /// failed but not which code says so (a 503 from the service, a dropped connection).
    case statuses([StatusOutcome])
    case question(Question)
    case ui(UIKind)
    case app(AppEventKind)
    case sdkCall(SDKAPI)
    /// A notification the SDK posted to the app (`allowed-accounts-changed`, `app-config-changed`, …).
    case notification(NotificationName)
    /// A log line of the integration containing this text.
    case log(String)

    public var description: String {
        switch self {
        case .status(let s): return "status \(s.rawValue)"
        case .statuses(let list) where list.isEmpty: return "any status"
        case .statuses(let list): return "status " + list.map(\.rawValue).joined(separator: " or ")
        case .question(let q): return "question \(q.rawValue)"
        case .ui(let k): return "ui \(k.rawValue)"
        case .app(let k): return "app \(k.rawValue)"
        case .sdkCall(let a): return "sdk call \(a.rawValue)"
        case .notification(let n): return "notification \(n.rawValue)"
        case .log(let text): return "log line containing \"\(text)\""
        }
    }

    /// The schema of the params of the events this selector picks (for identity-aware matching).
    public var paramsSchema: WireSchema {
        switch self {
        case .status, .statuses: return EventMethod.status.paramsSchema
        case .question(let question): return question.paramsSchema
        case .ui: return EventMethod.ui.paramsSchema
        case .app: return EventMethod.app.paramsSchema
        case .sdkCall: return EventMethod.sdkCall.paramsSchema
        case .notification: return EventMethod.notification.paramsSchema
        case .log: return EventMethod.log.paramsSchema
        }
    }
}

/// A partial description of an event: its selector plus fields that must match.
public struct EventPattern: Sendable, Hashable, CustomStringConvertible {
    public var selector: EventSelector
    public var fields: [String: Expected]

    public init(selector: EventSelector, fields: [String: Expected] = [:]) {
        self.selector = selector
        self.fields = fields
    }

    public var description: String {
        fields.isEmpty ? selector.description : "\(selector.description) \(Expected.object(fields).compactText)"
    }

    /// The stages of an `expect_order`, as a failure message names them: "A, then B and C (in any order), then D".
    public static func describe(_ stages: [[EventPattern]]) -> String {
        stages.map { stage in
            stage.count == 1 ? stage[0].description : stage.map(\.description).joined(separator: " and ") + " (in any order)"
        }.joined(separator: ", then ")
    }
}

/// Backend state a `check_backend` step demands.
public enum BackendExpectation: Sendable {
    /// A MAM registration for the account exists (or not).
    case registration(accountId: String, exists: Bool)
    /// The backend journal holds exactly `count` (or at least `atLeast`) successful (2xx) requests of a
    /// route (e.g. `mam.checkin`). Failed requests do not count: a suite counts what the service accepted. For the
    /// token routes, `signIn` narrows the count to one registration and one authority (ENR-15).
    case journalCount(route: ServiceRoute, count: Int?, atLeast: Int?, signIn: SignInFilter? = nil)
}

/// How many matching events an `expect` accepts: `count: 2`, or `count: {min: 0, max: 1}` where the guides
/// allow either reading (an optional notification, a launch-time check-in).
public struct CountRange: Sendable, Hashable, CustomStringConvertible {
    public var min: Int
    public var max: Int?

    public init(min: Int, max: Int?) {
        self.min = min
        self.max = max
    }

    public static func exactly(_ count: Int) -> CountRange { CountRange(min: count, max: count) }

    public func contains(_ count: Int) -> Bool { count >= min && (max.map { count <= $0 } ?? true) }

    public var description: String {
        switch (min, max) {
        case let (low, high?) where low == high: return "\(low)"
        case let (0, high?): return "at most \(high)"
        case let (low, nil): return "at least \(low)"
        case let (low, high?): return "\(low) to \(high)"
        }
    }
}
