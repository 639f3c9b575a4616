import Foundation

/// Puts a placeholder of every message type of the protocol through the integration side's coders once: what an
/// adapter that forks a process per case (`--fork-server`) does before it forks, so no case pays the Swift runtime's
/// first use of those types (their metadata, their `Codable` conformances, the coders' generic paths). In a forked
/// reference that first use was over a quarter of a case's instructions.
///
/// The placeholders are the schemas' (``SchemaRecorder``), so a method, event or question added to the vocabulary
/// is warmed without a line here. Runs on the calling thread and starts no thread.
public enum ProtocolWarmUp {
    /// Returns how many message types made the whole round trip (encoded, written as a line, read back and decoded).
    @discardableResult
    public static func run() -> Int {
        var types: [any (Codable & Sendable).Type] = []
        for method in RunnerMethod.allCases { types += [method.paramsType, method.resultType] }
        for event in EventMethod.allCases { types.append(event.paramsType) }
        for question in Question.allCases { types += [question.paramsType, question.answerType] }
        return types.reduce(0) { $0 + (roundTrip($1) ? 1 : 0) }
    }

    /// How many message types the vocabulary has (``run()`` returns this when every round trip works).
    public static var typeCount: Int { 2 * RunnerMethod.allCases.count + EventMethod.allCases.count + 2 * Question.allCases.count }

    private static func roundTrip<T: Codable & Sendable>(_ type: T.Type) -> Bool {
        guard let placeholder = try? SchemaRecorder.record(type).value else { return false }
        let value = JSONValue(encoding: placeholder)
        let line = Message.notification(method: SchemaRecorder.typeName(T.self), params: value).encodedLine()
        guard case .notification(_, let params)? = try? Message.decode(line: line) else { return false }
        return (try? params.decode(as: type)) != nil
    }
}
