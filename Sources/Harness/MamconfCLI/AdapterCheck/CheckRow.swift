/// One row of `adapter-check`: a case of its bundled suite, whose id is the row's name. An enum, so every row has
/// its steps (``AdapterCheck/steps(of:user:)`` is exhaustive) and a row cannot be misspelt.
enum CheckRow: String, CaseIterable, Sendable {
    case handshake
    case capabilities
    case unknownMethod = "unknown-method"
    case badParams = "bad-params"
    case sync
    case delegateQuestion = "delegate-question"
    case largeMessage = "large-message"
    case nonASCII = "non-ascii"
    case notifications
    case methods
    case reset
    case shutdown

    /// What the row checks, one sentence (the case's title).
    var checks: String {
        switch self {
        case .handshake: return "initialize is answered with protocolVersion, implementation, sdk and capabilities; what the version means"
        case .capabilities: return "every declared capability is one the protocol defines"
        case .unknownMethod: return "a method the protocol does not define is answered -32601"
        case .badParams: return "params of the wrong type are answered -32602"
        case .sync: return "sync is answered only after the events already caused were sent"
        case .delegateQuestion: return "a delegate question is asked, and its answer is followed"
        case .largeMessage: return "a 1 MiB request is read and acted on"
        case .nonASCII: return "non-ASCII text arrives and comes back unchanged"
        case .notifications: return "every event is a notification (no id) whose params fit its schema"
        case .methods: return "every method a case may send is known: -32601 only to one the integration's protocol predates (its area is then not offered)"
        case .reset: return "reset leaves no signed-in account and no data (required of a network test host)"
        case .shutdown: return "shutdown is answered and the process exits by itself (over the network: the session ends)"
        }
    }
}
