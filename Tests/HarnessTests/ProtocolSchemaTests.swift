import AdapterProtocol
import Foundation
import TestSupport
import MamconfCLI
import Testing

/// The published JSON Schemas are the protocol: generated from the message types, they must match the
/// committed files, accept every message a real run exchanges and reject every known-bad message, checked
/// by an outside validator (Python `jsonschema`) and by mamconf's own.
@Suite(.serialized) struct ProtocolSchemaTests {
    static let schemas = "\(Repository.root)/docs/schemas"
    static let validator = "\(Repository.testData)/schemas/validate.py"

    @Test func theCommittedSchemaFilesAreWhatTheTypesGenerate() throws {
        let stale = try SchemaFiles.sync(into: Self.schemas, write: false)
        #expect(stale.isEmpty, "docs/schemas is out of date (run: mamconf schemas): \(stale)")
        #expect(SchemaFiles.all.count == RunnerMethod.allCases.count * 2 + EventMethod.allCases.count + Question.allCases.count * 2 + 2)
    }

    @Test func everyMessageOfAFullRunFitsItsSchemaByAnOutsideValidator() async throws {
        // The shared clean run of every suite, recorded as it crossed the wire.
        let run = try await EndToEnd.cleanRun.value
        let recording = EndToEnd.cleanWire
        #expect(run.result.allCases.allSatisfy { $0.outcome.label == EndToEnd.cleanVerdict("\($0.suiteId)/\($0.caseId)") },
                "the reference must pass everything here but the cases of older SDKs")
        let records = recording.records
        #expect(recording.unreadable.isEmpty, "\(recording.unreadable.prefix(3))")
        #expect(records.count > 1000, "a full run exchanges well over a thousand messages, recorded \(records.count)")
        // Every kind of message was seen, so the check covers both directions.
        for kind in ["request", "response", "event", "question", "answer"] {
            #expect(records.contains { $0.schema.hasPrefix("protocol/\(kind)/") }, "no \(kind) recorded")
        }
        let swiftProblems = records.flatMap { record in
            ProtocolSchemas.violations(of: record.message, against: record.schema).map { "\(record.schema): \($0)" }
        }
        #expect(swiftProblems.isEmpty, "\(swiftProblems.prefix(5))")
        let file = NSTemporaryDirectory() + "mamconf-wire-\(UUID().uuidString).jsonl"
        try recording.jsonLines().write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let (status, output) = try await Self.python([Self.validator, Self.schemas, "messages", file])
        #expect(status == 0, "\(output.suffix(2000))")
        #expect(output.contains("checked: \(records.count) passed, 0 failed"), "\(output.suffix(500))")
    }

    @Test func everyBadMessageOfTheCorpusIsRejectedByBothValidators() async throws {
        let corpus = "\(Repository.testData)/schemas/bad-messages.jsonl"
        let lines = try String(contentsOfFile: corpus, encoding: .utf8).split(separator: "\n")
        #expect(lines.count >= 25)
        for line in lines {
            let record = try JSONValue.parse(String(line))
            let schema = try #require(record["schema"]?.stringValue)
            let message = try #require(record["message"])
            #expect(!ProtocolSchemas.violations(of: message, against: schema).isEmpty, "mamconf accepts a bad message: \(line)")
        }
        let (status, output) = try await Self.python([Self.validator, Self.schemas, "messages", corpus, "--expect-invalid"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("checked: \(lines.count) passed, 0 failed"), "\(output)")
    }

    @Test func everyBundledSuiteFitsTheSuiteSchema() async throws {
        let files = SuiteFiles.bundled
        let (status, output) = try await Self.python([Self.validator, Self.schemas, "suites"] + files)
        #expect(status == 0, "\(output)")
        #expect(output.contains("checked: \(files.count) passed, 0 failed"), "\(output)")
    }

    @Test func theSuiteSchemaRejectsAMisspeltKey() async throws {
        let file = NSTemporaryDirectory() + "mamconf-suite-\(UUID().uuidString).yaml"
        try """
            suite: s
            title: t
            cases:
              - id: c
                title: c
                requirements: [ENR-01]
                steps:
                  - check: sdk.enrolledAccount
                    is: {acountId: null}
            """.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let (status, output) = try await Self.python([Self.validator, Self.schemas, "suites", file])
        #expect(status == 1)
        #expect(output.contains("checked: 0 passed, 1 failed"), "\(output)")
    }

    /// Runs python3 (off the concurrency pool) and returns its exit status and output.
    static func python(_ arguments: [String]) async throws -> (Int32, String) {
        try await runCommand(["python3"] + arguments)
    }
}

/// The suite files shipped in `Suites/`.
enum SuiteFiles {
    static var bundled: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: Repository.suites)) ?? [])
            .filter { $0.hasSuffix(".yaml") && $0 != "requirements.yaml" }.sorted().map { "\(Repository.suites)/\($0)" }
    }
}
