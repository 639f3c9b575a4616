import AdapterProtocol

/// Why `AdapterServer.ask` produced no answer.
public enum AdapterKitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The runner did not answer within the timeout.
    case timedOut(method: String, after: Duration)
    /// The runner's input ended (or the server shut down) before the answer came.
    case inputClosed(method: String)
    /// The runner answered with an error, e.g. `-32001` when the case script has no answer for the question.
    case answeredWithError(method: String, error: RPCError)
    /// The runner's answer does not fit the question's answer type.
    case badAnswer(method: String, problem: String)
    /// `ask` was called on the server's reader thread, which is the thread that would deliver the answer.
    case calledFromReaderThread(method: String)
    /// A network test host could not bind its address (in use, not an address of this machine, no permission).
    case cannotListen(String)

    public var description: String {
        switch self {
        case .timedOut(let method, let wait): return "no answer to \(method) within \(wait.limitText) s"
        case .inputClosed(let method): return "input closed before \(method) was answered"
        case .answeredWithError(let method, let error): return "\(method) was answered with \(error)"
        case .badAnswer(let method, let problem): return "the answer to \(method) does not fit: \(problem)"
        case .calledFromReaderThread(let method): return "\(method) asked on the reader thread (would deadlock)"
        case .cannotListen(let why): return why
        }
    }
}
