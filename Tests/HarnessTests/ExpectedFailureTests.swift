import ConformanceCore
import Foundation
@testable import SuiteLoader
@testable import MamconfCLI
import TestSupport
import Testing

/// Known failures: a listed case that fails as written passes the gate as skipped; every other state of a
/// listed case, an expired entry and an unused one fail the run with "stale entry" and the edit to make.
@Suite struct ExpectedFailureTests {
    static let here = SourceLocation(file: "known.yaml", line: 4, column: 5)
    static let step = SourceLocation(file: "Suites/s.yaml", line: 20, column: 7)

    static func entry(prefix: String = "expected question delegate.restartApplication", expires: String? = nil) -> ExpectedFailure {
        ExpectedFailure(caseName: "s/c", messagePrefix: prefix, reason: "SDK bug", tracking: "https://t/1", expires: expires, location: here)
    }

    static func result(_ outcome: CaseOutcome) -> CaseResult {
        CaseResult(suiteId: "s", caseId: "c", title: "", requirements: ["RST-01"], location: SourceLocation(file: "Suites/s.yaml", line: 3, column: 5),
                   outcome: outcome, duration: .zero, transcript: [])
    }

    static let expectedFailure = CaseOutcome.failed(CaseFailure(
        message: "expected question delegate.restartApplication", observed: "got instead: status enrolled", location: step))

    @Test func aListedCaseThatFailsAsWrittenIsSkippedWithTheReason() {
        let list = ExpectedFailureList(path: "known.yaml", entries: [Self.entry()])
        let judged = list.judge(Self.result(Self.expectedFailure), today: "2026-11-22")
        guard case .skipped(let reason, _) = judged.outcome else {
            Issue.record("expected skipped, got \(judged.outcome)")
            return
        }
        #expect(reason == "expected failure: SDK bug (https://t/1)")
        #expect(judged.listedOutcome?.label == "failed", "the failure it showed is kept for the report")
    }

    @Test(arguments: [
        (CaseOutcome.passed, nil as String?, "the case passes now", "known.yaml:4: delete the entry"),
        (CaseOutcome.skipped(reason: "integration lacks capability appConfig", kind: .integrationCapability), nil, "the case was skipped", "known.yaml:4: delete the entry"),
        (CaseOutcome.failed(CaseFailure(message: "expected ui pin-setup", location: step)), nil, "the case fails differently", "known.yaml:4: if this is the same known problem, set `message`"),
        (CaseOutcome.errored(.integration(.exited("exit code 6"), at: step), details: ""), nil, "the case fails differently", "set `message`"),
        (expectedFailure, "2026-11-21", "it expired on 2026-11-21", "move `expires`"),
    ])
    func everyOtherStateOfAListedCaseFailsAsAStaleEntryWithTheEditToMake(outcome: CaseOutcome, expires: String?, says: String, edit: String) {
        let list = ExpectedFailureList(path: "known.yaml", entries: [Self.entry(expires: expires)])
        let judged = list.judge(Self.result(outcome), today: "2026-11-22")
        guard case .failed(let failure) = judged.outcome else {
            Issue.record("expected a stale-entry failure, got \(judged.outcome)")
            return
        }
        #expect(failure.message.hasPrefix("stale expected-failure entry"), "\(failure.message)")
        #expect(failure.message.contains(says), "\(failure.message)")
        #expect(failure.details.contains(edit), "\(failure.details)")
    }

    @Test func anEntryHoldsThroughItsLastDay() {
        let list = ExpectedFailureList(path: "known.yaml", entries: [Self.entry(expires: "2026-11-22")])
        #expect(list.judge(Self.result(Self.expectedFailure), today: "2026-11-22").outcome.label == "skipped")
    }

    @Test func anUnlistedCaseIsLeftAsItWas() {
        let list = ExpectedFailureList(path: "known.yaml", entries: [Self.entry()])
        var other = Self.result(.passed)
        other.caseId = "other"
        #expect(list.judge(other, today: "2026-11-22").listedOutcome == nil)
    }

    @Test func anEntryNamingNoCaseIsUnused() {
        let list = ExpectedFailureList(path: "known.yaml", entries: [Self.entry(), ExpectedFailure(
            caseName: "s/gone", messagePrefix: "x", reason: "r", tracking: "t", expires: nil, location: Self.here)])
        #expect(list.unused(definedCases: ["s/c"]).map(\.caseName) == ["s/gone"])
    }

