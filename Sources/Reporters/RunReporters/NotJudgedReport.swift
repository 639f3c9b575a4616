import ConformanceCore
import Foundation
import JUnitXML
import SuiteLoader

/// The report of a run that could not judge its cases: every planned case as an `<error>` naming the cause, plus
/// one per invalid input file with its errors. Without it a CI reader would find no report, an older run's, or an
/// empty one that every GitHub and GitLab reporter shows as a success.
///
/// Cases that did finish (a run ended by a second signal) keep their outcome. When nothing could be planned at
/// all (no suite could be read) one case of its own says why, so the report is never empty.
public struct NotJudgedReport {
    /// What was planned; nil when the suites could not be read.
    var plan: RunPlan?
    var cause: CaseError
    /// Input errors (suites, the known-failures list, the tenant file), reported one case per file.
    var inputErrors: [SuiteError] = []
    /// Cases that finished before the run ended, reported as they finished.
    var finished: [CaseResult] = []
    var path: String
    /// `--junit-dir`, written too so it never keeps an older run's files for this run's suites.
    var directory: String?
    public var redactor = Redactor()

    public init(plan: RunPlan?, cause: CaseError, inputErrors: [SuiteError] = [], finished: [CaseResult] = [], path: String,
                directory: String? = nil, redactor: Redactor = Redactor()) {
        self.plan = plan
        self.cause = cause
        self.inputErrors = inputErrors
        self.finished = finished
        self.path = path
        self.directory = directory
        self.redactor = redactor
    }

    /// The suite that holds one case per invalid input file.
    static let inputSuite = "mamconf.inputs"
    /// The suite that holds the one case of a run that could plan nothing.
    static let runSuite = "mamconf.run"

    func result(now: Date = Date()) -> RunResult {
        var result = RunResult(suites: [], integration: nil, backend: "not reached", harnessVersion: HarnessVersion.current)
        result.suitesDigest = plan?.suitesDigest
        result.shard = plan?.shard
        result.abortReason = cause.description
        var files: [String] = []
        var byFile: [String: [SuiteError]] = [:]
        for error in inputErrors {
            if byFile[error.location.file] == nil { files.append(error.location.file) }
            byFile[error.location.file, default: []].append(error)
        }
        if !files.isEmpty && (plan?.reportsRunWideFindings ?? true) {
            let cases = files.map { file in
                let errors = byFile[file] ?? []
                return CaseResult(
                    suiteId: Self.inputSuite, caseId: file, title: "input file", requirements: [], location: errors[0].location,
                    outcome: .errored(.invalidInput("\(errors.count) error(s), first: \(errors[0])"),
                                      details: errors.map(\.description).joined(separator: "\n")),
                    duration: .zero, transcript: [])
            }
            result.suites.append(SuiteResult(suiteId: Self.inputSuite, title: "Input files", requirements: [], started: now, duration: .zero, cases: cases))
        }
        let done = Dictionary(finished.map { ($0.qualifiedName, $0) }, uniquingKeysWith: { first, _ in first })
        for entry in plan?.scheduled ?? [] {
            var suite = SuiteResult(suiteId: entry.suite.id, title: entry.suite.title, requirements: entry.suite.requirements, started: now, duration: .zero, cases: [])
            suite.index = entry.index
            suite.plannedCases = entry.plannedCases
            suite.cases = entry.suite.cases.map { testCase in
                done["\(entry.suite.id)/\(testCase.id)"] ?? {
                    var notRun = CaseResult(
                        suiteId: entry.suite.id, caseId: testCase.id, title: testCase.title, requirements: testCase.requirements,
                        location: testCase.location, outcome: .errored(cause, details: ""), duration: .zero, transcript: [])
                    notRun.sdkVersions = testCase.sdkVersions
                    return notRun
                }()
            }
            suite.duration = suite.cases.reduce(.zero) { $0 + $1.duration }
            result.suites.append(suite)
        }
        if result.allCases.isEmpty {
            let here = SourceLocation(file: path, line: 1, column: 1)
            let only = CaseResult(suiteId: Self.runSuite, caseId: "not-judged", title: "the run", requirements: [], location: here,
                                  outcome: .errored(cause, details: ""), duration: .zero, transcript: [])
            result.suites.append(SuiteResult(suiteId: Self.runSuite, title: "The run", requirements: [], started: now, duration: .zero, cases: [only]))
        }
        return result
    }

    public func write(dialect: JUnitDialect = .standard) async throws {
        try await JUnitReporter(path: path, redactor: redactor, dialect: dialect, directory: directory).runFinished(result())
    }

    /// Writes the report at once, without the concurrency pool (a signal's thread, as mamconf exits). Only the
    /// report file: the `--junit-dir` files wait for a run that ends normally.
    func writeNow(dialect: JUnitDialect = .standard) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let reporter = JUnitReporter(path: path, redactor: redactor, dialect: dialect)
        try JUnitWriter.write(reporter.stream(for: result()), to: URL(fileURLWithPath: path), dialect: dialect)
    }
}
