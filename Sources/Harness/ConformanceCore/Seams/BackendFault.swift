import AdapterProtocol

/// The backend could not be used. An infrastructure problem: it makes a case an `<error>` and, at the start of a
/// run, the whole run exit 2. Kept typed until a reporter renders it, so a report can show a Graph error's code
/// and request id apart from its prose.
public struct BackendFault: Error, Sendable, CustomStringConvertible {
    /// The request that failed (`POST https://graph.microsoft.com/v1.0/groups`).
    public var request: String
    public var reason: Reason

    /// Why the request failed.
    public enum Reason: Sendable, Hashable {
        /// No HTTP answer: refused, reset, timed out.
        case transport(String)
        /// An HTTP answer other than the one expected, with the service's error body when it had one.
        case status(Int, ServiceError?)
        /// Retries used up the call's overall deadline.
        case deadline(after: Duration, attempts: Int, last: String)
        /// The answer could not be read.
        case malformedAnswer(String)
        /// The credentials were refused or could not be read.
        case credentials(String)
        /// The case asked for something the backend or its fixtures do not have.
        case invalid(String)
    }

    public init(request: String, reason: Reason) {
        self.request = request
        self.reason = reason
    }

    /// A fault the driver describes in its own words (a missing fixture, an answer without an id).
    public init(request: String, message: String) {
        self.init(request: request, reason: .invalid(message))
    }

    public var message: String {
        switch reason {
        case .transport(let text): return text
        case .status(let status, let error?): return "HTTP \(status): \(error)"
        case .status(let status, nil): return "HTTP \(status)"
        case .deadline(let elapsed, let attempts, let last):
            return "gave up after \(attempts) attempt(s) in \(Int(elapsed.inSeconds.rounded())) s; last: \(last)"
        case .malformedAnswer(let text): return "answer is not what the API documents: \(text)"
        case .credentials(let text): return "credentials: \(text)"
        case .invalid(let text): return text
        }
    }

    public var description: String { "backend request \(request) failed: \(message)" }
}

/// A service's own account of an error (Graph: `error.code`, `error.message`, `innerError.request-id`).
public struct ServiceError: Sendable, Hashable, CustomStringConvertible {
    public var code: String
    public var message: String
    /// The id to quote to the service's support.
    public var requestId: String?
    public var date: String?

    public init(code: String, message: String, requestId: String? = nil, date: String? = nil) {
        self.code = code
        self.message = message
        self.requestId = requestId
        self.date = date
    }

    public var description: String {
        "\(code): \(message)" + (requestId.map { " (request-id \($0))" } ?? "")
    }
}
