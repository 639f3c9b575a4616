import AdapterProtocol
import ConformanceCore
import Foundation
import Synchronization
import SuiteLoader
import Testing

/// The run-wide guards every case applies unless it opts out (`guards:` in the suite format): a wipe nobody asked
/// for (RUN-01, FM-25: iOS#624, And#305) and a prompt loop (RUN-02, FM-09: iOS#312, #669, #206) fail the case,
/// however little the case itself expects. Judged against the in-process fakes, so each rule is checked alone.
@Suite struct RunGuardTests {
    static let alice = "5b7c1f0e-2d4a-4c8e-9f31-6a2b8d0e4c11"
    static let bob = "8e2f4a61-93c7-4b0d-a5e8-1c3f7d9b2a44"

    /// An integration that asks the app to wipe `account` whenever the runner sends `method`.
    static func wiping(_ account: String, on method: RunnerMethod, after events: [(EventMethod, JSONValue)] = []) -> ScriptedIntegration {
        ScriptedIntegration { name, _, handler in
            if name == method.rawValue {
                for (event, params) in events { handler.post(event, params) }
                _ = handler.question(method: Question.wipeData.rawValue, params: ["accountId": .string(account)])
            }
            return [:]
        }
    }

    /// An integration whose app launch shows `count` prompts of `question`, each answered or not.
    static func prompting(_ question: Question, _ count: Int, onAsk: @escaping @Sendable () -> Void = {}) -> ScriptedIntegration {
        ScriptedIntegration { name, _, handler in
            if name == RunnerMethod.appLaunch.rawValue {
                for _ in 0..<count {
                    onAsk()
                    // A prompt the guard refused is not answered: the loop stops there, as a user gives up.
                    if case .failure = handler.question(method: question.rawValue, params: [:]) { break }
                }
            }
            return [:]
        }
    }

    static func run(_ caseYAML: String, _ integration: ScriptedIntegration, backend: InMemoryBackend = InMemoryBackend()) async throws -> RunResult {
        try await RunnerLogicTests.run(caseYAML, integration: integration, backend: backend)
    }

    static let answerWipe = "answer: delegate.wipeDataForAccountId\nwith: {return: true}"

    // MARK: RUN-01

    @Test func aWipeQuestionNothingInTheCaseCausedFailsItEvenWhenTheAnswerIsScripted() async throws {
        let result = try await Self.run(
            RunnerLogicTests.yamlCase(requirements: "RUN-01", Self.answerWipe, "do: app.launch"),
            Self.wiping(Self.alice, on: .appLaunch))
        let failure = try #require(RunnerLogicTests.failure(result), "\(RunnerLogicTests.outcomes(result))")
        #expect(failure.message.contains("RUN-01"), "\(failure.message)")
        #expect(failure.message.contains("wipe"), "\(failure.message)")
        #expect(failure.observed?.hasPrefix("got instead: ") == true, "\(failure.observed ?? "nil")")
        #expect(failure.observed?.contains("$alice") == true, "\(failure.observed ?? "nil")")
    }

    @Test func aWipeOfAnotherAccountThanTheOneSignedOutFailsTheCase() async throws {
        let result = try await Self.run(
            RunnerLogicTests.yamlCase(requirements: "RUN-01", Self.answerWipe, "do: app.signOut\nwith: {accountId: $bob}"),
            Self.wiping(Self.alice, on: .appSignOut))
        let failure = try #require(RunnerLogicTests.failure(result), "\(RunnerLogicTests.outcomes(result))")
        #expect(failure.message.contains("RUN-01"), "\(failure.message)")
    }

    @Test(arguments: [
        // The case signs the account out (in other casing: identities ignore case, ENR-12).
        ("do: app.signOut\nwith: {accountId: \(RunGuardTests.alice.uppercased())}", RunnerMethod.appSignOut),
        ("do: sdk.deregisterAndUnenroll\nwith: {accountId: $alice, wipe: true}", RunnerMethod.sdkDeregisterAndUnenroll),
    ])
    func aWipeOfTheAccountTheCaseRemovesPasses(step: String, method: RunnerMethod) async throws {
        let result = try await Self.run(RunnerLogicTests.yamlCase(requirements: "RUN-01", Self.answerWipe, step), Self.wiping(Self.alice, on: method))
        #expect(RunnerLogicTests.outcomes(result) == ["passed"], "\(RunnerLogicTests.failure(result)?.fullMessage ?? "")")
    }

