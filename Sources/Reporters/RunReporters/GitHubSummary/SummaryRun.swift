import ConformanceCore
import Foundation

/// A run as the CI summary shows it: its cases in report order, what went wrong outside any case, and what was
/// tested. Built from a run's results (``init(_:reportPath:)``) or from a JUnit report
/// (``init(_:reportPath:)-(JUnitDocument,_)``), so `run` and `merge` write the same summary. Its texts are as the
/// run has them: ``GitHubSummary`` redacts what it shows as it renders it, so a run of thousands of failures is
/// redacted only as far as the summary's 65,535 bytes reach.
public struct SummaryRun: Sendable, Equatable {
    public var cases: [SummaryCase]
    /// Problems outside any case (nothing judged, the backend went away, a report not written).
    public var problems: [String]
    /// A signal stopped the run.
    public var interrupted: Bool
    /// What was tested, in one line (integration, SDK, backend, harness version); nil when unknown.
    public var identity: String?
    /// The JUnit report that holds every case in full, named where the summary leaves cases out.
    public var reportPath: String?
    /// What was tested, field by field (the HTML report shows each); nil when unknown.
    public var details: SummaryIdentity?

    public init(cases: [SummaryCase], problems: [String] = [], interrupted: Bool = false, identity: String? = nil,
                reportPath: String? = nil) {
        self.cases = cases
        self.problems = problems
        self.interrupted = interrupted
        self.identity = identity
        self.reportPath = reportPath
    }

    /// The counts by outcome, always of every case (the summary may show only some of them).
    public var counts: Counts { Counts(cases) }

    /// How many cases ended each way. `errored` leaves out the cases not run, which are counted apart, as the
    /// console counts them: a run that could not start is not a hundred broken cases.
    public struct Counts: Sendable, Equatable {
        public var passed = 0
        public var flaky = 0
        public var failed = 0
        public var errored = 0
        public var notRun = 0
        public var skipped = 0
        public var expectedFailures = 0
        public var total: Int { passed + failed + errored + notRun + skipped }

        init(_ cases: [SummaryCase]) {
            for item in cases {
                switch item.outcome {
                case .passed:
                    passed += 1
                    if item.flaky { flaky += 1 }
                case .failed: failed += 1
                case .errored: errored += 1
                case .notRun: notRun += 1
                case .skipped(let expected):
                    skipped += 1
                    if expected { expectedFailures += 1 }
                }
            }
        }
    }
}

extension SummaryRun {
    /// The summary of a run's results; with `transcripts`, the cases shown in full keep their transcripts (the HTML
    /// report draws them; the CI summary shows none, so it does not hold them all in memory).
    public init(_ result: RunResult, reportPath: String? = nil, transcripts: Bool = false) {
        var problems = result.abortReason.map { ["nothing could be judged: \($0)"] } ?? []
        problems += result.infrastructureProblems
        problems += result.reportFailures.map { "not written: \($0.target.map { "\($0): " } ?? "")\($0.message)" }
        var identity: String?
        if let integration = result.integration {
            identity = "\(integration.name) \(integration.version) (\(integration.sdkName) \(integration.sdkVersion))"
                + " on \(result.backend), mamconf \(result.harnessVersion)"
        }
        self.init(cases: result.allCases.map { Self.summaryCase($0, transcript: transcripts) }, problems: problems,
                  interrupted: result.interrupted, identity: identity, reportPath: reportPath)
        let started = result.suites.map(\.started).min()
        let ended = result.suites.map { $0.started.addingTimeInterval($0.duration.inSeconds) }.max()
        details = SummaryIdentity(
            harnessVersion: result.harnessVersion,
            integration: result.integration.map { "\($0.name) \($0.version)" },
            sdk: result.integration.map { "\($0.sdkName) \($0.sdkVersion)" },
            capabilities: result.integration?.capabilities.sorted() ?? [],
            backend: result.backend, suitesDigest: result.suitesDigest, started: started, ended: ended)
    }

    static func summaryCase(_ result: CaseResult, transcript: Bool = false) -> SummaryCase {
        var item = SummaryCase(suite: result.suiteId, name: result.caseId, outcome: .passed, requirements: result.requirements,
                               flaky: result.isFlaky)
        item.sdkVersions = result.sdkVersions
        if transcript { item.attempts = result.attempts.compactMap(summaryAttempt) }
        switch result.outcome {
        case .passed:
            break
        case .failed(let failure):
            item.outcome = .failed
            item.step = failure.location.fileAndLine
            item.expected = failure.message
            item.observed = failure.observed
            item.text = failure.details.isEmpty ? nil : failure.details
            if transcript { item.transcript = result.transcript }
        case .errored(.notRun, _):
            item.outcome = .notRun
            item.expected = result.outcome.problem
        case .errored(let error, let details):
            item.outcome = .errored(kind: error.kind)
            item.step = (JUnitReporter.failingStep(of: result.outcome) ?? result.location).fileAndLine
            item.expected = error.description
            // The adapter's last stderr lines close an error's text: that is where a crash's cause usually is.
            let stderr = details.isEmpty ? result.stderr.joined(separator: "\n") : details
            item.text = stderr.isEmpty ? nil : stderr
            if transcript { item.transcript = result.transcript }
        case .skipped(let reason, let kind):
            item.outcome = .skipped(expectedFailure: kind == .expectedFailure)
            item.reason = reason
        }
        return item
    }
}

extension SummaryRun {
    /// An earlier attempt as the HTML report shows it; nil for an outcome that is not a failure or an error.
    static func summaryAttempt(_ attempt: CaseAttempt) -> SummaryAttempt? {
        switch attempt.outcome {
        case .failed(let failure):
            return SummaryAttempt(failed: true, expected: failure.message, observed: failure.observed,
                                  step: failure.location.fileAndLine, transcript: attempt.transcript)
        case .errored(let error, _):
            return SummaryAttempt(failed: false, expected: error.description,
                                  step: JUnitReporter.failingStep(of: attempt.outcome)?.fileAndLine, transcript: attempt.transcript)
        case .passed, .skipped:
            return nil
        }
    }
}
