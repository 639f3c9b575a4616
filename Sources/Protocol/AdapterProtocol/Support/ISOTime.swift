import Foundation

/// ISO-8601 UTC times as the protocol (`clock.now`, `clock.advance`'s `now`) and the backend write them
/// (`2026-01-01T00:00:00Z`), one formatter for every module so times compare as plain strings.
public enum ISOTime {
    /// Formats a time; fractional seconds appear only when the time has them.
    public static func format(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        if seconds.rounded(.down) == seconds {
            return date.formatted(Date.ISO8601FormatStyle())
        }
        return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// Parses an ISO-8601 time with or without fractional seconds; nil when it is not one.
    public static func parse(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }
}
