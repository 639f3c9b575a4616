import ConformanceCore
import Foundation
import Yams

/// Rewrites a known-failures list from what the last run showed, editing the text in place so comments and
/// layout stay as a person wrote them (a YAML round trip would drop every comment).
///
/// - An entry whose case now passes, was skipped, or names no case of the suites is deleted, with the comment
///   lines directly above it.
/// - An entry whose case fails differently gets the new failure's message; one that still fails as written is
///   left alone (a hand-shortened prefix stays).
/// - A failing case that no entry lists is appended with `reason: TODO` and `tracking: TODO`, which the list
///   refuses until a person says why and where the fix is tracked: a gate never accepts a failure silently.
///
/// The report is input from others: only cases the suites define are added, and every name and message is
/// written as a quoted YAML string, so no name can add lines of its own (a `reason` and `tracking` that would
/// make the entry complete). The new text is read back before it is returned, and one that would not parse as
/// the list it should be (a flow-style list with entries, `[{case: …}]`) is refused instead of written.
public enum ExpectedFailuresUpdate {
    /// What the last run showed for one case.
    public enum Observed: Sendable, Equatable {
        case passed
        case skipped
        /// Failed or errored, with the one-line message (without its `(file:line)` suffix).
        case failed(message: String)
    }

    public struct Change: Sendable, Equatable, CustomStringConvertible {
        public enum Kind: String, Sendable { case deleted, updated, added }
        public var kind: Kind
        public var caseName: String
        public var why: String

        public var description: String { "\(kind.rawValue) \(caseName): \(why)" }
    }

    /// The new text and what changed. `observed` holds every case of the last run (`suite/case`); `defined` every
    /// case the suites define (entries naming none are deleted). Cases not in `observed` keep their entries.
    public static func apply(
        to text: String, file: String, observed: [String: Observed], order: [String], defined: Set<String>
    ) throws -> (text: String, changes: [Change]) {
        let doc = YAMLDocument(file: file, text: text)
        let (list, errors) = ExpectedFailuresFile.parse(doc, path: file)
        // Placeholders are what --update writes; they must not stop the next --update.
        let blocking = blockingErrors(errors)
        guard blocking.isEmpty else { throw UpdateError.invalid(blocking) }
        let entries = list?.entries ?? placeholders(doc, file: file)
        var lines = text.components(separatedBy: "\n")
        var changes: [Change] = []
        var deletions: [Range<Int>] = []
        let starts = entries.map { $0.location.line - 1 }
        for (position, entry) in entries.enumerated() {
            let start = starts[position]
            let end = position + 1 < starts.count ? starts[position + 1] : lines.count
            let why: String?
            switch observed[entry.caseName] {
            case nil:
                why = defined.contains(entry.caseName) ? nil : "no such case in the suites"
            case .passed?:
                why = "the case passes now"
            case .skipped?:
                why = "the case was skipped"
            case .failed(let message)?:
                why = nil
                if !message.hasPrefix(entry.messagePrefix), let line = messageLine(in: lines, from: start, to: end) {
                    let indent = lines[line].prefix { $0 == " " || $0 == "-" }
                    lines[line] = "\(indent)message: \(quoted(message))"
                    changes.append(Change(kind: .updated, caseName: entry.caseName, why: "fails differently now: \(message)"))
                }
            }
            if let why {
                var from = start
                while from > 0, lines[from - 1].trimmingCharacters(in: .whitespaces).hasPrefix("#") { from -= 1 }
                var to = end
                // Keep the comment lines that introduce the next entry.
                while to > start + 1, lines[to - 1].trimmingCharacters(in: .whitespaces).hasPrefix("#") || lines[to - 1].trimmingCharacters(in: .whitespaces).isEmpty {
                    to -= 1
                }
                deletions.append(from..<to)
                changes.append(Change(kind: .deleted, caseName: entry.caseName, why: why))
            }
        }
        for range in deletions.reversed() { lines.removeSubrange(range) }
        let listed = Set(entries.map(\.caseName))
        var added: [String] = []
        var addedNames: [String] = []
        for name in order where !listed.contains(name) && defined.contains(name) {
            guard case .failed(let message)? = observed[name] else { continue }
            addedNames.append(name)
            added += [
                "  - case: \(quoted(name))",
                "    message: \(quoted(message))",
                "    reason: \(ExpectedFailuresFile.placeholder)",
                "    tracking: \(ExpectedFailuresFile.placeholder)",
            ]
            changes.append(Change(kind: .added, caseName: name, why: "fails: \(message); fill in reason and tracking"))
        }
        if !added.isEmpty {
            while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
            if let root = lines.firstIndex(where: { $0.hasPrefix(ExpectedFailuresFile.rootKey + ":") }) {
                lines[root] = blockRoot(lines[root])
            } else {
                lines.append(ExpectedFailuresFile.rootKey + ":")
            }
            lines += added
            lines.append("")
        }
        var out = lines.joined(separator: "\n")
        if !out.hasSuffix("\n") { out += "\n" }
        let deleted = Set(changes.filter { $0.kind == .deleted }.map(\.caseName))
        try check(out, file: file, lists: entries.map(\.caseName).filter { !deleted.contains($0) } + addedNames)
        return (out, changes)
    }

