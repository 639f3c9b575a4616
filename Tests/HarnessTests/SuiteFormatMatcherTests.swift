import AdapterProtocol
import ConformanceCore
import Foundation
import SuiteLoader
import Testing

/// The suite format's sharper expectations: `!present` / `!absent` matchers, `expect_order`, and `within` on an
/// action as a claim that it returns in time. Each is judged against the in-process integration, so every
/// test shows the expectation passing on the right behaviour and failing, with a message a reader can act
/// on, on the wrong one.
@Suite struct SuiteFormatMatcherTests {
    typealias Logic = RunnerLogicTests

    /// An integration whose `app.launch` posts these events, in this order.
    static func launchPosting(_ events: [(EventMethod, JSONValue)]) -> ScriptedIntegration {
        ScriptedIntegration { method, _, handler in
            if method == RunnerMethod.appLaunch.rawValue { for (event, params) in events { handler.post(event, params) } }
            return [:]
        }
    }

    static func status(_ outcome: StatusOutcome, error: String?) -> (EventMethod, JSONValue) {
        (.status, JSONValue(encoding: StatusEvent(request: .enrollment, status: outcome, code: 100, accountId: AccountID("a1"),
                                                  upn: UPN("a@contoso.com"), didSucceed: outcome == .enrolled, errorString: error)))
    }

    static func notification(_ name: NotificationName) -> (EventMethod, JSONValue) {
        (.notification, ["name": .string(name.rawValue)])
    }

    // MARK: !present and !absent

    @Test(arguments: [
        ("a reason", "passed"),
        (nil, "failed"),
        ("", "failed"),
    ] as [(String?, String)])
    func presentDemandsAValueThatSaysSomething(error: String?, verdict: String) async throws {
        let result = try await Logic.run(Logic.yamlCase("do: app.launch", "expect: {status: network-failure, errorString: !present }"),
                                         integration: Self.launchPosting([Self.status(.networkFailure, error: error)]))
        #expect(Logic.outcomes(result) == [verdict])
    }

    @Test(arguments: [
        (nil, "passed"),
        ("", "passed"),
        ("unexpected text", "failed"),
    ] as [(String?, String)])
    func absentDemandsNothingOrEmpty(error: String?, verdict: String) async throws {
        let result = try await Logic.run(Logic.yamlCase("do: app.launch", "expect: {status: enrolled, errorString: !absent }"),
                                         integration: Self.launchPosting([Self.status(.enrolled, error: error)]))
        #expect(Logic.outcomes(result) == [verdict])
    }

    @Test func aMissingErrorIsNamedInTheFailure() async throws {
        let result = try await Logic.run(Logic.yamlCase("do: app.launch", "expect: {status: network-failure, errorString: !present }"),
                                         integration: Self.launchPosting([Self.status(.networkFailure, error: nil)]))
        let failure = try #require(Logic.failure(result))
        #expect(failure.message == "expected status network-failure {\"errorString\":!present}", "\(failure.message)")
        #expect(failure.observed?.contains("network-failure") == true, "\(failure.observed ?? "nil")")
    }

