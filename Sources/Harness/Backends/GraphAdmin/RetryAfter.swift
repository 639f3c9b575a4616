import Foundation

/// `Retry-After` (RFC 9110 §10.2.3): delta-seconds, or an HTTP date.
enum RetryAfter {
    /// The wait from `now`; nil when the value is absent or neither form.
    static func wait(_ value: String?, now: Date = Date()) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return seconds >= 0 ? .seconds(seconds) : nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: value).map { .seconds(max(0, $0.timeIntervalSince(now))) }
    }
}
