import AdapterProtocol
import Foundation
import AdapterTransports
import Synchronization

/// Every protocol line of a run, in both directions, and the schema file each one must fit.
///
/// Requests and responses are paired by id per direction (the runner's ids and the integration's question
/// ids are separate counters), so a response is checked against the result schema of what it answers.
final class WireRecording: Sendable {
    struct Record: Sendable {
        var schema: String
        var message: JSONValue
    }

    private struct State {
        var records: [Record] = []
        var unreadable: [String] = []
        /// Per session: the runner's pending requests and the integration's pending questions by id.
        var runnerRequests: [Int: String] = [:]
        var questions: [Int: String] = [:]
    }

    private let state = Mutex(State())

    var tap: WireTap {
        { [self] direction, line in record(direction, line) }
    }

    var records: [Record] { state.withLock { $0.records } }
    var unreadable: [String] { state.withLock { $0.unreadable } }

    private func record(_ direction: WireDirection, _ line: Data) {
        guard let json = try? JSONValue.parse(line), let message = try? Message.decode(line: line) else {
            state.withLock { $0.unreadable.append(String(decoding: line, as: UTF8.self)) }
            return
        }
        state.withLock { state in
            let schema: String
            switch (direction, message) {
            case (.toIntegration, .request(let id, let method, _)):
                if case .number(let n) = id { state.runnerRequests[n] = method }
                schema = "protocol/request/\(method).json"
            case (.fromIntegration, .response(let id, _)):
                guard case .number(let n) = id, let method = state.runnerRequests.removeValue(forKey: n) else { return }
                schema = "protocol/response/\(method).json"
            case (.fromIntegration, .notification(let method, _)):
                schema = "protocol/event/\(method).json"
            case (.fromIntegration, .request(let id, let method, _)):
                if case .number(let n) = id { state.questions[n] = method }
                schema = "protocol/question/\(method).json"
            case (.toIntegration, .response(let id, _)):
                guard case .number(let n) = id, let question = state.questions.removeValue(forKey: n) else { return }
                schema = "protocol/answer/\(question).json"
            case (_, .errorResponse):
                schema = "protocol/error.json"
            default:
                schema = "protocol/unexpected.json"
            }
            // `initialize` starts a new integration process: its ids start again.
            if case .request(_, let method, _) = message, method == RunnerMethod.initialize.rawValue {
                state.questions.removeAll()
            }
            state.records.append(Record(schema: schema, message: json))
        }
    }

    /// The records as JSON lines for the outside validator.
    func jsonLines() -> String {
        records.map { (["schema": .string($0.schema), "message": $0.message] as JSONValue).compactText }.joined(separator: "\n") + "\n"
    }
}
