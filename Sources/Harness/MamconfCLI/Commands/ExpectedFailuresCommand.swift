import AdapterProtocol
import ArgumentParser
import ConformanceCore
import Foundation
import RunReporters
import JUnitXML
import SuiteLoader

/// Checks a known-failures list against the suites, or (`--update`) rewrites it from the last run's report.
struct ExpectedFailuresCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expected-failures",
        abstract: "Check a known-failures list, or rewrite it from the last run (--update), keeping its comments.",
        discussion: """
            Without --update: every error of the list as file:line:column, and every entry naming no case of the \
            suites (exit 2 on either). With --update: entries of cases that now pass, were skipped or no longer \
            exist are deleted, entries of cases that fail differently get the new message, and failing cases of \
            the suites that no entry lists are added with reason and tracking TODO, to be filled in before the \
            list is accepted. A list that does not exist yet is started; a symbolic link stays a link.
            """)

    @OptionGroup var suites: SuiteOptions

    @Argument(help: "The known-failures list (YAML).")
    var file: String

    @Flag(help: "Rewrite the list from the last run's report.")
    var update = false

    @Option(help: "The last run's report (a file, or a --junit-dir directory).")
    var report = "reports/junit.xml"

    func run() async throws {
        let loaded = try suites.load()
        try SuiteOptions.stopOnErrors(loaded.errors)
        let defined = Set(loaded.suites.flatMap { suite in suite.cases.map { "\(suite.id)/\($0.id)" } })
        guard update else { return try check(defined: defined) }
        let text: String
        switch InputFile.read(file) {
        case .success(let data): text = String(decoding: data, as: UTF8.self)
        case .failure(.missing): text = ""
        case .failure(let problem): throw MamconfExit(MamconfExit.notJudged, "cannot read \(file): \(problem)")
        }
        let document: JUnitDocument
        do { document = try JUnitReader.read(path: report) } catch {
            throw MamconfExit(MamconfExit.notJudged, "cannot read the last run's report: \(error.description)")
        }
        let (observed, order) = Self.observed(in: document)
        let updated: (text: String, changes: [ExpectedFailuresUpdate.Change])
        do {
            updated = try ExpectedFailuresUpdate.apply(to: text, file: file, observed: observed, order: order, defined: defined)
        } catch {
            throw MamconfExit(MamconfExit.notJudged, "\(error)")
        }
        for change in updated.changes { print(change) }
        guard !updated.changes.isEmpty else {
            print("\(file) already matches \(report)")
            return
        }
        do { try AtomicText.write(updated.text, to: file) } catch {
            throw MamconfExit(MamconfExit.notJudged, "cannot write \(file): \(error)")
        }
        print("\(file): \(updated.changes.count) change(s)")
    }

    private func check(defined: Set<String>) throws {
        let (list, errors) = ExpectedFailuresFile.load(path: file)
        try SuiteOptions.stopOnErrors(errors)
        let unused = list?.unused(definedCases: defined) ?? []
        for entry in unused { StandardStreams.write("\(entry.location): no case \(entry.caseName) in the suites\n", to: STDERR_FILENO) }
        if !unused.isEmpty { throw MamconfExit(MamconfExit.notJudged, "\(unused.count) entry(ies) name no case") }
        print("\(file): \(list?.entries.count ?? 0) entry(ies), all naming cases of the suites")
    }

    /// What each case showed in a report: its own outcome, or for a listed case the outcome before the list
    /// judged it. Cases of mamconf's own report suites (inputs, unused entries) are not cases of the suites.
    static func observed(in document: JUnitDocument) -> ([String: ExpectedFailuresUpdate.Observed], [String]) {
        var observed: [String: ExpectedFailuresUpdate.Observed] = [:]
        var order: [String] = []
        for suite in document.suites where !suite.name.hasPrefix("mamconf.") {
            for testCase in suite.cases {
                let name = "\(testCase.classname)/\(testCase.name)"
                order.append(name)
                let properties = outputProperties(testCase.systemOut ?? "")
                if let listed = properties[JUnitReporter.listedOutcomeProperty] {
                    switch listed {
                    case "passed": observed[name] = .passed
                    case "skipped": observed[name] = .skipped
                    default: observed[name] = .failed(message: properties[JUnitReporter.listedMessageProperty] ?? "")
                    }
                    continue
                }
                switch testCase.outcome {
                case .passed: observed[name] = .passed
                case .skipped: observed[name] = .skipped
                case .failure(let message, _, _), .error(let message, _, _): observed[name] = .failed(message: withoutLocation(message))
                }
            }
        }
        return (observed, order)
    }

    /// `[[PROPERTY|name=value]]` lines of a case's output.
    static func outputProperties(_ text: String) -> [String: String] {
        var out: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("[[PROPERTY|") && line.hasSuffix("]]") {
            let body = line.dropFirst("[[PROPERTY|".count).dropLast(2)
            guard let equals = body.firstIndex(of: "=") else { continue }
            out[String(body[..<equals])] = String(body[body.index(after: equals)...])
        }
        return out
    }

    /// The message without the ` (FILE:LINE)` the report adds and the `…` of a capped message.
    static func withoutLocation(_ message: String) -> String {
        var text = message
        if text.hasSuffix(")"), let open = text.range(of: " (", options: .backwards),
           text[open.upperBound...].dropLast().contains(":") {
            text = String(text[..<open.lowerBound])
        }
        if text.hasSuffix("…") { text.removeLast() }
        return text
    }
}
