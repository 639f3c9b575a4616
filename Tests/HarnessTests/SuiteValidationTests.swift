import Foundation
import SuiteLoader
import Testing

/// Suite format v1: every key inside `with`, `result`, `is` and patterns is checked against the protocol's
/// vocabulary, with the nearest known name suggested, and no mistake goes unreported.
@Suite struct SuiteValidationTests {
    static let header = """
        suite: s
        title: t
        defaults: {tenant: contoso}
        cases:

        """

    /// Loads one suite text (a case list appended to a fixed header) and returns its errors as `line:column message`.
    static func errors(_ cases: String, header: String = header) throws -> [String] {
        let file = NSTemporaryDirectory() + "mamconf-suite-\(UUID().uuidString).yaml"
        try (header + cases).write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let (catalog, _) = RequirementCatalog.load(path: "\(Repository.suites)/requirements.yaml")
        return SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: catalog).load(paths: [file]).errors
            .map { "\($0.location.line):\($0.location.column) \($0.message)" }
    }

    static func caseWith(_ steps: String, requirements: String = "[ENR-01]") -> String {
        """
          - id: c
            title: c
            requirements: \(requirements)
            steps:
        \(steps)
        """
    }

    @Test(arguments: [
        ("      - check: sdk.enrolledAccount\n        is: {acountId: null}", "unknown key 'acountId' in 'is'; did you mean 'accountId'?"),
        ("      - expect: {status: enroled}", "unknown status 'enroled'; did you mean 'enrolled'?"),
        ("      - expect: {status: enrolled, acountId: $alice}", "unknown key 'acountId' in a status pattern; did you mean 'accountId'?"),
        ("      - do: app.launh", "unknown action 'app.launh'; did you mean 'app.launch'?"),
        ("      - check: app.state\n        is: {ready: yes-please}", "'ready' must be a boolean"),
        ("      - check: sdk.policy\n        with: {accountId: $alice}\n        is: {notificationPolicy: deny}", "unknown value 'deny' in 'notificationPolicy'"),
        ("      - do: sdk.registerAndEnroll", "sdk.registerAndEnroll needs 'with' carrying accountId"),
        ("      - do: sdk.deregisterAndUnenroll\n        with: {accountId: $alice}", "'with' is missing required key 'wipe'"),
        ("      - answer: ui.pinSetup\n        with: {pin: 2580}", "'pin' must be a string"),
        ("      - answer: delegate.restartApplication\n        with: {return: true}\n        times: 0", "times must be at least 1"),
        ("      - expect: {app: restarted}\n        count: -1", "count must not be negative"),
        ("      - check: app.state\n        is: {managedAccountId: null, ready: null}", "'ready' cannot be null"),
        ("      - expcet: {app: restarted}", "unknown step kind 'expcet'; did you mean 'expect'?"),
        ("      - check_backend: {journal: mam.chekin, count: 1}", "unknown route 'mam.chekin'; did you mean 'mam.checkin'?"),
        ("      - check_backend: {journal: mam.checkin, client: app, count: 1}", "'client' and 'authority' narrow only the token routes"),
        ("      - check_backend: {journal: token.password, client: mine, count: 1}", "unknown client 'mine' (known: app, alternate)"),
        ("      - check_backend: {journal: token.refresh, authority: comon, min: 1}", "unknown authority 'comon'; did you mean 'common'?"),
        ("      - advance_clock: inf", "advance_clock must be a duration"),
        ("      - advance_clock: 1e300s", "advance_clock must be a duration"),
        ("      - do: app.launch\n        within: .nan", "within must be a duration"),
        ("      - do: sdk.registerAndEnroll\n        with: {accountId: $}", "a bare '$' names no user"),
        ("      - do: sdk.registerAndEnroll\n        with: [1, 2]", "'with' must be a mapping"),
    ])
    func aMistakeInsideAStepIsReportedWithTheNearestName(steps: String, message: String) throws {
        let errors = try Self.errors(Self.caseWith(steps))
        #expect(errors.contains { $0.contains(message) }, "\(errors)")
    }

    @Test func theBundledSuitesUseOnlyTheVocabulary() throws {
        let (catalog, _) = RequirementCatalog.load(path: "\(Repository.suites)/requirements.yaml")
        let result = SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: catalog).load(paths: SuiteLoader.suiteFiles(in: Repository.suites))
        #expect(result.errors.isEmpty, "\(result.errors)")
    }

    @Test func anUnknownRequirementIsRefusedWithASuggestion() throws {
        let errors = try Self.errors(Self.caseWith("      - do: app.launch", requirements: "[ENR-1]"))
        #expect(errors.contains { $0.contains("unknown requirement id 'ENR-1'") && $0.contains("did you mean 'ENR-01'?") }, "\(errors)")
    }

    @Test func everyErrorOfACaseIsReportedEvenWhenItLacksRequiredKeys() throws {
        let errors = try Self.errors("""
              - requirements: [ENR-01]
                steps:
                  - do: app.fly
                  - expect: {status: enroled}

            """, header: "suite: s\ntitle: t\ncases:\n")
        #expect(errors.contains { $0.contains("missing required key 'id'") }, "\(errors)")
        #expect(errors.contains { $0.contains("no tenant") }, "\(errors)")
        #expect(errors.contains { $0.contains("unknown action 'app.fly'") }, "\(errors)")
        #expect(errors.contains { $0.contains("unknown status 'enroled'") }, "\(errors)")
    }

    @Test func anchorsAndAliasesAreRefusedBeforeAnythingExpandsThem() throws {
        // Nine levels of nine aliases: expanded, a billion scalars; refused, nothing is expanded at all.
        var text = "suite: s\ntitle: t\nlol0: &l0 [lol]\n"
        for level in 1...9 { text += "lol\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ") + "]\n" }
        text += "cases: []\n"
        let file = NSTemporaryDirectory() + "mamconf-laughs-\(UUID().uuidString).yaml"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        // Refused at the first anchor, before any composing: the error's place says so (no timing needed).
        let errors = SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: nil).load(paths: [file]).errors
        #expect(errors.map { "\($0.location.line):\($0.location.column) \($0.message)" } == ["3:7 YAML anchors (&name) are not supported in suites; write the value out"])
        let aliasOnly = try Self.errors(Self.caseWith("      - do: app.launch\n      - *step"))
        #expect(aliasOnly.contains { $0.contains("YAML aliases (*name) are not supported") }, "\(aliasOnly)")
    }

    @Test func anEmptySuiteIsFlagged() throws {
        let errors = try Self.errors("", header: "suite: s\ntitle: t\ncases: []\n")
        #expect(errors.contains { $0.contains("a suite needs at least one case") }, "\(errors)")
    }

    /// A surrogate encoded as UTF-8, and an overlong slash: each starts like a character, and neither is UTF-8.
    static let wellFormedLeadsThatAreNotUTF8: [(Data, String)] = [
        (Data(Array("suite: s\n".utf8) + [0xED, 0xA0, 0x80, 0x0A]), "2:1 the file contains the byte 0xED"),
        (Data(Array("suite: s\ntitle: ".utf8) + [0xE0, 0x80, 0xAF, 0x0A]), "2:8 the file contains the byte 0xE0"),
    ]

    @Test(arguments: [
        (Data([0xEF, 0xBB, 0xBF]), "1:1 the file is empty"),
        (Data(), "1:1 the file is empty"),
        (Data([0xFF, 0xFE, 0x73, 0x00]), "1:1 the file is UTF-16"),
        (Data("suite: s\ntitle: caf\u{E9}\n".utf8.map { $0 }.prefix(19)) + Data([0xE9, 0x0A]), "2:11 the file contains the byte 0xE9"),
        (Data("suite: s\ntitle: a\u{0}b\n".utf8), "2:9 the file contains a NUL byte"),
    ] + Self.wellFormedLeadsThatAreNotUTF8)
    func unreadableTextIsReportedAtItsFirstBadByte(bytes: Data, message: String) throws {
        let file = NSTemporaryDirectory() + "mamconf-bytes-\(UUID().uuidString).yaml"
        try bytes.write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let errors = SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: nil).load(paths: [file]).errors
            .map { "\($0.location.line):\($0.location.column) \($0.message)" }
        #expect(errors.contains { $0.hasPrefix(message) }, "\(errors)")
    }

    @Test func filesDirectoriesAndPatternsExpandToSuitesWithoutTheCatalog() {
        let bundled = SuiteLoader.suiteFiles(in: Repository.suites)
        #expect(!bundled.contains { $0.hasSuffix("requirements.yaml") })
        #expect(SuitePaths.expand([Repository.suites]).files == bundled)
        #expect(SuitePaths.expand(["\(Repository.suites)/*.yaml"]).files == bundled)
        #expect(SuitePaths.expand(["\(Repository.suites)/enrollment.yaml"]).files == ["\(Repository.suites)/enrollment.yaml"])
        #expect(SuitePaths.expand(["\(Repository.suites)/zzz*.yaml"]).errors.first?.message == "no suite file matches this pattern")
    }

    @Test func aFileThatCannotBeReadSaysWhy() {
        #expect(SuitePaths.unreadable("/no/such/suite.yaml") == "no such file")
        #expect(SuitePaths.unreadable(Repository.suites)?.hasPrefix("this is a directory") == true)
        #expect(SuitePaths.unreadable("\(Repository.suites)/enrollment.yaml") == nil)
    }
}