    @Test func aWipeAfterAnAdministratorsSelectiveWipePasses() async throws {
        let result = try await Self.run(
            RunnerLogicTests.yamlCase(requirements: "RUN-01", Self.answerWipe, "backend: {wipe: $alice}", "do: app.launch"),
            Self.wiping(Self.alice, on: .appLaunch))
        #expect(RunnerLogicTests.outcomes(result) == ["passed"], "\(RunnerLogicTests.failure(result)?.fullMessage ?? "")")
    }

    @Test func aWipeAfterTheAppDeregisteredTheAccountItselfPasses() async throws {
        let call: [(EventMethod, JSONValue)] = [(.sdkCall, ["api": "deRegisterAndUnenrollAccountId", "accountId": .string(Self.alice), "wipe": true])]
        let result = try await Self.run(
            RunnerLogicTests.yamlCase(requirements: "RUN-01", Self.answerWipe, "do: app.launch"),
            Self.wiping(Self.alice, on: .appLaunch, after: call))
        #expect(RunnerLogicTests.outcomes(result) == ["passed"], "\(RunnerLogicTests.failure(result)?.fullMessage ?? "")")
    }

    @Test func aDeregistrationTheAppMakesOnlyAfterTheWipeDoesNotAccountForIt() async throws {
        // An app that answers an unasked wipe by signing the account out deregisters it afterwards: that is the
        // wipe's consequence, not its cause.
        let wipeThenDeregister = ScriptedIntegration { name, _, handler in
            if name == RunnerMethod.appLaunch.rawValue {
                _ = handler.question(method: Question.wipeData.rawValue, params: ["accountId": .string(Self.alice)])
                handler.post(.sdkCall, ["api": "deRegisterAndUnenrollAccountId", "accountId": .string(Self.alice), "wipe": true])
            }
            return [:]
        }
        let result = try await Self.run(RunnerLogicTests.yamlCase(requirements: "RUN-01", Self.answerWipe, "do: app.launch"), wipeThenDeregister)
        let failure = try #require(RunnerLogicTests.failure(result), "\(RunnerLogicTests.outcomes(result))")
        #expect(failure.message.contains("RUN-01"), "\(failure.message)")
    }

    @Test func aWipeTheCaseExpectsPasses() async throws {
        let result = try await Self.run(
            RunnerLogicTests.yamlCase(requirements: "RUN-01", Self.answerWipe, "do: app.launch", "expect: {question: delegate.wipeDataForAccountId, accountId: $alice}"),
            Self.wiping(Self.alice, on: .appLaunch))
        #expect(RunnerLogicTests.outcomes(result) == ["passed"], "\(RunnerLogicTests.failure(result)?.fullMessage ?? "")")
    }

    @Test func aCaseThatOptsOutOfTheWipeGuardIsNotFailedByIt() async throws {
        let yaml = RunnerLogicTests.yamlCase(requirements: "RUN-01", Self.answerWipe, "do: app.launch") + "\n    guards: {wipe: false}"
        let result = try await Self.run(yaml, Self.wiping(Self.alice, on: .appLaunch))
        #expect(RunnerLogicTests.outcomes(result) == ["passed"], "\(RunnerLogicTests.failure(result)?.fullMessage ?? "")")
    }

    // MARK: RUN-02

    @Test(arguments: [Question.signIn, .pinEntry, .pinSetup])
    func morePromptsThanTheLimitFailTheCaseAndStopTheLoop(question: Question) async throws {
        let asked = Mutex(0)
        let limit = CaseGuards.defaultPromptLimit
        let answer = question == .signIn ? "answer: ui.signIn\nwith: {cancel: true}" : "answer: \(question.rawValue)\nwith: {pin: \"1234\"}"
        let result = try await Self.run(
            RunnerLogicTests.yamlCase(requirements: "RUN-02", answer, "do: app.launch"),
            Self.prompting(question, 100) { asked.withLock { $0 += 1 } })
        let failure = try #require(RunnerLogicTests.failure(result), "\(RunnerLogicTests.outcomes(result))")
        #expect(failure.message.contains("RUN-02"), "\(failure.message)")
        #expect(failure.message.contains("more than \(limit)"), "\(failure.message)")
        #expect(failure.observed?.hasPrefix("got instead: ") == true, "\(failure.observed ?? "nil")")
        // The prompt past the limit is refused, so a looping integration stops instead of running out the step.
        #expect(asked.withLock { $0 } == limit + 1)
    }

