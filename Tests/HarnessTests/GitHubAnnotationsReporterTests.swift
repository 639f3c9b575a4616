import ConformanceCore
import Foundation
import MamconfCLI
@testable import RunReporters
import Testing

/// On GitHub Actions every failed or errored case becomes an `::error` workflow command pointing at the
/// suite line, escaped as GitHub's runner reads it, one short line, and never carrying a secret.
@Suite struct GitHubAnnotationsReporterTests {
    static func result(_ outcome: CaseOutcome, suite: String = "enrollment", caseId: String = "one-status-callback-per-request",
                       file: String = "Suites/enrollment.yaml", line: Int = 11) -> CaseResult {
        CaseResult(suiteId: suite, caseId: caseId, title: "t", requirements: ["ENR-02"],
                   location: SourceLocation(file: file, line: line, column: 5), outcome: outcome, duration: .milliseconds(500), transcript: [])
    }

    static func failed(_ message: String, file: String = "Suites/enrollment.yaml", line: Int = 27) -> CaseOutcome {
        .failed(CaseFailure(message: message, location: SourceLocation(file: file, line: line, column: 9), details: "details\nmore"))
    }

    /// Feeds results to a reporter with no workspace and returns what it printed.
    static func annotations(_ results: [CaseResult], redactor: Redactor = Redactor(), run: RunResult? = nil) async throws -> [String] {
        let lines = LockedLines()
        let reporter = GitHubAnnotationsReporter(redactor: redactor, workspace: nil, output: { lines.append($0) })
        for result in results { await reporter.caseFinished(result) }
        if let run { try await reporter.runFinished(run) }
        return lines.all
    }

    @Test func aFailedCaseIsOneErrorCommandOnTheLineOfTheFailingStep() async throws {
        let printed = try await Self.annotations([Self.result(Self.failed("expected enrollment-status count 1, saw 2"))])
        #expect(printed == ["::error file=Suites/enrollment.yaml,line=27,title=enrollment/one-status-callback-per-request::expected enrollment-status count 1, saw 2"])
    }

    @Test func passedAndSkippedCasesPrintNothing() async throws {
        let printed = try await Self.annotations([Self.result(.passed), Self.result(.skipped(reason: "integration lacks capability x", kind: .integrationCapability))])
        #expect(printed.isEmpty)
    }

