import AdapterProtocol
import Foundation
import MamconfCLI
import SuiteLoader
import Testing

/// The contract and the suite format are documented in full: every vocabulary entry appears on its page,
/// and the generated parts are current.
@Suite struct DocumentationTests {
    static func page(_ name: String) throws -> String {
        try String(contentsOfFile: "\(Repository.root)/docs/\(name)", encoding: .utf8)
    }

    @Test func theSuiteFormatPageListsEveryVocabularyEntry() throws {
        let page = try Self.page("suite-format.md")
        #expect(try SchemaFiles.syncVocabulary(page: "\(Repository.root)/docs/suite-format.md", write: false) == false,
                "the vocabulary block of docs/suite-format.md is stale (run: mamconf schemas)")
        var names = RunnerMethod.allCases.filter { $0.role != .control }.map(\.rawValue) + Question.allCases.map(\.rawValue)
        names += EventSelectorKind.allCases.map(\.rawValue) + StatusOutcome.allCases.map(\.rawValue) + UIKind.allCases.map(\.rawValue)
        names += AppEventKind.allCases.map(\.rawValue) + NotificationName.allCases.map(\.rawValue) + SDKAPI.allCases.map(\.rawValue)
        names += ServiceRoute.allCases.map(\.rawValue) + Capability.allCases.map(\.rawValue)
        names += ["do", "check", "expect", "expect_no", "answer", "advance_clock", "check_backend", "backend", "within", "count", "times"]
        names += ["wipe", "fault", "clear_faults", "app_config", "default_app_config", "device_config", "device_user", "policy", "registration", "journal"]
        names += WireSchema.of(AppSettings.self).properties.map(\.name)
        let missing = names.filter { !page.contains("`\($0)`") && !page.contains("`\($0):") && !page.contains("{\($0):") }
        #expect(missing.isEmpty, "docs/suite-format.md does not mention: \(missing)")
    }

    @Test func theProtocolPageNamesEveryMessageStatusCapabilityAndErrorCode() throws {
        let page = try Self.page("adapter-protocol.md")
        var names = RunnerMethod.allCases.map(\.rawValue) + EventMethod.allCases.map(\.rawValue) + Question.allCases.map(\.rawValue)
        names += StatusOutcome.allCases.map(\.rawValue) + Capability.allCases.map(\.rawValue) + ErrorCode.allCases.map { String($0.rawValue) }
        names += UIKind.allCases.map(\.rawValue) + AppEventKind.allCases.map(\.rawValue) + NotificationName.allCases.map(\.rawValue)
        names += SaveLocation.allCases.map(\.rawValue) + OpenLocation.allCases.map(\.rawValue)
        let missing = names.filter { !page.contains("`\($0)`") }
        #expect(missing.isEmpty, "docs/adapter-protocol.md does not mention: \(missing)")
        for status in StatusOutcome.allCases {
            for code in status.iosCodes where !page.contains(String(code)) {
                Issue.record("the status table lacks iOS code \(code) of \(status.rawValue)")
            }
        }
    }
}
