import AdapterProtocol

/// A run-wide guard the integration broke (``CaseGuards``): a failure of the case, whatever its steps expected.
enum GuardViolation: Sendable {
    /// RUN-01: the SDK asked the app to wipe an account nothing in the case removed (FM-25).
    case unexpectedWipe(ObservedEvent)
    /// RUN-02: more prompts of one kind than the case's limit (FM-09); `last` is the first prompt past the limit.
    case promptLoop(PromptKind, limit: Int, first: ObservedEvent, last: ObservedEvent)

    /// The kinds of prompt RUN-02 counts, each apart: a PIN loop and a sign-in loop are different failures.
    enum PromptKind: Sendable {
        case signIn
        case pin

        /// How a failure names the kind (the sign-in prompt by its wire name).
        var label: String {
            switch self {
            case .signIn: return UIKind.signIn.rawValue
            case .pin: return "PIN"
            }
        }

        init?(_ question: Question) {
            switch question {
            case .signIn: self = .signIn
            case .pinEntry, .pinSetup: self = .pin
            default: return nil
            }
        }
    }

    func failure(at location: SourceLocation, details: String) -> CaseFailure {
        switch self {
        case .unexpectedWipe(let event):
            let account = event.params["accountId"]?.stringValue ?? event.params.compactText
            return CaseFailure(
                message: "expected no wipe of \(account): nothing in this case removed the account (RUN-01: no sign-out, "
                    + "deregistration or administrator's wipe of it, and no step expects the question)",
                observed: "got instead: \(event.summary) (event #\(event.sequence) at \(event.elapsed.seconds(decimals: 3)) s)",
                location: location, details: details)
        case .promptLoop(let kind, let limit, let first, let last):
            return CaseFailure(
                message: "expected at most \(limit) \(kind.label) prompts in this case (RUN-02), got more than \(limit): a prompt loop",
                observed: "got instead: \(last.method) as prompt #\(limit + 1) (event #\(last.sequence) at "
                    + "\(last.elapsed.seconds(decimals: 3)) s; the first was event #\(first.sequence)); the runner refused it",
                location: location, details: details)
        }
    }
}