    @Test func anErroredCaseNamesTheKindAndPointsAtTheStepWhereTheIntegrationBroke() async throws {
        let step = SourceLocation(file: "Suites/enrollment.yaml", line: 19, column: 9)
        let broke = Self.result(.errored(.integration(.exited("status 3"), at: step), details: "stderr tail"))
        let harness = Self.result(.errored(.harness("no work directory"), details: ""), caseId: "other", line: 35)
        let printed = try await Self.annotations([broke, harness])
        #expect(printed == [
            "::error file=Suites/enrollment.yaml,line=19,title=enrollment/one-status-callback-per-request::IntegrationError: adapter exited: status 3 (at Suites/enrollment.yaml:19)",
            "::error file=Suites/enrollment.yaml,line=35,title=enrollment/other::HarnessError: harness error: no work directory",
        ])
    }

    @Test func messagesEscapePercentCarriageReturnAndLineFeed() {
        #expect(GitHubAnnotationsReporter.escapeData("100% sure\r\nnext") == "100%25 sure%0D%0Anext")
        #expect(GitHubAnnotationsReporter.escapeData("a: b, c") == "a: b, c")
        #expect(GitHubAnnotationsReporter.escapeData("%0A") == "%250A")
    }

    @Test func propertiesAlsoEscapeColonAndComma() {
        #expect(GitHubAnnotationsReporter.escapeProperty("C:\\Suites\\a,b%.yaml\n") == "C%3A\\Suites\\a%2Cb%25.yaml%0A")
    }

    @Test func theFileAndTitleOfTheCommandAreEscapedAsProperties() async throws {
        let result = Self.result(Self.failed("50% of 2 events: a, b", file: "Suites/odd,name:1.yaml", line: 3), suite: "odd,suite", caseId: "c:1")
        let printed = try await Self.annotations([result])
        #expect(printed == ["::error file=Suites/odd%2Cname%3A1.yaml,line=3,title=odd%2Csuite/c%3A1::50%25 of 2 events: a, b"])
    }

    @Test func onlyTheFirstLineOfTheMessageIsPrinted() async throws {
        let printed = try await Self.annotations([Self.result(Self.failed("\n  expected policy-changed\r\nsaw nothing\nat all"))])
        #expect(printed.count == 1)
        #expect(printed[0].hasSuffix("::expected policy-changed"))
    }

    @Test func aLongMessageIsCutTo300Characters() async throws {
        let printed = try await Self.annotations([Self.result(Self.failed(String(repeating: "x", count: 1000)))])
        let message = try #require(printed.first?.components(separatedBy: "::").last)
        #expect(message.count == GitHubAnnotationsReporter.messageLimit)
        #expect(message == String(repeating: "x", count: 299) + "…")
        let exact = try await Self.annotations([Self.result(Self.failed(String(repeating: "y", count: 300)))])
        #expect(exact.first?.hasSuffix("::" + String(repeating: "y", count: 300)) == true)
    }

    @Test func secretsAreMaskedBeforeTheMessageIsCut() async throws {
        let redactor = Redactor(secrets: ["hunter2-client-secret"])
        let early = Self.failed("token request sent password hunter2-client-secret, got 401")
        // The secret straddles the cut: masking after cutting would leave its first characters standing.
        let straddling = Self.failed(String(repeating: "z", count: 290) + " hunter2-client-secret")
        let bearer = Self.failed("Authorization: Bearer eyJhbGciOi.abc.def refused")
        let printed = try await Self.annotations([Self.result(early), Self.result(straddling), Self.result(bearer)], redactor: redactor)
        #expect(printed.count == 3)
        for line in printed {
            #expect(!line.contains("hunter"), "\(line)")
            #expect(!line.contains("eyJhbGciOi"), "\(line)")
        }
        #expect(printed[0].hasSuffix("::token request sent password [REDACTED], got 401"))
    }

    @Test func problemsOutsideAnyCaseAreAnnotationsWithoutAFile() async throws {
        var run = RunResult(suites: [], integration: nil, backend: "mock", harnessVersion: HarnessVersion.current,
                            infrastructureProblems: ["backend went away: connection refused"], abortReason: "adapter cannot start: no such file")
        run.reportFailures = [ReportFailure(target: "reports/junit.xml", message: "reports/junit.xml: permission denied")]
        let printed = try await Self.annotations([], run: run)
        #expect(printed == [
            "::error title=mamconf::nothing judged: adapter cannot start: no such file",
            "::error title=mamconf::backend went away: connection refused",
            "::error title=mamconf::report not written: reports/junit.xml: permission denied",
        ])
    }

    @Test func suitePathsInsideTheWorkspaceArePrintedRelativeToIt() async throws {
        let lines = LockedLines()
        let cwd = FileManager.default.currentDirectoryPath
        let parent = (cwd as NSString).deletingLastPathComponent
        let reporter = GitHubAnnotationsReporter(redactor: Redactor(), workspace: parent, output: { lines.append($0) })
        await reporter.caseFinished(Self.result(Self.failed("a", file: "\(parent)/conformance/Suites/enrollment.yaml")))
        await reporter.caseFinished(Self.result(Self.failed("b", file: "Suites/enrollment.yaml")))
        await reporter.caseFinished(Self.result(Self.failed("c", file: "/elsewhere/Suites/enrollment.yaml")))
        let files = lines.all.map { $0.components(separatedBy: ",line=")[0] }
        let here = (cwd as NSString).lastPathComponent
        #expect(files == [
            "::error file=conformance/Suites/enrollment.yaml",
            "::error file=\(GitHubAnnotationsReporter.escapeProperty(here))/Suites/enrollment.yaml",
            "::error file=/elsewhere/Suites/enrollment.yaml",
        ])
    }

    @Test func isEnabledOnlyWhenGitHubActionsIsTrue() {
        #expect(GitHubAnnotationsReporter.isEnabled(environment: ["GITHUB_ACTIONS": "true"]))
        #expect(!GitHubAnnotationsReporter.isEnabled(environment: ["GITHUB_ACTIONS": "false"]))
        #expect(!GitHubAnnotationsReporter.isEnabled(environment: ["CI": "true"]))
        #expect(!GitHubAnnotationsReporter.isEnabled(environment: [:]))
    }

    @Test func theDefaultInitialiserWritesToStandardOutput() {
        // The shape RunCommand wires: redactor and output only.
        _ = GitHubAnnotationsReporter(redactor: Redactor(), output: { _ in })
        _ = GitHubAnnotationsReporter(redactor: Redactor())
    }
}