    @Test func matchersWorkInsideQueryResults() async throws {
        let integration = ScriptedIntegration { method, _, _ in
            method == RunnerMethod.sdkEnrolledAccount.rawValue ? ["accountId": "a1"] : [:]
        }
        let present = try await Logic.run(Logic.yamlCase("check: sdk.enrolledAccount\nis: {accountId: !present }"), integration: integration)
        let absent = try await Logic.run(Logic.yamlCase("check: sdk.enrolledAccount\nis: {accountId: !absent }"), integration: integration)
        #expect(Logic.outcomes(present) == ["passed"])
        #expect(Logic.outcomes(absent) == ["failed"])
        #expect(Logic.failure(absent)?.message.contains("accountId: expected no value (!absent), got \"a1\"") == true,
                "\(Logic.failure(absent)?.message ?? "nil")")
    }

    // MARK: expect_order

    @Test func eventsInTheWrittenOrderPass() async throws {
        let result = try await Logic.run(
            Logic.yamlCase("do: app.launch", "expect_order: [{notification: policy-changed}, {notification: app-config-changed}]"),
            integration: Self.launchPosting([Self.notification(.policyChanged), Self.notification(.appConfigChanged)]))
        #expect(Logic.outcomes(result) == ["passed"])
    }

    @Test func eventsInTheOtherOrderFailSayingWhichCameFirst() async throws {
        let result = try await Logic.run(
            Logic.yamlCase("do: app.launch", "expect_order: [{notification: policy-changed}, {notification: app-config-changed}]"),
            integration: Self.launchPosting([Self.notification(.appConfigChanged), Self.notification(.policyChanged)]))
        let failure = try #require(Logic.failure(result), "\(Logic.outcomes(result))")
        #expect(failure.message == "expected in order: notification policy-changed, then notification app-config-changed")
        #expect(failure.observed == "notification app-config-changed arrived as event #1, before notification policy-changed (event #2), not after it",
                "\(failure.observed ?? "nil")")
    }

    @Test func aMissingEventOfTheOrderIsNamed() async throws {
        let result = try await Logic.run(
            Logic.yamlCase("do: app.launch", "expect_order: [{notification: policy-changed}, {notification: app-config-changed}]"),
            integration: Self.launchPosting([Self.notification(.policyChanged)]))
        let failure = try #require(Logic.failure(result))
        #expect(failure.observed?.hasPrefix("nothing matching notification app-config-changed arrived after notification policy-changed") == true,
                "\(failure.observed ?? "nil")")
    }

    @Test func anOrderedExpectationConsumesItsEventsSoALaterExpectNoSeesOnlyRepeats() async throws {
        let once = try await Logic.run(
            Logic.yamlCase("do: app.launch", "expect_order: [{notification: policy-changed}, {notification: app-config-changed}]",
                           "expect_no: {notification: policy-changed}"),
            integration: Self.launchPosting([Self.notification(.policyChanged), Self.notification(.appConfigChanged)]))
        let twice = try await Logic.run(
            Logic.yamlCase("do: app.launch", "expect_order: [{notification: policy-changed}, {notification: app-config-changed}]",
                           "expect_no: {notification: policy-changed}"),
            integration: Self.launchPosting([Self.notification(.policyChanged), Self.notification(.policyChanged),
                                             Self.notification(.appConfigChanged)]))
        #expect(Logic.outcomes(once) == ["passed"])
        #expect(Logic.outcomes(twice) == ["failed"])
    }

    @Test func anEarlierUnrelatedMatchDoesNotHideALaterOrderedOne() async throws {
        // config-changed, policy-changed, config-changed: the order policy → config exists (events 2 and 3).
        let result = try await Logic.run(
            Logic.yamlCase("do: app.launch", "expect_order: [{notification: policy-changed}, {notification: app-config-changed}]"),
            integration: Self.launchPosting([Self.notification(.appConfigChanged), Self.notification(.policyChanged),
                                             Self.notification(.appConfigChanged)]))
        #expect(Logic.outcomes(result) == ["passed"])
    }

    // MARK: expect_order with stages (partial orders)

    static let stagedOrder = "expect_order: [{notification: policy-changed}, [{notification: app-config-changed}, {notification: data-protection-changed}], {notification: wipe-completed}]"

    @Test(arguments: [
        [NotificationName.policyChanged, .appConfigChanged, .dataProtectionChanged, .wipeCompleted],
        [NotificationName.policyChanged, .dataProtectionChanged, .appConfigChanged, .wipeCompleted],
    ])
    func theEventsOfOneStageMayArriveInAnyOrderBetweenTheStagesAroundThem(order: [NotificationName]) async throws {
        let result = try await Logic.run(Logic.yamlCase("do: app.launch", Self.stagedOrder),
                                         integration: Self.launchPosting(order.map(Self.notification)))
        #expect(Logic.outcomes(result) == ["passed"])
    }

    @Test func anEventOfAStageBeforeTheStageBeforeItFailsNamingTheStage() async throws {
        let result = try await Logic.run(
            Logic.yamlCase("do: app.launch", Self.stagedOrder),
            integration: Self.launchPosting([.dataProtectionChanged, .policyChanged, .appConfigChanged, .wipeCompleted].map(Self.notification)))
        let failure = try #require(Logic.failure(result), "\(Logic.outcomes(result))")
        #expect(failure.message == "expected in order: notification policy-changed, then notification app-config-changed and "
                + "notification data-protection-changed (in any order), then notification wipe-completed", "\(failure.message)")
        #expect(failure.observed == "notification data-protection-changed arrived as event #1, before notification policy-changed (event #2), not after it",
                "\(failure.observed ?? "nil")")
    }

    @Test func aStageEndsWithItsLastEventSoTheNextStageMustFollowThatOne() async throws {
        let result = try await Logic.run(
            Logic.yamlCase("do: app.launch", Self.stagedOrder),
            integration: Self.launchPosting([.policyChanged, .appConfigChanged, .wipeCompleted, .dataProtectionChanged].map(Self.notification)))
        let failure = try #require(Logic.failure(result), "\(Logic.outcomes(result))")
        #expect(failure.observed == "notification wipe-completed arrived as event #3, before notification data-protection-changed (event #4), not after it",
                "\(failure.observed ?? "nil")")
    }

    // MARK: several statuses, any status, lists in any order

    @Test(arguments: [
        (StatusOutcome.networkFailure, "passed"),
        (.timeout, "passed"),
        (.internalError, "failed"),
    ])
    func aStatusPatternMayNameTheStatusesTheGuidesLeaveOpen(outcome: StatusOutcome, verdict: String) async throws {
        let result = try await Logic.run(Logic.yamlCase("do: app.launch", "expect: {status: [network-failure, timeout], didSucceed: false}"),
                                         integration: Self.launchPosting([Self.status(outcome, error: "why")]))
        #expect(Logic.outcomes(result) == [verdict])
    }

    @Test(arguments: [
        (StatusOutcome.internalError, "passed"),
        (.enrolled, "failed"),
    ])
    func anyStatusIsWrittenPresent(outcome: StatusOutcome, verdict: String) async throws {
        let result = try await Logic.run(Logic.yamlCase("do: app.launch", "expect: {status: !present , didSucceed: false}"),
                                         integration: Self.launchPosting([Self.status(outcome, error: "why")]))
        #expect(Logic.outcomes(result) == [verdict])
        if verdict == "failed" {
            #expect(Logic.failure(result)?.message == "expected any status {\"didSucceed\":false}", "\(Logic.failure(result)?.message ?? "nil")")
        }
    }

    @Test func aListInAQueryResultMatchesInAnyOrderUnlessWrittenOrdered() async throws {
        let integration = ScriptedIntegration { method, _, _ in
            method == RunnerMethod.sdkRegisteredAccounts.rawValue ? ["accountIds": ["b1", "a1"]] : [:]
        }
        let anyOrder = try await Logic.run(Logic.yamlCase("check: sdk.registeredAccounts\nis: {accountIds: [a1, b1]}"), integration: integration)
        let ordered = try await Logic.run(Logic.yamlCase("check: sdk.registeredAccounts\nis: {accountIds: !ordered [a1, b1]}"), integration: integration)
        #expect(Logic.outcomes(anyOrder) == ["passed"])
        #expect(Logic.outcomes(ordered) == ["failed"])
    }

    @Test func anAppThatKeepsNoPreferencesMayLeaveThemOut() async throws {
        // app.state: `preferences` "absent when it keeps none" (adapter-protocol.md).
        let integration = ScriptedIntegration { method, _, _ in
            method == RunnerMethod.appState.rawValue ? ["launched": true, "ready": true, "signedInAccounts": [], "corporateDataVisible": true, "data": [:]] : [:]
        }
        let gone = try await Logic.run(Logic.yamlCase("check: app.state\nis: {preferences: {a1: !absent }}"), integration: integration)
        let kept = try await Logic.run(Logic.yamlCase("check: app.state\nis: {preferences: {a1: [theme]}}"), integration: integration)
        #expect(Logic.outcomes(gone) == ["passed"])
        #expect(Logic.outcomes(kept) == ["failed"])
    }

    // MARK: within on an action

    static let slowLaunch = ScriptedIntegration { method, _, _ throws(AdapterFault) in
        if method == RunnerMethod.appLaunch.rawValue { throw .timeout(method: method, after: .milliseconds(500)) }
        return [:]
    }

    @Test func anActionRunningPastItsWithinFailsTheCase() async throws {
        let result = try await Logic.run(Logic.yamlCase("do: app.launch\nwithin: 500ms"), integration: Self.slowLaunch)
        let failure = try #require(Logic.failure(result), "\(Logic.outcomes(result))")
        #expect(failure.message == "app.launch did not return within 0.500 s", "\(failure.message)")
    }

    @Test func anActionRunningPastTheDefaultDeadlineIsAnErrorNotAFailure() async throws {
        let result = try await Logic.run(Logic.yamlCase("do: app.launch"), integration: Self.slowLaunch)
        #expect(Logic.outcomes(result) == ["errored"])
    }
}

