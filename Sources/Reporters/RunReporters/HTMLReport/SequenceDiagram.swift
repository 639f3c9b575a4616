import ConformanceCore

/// A case's conversation drawn as an inline SVG sequence diagram: four lifelines (runner, app, SDK, backend), one
/// arrow per message in transcript order, a rule where each step begins, and the arrows of the failing step marked
/// (class `failing`, drawn in red) so the eye lands on where the case broke. The backend journal, which the runner
/// reads when the case has ended, follows the steps under a rule of its own and is never marked as the failing step.
///
/// The output depends on nothing but the lines and the failing step (no random or counter IDs, no markers that
/// need document-wide IDs: arrowheads are polygons), so a test compares it and two renders of one report are equal.
/// Labels are redacted, clipped to ``labelLimit`` characters and escaped; a case with more than ``messageLimit``
/// messages shows its first ones and says how many were left out.
struct SequenceDiagram {
    static let labelLimit = 70
    static let messageLimit = 300
    static let laneWidth = 190
    static let rowHeight = 22
    static let top = 34

    let redactor: Redactor

    func render(_ transcript: [String], failingStep: String?) -> String {
        var messages = SequenceMessage.messages(transcript)
        let left = max(0, messages.count - Self.messageLimit)
        messages = Array(messages.prefix(Self.messageLimit))
        let width = Self.laneWidth * SequenceMessage.Party.allCases.count
        let height = Self.top + Self.rowHeight * (messages.count + (left > 0 ? 1 : 0)) + 12
        var svg = "<svg class=\"sequence\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
            + "viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"sequence diagram\">"
        for party in SequenceMessage.Party.allCases {
            let x = Self.x(party)
            svg += "<text class=\"party\" x=\"\(x)\" y=\"16\" text-anchor=\"middle\">\(party.name)</text>"
            svg += "<line class=\"lifeline\" x1=\"\(x)\" y1=\"22\" x2=\"\(x)\" y2=\"\(height - 4)\"/>"
        }
        var inFailingStep = false
        for (index, message) in messages.enumerated() {
            let y = Self.top + Self.rowHeight * index + 14
            let label = HTMLText.escape(HTMLText.clipped(redactor.redact(message.label), to: Self.labelLimit))
            switch message.kind {
            case .step(let location):
                inFailingStep = location == failingStep
                let marked = inFailingStep ? " failing" : ""
                svg += "<line class=\"step\(marked)\" x1=\"4\" y1=\"\(y)\" x2=\"\(width - 4)\" y2=\"\(y)\"/>"
                svg += "<text class=\"step\(marked)\" x=\"8\" y=\"\(y - 4)\">\(label)</text>"
            case .journalBegins:
                inFailingStep = false
                svg += "<line class=\"step\" x1=\"4\" y1=\"\(y)\" x2=\"\(width - 4)\" y2=\"\(y)\"/>"
                svg += "<text class=\"step\" x=\"8\" y=\"\(y - 4)\">\(label)</text>"
            case .arrow(let from, let to):
                let classes = ["message"] + (inFailingStep ? ["failing"] : []) + (message.fault ? ["fault"] : [])
                let (x1, x2) = (Self.x(from), Self.x(to))
                let head = x2 > x1 ? -8 : 8
                svg += "<g class=\"\(classes.joined(separator: " "))\">"
                svg += "<line x1=\"\(x1)\" y1=\"\(y)\" x2=\"\(x2)\" y2=\"\(y)\"/>"
                svg += "<polygon points=\"\(x2),\(y) \(x2 + head),\(y - 4) \(x2 + head),\(y + 4)\"/>"
                svg += "<text x=\"\((x1 + x2) / 2)\" y=\"\(y - 4)\" text-anchor=\"middle\">\(label)</text></g>"
            }
        }
        if left > 0 {
            let y = Self.top + Self.rowHeight * messages.count + 14
            svg += "<text class=\"more\" x=\"8\" y=\"\(y)\">\(left) more message(s) in the transcript</text>"
        }
        return svg + "</svg>"
    }

    static func x(_ party: SequenceMessage.Party) -> Int { laneWidth / 2 + laneWidth * party.rawValue }
}
