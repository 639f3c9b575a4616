import ConformanceCore
import Foundation
import JUnitXML
import MamconfCLI
@testable import RunReporters
import AdapterTransports
import Testing

/// Integrations break all the time; that is what a conformance run meets. None of these may hang a run,
/// lose its report or hide the cause, and the case after the broken one must pass on a fresh adapter.
@Suite(.serialized) struct BrokenAdapterTests {
    struct Breakage: Sendable, CustomStringConvertible {
        var mode: String
        var after: Int
        var diagnostic: String
        var description: String { mode }
    }

    static let breakages: [Breakage] = [
        Breakage(mode: "exit-at-start", after: 0, diagnostic: "exit code 3"),
        Breakage(mode: "exit-after", after: 3, diagnostic: "exit code 4"),
        Breakage(mode: "garbage-after", after: 3, diagnostic: "line is not JSON"),
        Breakage(mode: "silent-after", after: 3, diagnostic: "did not answer"),
        Breakage(mode: "flood-stderr", after: 3, diagnostic: "exit code 5"),
        Breakage(mode: "long-line", after: 3, diagnostic: "longer than the"),
        Breakage(mode: "wrong-id", after: 3, diagnostic: "duplicate response"),
        Breakage(mode: "unasked-answer", after: 3, diagnostic: "never sent"),
        Breakage(mode: "grandchild", after: 3, diagnostic: "exit code 6"),
        Breakage(mode: "huge-id", after: 3, diagnostic: "\"id\" must be a number or a string"),
        Breakage(mode: "stops-reading", after: 3, diagnostic: "stopped reading its input"),
        Breakage(mode: "daemon", after: 3, diagnostic: "had left its process group were killed"),
        Breakage(mode: "closed-stdout", after: 3, diagnostic: "closed its output"),
        Breakage(mode: "self-stop", after: 3, diagnostic: "did not answer"),
        Breakage(mode: "ignore-sigterm", after: 3, diagnostic: "did not answer"),
        Breakage(mode: "line-100mib", after: 3, diagnostic: "longer than the"),
        Breakage(mode: "deep-nesting", after: 3, diagnostic: "line is not JSON"),
        Breakage(mode: "nan-number", after: 3, diagnostic: "line is not JSON"),
        Breakage(mode: "flood-events", after: 3, diagnostic: "exit code 8"),
        Breakage(mode: "binary-garbage", after: 3, diagnostic: "line is not JSON"),
        Breakage(mode: "string-id", after: 3, diagnostic: "never used by the runner"),
        Breakage(mode: "result-and-error", after: 3, diagnostic: "cannot carry both"),
        Breakage(mode: "error-without-id", after: 3, diagnostic: "error response without id"),
        Breakage(mode: "jsonrpc-1", after: 3, diagnostic: "must be \"2.0\""),
        Breakage(mode: "crash-segv", after: 3, diagnostic: "SIGSEGV"),
        Breakage(mode: "crash-at-exit", after: 0, diagnostic: "crashed after the case's last step (killed by signal 6 (SIGABRT))"),
    ]

    static let caseIDs = ["untargeted-account-stays-unmanaged", "unlicensed-account-reported-not-licensed"]

