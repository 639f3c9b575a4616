import ConformanceCore
import Foundation
import JUnitXML
@testable import MamconfCLI
@testable import RunReporters
import Synchronization
import TestSupport
import Testing

/// A second signal ends mamconf at once: the report then holds the cases judged so far and the rest as not run,
/// and a report write already under way is finished, never cut off halfway.
@Suite struct LastResortReportTests {
    static func folder() throws -> String {
        let folder = NSTemporaryDirectory() + "mamconf-last-resort-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aSecondSignalWritesTheCasesJudgedSoFarAndTheRestAsNotRun() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let suites = try EndToEnd.loadSuites(suiteIDs: ["enrollment"])
        let cases = try #require(suites.first?.cases)
        let report = LastResortReport(path: "\(folder)/junit.xml", dialect: .standard, redactor: Redactor())
        report.planned(RunPlan(suites: suites))
        report.finished(CaseResult(suiteId: "enrollment", caseId: cases[0].id, title: "", requirements: [], location: cases[0].location,
                                   outcome: .passed, duration: .milliseconds(500), transcript: []))
        report.writeNow(signal: SIGINT)

        let written = try JUnitReader.read(path: "\(folder)/junit.xml").suites.flatMap(\.cases)
        #expect(written.map(\.name) == cases.map(\.id), "every planned case, in order")
        #expect(written.first?.outcome == .passed, "a case judged before the signal keeps its verdict")
        for testCase in written.dropFirst() {
            guard case .error(let message, let type, _) = testCase.outcome else {
                Issue.record("\(testCase.name): \(testCase.outcome)")
                continue
            }
            #expect(type == "NotRun")
            #expect(message.contains("interrupted by signal \(SIGINT) a second time"), "\(message)")
        }
    }

    @Test func aSecondSignalDuringTheRunsOwnWriteWaitsForItAndWritesNothingOverIt() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/junit.xml"
        let report = LastResortReport(path: path, dialect: .standard, redactor: Redactor())
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let returned = DispatchSemaphore(value: 0)
        let writer = Task {
            try await report.writing {
                await offPool {
                    started.signal()
                    release.wait()
                    try? "the run's own report\n".write(toFile: path, atomically: true, encoding: .utf8)
                }
            }
        }
        let returnedEarly = await offPool { () -> Bool in
            started.wait()
            Thread {
                report.writeNow(signal: SIGINT)
                returned.signal()
            }.start()
            // While the run's write is under way the second signal's handler must not return (mamconf would exit).
            let early = returned.wait(timeout: .now() + 0.5) == .success
            release.signal()
            return early
        }
        #expect(!returnedEarly, "the second signal did not wait for the report write under way")
        try await writer.value
        #expect(await offPool { returned.wait(timeout: .now() + 10) == .success }, "the second signal's handler never returned")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "the run's own report\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["junit.xml"], "no temporary file is left")
    }
}
