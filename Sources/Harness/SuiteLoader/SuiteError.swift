import ConformanceCore

/// A problem in a suite or fixture file, at the exact position of the offending node.
public struct SuiteError: Error, Sendable, Hashable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(_ location: SourceLocation, _ message: String) {
        self.location = location
        self.message = message
    }

    /// `file:line:column: message`, the form editors and CI annotators understand.
    public var description: String { "\(location): \(message)" }
}