    @Test(arguments: breakages)
    func brokenAdapterErrorsOnlyItsCase(_ breakage: Breakage) async throws {
        let state = NSTemporaryDirectory() + "mamconf-faulty-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        // Three cases: the second start misbehaves, the first and third must pass.
        var suites = try EndToEnd.loadSuites(caseIDs: Self.caseIDs)
        let extra = try #require(try EndToEnd.loadSuites(caseIDs: ["untargeted-account-stays-unmanaged"]).first?.cases.first)
        var again = extra
        again.id = "untargeted-account-stays-unmanaged-again"
        suites[0].cases.append(again)

        let command = [ProcessChecks.faultyAdapter, breakage.mode, String(breakage.after), state, "2", "--", try EndToEnd.referenceExecutable()]
        // Reading a flood of 20,000 events is CPU work for the runner: on a loaded 2-core machine it can outlast a
        // 6 s step, and the case would then end on the deadline before the reader reaches the exit it must report.
        let stepTimeout: Duration = breakage.mode == "flood-events" ? .seconds(30) : .seconds(6)
        let run = try await EndToEnd.run(suites, command: command, stepTimeout: stepTimeout, deadlineScale: 1,
                                         limits: StdioAdapterFactory.Limits(writeStall: .seconds(2)))
        let cases = run.result.allCases
        try #require(cases.count == 3, "\(cases.map(\.caseId))")
        #expect(cases[0].outcome.label == "passed", "first case: \(cases[0].outcome)")
        #expect(cases[2].outcome.label == "passed", "case after the broken one: \(cases[2].outcome)")
        guard case .errored(let error, _) = cases[1].outcome else {
            Issue.record("broken case should be an error, got \(cases[1].outcome)")
            return
        }
        let message = error.description
        #expect(error.isIntegrationFault, "\(error.kind)")
        let transcript = cases[1].transcript.joined(separator: "\n")
        #expect((message + transcript).contains(breakage.diagnostic), "diagnostic missing: \(message)\n\(transcript)")
        #expect(transcript.contains("adapter ended:"), "how the adapter ended must be in the transcript")
        #expect(cases[1].duration < .seconds(30), "the broken case took \(cases[1].duration) s")
        if breakage.mode == "daemon", case .integration(.timeout(let method, _), _) = error {
            // Judged by how the case ended, not by its time: the exit must be seen when it happens, not when a step's
            // deadline runs out because the daemon still holds the pipes.
            Issue.record("a daemon holding the pipes hid the adapter's exit until \(method)'s deadline")
        }
        if breakage.mode == "flood-stderr" {
            #expect(transcript.contains("beyond the budget were dropped"), "the stderr cap must say what it dropped")
        }

        for pid in ProcessChecks.pids(in: state) {
            #expect(ProcessChecks.isGone(pid), "process \(pid) of the broken adapter is still running")
        }

        let xml = try JUnitWriter.render(JUnitReporter(path: "-", redactor: run.redactor).document(for: run.result))
        for schema in ["junit-10.xsd", "jenkins-junit.xsd"] {
            #expect(try JUnitSchemaValidator(xsdPath: "\(Repository.schemas)/\(schema)").validate(xml).isEmpty)
        }
        #expect(try JUnitSchemaValidator(xsdPath: "\(Repository.schemas)/surefire-test-report.xsd").validateEachSuite(xml).isEmpty)
        if breakage.mode == "garbage-after" {
            let text = String(decoding: xml, as: UTF8.self)
            for kept in ["this is not JSON", "]]&gt;", "\\xFF\\xFE", "café", "#x01", "#x1B", "#x00"] {
                #expect(text.contains(kept), "report lost \(kept)")
            }
        }
    }

    @Test func adapterThatCannotInitializeTheFirstCaseAbortsTheRun() async throws {
        let state = NSTemporaryDirectory() + "mamconf-faulty-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let suites = try EndToEnd.loadSuites(caseIDs: Self.caseIDs)
        let command = [ProcessChecks.faultyAdapter, "exit-at-start", "0", state, "1", "--", try EndToEnd.referenceExecutable()]
        let run = try await EndToEnd.run(suites, command: command, stepTimeout: .seconds(6), deadlineScale: 1,
                                         limits: StdioAdapterFactory.Limits(writeStall: .seconds(2)))
        let reason = try #require(run.result.abortReason)
        #expect(reason.contains("adapter cannot start"), "\(reason)")
        #expect(reason.contains("exit code 3"), "\(reason)")
    }

    /// An adapter command that starts the reference once (so the run is not aborted), then dies at every later
    /// start with "dying on start N" on stderr and exit 9. ``remove(_:)`` deletes it and its counter. Starts are
    /// counted by appending a line (atomic), so concurrent starts never read a half-written count.
    static func adapterThatDiesAfterItsFirstStart() throws -> String {
        let script = NSTemporaryDirectory() + "mamconf-dying-\(UUID().uuidString).sh"
        try """
            #!/bin/sh
            echo start >> "\(script).count"; n=$(wc -l < "\(script).count")
            if [ "$n" -eq 1 ]; then exec "\(try EndToEnd.referenceExecutable())"; fi
            echo "dying on start $n" >&2
            exit 9
            """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        return script
    }

    static func remove(_ script: String) {
        try? FileManager.default.removeItem(atPath: script)
        try? FileManager.default.removeItem(atPath: script + ".count")
    }

    @Test func adapterThatKeepsDyingExhaustsTheRestartBudget() async throws {
        let suites = try EndToEnd.loadSuites(suiteIDs: ["first-policy-application"])
        let script = try Self.adapterThatDiesAfterItsFirstStart()
        defer { Self.remove(script) }
        let run = try await EndToEnd.run(suites, command: [script], stepTimeout: .seconds(6), deadlineScale: 1)
        let outcomes = run.result.allCases
        #expect(outcomes.count == suites[0].cases.count, "every case is still reported")
        let starts = ((try? String(contentsOfFile: script + ".count", encoding: .utf8)) ?? "").split(separator: "\n").count
        #expect(starts == 4, "one good start plus a budget of three failing ones, got \(starts)")
        #expect(run.result.infrastructureProblems.contains { $0.contains("restart budget") })
        #expect(outcomes.dropFirst(4).allSatisfy {
            if case .errored(.notRun, _) = $0.outcome { return true }
            return false
        })
    }
}
