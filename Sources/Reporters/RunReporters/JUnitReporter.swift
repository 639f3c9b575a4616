import AdapterProtocol
import ConformanceCore
import Foundation
import JUnitXML

/// Writes the run as JUnit XML, atomically, so CI always finds either the previous complete report or
/// the new one, never a half-written file.
public struct JUnitReporter: Reporter {
    public let path: String
    let redactor: Redactor
    /// Which readers the XML is shaped for (see ``JUnitDialect``).
    public let dialect: JUnitDialect
    /// When set, the report is also written as one `TEST-<suite>.xml` per suite there (Surefire's layout).
    public let directory: String?

    public init(path: String, redactor: Redactor, dialect: JUnitDialect = .standard, directory: String? = nil) {
        self.path = path
        self.redactor = redactor
        self.dialect = dialect
        self.directory = directory
    }

    public func caseFinished(_ result: CaseResult) async {}

    /// Throws a ``ReportFailure`` naming what was not written: the report at `path`, or (with the report in place)
    /// the per-suite folder, so the console never calls a written report unwritten.
    public func runFinished(_ result: RunResult) async throws {
        do {
            if path.isEmpty { try JUnitWriter.checkWritable(path) }
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            // A suite at a time: a run of thousands of cases never holds its whole report in memory.
            try JUnitWriter.write(stream(for: result), to: URL(fileURLWithPath: path), dialect: dialect)
        } catch {
            throw ReportFailure(target: path, message: "\(error)")
        }
        if let directory {
            do {
                try JUnitWriter.writeDirectory(document(for: result), to: URL(fileURLWithPath: directory), dialect: dialect)
            } catch {
                throw ReportFailure(target: directory, message: "\(error)")
            }
        }
    }

    /// The JUnit document for a run. Public so tests can validate exactly what is written.
    public func document(for result: RunResult) -> JUnitDocument {
        JUnitDocument(name: "mamconf", suites: suites(of: result).map { junitSuite($0, of: result) })
    }

    /// The run's suites; for a shard that ran no case, a suite without cases in their place
    /// (``JUnitRunProperty/emptyShard``), or its report would carry no `shard` label and `mamconf merge` would
    /// take the shard for missing.
    private func suites(of result: RunResult) -> [SuiteResult] {
        guard result.suites.isEmpty, result.shard != nil else { return result.suites }
        return [SuiteResult(suiteId: JUnitRunProperty.emptyShard, title: "no case in this shard", requirements: [],
                            started: Date(timeIntervalSince1970: 0), duration: .zero, cases: [])]
    }

    /// The same report as ``document(for:)``, built a suite at a time as it is written. The root's counts
    /// come from the case outcomes, which decide them the same way.
    public func stream(for result: RunResult) -> JUnitStream {
        let cases = result.allCases
        return JUnitStream(
            name: "mamconf", tests: cases.count,
            failures: cases.count { if case .failed = $0.outcome { true } else { false } },
            errors: cases.count { if case .errored = $0.outcome { true } else { false } },
            time: result.suites.reduce(Duration.zero) { $0 + $1.duration }.inSeconds, suiteCount: suites(of: result).count,
            suite: { junitSuite(suites(of: result)[$0], of: result) })
    }

    private func junitSuite(_ suite: SuiteResult, of result: RunResult) -> JUnitSuite {
        // One property with every ID: repeated property names crash some readers (xunitparser) and keep only
        // the last value in others (Ant, Jenkins).
        var properties = [JUnitProperty(name: "requirements", value: suite.requirements.joined(separator: ","))]
        if let integration = result.integration {
            properties.append(JUnitProperty(name: "integration", value: integration.name))
            properties.append(JUnitProperty(name: "integration.version", value: integration.version))
            properties.append(JUnitProperty(name: "sdk", value: integration.sdkName))
            properties.append(JUnitProperty(name: "sdk.version", value: integration.sdkVersion))
            properties.append(JUnitProperty(name: "capabilities", value: integration.capabilities.sorted().joined(separator: ",")))
        }
        properties.append(JUnitProperty(name: "backend", value: redactor.redact(result.backend)))
        properties.append(JUnitProperty(name: "harness.version", value: result.harnessVersion))
        // What `mamconf merge` needs to put shard reports back together, and to refuse mixing suite versions.
        if let digest = result.suitesDigest { properties.append(JUnitProperty(name: JUnitRunProperty.suitesDigest, value: digest)) }
        properties.append(JUnitProperty(name: JUnitRunProperty.suiteIndex, value: String(suite.index)))
        if !suite.plannedCases.isEmpty {
            properties.append(JUnitProperty(name: JUnitRunProperty.cases, value: suite.plannedCases.joined(separator: ",")))
        }
        if let seed = result.faultSeed { properties.append(JUnitProperty(name: "fault.seed", value: String(seed))) }
        if let shard = result.shard { properties.append(JUnitProperty(name: JUnitRunProperty.shard, value: shard.description)) }
        let cases = suite.cases.map { junitCase($0) }
        return JUnitSuite(name: suite.suiteId, timestamp: suite.started, time: suite.duration.inSeconds, properties: properties, cases: cases)
    }

