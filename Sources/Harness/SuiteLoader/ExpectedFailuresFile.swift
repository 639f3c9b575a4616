import ConformanceCore
import Foundation
import Yams

/// Reads a known-failures list (`--expected-failures FILE`):
///
/// ```yaml
/// expected-failures:
///   - case: identity-switch/switch-to-unenrolled   # suite/case, as the console prints it
///     message: "expected event status"            # how the failure message begins
///     reason: SDK 19.3 reports the switch late
///     tracking: https://tracker.example/MAM-123
///     expires: 2027-01-31                          # optional; last day the entry holds (UTC)
/// ```
///
/// Every problem is reported at once, as `file:line:column`, like suite errors. An entry must say why and
/// where the fix is tracked: `--update` writes `TODO` there for new entries, which is refused until replaced.
public enum ExpectedFailuresFile {
    public static let rootKey = "expected-failures"
    public static let placeholder = "TODO"

    public static func load(path: String) -> (ExpectedFailureList?, [SuiteError]) {
        switch InputFile.read(path) {
        case .success(let data):
            return parse(YAMLDocument(file: path, data: data), path: path)
        case .failure(let problem):
            return (nil, [SuiteError(SourceLocation(file: path, line: 1, column: 1), "cannot read the expected-failures list: \(problem)")])
        }
    }

    static func parse(_ doc: YAMLDocument, path: String) -> (ExpectedFailureList?, [SuiteError]) {
        var entries: [ExpectedFailure] = []
        var seen: [String: SourceLocation] = [:]
        if let root = doc.root, let fields = doc.fields(root, "the expected-failures list", required: [rootKey]) {
            // `expected-failures:` with nothing after it is an empty list, as `--update` leaves one.
            let items = fields[rootKey].flatMap { $0.null != nil ? [] : doc.sequence($0, rootKey) } ?? []
            for node in items {
                guard let f = doc.fields(node, "an expected failure", required: ["case", "message", "reason", "tracking"], optional: ["expires"]) else { continue }
                guard let name = doc.string(f["case"], "case"), let message = doc.string(f["message"], "message"),
                      let reason = doc.string(f["reason"], "reason"), let tracking = doc.string(f["tracking"], "tracking") else { continue }
                if name.split(separator: "/").count != 2 {
                    doc.error(f["case"], "case '\(name)' must be written suite/case, as the console prints it")
                }
                if message.isEmpty { doc.error(f["message"], "message is empty: give how the expected failure message begins") }
                for (key, value) in [("reason", reason), ("tracking", tracking)] where value.trimmingCharacters(in: .whitespaces).isEmpty || value == placeholder {
                    doc.error(f[key], key == "reason" ? "say why \(name) is expected to fail" : "give the link where the fix of \(name) is tracked")
                }
                var expires: String?
                if let node = f["expires"] {
                    expires = doc.string(node, "expires")
                    if let text = expires, !isDay(text) { doc.error(node, "expires must be a date written YYYY-MM-DD, found '\(text)'") }
                }
                let location = doc.location(node)
                if let first = seen[name] {
                    doc.error(f["case"], "\(name) is listed twice (first at line \(first.line))")
                    continue
                }
                seen[name] = location
                entries.append(ExpectedFailure(caseName: name, messagePrefix: message, reason: reason, tracking: tracking, expires: expires, location: location))
            }
        }
        return (doc.errors.isEmpty ? ExpectedFailureList(path: path, entries: entries) : nil, doc.errors)
    }

    /// A real calendar day written `YYYY-MM-DD`.
    static func isDay(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month) else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...lengths[month - 1]).contains(day)
    }
}
