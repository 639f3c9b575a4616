import Foundation

/// ISO-8601 UTC times as Graph writes them (`2026-01-01T00:00:00Z`).
///
/// Every time the mock reports is on a tenant clock, so one formatter keeps journal, tokens and registrations
/// comparable as plain strings.
enum ISOTime {
    /// Formats a time; fractional seconds appear only when the clock was moved by a fraction of a second.
    static func string(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        if seconds.rounded(.down) == seconds {
            return date.formatted(Date.ISO8601FormatStyle())
        }
        return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// Parses an ISO-8601 time with or without fractional seconds; nil when it is not one.
    static func parse(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }
}
