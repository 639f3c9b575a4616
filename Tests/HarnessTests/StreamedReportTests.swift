import AdapterProtocol
import ConformanceCore
import Foundation
import JUnitXML
@testable import MamconfCLI
@testable import RunReporters
import Synchronization
import Testing

/// The report is written a suite at a time (a run of thousands of cases never holds it whole), and the
/// bytes are exactly those of the document built in memory, in every dialect and to every kind of target.
@Suite struct StreamedReportTests {
    /// Two suites' worth of passed, failed, errored and skipped cases, from the in-process fakes.
    static func mixedRun() async throws -> RunResult {
        let calls = Mutex(0)
        let integration = ScriptedIntegration { method, _, _ throws(AdapterFault) in
            guard method == RunnerMethod.appLaunch.rawValue else { return [:] }
            switch calls.withLock({ $0 += 1; return $0 % 4 }) {
            case 1: throw .rejected(method: method, error: RPCError(.actionFailed, "refused <at> & \"once\""))
            case 2: throw .exited("status 3")
            case 3: throw .rejected(method: method, error: RPCError(.unsupported, "no"))
            default: return [:]
            }
        }
        let cases = (1...8).map { RunnerLogicTests.yamlCase(id: "c\($0)", "do: app.launch") }.joined(separator: "\n")
        return try await RunnerLogicTests.run(cases, integration: integration, restartBudget: 10)
    }

    @Test(arguments: JUnitDialect.allCases)
    func theStreamedReportIsByteForByteTheDocument(dialect: JUnitDialect) async throws {
        let result = try await Self.mixedRun()
        #expect(Set(result.allCases.map(\.outcome.label)) == ["passed", "failed", "errored", "skipped"])
        let path = NSTemporaryDirectory() + "mamconf-stream-\(UUID().uuidString).xml"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reporter = JUnitReporter(path: path, redactor: Redactor(), dialect: dialect)
        try await reporter.runFinished(result)
        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(written == (try JUnitWriter.render(reporter.document(for: result), dialect: dialect)))
        #expect(!FileManager.default.fileExists(atPath: path + ".tmp"), "no temporary file is left")
    }

    @Test func aStreamedReportReachesADeviceAsItIs() async throws {
        let result = try await Self.mixedRun()
        try await JUnitReporter(path: "/dev/null", redactor: Redactor()).runFinished(result)
        var status = stat()
        #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR, "/dev/null is still a device")
    }
}

/// A finished case's transcript is kept as one string and its line ends, and gives back exactly its lines.
@Suite struct CompactLinesTests {
    @Test(arguments: [
        [String](),
        [""],
        ["one", "", "three"],
        ["a line\nwith a newline", "ümlaut ✓ 𝄞", "\r\n", ""],
        (0..<500).map { "[\($0)] → app.launch {}" },
    ])
    func linesComeBackExactly(lines: [String]) {
        #expect(CompactLines(lines).lines == lines)
        #expect(CompactLines(lines).count == lines.count)
        var result = CaseResult(suiteId: "s", caseId: "c", title: "t", requirements: [], location: SourceLocation(file: "f", line: 1, column: 1),
                                outcome: .passed, duration: .zero, transcript: lines)
        #expect(result.transcript == lines)
        result.transcript.append("more")
        #expect(result.transcript == lines + ["more"])
    }
}