/// How the suite loader treats the new forms: errors at their place, with a hint.
@Suite struct SuiteFormatMatcherLoadingTests {
    static func errors(_ steps: String...) throws -> [String] {
        let folder = NSTemporaryDirectory() + "mamconf-matchers-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = "\(folder)/m.yaml"
        try """
            suite: m
            title: m
            defaults: {tenant: contoso, policies: [no-pin]}
            cases:
              - id: c
                title: t
                requirements: [ENR-02]
                steps:
            \(steps.map { "      - \($0)" }.joined(separator: "\n"))
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let (catalog, _) = RequirementCatalog.load(path: "\(Repository.suites)/requirements.yaml")
        return SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: catalog).load(paths: [file]).errors
            .map { $0.description.replacingOccurrences(of: file, with: "m.yaml") }
    }

    @Test func aMatcherWhereTheRunnerSendsAValueIsAnError() throws {
        let errors = try Self.errors("do: sdk.registerAndEnroll\n        with: {accountId: !present }")
        #expect(errors.count == 1)
        #expect(errors.first?.contains("'!present' is a matcher: it belongs in an expectation") == true, "\(errors)")
    }

    @Test func anUnknownMatcherIsNamedWithTheKnownOnes() throws {
        let errors = try Self.errors("expect: {status: enrolled, errorString: !presnet }")
        #expect(errors.count == 1 && errors[0].contains("unknown matcher '!presnet'") && errors[0].contains("did you mean '!present'?"), "\(errors)")
    }

    @Test func aMatcherOnAMisspeltKeyIsStillAnUnknownKey() throws {
        let errors = try Self.errors("expect: {status: enrolled, errorStrin: !present }")
        #expect(errors.contains { $0.contains("unknown key 'errorStrin'") }, "\(errors)")
    }

    @Test func aMatcherTouchingTheClosingBraceGetsAHint() throws {
        let errors = try Self.errors("expect: {status: enrolled, errorString: !present}")
        #expect(errors.first?.contains("write a space after a matcher") == true, "\(errors)")
    }

    @Test func anOrderOfOnePatternIsAnError() throws {
        let errors = try Self.errors("expect_order: [{status: enrolled}]")
        #expect(errors.contains { $0.contains("expect_order needs at least two event patterns") }, "\(errors)")
    }

    @Test func aStatusListNamesKnownStatusesOnly() throws {
        let errors = try Self.errors("expect: {status: [network-failure, timout]}")
        #expect(errors.count == 1 && errors[0].contains("unknown status 'timout'") && errors[0].contains("did you mean 'timeout'?"), "\(errors)")
    }

    @Test func onlyAStatusPatternMayNameSeveral() throws {
        let errors = try Self.errors("expect: {ui: [pin-setup, pin-entry]}")
        #expect(errors.count == 1 && errors[0].contains("only a status pattern may name several"), "\(errors)")
    }

    @Test func orderedBelongsOnAList() throws {
        let errors = try Self.errors("check: sdk.registeredAccounts\n        is: {accountIds: !ordered a1}")
        #expect(errors.count == 1 && errors[0].contains("'!ordered' marks a list"), "\(errors)")
    }

    @Test func aStageOfAnOrderNeedsTwoPatterns() throws {
        let errors = try Self.errors("expect_order: [{status: enrolled}, [{status: policy-new}]]")
        #expect(errors.contains { $0.contains("a stage of expect_order lists at least two patterns") }, "\(errors)")
    }

    @Test func eachPatternOfAnOrderIsCheckedAtItsPlace() throws {
        let errors = try Self.errors("expect_order: [{status: enrolled}, {notification: polcy-changed}]")
        #expect(errors.contains { $0.hasPrefix("m.yaml:9:") && $0.contains("polcy-changed") }, "\(errors)")
    }
}
