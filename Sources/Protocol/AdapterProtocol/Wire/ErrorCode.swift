/// The JSON-RPC error codes of the adapter protocol, in both directions.
public enum ErrorCode: Int, Sendable, CaseIterable {
    case parseError = -32700
    case invalidRequest = -32600
    /// The receiver does not know the method.
    case methodNotFound = -32601
    /// The params do not fit the method (a member missing or of the wrong type).
    case invalidParams = -32602
    case internalError = -32603
    /// The runner has no scripted answer for a question the integration asked.
    case noScriptedAnswer = -32001
    /// The integration does not offer this feature area: the case is skipped, not failed.
    case unsupported = -32002
    /// An SDK or app action failed inside the integration (the message says why).
    case actionFailed = -32003
    /// Network transport: no `hello` yet, or its token is wrong or missing.
    case unauthorized = -32004
    /// Network transport: another runner is connected to the host.
    case busy = -32005

    /// What the code means, for docs and diagnostics.
    public var meaning: String {
        switch self {
        case .parseError: return "the line is not JSON"
        case .invalidRequest: return "the line is not a JSON-RPC 2.0 request"
        case .methodNotFound: return "unknown method"
        case .invalidParams: return "bad params"
        case .internalError: return "internal error of the receiver"
        case .noScriptedAnswer: return "the case scripts no answer to this question"
        case .unsupported: return "capability not supported (the case is skipped)"
        case .actionFailed: return "the action failed inside the integration"
        case .unauthorized: return "network transport: no hello yet, or a wrong or missing token"
        case .busy: return "network transport: another runner is connected"
        }
    }
}
