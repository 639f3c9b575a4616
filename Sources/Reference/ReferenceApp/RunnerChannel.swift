import AdapterKit
import AdapterProtocol

/// The app's line to the runner: events out, questions answered.
///
/// A protocol rather than `AdapterServer` itself so the app's behaviour does not depend on the transport
/// (and could be exercised without pipes).
public protocol RunnerChannel: AnyObject, Sendable {
    /// Sends an event; never blocks for the runner.
    func notify(method: String, params: JSONValue)
    /// Asks a question and blocks the calling thread until the runner answers.
    func ask(method: String, params: JSONValue, timeout: Double) throws(AdapterKitError) -> JSONValue
}

extension AdapterServer: RunnerChannel {}
