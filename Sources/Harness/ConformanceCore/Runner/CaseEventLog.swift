import AdapterProtocol
import Synchronization

/// Everything an integration said during one case, plus the scripted answers to its questions.
///
/// It is the adapter's `InboundHandler`, so it is fed on the adapter's reader thread in arrival order
/// and must never block; steps read it between requests.
final class CaseEventLog: InboundHandler {
    struct ScriptedAnswer {
        var question: Question
        var answer: JSONValue
        var remaining: Int?
    }

    private struct State {
        var events: [ObservedEvent] = []
        var consumed: Set<Int> = []
        /// The newest event an expectation matched: what arrived after it is what the next step saw.
        var lastMatched = 0
        var answers: [ScriptedAnswer] = []
        var unanswered: [ObservedEvent] = []
        var faults: [AdapterFault] = []
        var sdkVersion: SDKVersion?
        var violation: ProtocolViolation?
        /// False until the case begins: over the network, what a long-lived host says before `reset` answered
        /// belongs to an earlier case and is only transcribed.
        var open: Bool
        /// Accounts (object IDs and UPNs, lowercased) the case itself removed, each with the number of events seen
        /// when it did: a wipe question for them that came later has a cause.
        var removed: [String: Int] = [:]
        /// Prompts asked so far, by kind (RUN-02).
        var prompts: [GuardViolation.PromptKind: (count: Int, first: ObservedEvent)] = [:]
        /// The first prompt loop seen, until a step's check takes it.
        var promptLoop: GuardViolation?
    }

    /// The first message of the integration that broke the protocol's schemas (`--strict-protocol`).
    struct ProtocolViolation {
        var problem: String
        var message: String
    }

    private let state: Mutex<State>
    private let transcript: Transcript
    private let strict: Bool
    private let guards: CaseGuards

    /// - Parameter open: whether the case has begun; a closed log transcribes events without recording them and
    ///   answers questions with `-32001` until `begin()`.
    ///   `guards` are the run-wide rules the case applies (RUN-01, RUN-02).
    init(transcript: Transcript, strict: Bool = false, open: Bool = true, guards: CaseGuards = .standard) {
        self.transcript = transcript
        self.strict = strict
        self.guards = guards
        self.state = Mutex(State(open: open))
    }

    /// The case begins: from now on events count and questions are answered from the script.
    func begin() {
        state.withLock { $0.open = true }
    }

    private var isOpen: Bool { state.withLock { $0.open } }

    /// The integration's SDK version, once `initialize` told it: `sdkCall` patterns accept the names it has.
    var sdkVersion: SDKVersion? {
        get { state.withLock { $0.sdkVersion } }
        set { state.withLock { $0.sdkVersion = newValue } }
    }

    /// Remembers the first message that breaks the schemas, when checking is on.
    private func inspect(_ message: Message) {
        guard strict else { return }
        let problems = ProtocolSchemas.violations(ofInbound: message)
        guard let first = problems.first else { return }
        state.withLock { state in
            if state.violation == nil {
                state.violation = ProtocolViolation(problem: "\(first)", message: message.json.compactText)
            }
        }
    }

    /// The first protocol violation seen since the last call, if any.
    func takeProtocolViolation() -> ProtocolViolation? {
        state.withLock { state in
            defer { state.violation = nil }
            return state.violation
        }
    }

    // MARK: InboundHandler

    func notification(method: String, params: JSONValue) {
        guard isOpen else {
            transcript.add("(before the case began) \(method) \(params.compactText)")
            return
        }
        inspect(.notification(method: method, params: params))
        if method == EventMethod.log.rawValue {
            // Log lines are events too (a suite may demand one is absent, CFG-06), but only transcribed.
            _ = record(method: method, params: params)
            let level = params["level"]?.stringValue ?? params["level"]?.intValue.map(String.init) ?? "log"
            transcript.add("log[\(level)] \(params["message"]?.stringValue ?? params.compactText)")
            return
        }
        let event = record(method: method, params: params)
        transcript.add("• \(event.summary)")
    }