    @Test func promptsUpToTheLimitPass() async throws {
        let result = try await Self.run(
            RunnerLogicTests.yamlCase(requirements: "RUN-02", "answer: ui.pinEntry\nwith: {pin: \"1234\"}", "do: app.launch"),
            Self.prompting(.pinEntry, CaseGuards.defaultPromptLimit))
        #expect(RunnerLogicTests.outcomes(result) == ["passed"], "\(RunnerLogicTests.failure(result)?.fullMessage ?? "")")
    }

    @Test func signInAndPINPromptsAreCountedApart() async throws {
        let limit = CaseGuards.defaultPromptLimit
        let both = ScriptedIntegration { name, _, handler in
            if name == RunnerMethod.appLaunch.rawValue {
                for _ in 0..<limit {
                    _ = handler.question(method: Question.signIn.rawValue, params: [:])
                    _ = handler.question(method: Question.pinEntry.rawValue, params: [:])
                }
            }
            return [:]
        }
        let result = try await Self.run(
            RunnerLogicTests.yamlCase(requirements: "RUN-02", "answer: ui.signIn\nwith: {cancel: true}", "answer: ui.pinEntry\nwith: {pin: \"1234\"}", "do: app.launch"),
            both)
        #expect(RunnerLogicTests.outcomes(result) == ["passed"], "\(RunnerLogicTests.failure(result)?.fullMessage ?? "")")
    }

    @Test func aCaseMayRaiseThePromptLimitOrTurnItOff() async throws {
        let many = CaseGuards.defaultPromptLimit + 3
        let answer = "answer: ui.pinEntry\nwith: {pin: \"1234\"}"
        let raised = try await Self.run(
            RunnerLogicTests.yamlCase(requirements: "RUN-02", answer, "do: app.launch") + "\n    guards: {prompts: \(many)}",
            Self.prompting(.pinEntry, many))
        #expect(RunnerLogicTests.outcomes(raised) == ["passed"], "\(RunnerLogicTests.failure(raised)?.fullMessage ?? "")")
        let off = try await Self.run(
            RunnerLogicTests.yamlCase(requirements: "RUN-02", answer, "do: app.launch") + "\n    guards: {prompts: false}",
            Self.prompting(.pinEntry, many))
        #expect(RunnerLogicTests.outcomes(off) == ["passed"], "\(RunnerLogicTests.failure(off)?.fullMessage ?? "")")
    }

    // MARK: The suite format

    @Test func suiteDefaultsSetTheGuardsOfEveryCaseAndACaseOverridesThem() throws {
        let file = NSTemporaryDirectory() + "mamconf-guards-\(UUID().uuidString).yaml"
        try """
            suite: s
            title: t
            defaults: {tenant: contoso, guards: {wipe: false, prompts: 12}}
            cases:
            \(RunnerLogicTests.yamlCase(id: "inherits", requirements: "RUN-01", "do: app.launch"))
            \(RunnerLogicTests.yamlCase(id: "overrides", requirements: "RUN-01", "do: app.launch"))
                guards: {prompts: false}
            \(RunnerLogicTests.yamlCase(id: "standard", requirements: "RUN-01", "do: app.launch"))
                guards: {wipe: true, prompts: true}
            """.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let (catalog, _) = RequirementCatalog.load(path: "\(Repository.suites)/requirements.yaml")
        let loaded = SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: catalog).load(paths: [file])
        try #require(loaded.errors.isEmpty, "\(loaded.errors)")
        let guards = try #require(loaded.suites.first).cases.map(\.guards)
        #expect(guards == [
            CaseGuards(wipe: false, promptLimit: 12),
            CaseGuards(wipe: false, promptLimit: nil),
            CaseGuards(wipe: true, promptLimit: CaseGuards.defaultPromptLimit),
        ])
    }

    @Test(arguments: [
        ("    guards: {wipes: false}", "unknown key 'wipes' in guards"),
        ("    guards: {wipe: no-thanks}", "wipe must be true or false"),
        ("    guards: {prompts: 0}", "prompts must be at least 1"),
        ("    guards: {prompts: many}", "prompts must be a whole number, true or false"),
        ("    guards: [wipe]", "guards must be a mapping"),
    ])
    func aBadGuardsEntryIsReportedAtItsPosition(entry: String, message: String) throws {
        let errors = try SuiteValidationTests.errors(RunnerLogicTests.yamlCase(requirements: "RUN-01", "do: app.launch") + "\n" + entry)
        // file:line:column, at the bad key or value (the case's guards line is the tenth of the file).
        #expect(errors.contains { $0.hasPrefix("10:") && $0.contains(message) }, "\(errors)")
    }
}
