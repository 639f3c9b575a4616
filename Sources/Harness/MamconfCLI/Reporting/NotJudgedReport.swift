import ConformanceCore
import Foundation
import JUnitXML
import SuiteLoader

/// The report of a run that could not start: every planned case as an `<error>` naming the cause, plus one
/// per invalid input file with its errors. Without it a CI reader would find no report, or an empty one that
/// every GitHub and GitLab reporter shows as a success.
struct NotJudgedReport {
    var plan: RunPlan
    var cause: CaseError
    /// Input errors (suites, the known-failures list), reported one case per file.
    var inputErrors: [SuiteError] = []
    var path: String
    var redactor = Redactor()

    /// The suite that holds one case per invalid input file.
    static let inputSuite = "mamconf.inputs"

    init(plan: RunPlan, errors: [SuiteError], path: String) {
        self.plan = plan
        self.inputErrors = errors
        self.cause = .notRun("\(errors.count) error(s) in the suites or the expected-failures list; nothing was run")
        self.path = path
    }

    init(plan: RunPlan, cause: CaseError, path: String) {
        self.plan = plan
        self.cause = cause
        self.path = path
    }

    func result(now: Date = Date()) -> RunResult {
        var result = RunResult(suites: [], integration: nil, backend: "not reached", harnessVersion: HarnessVersion.current)
        result.suitesDigest = plan.suitesDigest
        result.shard = plan.shard
        result.abortReason = cause.description
        var files: [String] = []
        var byFile: [String: [SuiteError]] = [:]
        for error in inputErrors {
            if byFile[error.location.file] == nil { files.append(error.location.file) }
            byFile[error.location.file, default: []].append(error)
        }
        if !files.isEmpty && plan.reportsRunWideFindings {
            let cases = files.map { file in
                let errors = byFile[file] ?? []
                return CaseResult(
                    suiteId: Self.inputSuite, caseId: file, title: "input file", requirements: [], location: errors[0].location,
                    outcome: .errored(.invalidInput("\(errors.count) error(s), first: \(errors[0])"),
                                      details: errors.map(\.description).joined(separator: "\n")),
                    duration: 0, transcript: [])
            }
            result.suites.append(SuiteResult(suiteId: Self.inputSuite, title: "Input files", requirements: [], started: now, duration: 0, cases: cases))
        }
        for entry in plan.scheduled {
            var suite = SuiteResult(suiteId: entry.suite.id, title: entry.suite.title, requirements: entry.suite.requirements, started: now, duration: 0, cases: [])
            suite.index = entry.index
            suite.plannedCases = entry.plannedCases
            suite.cases = entry.suite.cases.map { testCase in
                CaseResult(
                    suiteId: entry.suite.id, caseId: testCase.id, title: testCase.title, requirements: testCase.requirements,
                    location: testCase.location, outcome: .errored(cause, details: ""), duration: 0, transcript: [])
            }
            result.suites.append(suite)
        }
        return result
    }

    func write(dialect: JUnitDialect = .standard) async throws {
        try await JUnitReporter(path: path, redactor: redactor, dialect: dialect).runFinished(result())
    }
}