    /// The longest `message` attribute: CI reporters show it on one line, so it names the expectation and where
    /// it is written; what arrived instead goes into the body.
    static let messageLimit = 300

    private func junitCase(_ result: CaseResult) -> JUnitCase {
        var out = ["[[PROPERTY|requirements=\(result.requirements.joined(separator: ","))]]"]
        out.append("[[PROPERTY|source=\(result.location.fileAndLine)]]")
        if !result.sdkVersions.isEmpty {
            out.append("[[PROPERTY|\(Self.sdkVersionsProperty)=\(RequirementVersions.text(of: result.sdkVersions))]]")
        }
        if let listed = result.listedOutcome {
            // What the case showed before the expected-failures list judged it (`expected-failures --update` reads it).
            out.append("[[PROPERTY|\(Self.listedOutcomeProperty)=\(listed.label)]]")
            if let message = listed.problem { out.append("[[PROPERTY|\(Self.listedMessageProperty)=\(redactor.redact(message))]]") }
        }
        // Transcript lines were redacted when the case ended (CaseResult.transcript); doing it again
        // here would double the cost of the slowest part of writing a large report.
        out.append(contentsOf: result.transcript)
        let attempts = result.attempts.compactMap { attempt -> JUnitAttempt? in
            let kind: JUnitAttempt.Kind
            let message: String, type: String, details: String
            switch outcome(attempt.outcome, result: result) {
            case .failure(let m, let t, let d): (kind, message, type, details) = (.failure, m, t, d)
            case .error(let m, let t, let d): (kind, message, type, details) = (.error, m, t, d)
            case .passed, .skipped: return nil
            }
            return JUnitAttempt(kind: kind, message: message, type: type, details: details,
                                systemOut: attempt.transcript.joined(separator: "\n"), systemErr: Self.stderr(attempt.stderr))
        }
        // GitHub's reporters annotate this line: the failing step where there is one, as the failure message names it.
        let source = Self.failingStep(of: result.outcome) ?? result.location
        return JUnitCase(
            classname: result.suiteId, name: result.caseId, time: result.duration.inSeconds, outcome: outcome(result.outcome, result: result),
            systemOut: out.joined(separator: "\n"), systemErr: Self.stderr(result.stderr),
            file: source.file, line: source.line, attempts: attempts)
    }

    /// Where the step that failed is written: a failed expectation's step, or the step that was running when the
    /// integration broke; nil for other outcomes.
    static func failingStep(of outcome: CaseOutcome) -> SourceLocation? {
        switch outcome {
        case .failed(let failure): return failure.location
        case .errored(let error, _): return location(of: error)
        case .passed, .skipped: return nil
        }
    }

    /// The system-out property lines that carry a listed case's own outcome.
    public static let listedOutcomeProperty = "listed.outcome"
    public static let listedMessageProperty = "listed.message"
    /// The system-out property line with the SDK range of each cited requirement limited to some versions.
    public static let sdkVersionsProperty = "sdk.versions"

    private static func stderr(_ lines: [String]) -> String? {
        lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    private func outcome(_ outcome: CaseOutcome, result: CaseResult) -> JUnitOutcome {
        let requirementsLine = "requirements: \(result.requirements.isEmpty ? "none" : result.requirements.joined(separator: ", "))"
        switch outcome {
        case .passed:
            return .passed
        case .failed(let failure):
            let message = Self.short(failure.message, at: failure.location)
            var body = [requirementsLine, "\(failure.location.fileAndLine): \(failure.fullMessage)"]
            if !failure.details.isEmpty { body.append(failure.details) }
            return .failure(message: redactor.redact(message), type: "ExpectationFailed", details: redactor.redact(body.joined(separator: "\n\n")))
        case .errored(let error, let details):
            // Errors that are not tied to a step (not run, interrupted) still point at their case.
            let location = Self.location(of: error) ?? result.location
            let message = Self.short(error.description, at: location)
            var body = [requirementsLine, "\(location.fileAndLine): \(error.description)"]
            // The adapter's last stderr lines close the body: that is where a crash's cause usually is.
            if !details.isEmpty { body.append(details) }
            return .error(message: redactor.redact(message), type: error.kind, details: redactor.redact(body.joined(separator: "\n\n")))
        case .skipped(let reason, _):
            return .skipped(message: redactor.redact(reason))
        }
    }

    /// The one-line message: the first line of `text`, capped, then `(file:line)`.
    static func short(_ text: String, at location: SourceLocation) -> String {
        var line = String(text.prefix { $0 != "\n" })
        if line.count > messageLimit { line = String(line.prefix(messageLimit)) + "…" }
        return "\(line) (\(location.fileAndLine))"
    }

    private static func location(of error: CaseError) -> SourceLocation? {
        if case .integration(_, let at) = error { return at }
        return nil
    }
}
