import Foundation

/// One line of a case's transcript as the sequence diagram draws it: an arrow between two of the four parties, or
/// the line that opens a step. The transcript's own prefixes say who spoke (see `CaseExecution` and `CaseEventLog`):
/// `→` the runner asked the app (the adapter), `←` the app answered, `•` the SDK reported an event through the app,
/// `?` the app asked the runner a question, `!` the adapter broke the protocol, `journal` the SDK called the
/// backend. Lines that are no message (log lines, stderr, probes, the fault schedule) are not drawn.
struct SequenceMessage: Equatable {
    enum Party: Int, CaseIterable {
        case runner, app, sdk, backend

        var name: String {
            switch self {
            case .runner: return "runner"
            case .app: return "app"
            case .sdk: return "SDK"
            case .backend: return "backend"
            }
        }
    }

    enum Kind: Equatable {
        /// An arrow from one party to another.
        case arrow(from: Party, to: Party)
        /// A step begins; `location` is where it is written (`Suites/FILE:LINE`).
        case step(location: String)
        /// The backend journal's entries follow. The runner reads the journal when the case has ended, so its calls
        /// come after every step in the transcript and belong to none of them.
        case journalBegins
    }

    var kind: Kind
    var label: String
    /// The adapter broke the protocol, the adapter ended, or the backend injected a fault: drawn as a fault.
    var fault = false
    /// An entry of the backend journal.
    var journal = false

    /// The message a transcript line records, or nil for a line that is none.
    static func parse(_ line: String) -> SequenceMessage? {
        let text = withoutStamp(line)
        if text.hasPrefix("── step ") {
            let rest = text.dropFirst("── step ".count)
            // `── step Suites/x.yaml:12: expect` — the location ends at the colon after the line number.
            guard let end = rest.range(of: ": ") else { return SequenceMessage(kind: .step(location: String(rest)), label: String(rest)) }
            return SequenceMessage(kind: .step(location: String(rest[..<end.lowerBound])), label: String(rest))
        }
        if let rest = text.strip("→ ") { return SequenceMessage(kind: .arrow(from: .runner, to: .app), label: rest) }
        if let rest = text.strip("← ") { return SequenceMessage(kind: .arrow(from: .app, to: .runner), label: rest) }
        if let rest = text.strip("• ") { return SequenceMessage(kind: .arrow(from: .sdk, to: .app), label: rest) }
        if let rest = text.strip("? ") { return SequenceMessage(kind: .arrow(from: .app, to: .runner), label: "? " + rest) }
        if let rest = text.strip("! ") { return SequenceMessage(kind: .arrow(from: .app, to: .runner), label: rest, fault: true) }
        if text.hasPrefix("adapter ended: ") { return SequenceMessage(kind: .arrow(from: .app, to: .runner), label: text, fault: true) }
        if let rest = text.strip("journal ") {
            // `journal #3 route GET /path → 200`: the sequence number and the route are the journal's, not the call's.
            let words = rest.split(separator: " ", maxSplits: 2)
            let call = words.count == 3 ? String(words[2]) : rest
            return SequenceMessage(kind: .arrow(from: .sdk, to: .backend), label: call, fault: call.contains(" [fault: "), journal: true)
        }
        return nil
    }

    /// The messages of a transcript in order, with a ``Kind/journalBegins`` rule before the journal's entries.
    static func messages(_ transcript: [String]) -> [SequenceMessage] {
        var messages: [SequenceMessage] = []
        for message in transcript.compactMap(parse) {
            if message.journal && messages.last?.journal != true {
                messages.append(SequenceMessage(kind: .journalBegins, label: "backend journal, read when the case ended"))
            }
            messages.append(message)
        }
        return messages
    }

    /// The line without the `[  12.345] ` time stamp the transcript puts before each line.
    static func withoutStamp(_ line: String) -> String {
        guard line.hasPrefix("["), let close = line.prefix(16).range(of: "] "),
              line[line.index(after: line.startIndex)..<close.lowerBound].allSatisfy({ $0 == " " || $0 == "." || $0.isNumber })
        else { return line }
        return String(line[close.upperBound...])
    }
}

private extension String {
    func strip(_ prefix: String) -> String? { hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil }
}