    @Test(arguments: [
        ("expected-failures:\n  - case: s/c\n    message: m\n    reason: r\n", "known.yaml:2:5: an expected failure is missing required key 'tracking'"),
        ("expected-failures:\n  - case: c\n    message: m\n    reason: r\n    tracking: t\n", "known.yaml:2:11: case 'c' must be written suite/case"),
        ("expected-failures:\n  - case: s/c\n    message: m\n    reason: TODO\n    tracking: t\n", "known.yaml:4:13: say why s/c is expected to fail"),
        ("expected-failures:\n  - case: s/c\n    message: m\n    reason: r\n    tracking: t\n    expires: 2026-02-30\n", "known.yaml:6:14: expires must be a date written YYYY-MM-DD"),
        ("expected-failures:\n  - case: s/c\n    message: m\n    reason: r\n    tracking: t\n    expiry: 2027-01-01\n", "known.yaml:6:5: unknown key 'expiry'"),
        ("expected-failures:\n  - case: s/c\n    message: m\n    reason: r\n    tracking: t\n  - case: s/c\n    message: m\n    reason: r\n    tracking: t\n", "known.yaml:6:11: s/c is listed twice (first at line 2)"),
    ])
    func aMalformedListIsRefusedAtTheExactPosition(text: String, error: String) {
        let (list, errors) = ExpectedFailuresFile.parse(YAMLDocument(file: "known.yaml", text: text), path: "known.yaml")
        #expect(list == nil)
        #expect(errors.contains { $0.description.hasPrefix(error) }, "\(errors)")
    }

    @Test func aWellFormedListLoadsEveryField() throws {
        let text = "# known\nexpected-failures:\n  - case: s/c\n    message: \"expected x\"\n    reason: why\n    tracking: https://t/1\n    expires: 2027-01-31\n"
        let (list, errors) = ExpectedFailuresFile.parse(YAMLDocument(file: "known.yaml", text: text), path: "known.yaml")
        #expect(errors.isEmpty, "\(errors)")
        let entry = try #require(list?.entries.first)
        #expect(entry == ExpectedFailure(caseName: "s/c", messagePrefix: "expected x", reason: "why", tracking: "https://t/1", expires: "2027-01-31",
                                         location: SourceLocation(file: "known.yaml", line: 3, column: 5)))
    }

    /// The whole gate through the command line, against a mutant that breaks one requirement.
    @Test func theGatePassesOnlyWhileEveryEntryStillHolds() async throws {
        let folder = NSTemporaryDirectory() + "mamconf-known-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let base = [InterruptionTests.mamconf, "run", "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures,
                    "--case", "first-policy-application/targeted-account-enrolls-and-app-restarts-itself",
                    "--adapter", "\(try EndToEnd.referenceExecutable()) --mutant no-restart-request", "--junit", "\(folder)/junit.xml"]
        func list(_ entries: String) throws -> String {
            let path = "\(folder)/known-\(UUID().uuidString).yaml"
            try "expected-failures:\n\(entries)".write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let holds = "  - case: first-policy-application/targeted-account-enrolls-and-app-restarts-itself\n    message: expected question delegate.restartApplication\n    reason: the build never asks\n    tracking: https://t/1\n"
        let accepted = try await runCommand(base + ["--expected-failures", try list(holds)])
        #expect(accepted.status == 0, "\(accepted.output)")
        #expect(accepted.output.contains("0 passed, 0 failed, 1 skipped"), "\(accepted.output)")

        let unused = holds + "  - case: first-policy-application/no-such-case\n    message: x\n    reason: r\n    tracking: https://t/2\n"
        let stale = try await runCommand(base + ["--expected-failures", try list(unused)])
        #expect(stale.status == 1, "\(stale.output)")
        #expect(stale.output.contains("stale expected-failure entry: no case first-policy-application/no-such-case"), "\(stale.output)")
        let report = try String(contentsOfFile: "\(folder)/junit.xml", encoding: .utf8)
        #expect(report.contains("name=\"first-policy-application/no-such-case\""), "the unused entry is a failing case in the report")

        let without = try await runCommand(base)
        #expect(without.status == 1, "without the list the mutant fails the gate")
    }
}

