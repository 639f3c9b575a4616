/// Why a schema could not be loaded.
public enum JUnitSchemaError: Error, Sendable, CustomStringConvertible {
    /// The XSD file is missing, unreadable or not a valid schema; `messages` are libxml2's reasons.
    case unusableSchema(path: String, messages: [String])

    public var description: String {
        switch self {
        case let .unusableSchema(path, messages):
            return "cannot load XML schema \(path): " + (messages.isEmpty ? "unknown error" : messages.joined(separator: "; "))
        }
    }
}