    /// `expected-failures: []` (an empty flow list, perhaps with a comment) as the block list's key, so entries
    /// can follow it; any other line as it is.
    static func blockRoot(_ line: String) -> String {
        let key = ExpectedFailuresFile.rootKey + ":"
        let rest = line.dropFirst(key.count)
        let value = rest.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
        guard value == "[]" else { return line }
        let comment = rest.drop { $0 != "#" }
        return comment.isEmpty ? key : "\(key) \(comment)"
    }

    /// Reads the new text back: it must be a valid list (placeholders aside) naming exactly `names`.
    private static func check(_ text: String, file: String, lists names: [String]) throws {
        let doc = YAMLDocument(file: file, text: text)
        let (list, errors) = ExpectedFailuresFile.parse(doc, path: file)
        let blocking = blockingErrors(errors)
        let written = (list?.entries ?? placeholders(doc, file: file)).map(\.caseName)
        guard blocking.isEmpty, written.sorted() == names.sorted() else {
            throw UpdateError.wouldBreak(blocking)
        }
    }

    /// Errors other than the placeholders `--update` writes itself (those must not stop the next `--update`).
    private static func blockingErrors(_ errors: [SuiteError]) -> [SuiteError] {
        errors.filter { !$0.message.hasPrefix("say why") && !$0.message.hasPrefix("give the link") }
    }

    public enum UpdateError: Error, CustomStringConvertible {
        case invalid([SuiteError])
        /// The edited text would not read back as the list it should be; nothing was written.
        case wouldBreak([SuiteError])
        public var description: String {
            switch self {
            case .invalid(let errors): return "the list must be valid to be updated:\n" + errors.map(\.description).joined(separator: "\n")
            case .wouldBreak(let errors):
                return "the list cannot be updated in place (write it as a block list, one `- case:` item per entry); nothing was written"
                    + errors.map { "\n\($0)" }.joined()
            }
        }
    }

    /// Entries read leniently when the list only has placeholder problems (parse refuses a list with errors).
    private static func placeholders(_ doc: YAMLDocument, file: String) -> [ExpectedFailure] {
        guard case .mapping(let root)? = doc.root, let items = root[Node(ExpectedFailuresFile.rootKey)], case .sequence(let sequence) = items else { return [] }
        return sequence.compactMap { node in
            guard case .mapping(let mapping) = node, let name = mapping["case"]?.string else { return nil }
            return ExpectedFailure(caseName: name, messagePrefix: mapping["message"]?.string ?? "", reason: "", tracking: "", expires: nil, location: doc.location(node))
        }
    }

    private static func messageLine(in lines: [String], from start: Int, to end: Int) -> Int? {
        (start..<end).first { index in
            let trimmed = lines[index].drop { $0 == " " || $0 == "-" }
            return trimmed.hasPrefix("message:")
        }
    }

    /// A YAML double-quoted scalar (JSON string syntax is valid YAML).
    static func quoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let data = (try? encoder.encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