/// `mamconf expected-failures --update`: the list follows the last run, and a person's comments survive.
@Suite struct ExpectedFailuresUpdateTests {
    static let list = """
        # Known failures of the 19.3 build.
        expected-failures:
          # restart is late on 19.3
          - case: s/late
            message: "expected question"
            reason: SDK 19.3 asks late
            tracking: https://t/1
          # fixed upstream, should go
          - case: s/fixed
            message: "expected x"
            reason: was broken
            tracking: https://t/2
          - case: s/changed
            message: "expected ui pin-setup"   # kept as written above
            reason: PIN screen
            tracking: https://t/3
          - case: s/gone
            message: "expected y"
            reason: case removed
            tracking: https://t/4
          - case: s/elsewhere
            message: "expected z"
            reason: not in this run
            tracking: https://t/5

        """

    @Test func theListFollowsTheLastRunAndKeepsComments() throws {
        let observed: [String: ExpectedFailuresUpdate.Observed] = [
            "s/late": .failed(message: "expected question delegate.restartApplication"),
            "s/fixed": .passed,
            "s/changed": .failed(message: "expected ui pin-entry"),
            "s/new": .failed(message: "expected status enrolled"),
            "s/ok": .passed,
        ]
        let (text, changes) = try ExpectedFailuresUpdate.apply(
            to: Self.list, file: "known.yaml", observed: observed, order: ["s/late", "s/fixed", "s/changed", "s/new", "s/ok"],
            defined: ["s/late", "s/fixed", "s/changed", "s/new", "s/ok", "s/elsewhere"])
        #expect(text.contains("# Known failures of the 19.3 build."))
        #expect(text.contains("  # restart is late on 19.3\n  - case: s/late\n    message: \"expected question\"\n"), "an entry that still holds is left as written")
        #expect(!text.contains("s/fixed") && !text.contains("fixed upstream"), "a passing case's entry goes with its comment")
        #expect(text.contains("    message: \"expected ui pin-entry\"\n    reason: PIN screen"), "\(text)")
        #expect(!text.contains("s/gone"), "an entry naming no case goes")
        #expect(text.contains("s/elsewhere"), "an entry for a case the run did not include stays")
        #expect(text.hasSuffix("  - case: \"s/new\"\n    message: \"expected status enrolled\"\n    reason: TODO\n    tracking: TODO\n"), "\(text)")
        #expect(changes.map(\.kind) == [.deleted, .updated, .deleted, .added])

        // The result is a list again, which refuses the placeholders until a person fills them in.
        let (reloaded, errors) = ExpectedFailuresFile.parse(YAMLDocument(file: "known.yaml", text: text), path: "known.yaml")
        #expect(reloaded == nil)
        #expect(errors.map(\.message).sorted() == ["give the link where the fix of s/new is tracked", "say why s/new is expected to fail"])
        // And updating it again changes nothing.
        let again = try ExpectedFailuresUpdate.apply(to: text, file: "known.yaml", observed: observed, order: ["s/late", "s/fixed", "s/changed", "s/new", "s/ok"],
                                                     defined: ["s/late", "s/fixed", "s/changed", "s/new", "s/ok", "s/elsewhere"])
        #expect(again.text == text)
        #expect(again.changes.isEmpty)
    }
}

/// The report side of `--update`: what each case showed, read back from the JUnit the last run wrote.
@Suite struct ExpectedFailuresReportReadingTests {
    @Test(arguments: [
        ("expected question delegate.restartApplication (Suites/first-policy-application.yaml:28)", "expected question delegate.restartApplication"),
        ("adapter exited: exit code 3 (at Suites/x.yaml:4) (Suites/x.yaml:4)", "adapter exited: exit code 3 (at Suites/x.yaml:4)"),
        ("expected status {\"code\":100} (Suites/s.yaml:9)", "expected status {\"code\":100}"),
        ("a capped message… (Suites/s.yaml:9)", "a capped message"),
        ("no location here", "no location here"),
    ])
    func theReportsLocationSuffixIsNotPartOfTheMessage(message: String, expected: String) {
        #expect(MamconfCLI.ExpectedFailuresCommand.withoutLocation(message) == expected)
    }
}
