import ConformanceCore
import Foundation
import JUnitXML

extension SummaryRun {
    /// The summary of a JUnit report mamconf wrote (a merged one, say), read back as ``JUnitReporter`` writes it:
    /// the requirement IDs from the case's `[[PROPERTY|requirements=…]]` line, the failing step from the end of the
    /// one-line message, what was expected and what arrived instead from the body's `FILE:LINE: message; got
    /// instead …` paragraph, and an error's kind from its type. A report of another tool gives what it has.
    /// With `transcripts`, the cases shown in full keep their transcripts, read from their output after the property lines.
    public init(_ document: JUnitDocument, reportPath: String? = nil, transcripts: Bool = false) {
        var identity: String?
        if let first = document.suites.first, let integration = first.property("integration") {
            let parts = [integration, first.property("integration.version")].compactMap { $0 }.joined(separator: " ")
            let sdk = [first.property("sdk"), first.property("sdk.version")].compactMap { $0 }.joined(separator: " ")
            identity = "\(parts) (\(sdk)) on \(first.property("backend") ?? "?"), mamconf \(first.property("harness.version") ?? "?")"
        }
        let cases = document.suites.flatMap { suite in
            suite.cases.map { Self.summaryCase($0, suiteRequirements: suite.property("requirements"), transcript: transcripts) }
        }
        self.init(cases: cases, identity: identity, reportPath: reportPath)
        if let first = document.suites.first {
            // A name and its version, as far as the report has them.
            let join = { (names: [String]) -> String? in
                let parts = names.compactMap { first.property($0) }
                return parts.isEmpty ? nil : parts.joined(separator: " ")
            }
            details = SummaryIdentity(
                harnessVersion: first.property("harness.version"), integration: join(["integration", "integration.version"]),
                sdk: join(["sdk", "sdk.version"]),
                capabilities: (first.property("capabilities") ?? "").split(separator: ",").map { String($0) },
                backend: first.property("backend"), suitesDigest: first.property(JUnitRunProperty.suitesDigest),
                started: document.suites.map(\.timestamp).min(),
                ended: document.suites.map { $0.timestamp.addingTimeInterval($0.time) }.max())
        }
    }

    static func summaryCase(_ junit: JUnitCase, suiteRequirements: String?, transcript keep: Bool = false) -> SummaryCase {
        let output = junit.systemOut ?? ""
        let listed = property(JUnitReporter.listedOutcomeProperty, in: output)
        let requirements = (property("requirements", in: output) ?? suiteRequirements ?? "")
            .split(separator: ",").map { String($0) }
        var item = SummaryCase(suite: junit.classname, name: junit.name, outcome: .passed, requirements: requirements, flaky: junit.isFlaky)
        item.sdkVersions = property(JUnitReporter.sdkVersionsProperty, in: output).map(RequirementVersions.entries(fromText:)) ?? []
        if keep { item.attempts = junit.attempts.map(summaryAttempt) }
        let source = property("source", in: output) ?? junit.file.map { file in junit.line.map { "\(file):\($0)" } ?? file }
        switch junit.outcome {
        case .passed:
            break
        case .skipped(let message):
            item.outcome = .skipped(expectedFailure: listed != nil)
            item.reason = message
        case .failure(let message, _, let details):
            let (expected, step) = split(message)
            item.outcome = .failed
            item.step = step ?? source
            item.expected = expected
            var paragraphs = body(details)
            // The paragraph `FILE:LINE: message; got instead …` holds the expectation and, after it, what arrived.
            if let step, let first = paragraphs.first, first.hasPrefix("\(step): \(expected)") {
                let rest = first.dropFirst("\(step): \(expected)".count)
                if rest.hasPrefix("; ") { item.observed = String(rest.dropFirst(2)) }
                paragraphs.removeFirst()
            }
            item.text = paragraphs.isEmpty ? nil : paragraphs.joined(separator: "\n\n")
            if keep { item.transcript = transcript(output) }
        case .error(let message, let type, let details):
            let (expected, step) = split(message)
            let notRun = type == CaseError.notRun("").kind
            item.outcome = notRun ? .notRun : .errored(kind: type)
            // A case not run has no failing step; the run's own summary names none either.
            item.step = notRun ? nil : step ?? source
            item.expected = expected
            var paragraphs = body(details)
            if let step, paragraphs.first?.hasPrefix("\(step): ") == true { paragraphs.removeFirst() }
            // Without details, the adapter's last stderr lines, as the run's own summary shows them.
            item.text = paragraphs.isEmpty ? junit.systemErr.flatMap { $0.isEmpty ? nil : $0 } : paragraphs.joined(separator: "\n\n")
            if keep && !notRun { item.transcript = transcript(output) }
        }
        return item
    }

    /// The one-line message without its closing `(FILE:LINE)`, and that location.
    static func split(_ message: String) -> (text: String, location: String?) {
        guard message.hasSuffix(")"), let open = message.range(of: " (", options: .backwards) else { return (message, nil) }
        let inside = message[open.upperBound..<message.index(before: message.endIndex)]
        guard let colon = inside.lastIndex(of: ":"), !inside[inside.index(after: colon)...].isEmpty,
              inside[inside.index(after: colon)...].allSatisfy(\.isNumber) else { return (message, nil) }
        return (String(message[..<open.lowerBound]), String(inside))
    }

    /// The body's paragraphs after its `requirements: …` line.
    static func body(_ details: String) -> [String] {
        var paragraphs = details.components(separatedBy: "\n\n")
        if paragraphs.first?.hasPrefix("requirements: ") == true { paragraphs.removeFirst() }
        return paragraphs.filter { !$0.isEmpty }
    }

    /// A case's transcript: its output's lines after the property lines that open it.
    static func transcript(_ output: String) -> [String] {
        output.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("[[PROPERTY|") }.map { String($0) }
            .filter { !$0.isEmpty }
    }

    /// The value of a `[[PROPERTY|name=value]]` line of a case's output. The property lines open the output, so the
    /// transcript after them (which can be long) is not read.
    static func property(_ name: String, in output: String) -> String? {
        let prefix = "[[PROPERTY|\(name)="
        var rest = output[...]
        while rest.hasPrefix("[[PROPERTY|") {
            let end = rest.firstIndex(of: "\n") ?? rest.endIndex
            let line = rest[..<end]
            if line.hasPrefix(prefix) && line.hasSuffix("]]") { return String(line.dropFirst(prefix.count).dropLast(2)) }
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
        }
        return nil
    }
}

extension SummaryRun {
    /// An earlier attempt read back from its `<flaky…>`/`<rerun…>` element: the step from the end of its message,
    /// what arrived instead from its details as a case's failure has it, its transcript from its own output.
    static func summaryAttempt(_ junit: JUnitAttempt) -> SummaryAttempt {
        let (expected, step) = split(junit.message)
        var attempt = SummaryAttempt(failed: junit.kind == .failure, expected: expected, step: step,
                                     transcript: transcript(junit.systemOut ?? ""))
        if let step, let first = body(junit.details).first, first.hasPrefix("\(step): \(expected)") {
            let rest = first.dropFirst("\(step): \(expected)".count)
            if rest.hasPrefix("; ") { attempt.observed = String(rest.dropFirst(2)) }
        }
        return attempt
    }
}

