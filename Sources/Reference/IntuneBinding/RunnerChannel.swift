import AdapterKit
import AdapterProtocol

/// The integration's line to the runner: events out, questions answered, both typed by the protocol's vocabulary.
///
/// A protocol rather than `AdapterServer` itself so the binding's behaviour does not depend on the transport
/// (and could be exercised without pipes).
public protocol RunnerChannel: AnyObject, Sendable {
    /// Sends an event; never blocks for the runner.
    func notify<Params: Encodable>(_ event: EventMethod, _ params: Params)
    /// Asks a question and blocks the calling thread until the runner answers.
    func ask<Params: Encodable, Answer: Decodable>(
        _ question: Question, _ params: Params, answer: Answer.Type, timeout: Duration
    ) throws(AdapterKitError) -> Answer
}

extension AdapterServer: RunnerChannel {}
