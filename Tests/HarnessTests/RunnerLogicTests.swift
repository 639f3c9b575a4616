import AdapterProtocol
import ConformanceCore
import Foundation
import SuiteLoader
import Synchronization
import Testing

/// The runner's own rules, judged against an integration and a backend that live in the test process
/// (``ScriptedIntegration``, ``InMemoryBackend``): no process starts, no HTTP, so each test takes
/// milliseconds and says exactly which rule it checks.
@Suite struct RunnerLogicTests {
    /// Runs the cases written in `yaml` (suite `logic`, tenant contoso) and returns the result.
    static func run(_ cases: String, integration: any SDKAdapterFactory, backend: any BackendDriver = InMemoryBackend(),
                    stepTimeout: Duration = .seconds(30), restartBudget: Int = 3, jobs: Int = 1, control: RunControl = RunControl(),
                    clock: any HarnessClock = SystemHarnessClock()) async throws -> RunResult {
        let folder = NSTemporaryDirectory() + "mamconf-logic-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = "\(folder)/logic.yaml"
        try """
            suite: logic
            title: runner logic
            defaults: {tenant: contoso, policies: [no-pin]}
            cases:
            \(cases)
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let (catalog, errors) = RequirementCatalog.load(path: "\(Repository.suites)/requirements.yaml")
        try #require(errors.isEmpty)
        let loaded = SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: catalog).load(paths: [file])
        try #require(loaded.errors.isEmpty, "\(loaded.errors)")
        let runner = Runner(adapter: integration, backend: backend, reporters: [],
                            configuration: RunConfiguration(stepTimeout: stepTimeout, workDirectory: "\(folder)/work",
                                                            clock: clock, control: control, restartBudget: restartBudget, jobs: jobs))
        return await runner.run(loaded.suites)
    }

    /// One case in the suite format: its id, requirement IDs and steps (each a list item; a step of several
    /// lines separates them with newlines).
    static func yamlCase(id: String = "c", requirements: String = "ALW-02", _ steps: String...) -> String {
        var lines = ["  - id: \(id)", "    title: t", "    requirements: [\(requirements)]", "    steps:"]
        for step in steps {
            for (index, line) in step.split(separator: "\n").enumerated() { lines.append((index == 0 ? "      - " : "        ") + line) }
        }
        return lines.joined(separator: "\n")
    }

    static func outcomes(_ result: RunResult) -> [String] { result.allCases.map(\.outcome.label) }

    static func failure(_ result: RunResult, _ index: Int = 0) -> CaseFailure? {
        guard result.allCases.indices.contains(index), case .failed(let failure) = result.allCases[index].outcome else { return nil }
        return failure
    }

    static let launchPostsAllowedAccountsChanged = ScriptedIntegration { method, _, handler in
        if method == RunnerMethod.appLaunch.rawValue {
            handler.post(.notification, ["name": .string(NotificationName.allowedAccountsChanged.rawValue)])
        }
        return [:]
    }

    @Test func anEventPostedDuringTheActionMeetsItsExpectation() async throws {
        let result = try await Self.run(Self.yamlCase("do: app.launch", "expect: {notification: allowed-accounts-changed}"), integration: Self.launchPostsAllowedAccountsChanged)
        #expect(Self.outcomes(result) == ["passed"])
    }

    @Test func aMissingEventFailsAtTheSyncWithWhatCameInstead() async throws {
        let integration = ScriptedIntegration { method, _, handler in
            if method == RunnerMethod.appLaunch.rawValue { handler.post(.app, ["kind": .string(AppEventKind.launched.rawValue)]) }
            return [:]
        }
        let result = try await Self.run(Self.yamlCase("do: app.launch", "expect: {notification: allowed-accounts-changed}"), integration: integration)
        let failure = try #require(Self.failure(result), "\(Self.outcomes(result))")
        #expect(failure.message.hasPrefix("expected "), "\(failure.message)")
        #expect(failure.observed?.hasPrefix("got instead: ") == true, "\(failure.observed ?? "nil")")
        #expect(failure.observed?.contains("launched") == true, "\(failure.observed ?? "nil")")
        // The verdict came from the barrier: one sync after the action, no waiting for more.
        #expect(integration.requests.all.suffix(2) == [RunnerMethod.appLaunch.rawValue, RunnerMethod.sync.rawValue])
    }

    @Test func aCountedExpectationCountsEveryMatchingEvent() async throws {
        let twice = ScriptedIntegration { method, _, handler in
            if method == RunnerMethod.appLaunch.rawValue {
                for _ in 0..<2 { handler.post(.notification, ["name": .string(NotificationName.allowedAccountsChanged.rawValue)]) }
            }
            return [:]
        }
        let result = try await Self.run(Self.yamlCase("do: app.launch", "expect: {notification: allowed-accounts-changed}\ncount: 1"), integration: twice)
        let failure = try #require(Self.failure(result))
        #expect(failure.message.hasPrefix("expected 1 × "), "\(failure.message)")
        #expect(failure.message.hasSuffix("got 2"), "\(failure.message)")
    }

    @Test func anEventAnExpectNoForbidsFailsTheCase() async throws {
        let result = try await Self.run(Self.yamlCase("do: app.launch", "expect_no: {notification: allowed-accounts-changed}"), integration: Self.launchPostsAllowedAccountsChanged)
        let failure = try #require(Self.failure(result))
        #expect(failure.message.hasPrefix("expected no "), "\(failure.message)")
        #expect(failure.observed?.contains("allowed-accounts-changed") == true)
    }

    @Test func aQueryAnswerThatDiffersNamesTheMember() async throws {
        let integration = ScriptedIntegration { method, _, _ in
            method == RunnerMethod.sdkAllowedAccounts.rawValue ? ["accountIds": ["someone-else"], "upns": .null] : [:]
        }
        let result = try await Self.run(Self.yamlCase(requirements: "ALW-01", "do: app.launch", "check: sdk.allowedAccounts\nis: {accountIds: null, upns: null}"), integration: integration)
        let failure = try #require(Self.failure(result))
        #expect(failure.message.hasPrefix("sdk.allowedAccounts does not match: accountIds"), "\(failure.message)")
        #expect(failure.details.contains("someone-else"))
    }

    @Test func aScriptedAnswerReachesTheIntegrationAndAnUnscriptedQuestionFailsTheCase() async throws {
        let answers = Mutex<[String]>([])
        let asking = ScriptedIntegration { method, _, handler in
            if method == RunnerMethod.appLaunch.rawValue {
                let answer = handler.question(method: Question.restartApplication.rawValue, params: [:])
                answers.withLock { $0.append("\(answer)") }
            }
            return [:]
        }
        let scripted = try await Self.run(Self.yamlCase(requirements: "RST-01", "answer: delegate.restartApplication\nwith: {return: true}", "do: app.launch"), integration: asking)
        #expect(Self.outcomes(scripted) == ["passed"])
        #expect(answers.withLock { $0 }.first?.contains("true") == true, "\(answers.withLock { $0 })")

        let unscripted = try await Self.run(Self.yamlCase(requirements: "RST-01", "do: app.launch"), integration: asking)
        let failure = try #require(Self.failure(unscripted))
        #expect(failure.message.contains("asked delegate.restartApplication"), "\(failure.message)")
        #expect(failure.message.contains("no scripted answer"))
    }

    static let twoCases = Self.yamlCase(id: "first", "do: app.launch") + "\n" + Self.yamlCase(id: "second", "do: app.launch")

    @Test func anIntegrationThatTimesOutErrorsItsCaseAndTheNextCaseRuns() async throws {
        let calls = Mutex(0)
        let integration = ScriptedIntegration { method, _, _ throws(AdapterFault) in
            if method == RunnerMethod.appLaunch.rawValue, calls.withLock({ $0 += 1; return $0 }) == 1 {
                throw .timeout(method: method, after: .seconds(30))
            }
            return [:]
        }
        let result = try await Self.run(Self.twoCases, integration: integration)
        #expect(Self.outcomes(result) == ["errored", "passed"])
        guard case .errored(let error, _) = result.allCases[0].outcome else { return }
        #expect(error.isIntegrationFault)
        #expect(error.description.contains("did not answer app.launch within 30 s"), "\(error)")
    }

    @Test(arguments: [
        (ErrorCode.unsupported, "skipped", "does not support app.launch"),
        (ErrorCode.actionFailed, "failed", "app.launch failed in the integration"),
        (ErrorCode.invalidParams, "errored", "adapter rejected app.launch"),
    ])
    func aRejectedRequestIsASkipAFailureOrAnErrorByItsCode(code: ErrorCode, label: String, words: String) async throws {
        let integration = ScriptedIntegration { method, _, _ throws(AdapterFault) in
            throw .rejected(method: method, error: RPCError(code, "no"))
        }
        let result = try await Self.run(Self.twoCases, integration: integration)
        #expect(Self.outcomes(result) == [label, label])
        let outcome = result.allCases[0].outcome
        let text: String
        switch outcome {
        case .skipped(let reason, _): text = reason
        default: text = outcome.problem ?? ""
        }
        #expect(text.contains(words), "\(text)")
    }

    @Test func anIntegrationThatKeepsCrashingStopsAtTheRestartBudget() async throws {
        let crashing = ScriptedIntegration { method, _, _ throws(AdapterFault) in throw .exited("killed by signal 11") }
        let cases = (1...5).map { Self.yamlCase(id: "c\($0)", "do: app.launch") }.joined(separator: "\n")
        let result = try await Self.run(cases, integration: crashing, restartBudget: 2)
        #expect(Self.outcomes(result) == ["errored", "errored", "errored", "errored", "errored"])
        let kinds = result.allCases.map { outcome -> String in
            guard case .errored(let error, _) = outcome.outcome else { return "" }
            return error.kind
        }
        #expect(kinds == ["IntegrationError", "IntegrationError", "NotRun", "NotRun", "NotRun"], "\(kinds)")
    }

    @Test func aCaseNeedingWhatTheIntegrationLacksIsSkippedWithoutStartingIt() async throws {
        var lacking = ScriptedIntegration()
        lacking.capabilities.remove(.allowedAccounts)
        let result = try await Self.run(Self.yamlCase(id: "needs-allowed-accounts", requirements: "ALW-01", "do: app.launch", "check: sdk.allowedAccounts\nis: {accountIds: null, upns: null}") + "\n" + Self.yamlCase(id: "needs-nothing-more", "do: app.launch"), integration: lacking)
        #expect(Self.outcomes(result) == ["skipped", "passed"])
        guard case .skipped(let reason, _) = result.allCases[0].outcome else { return }
        #expect(reason.contains("lacks capability allowedAccounts"), "\(reason)")
        #expect(lacking.requests.all.filter { $0 == RunnerMethod.appLaunch.rawValue }.count == 1, "only the second case launched the app")
    }

    @Test func aCaseNeedingWhatTheBackendLacksIsSkippedAndItsTenantNeverMade() async throws {
        let backend = InMemoryBackend(capabilities: [.journal, .clock, .isolatedTenant])
        let result = try await Self.run(Self.yamlCase(id: "needs-faults", requirements: "ENR-02", "backend: {fault: mam.enroll, status: 503, times: 1}", "do: app.launch"), integration: ScriptedIntegration(), backend: backend)
        #expect(Self.outcomes(result) == ["skipped"])
        guard case .skipped(let reason, _) = result.allCases[0].outcome else { return }
        #expect(reason.contains("faults"), "\(reason)")
        #expect(backend.arranged.isEmpty)
    }

    @Test func aRegistrationTheBackendDoesNotHoldFailsWithWhatItHolds() async throws {
        let backend = InMemoryBackend()
        backend.register(BackendRegistration(userId: "someone-else", deviceTag: "d1", sdkVersion: nil, lastSync: nil))
        let result = try await Self.run(Self.yamlCase(requirements: "ENR-02", "do: app.launch", "check_backend: {registration: $alice}"), integration: ScriptedIntegration(), backend: backend)
        let failure = try #require(Self.failure(result), "\(Self.outcomes(result))")
        #expect(failure.message == "expected the backend to hold MAM registration for $alice, but it does not", "\(failure.message)")
        #expect(failure.details == "registrations: someone-else (device d1)")
    }

    @Test func aJournalCheckNarrowedToARegistrationAndAuthorityCountsOnlyThoseAndNamesTheOthersInItsFailure() async throws {
        let backend = InMemoryBackend()
        backend.record(JournalEntry(sequence: 1, route: "token.password", method: "POST", path: "/common/token", status: 200, accountId: nil,
                                    clientId: "client-alt", authority: "common"))
        backend.record(JournalEntry(sequence: 2, route: "token.password", method: "POST", path: "/t/token", status: 200, accountId: nil,
                                    clientId: "client", authority: "tenant-1"))
        backend.record(JournalEntry(sequence: 3, route: "token.password", method: "POST", path: "/common/token", status: 400, accountId: nil,
                                    clientId: "client", authority: "common"))
        let passing = try await Self.run(Self.yamlCase(requirements: "ENR-02", "do: app.launch",
                                                       "check_backend: {journal: token.password, client: alternate, authority: common, count: 1}",
                                                       "check_backend: {journal: token.password, client: app, authority: tenant, count: 1}",
                                                       "check_backend: {journal: token.password, count: 2}"),
                                         integration: ScriptedIntegration(), backend: backend)
        #expect(Self.outcomes(passing) == ["passed"], "\(String(describing: Self.failure(passing)))")
        let failing = try await Self.run(Self.yamlCase(requirements: "ENR-02", "do: app.launch",
                                                       "check_backend: {journal: token.password, client: app, authority: common, min: 1}"),
                                         integration: ScriptedIntegration(), backend: backend)
        let failure = try #require(Self.failure(failing), "\(Self.outcomes(failing))")
        #expect(failure.message == "expected at least 1 successful token.password request(s) (client app, authority common) at the backend, got 0")
        #expect(failure.details.contains("#1 POST /common/token → 200 client alternate authority common"), "\(failure.details)")
        #expect(failure.details.contains("#2 POST /t/token → 200 client app authority tenant"), "\(failure.details)")
    }

    @Test(arguments: [1, 4])
    func everyTenantArrangedIsTornDownWhateverTheOutcome(jobs: Int) async throws {
        let backend = InMemoryBackend()
        let calls = Mutex(0)
        let mixed = ScriptedIntegration { method, _, _ throws(AdapterFault) in
            guard method == RunnerMethod.appLaunch.rawValue else { return [:] }
            switch calls.withLock({ $0 += 1; return $0 % 3 }) {
            case 0: throw .rejected(method: method, error: RPCError(.actionFailed, "no"))
            case 1: throw .exited("status 3")
            default: return [:]
            }
        }
        let cases = (1...6).map { Self.yamlCase(id: "c\($0)", "do: app.launch") }.joined(separator: "\n")
        let result = try await Self.run(cases, integration: mixed, backend: backend, restartBudget: 10, jobs: jobs)
        #expect(result.allCases.count == 6)
        #expect(backend.arranged.count == 6)
        #expect(Set(backend.tornDown).count == 6, "torn down: \(backend.tornDown)")
    }
}