    func question(method: String, params: JSONValue) -> Result<JSONValue, RPCError> {
        guard isOpen else {
            transcript.add("? \(method) \(params.compactText) → not answered: asked before the case began")
            return .failure(RPCError(.noScriptedAnswer, "\(method) was asked before the case began (before reset answered)"))
        }
        inspect(.request(id: .number(0), method: method, params: params))
        let event = record(method: method, params: params)
        let asked = Question(rawValue: method)
        if let loop = countPrompt(asked, event) {
            // Past the limit the runner stops answering, so a looping integration ends the step instead of
            // running out its deadline; the case fails on the loop at this step's check.
            transcript.add("? \(method) \(params.compactText) → refused: prompt #\(loop) of its kind, past the case's limit (RUN-02)")
            return .failure(RPCError(.noScriptedAnswer, "more prompts of this kind than the case allows (RUN-02): the runner stops answering"))
        }
        let answer: JSONValue? = state.withLock { state in
            guard let index = state.answers.firstIndex(where: { $0.question == asked && $0.remaining != 0 }) else {
                state.unanswered.append(event)
                return nil
            }
            if let left = state.answers[index].remaining { state.answers[index].remaining = left - 1 }
            return state.answers[index].answer
        }
        if let answer {
            transcript.add("? \(method) \(params.compactText) → \(answer.compactText)")
            return .success(answer)
        }
        transcript.add("? \(method) \(params.compactText) → no scripted answer")
        return .failure(RPCError(.noScriptedAnswer, "the case scripts no answer to \(method)"))
    }

    // MARK: Run-wide guards

    /// Counts a sign-in or PIN prompt; returns its number when it is past the case's limit (and keeps the first
    /// such loop for ``takePromptLoop()``).
    private func countPrompt(_ question: Question?, _ event: ObservedEvent) -> Int? {
        guard let limit = guards.promptLimit, let question, let kind = GuardViolation.PromptKind(question) else { return nil }
        return state.withLock { state in
            let seen = state.prompts[kind] ?? (count: 0, first: event)
            let count = seen.count + 1
            state.prompts[kind] = (count: count, first: seen.first)
            guard count > limit else { return nil }
            if state.promptLoop == nil { state.promptLoop = .promptLoop(kind, limit: limit, first: seen.first, last: event) }
            return count
        }
    }

    /// The first prompt loop since the last call, if any (RUN-02).
    func takePromptLoop() -> GuardViolation? {
        state.withLock { state in
            defer { state.promptLoop = nil }
            return state.promptLoop
        }
    }

    /// The case removes an account (signs it out, deregisters it, has the administrator wipe it): a wipe question
    /// for it has a cause (RUN-01). Identities ignore case (ENR-12).
    func caseRemoves(_ identities: [String]) {
        state.withLock { state in
            for identity in identities where state.removed[identity.lowercased()] == nil {
                state.removed[identity.lowercased()] = state.events.count
            }
        }
    }

    /// The first wipe question nothing accounts for (RUN-01): no step expected it, and neither the case nor the app
    /// itself (an `sdkCall` of the deregistration, in the name the SDK version has) removed the account before it.
    /// A deregistration after the wipe is its consequence (an app signs a wiped account out), not its cause.
    func unexpectedWipe() -> GuardViolation? {
        guard guards.wipe else { return nil }
        return state.withLock { state in
            let deregistration = EventPattern(selector: .sdkCall(.deRegisterAndUnenrollAccountId))
            var removed = state.removed
            for event in state.events where Matcher.matches(deregistration, event, sdkVersion: state.sdkVersion) {
                for key in ["accountId", "upn"] {
                    if let id = event.params[key]?.stringValue?.lowercased(), removed[id] == nil { removed[id] = event.sequence }
                }
            }
            let wipe = state.events.first { event in
                guard event.question == .wipeData, !state.consumed.contains(event.sequence) else { return false }
                let named = ["accountId", "upn"].compactMap { event.params[$0]?.stringValue?.lowercased() }
                return !named.contains { removed[$0].map { $0 < event.sequence } ?? false }
            }
            return wipe.map(GuardViolation.unexpectedWipe)
        }
    }

    func diagnostic(_ line: String) {
        transcript.add("stderr: \(line)")
    }

    func fault(_ fault: AdapterFault) {
        state.withLock { $0.faults.append(fault) }
        transcript.add("! \(fault)")
    }

