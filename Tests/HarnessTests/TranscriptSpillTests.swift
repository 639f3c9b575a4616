import AdapterProtocol
@testable import ConformanceCore
import Foundation
import Testing

/// A judged case's transcript waits in the run's unnamed scratch file, not in memory, and reads back exactly.
@Suite struct TranscriptSpillTests {
    static func spill() throws -> TranscriptSpill {
        try #require(TranscriptSpill(in: NSTemporaryDirectory()))
    }

    @Test("a transcript moved to the scratch file reads back line for line", arguments: [
        [""], ["one line"], ["a", "", "b\nwith a newline inside", "é and 𝄞", "[   0.001] → sync {}"],
        (0..<2000).map { "[\(String(format: "%8.3f", Double($0) / 1000))] line \($0) " + String(repeating: "x", count: $0 % 97) },
    ])
    func spilledLinesReadBack(lines: [String]) throws {
        let spill = try Self.spill()
        var compact = CompactLines(lines)
        compact.spill(to: spill)
        #expect(compact.isSpilled == !lines.joined().isEmpty)
        #expect(compact.lines == lines)
        #expect(compact == CompactLines(lines))
        #expect(compact.hashValue == CompactLines(lines).hashValue)
    }

    @Test("transcripts sharing one scratch file each read back as their own")
    func sharedFileKeepsEachTranscript() throws {
        let spill = try Self.spill()
        let transcripts = (0..<50).map { index in (0..<(index % 7 + 1)).map { "case \(index) line \($0)" } }
        var compacts = transcripts.map(CompactLines.init)
        for index in compacts.indices { compacts[index].spill(to: spill) }
        #expect(compacts.map(\.lines) == transcripts)
        #expect(spill.byteCount == Int64(transcripts.joined().joined().utf8.count))
    }

    @Test("a scratch file that cannot be written leaves the transcript in memory, whole")
    func unwritableFileKeepsTextInMemory() throws {
        let readOnly = open("/dev/null", O_RDONLY | O_CLOEXEC)
        try #require(readOnly >= 0)
        let spill = TranscriptSpill(descriptor: readOnly)
        var compact = CompactLines(["kept", "in memory"])
        compact.spill(to: spill)
        #expect(!compact.isSpilled)
        #expect(compact.lines == ["kept", "in memory"])
        #expect(spill.byteCount == 0)
    }

    @Test("a folder that does not exist gives no scratch file, and nothing is created")
    func missingFolderGivesNone() {
        let folder = NSTemporaryDirectory() + "mamconf-no-such-folder-\(UUID().uuidString)"
        #expect(TranscriptSpill(in: folder) == nil)
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test("the scratch file has no name: the run's folder holds nothing for it")
    func scratchFileIsUnnamed() throws {
        let folder = NSTemporaryDirectory() + "mamconf-spill-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spill = try #require(TranscriptSpill(in: folder))
        var compact = CompactLines(["written"])
        compact.spill(to: spill)
        #expect(compact.isSpilled)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test("the runner keeps judged results with their transcripts in the scratch file, and they read back whole")
    func runnerSpillsJudgedTranscripts() async throws {
        let integration = ScriptedIntegration { method, _, _ in
            method == RunnerMethod.sdkPolicy.rawValue ? ["managed": true] : [:]
        }
        let result = try await RunnerLogicTests.run(
            RunnerLogicTests.yamlCase(id: "a", "check: sdk.policy\nwith: {accountId: $alice}\nis: {managed: true}")
                + "\n" + RunnerLogicTests.yamlCase(id: "b", "check: sdk.policy\nwith: {accountId: $alice}\nis: {managed: false}"),
            integration: integration)
        let cases = result.allCases
        #expect(cases.map(\.outcome.label) == ["passed", "failed"])
        for testCase in cases {
            #expect(testCase.transcriptIsSpilled, "\(testCase.caseId)")
            #expect(testCase.transcript.contains { $0.contains("→ sdk.policy") }, "\(testCase.transcript)")
        }
    }
}