    // MARK: Steps

    func script(question: Question, answer: JSONValue, times: Int?) {
        state.withLock { $0.answers.append(ScriptedAnswer(question: question, answer: answer, remaining: times)) }
    }

    /// Marks and returns the first not yet consumed event matching the pattern.
    func consumeFirst(matching pattern: EventPattern) -> ObservedEvent? {
        state.withLock { state in
            guard let event = state.events.first(where: { !state.consumed.contains($0.sequence) && Matcher.matches(pattern, $0, sdkVersion: state.sdkVersion) }) else {
                return nil
            }
            state.consumed.insert(event.sequence)
            state.lastMatched = max(state.lastMatched, event.sequence)
            return event
        }
    }

    /// Marks and returns every not yet consumed event matching the pattern.
    func consumeAll(matching pattern: EventPattern) -> [ObservedEvent] {
        state.withLock { state in
            let found = state.events.filter { !state.consumed.contains($0.sequence) && Matcher.matches(pattern, $0, sdkVersion: state.sdkVersion) }
            state.consumed.formUnion(found.map(\.sequence))
            state.lastMatched = max(state.lastMatched, found.last?.sequence ?? 0)
            return found
        }
    }

    /// How an ordered expectation went: every pattern matched, in order, or the first that did not.
    enum OrderedMatch {
        case matched([ObservedEvent])
        /// `pattern` (of stage `stage`) has no unconsumed match after `previous` (the latest match of the stage
        /// before, nil for the first stage); `early` is a match that arrived before `previous`, when there is one.
        case missing(stage: Int, pattern: EventPattern, previous: ObservedEvent?, early: ObservedEvent?)
    }

    /// Matches each pattern of a stage to the first unconsumed event after the latest match of the stage before
    /// (earliest matches leave the most room for what follows, so a chain of single patterns finds an order
    /// whenever one exists). Consumes the events only when every pattern matched.
    func consumeInOrder(_ stages: [[EventPattern]]) -> OrderedMatch {
        state.withLock { state in
            var matched: [ObservedEvent] = []
            var previous: ObservedEvent?
            for (index, stage) in stages.enumerated() {
                var latest: ObservedEvent?
                for pattern in stage {
                    let after = previous?.sequence ?? 0
                    let open = state.events.filter { event in
                        !state.consumed.contains(event.sequence) && !matched.contains { $0.sequence == event.sequence }
                            && Matcher.matches(pattern, event, sdkVersion: state.sdkVersion)
                    }
                    guard let next = open.first(where: { $0.sequence > after }) else {
                        return .missing(stage: index, pattern: pattern, previous: previous, early: open.last)
                    }
                    matched.append(next)
                    if next.sequence > latest?.sequence ?? 0 { latest = next }
                }
                previous = latest
            }
            state.consumed.formUnion(matched.map(\.sequence))
            state.lastMatched = max(state.lastMatched, matched.map(\.sequence).max() ?? 0)
            return .matched(matched)
        }
    }

    /// What a failed expectation got instead: the unconsumed events (log lines aside) that arrived after the
    /// last matched one, which are what the step could have seen, and how many older ones were left unmatched
    /// (those belong to earlier steps and would only bury the answer).
    func gotInstead() -> (events: [ObservedEvent], earlier: Int) {
        state.withLock { state in
            let open = state.events.filter { !state.consumed.contains($0.sequence) && $0.event != .log }
            let recent = open.filter { $0.sequence > state.lastMatched }
            return (recent, open.count - recent.count)
        }
    }

    func allEvents() -> [ObservedEvent] { state.withLock { $0.events } }

    /// Questions that arrived with no scripted answer since the last call.
    func takeUnanswered() -> [ObservedEvent] {
        state.withLock { state in
            defer { state.unanswered.removeAll() }
            return state.unanswered
        }
    }

    var firstFault: AdapterFault? { state.withLock { $0.faults.first } }

    private func record(method: String, params: JSONValue) -> ObservedEvent {
        let elapsed = transcript.elapsed
        return state.withLock { state in
            let event = ObservedEvent(sequence: state.events.count + 1, method: method, params: params, elapsed: elapsed)
            state.events.append(event)
            return event
        }
    }
}
