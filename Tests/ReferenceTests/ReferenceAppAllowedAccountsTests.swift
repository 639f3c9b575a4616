import AdapterProtocol
import Foundation
import Testing

/// Allowed accounts end to end through `mamconf-reference` (ALW-01…04): the app refuses accounts outside the
/// list and signs out an account the list no longer allows; and the app mutants that break it.
@Suite("Reference app allowed accounts", .serialized)
struct ReferenceAppAllowedAccountsTests {
    static let answers: [String: JSONValue] = [
        Question.restartApplication.rawValue: ["return": true], Question.pinSetup.rawValue: ["pin": "2580"],
        Question.pinEntry.rawValue: ["pin": "2580"], Question.wipeData.rawValue: ["return": true],
    ]

    /// A runner with the integration initialized (device channel on) and launched, alice the device user.
    static func launched(_ backend: ReferenceAppTestBackend, dataDir: String, mutant: String? = nil) throws -> ReferenceAppTestRunner {
        let runner = try ReferenceAppTestRunner(arguments: mutant.map { ["--mutant", $0] } ?? [], dataDir: dataDir)
        runner.answers = answers
        _ = try runner.request(RunnerMethod.initialize.rawValue, backend.initializeParams(dataDir: dataDir, values: [:]))
        _ = try runner.request(RunnerMethod.appLaunch.rawValue)
        return runner
    }

    static func signIn(_ runner: ReferenceAppTestRunner, upn: String, password: String) throws -> JSONValue {
        try runner.request(RunnerMethod.appSignIn.rawValue, ["upn": .string(upn), "password": .string(password)])
    }

    static func close(_ runner: ReferenceAppTestRunner) throws {
        _ = try runner.request(RunnerMethod.shutdown.rawValue)
        _ = runner.finish()
    }

    @Test("outside the list app.signIn is refused and nothing registered; the allowed account signs in in any case")
    func refusedAndAllowed() async throws {
        let backend = try await ReferenceAppTestBackend.start()
        try await backend.aliceOwnsTheDevice()
        try await backend.restrictToDeviceUser()
        let dataDir = ReferenceAppEndToEndTests.temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let alice = backend.user("alice")
        let bob = backend.user("bob")
        let (runner, list, refused, registered, allowed) = try await onDedicatedThread {
            () throws -> (ReferenceAppTestRunner, JSONValue, JSONValue, JSONValue, JSONValue) in
            let runner = try Self.launched(backend, dataDir: dataDir)
            let list = try runner.request(RunnerMethod.sdkAllowedAccounts.rawValue)
            let refused = try Self.signIn(runner, upn: bob.upn, password: bob.password)
            let registered = try runner.request(RunnerMethod.sdkRegisteredAccounts.rawValue)
            let allowed = try Self.signIn(runner, upn: alice.upn.uppercased(), password: alice.password)
            _ = try runner.request(RunnerMethod.sync.rawValue)
            try Self.close(runner)
            return (runner, list, refused, registered, allowed)
        }
        await backend.stop()
        #expect(list == ["accountIds": [.string(alice.objectId)], "upns": [.string(alice.upn)]])
        #expect(refused == ["accountId": .null, "refused": "not-allowed"])
        #expect(registered == ["accountIds": []])
        #expect(allowed["accountId"]?.stringValue == alice.objectId)
        #expect(runner.seen.filter { $0.isEvent(EventMethod.sdkCall.rawValue, ["api": "registerAndEnrollAccountId"]) }.count == 1)
        #expect(runner.seen.contains { $0.isEvent(EventMethod.status.rawValue, ["status": "enrolled", "accountId": .string(alice.objectId)]) })
        #expect(runner.seen.contains {
            $0.isEvent(EventMethod.notification.rawValue, ["name": "allowed-accounts-changed", "accountIds": [.string(alice.objectId)]])
        }, "the restriction found at the first launch is a change from none")
    }

    /// Bob signed in (not targeted, so never managed) with a file; then the device restricts sign-in to alice.
    static func bobThenRestriction(mutant: String? = nil) async throws -> (ReferenceAppTestRunner, JSONValue, JSONValue, String) {
        let backend = try await ReferenceAppTestBackend.start()
        try await backend.aliceOwnsTheDevice()
        let dataDir = ReferenceAppEndToEndTests.temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let bob = backend.user("bob")
        let runner = try await onDedicatedThread { () throws -> ReferenceAppTestRunner in
            let runner = try Self.launched(backend, dataDir: dataDir, mutant: mutant)
            _ = try Self.signIn(runner, upn: bob.upn, password: bob.password)
            _ = try runner.request(RunnerMethod.appWriteData.rawValue, ["accountId": .string(bob.objectId), "name": "notes.txt", "content": "bob's"])
            _ = try runner.request(RunnerMethod.sync.rawValue)
            return runner
        }
        try await backend.restrictToDeviceUser()
        let (state, registered) = try await onDedicatedThread { () throws -> (JSONValue, JSONValue) in
            _ = try runner.request(RunnerMethod.deviceManagedConfigChanged.rawValue)
            _ = try runner.request(RunnerMethod.sync.rawValue)
            let state = try runner.request(RunnerMethod.appState.rawValue)
            let registered = try runner.request(RunnerMethod.sdkRegisteredAccounts.rawValue)
            try Self.close(runner)
            return (state, registered)
        }
        await backend.stop()
        return (runner, state, registered, bob.objectId)
    }

    @Test("an account the changed list no longer allows is deregistered with wipe, then signed out")
    func disallowedAccountSignedOut() async throws {
        let (runner, state, registered, bob) = try await Self.bobThenRestriction()
        let notified = runner.index { $0.isEvent(EventMethod.notification.rawValue, ["name": "allowed-accounts-changed"]) }
        let deregistered = runner.index(after: notified ?? -1) {
            $0.isEvent(EventMethod.sdkCall.rawValue, ["api": "deRegisterAndUnenrollAccountId", "accountId": .string(bob), "wipe": true])
        }
        let signedOut = runner.index(after: deregistered ?? -1) {
            $0.isEvent(EventMethod.app.rawValue, ["kind": "signed-out", "accountId": .string(bob)])
        }
        #expect(notified != nil && deregistered != nil && signedOut != nil, "\(runner.seen)")
        #expect(state["signedInAccounts"] == [])
        #expect(registered == ["accountIds": []])
    }

    // MARK: Mutants

    @Test("mutant disallowed-account-kept-signed-in: the no longer allowed account stays signed in and registered")
    func keptSignedIn() async throws {
        let (runner, state, registered, bob) = try await Self.bobThenRestriction(mutant: "disallowed-account-kept-signed-in")
        #expect(runner.seen.contains { $0.isEvent(EventMethod.notification.rawValue, ["name": "allowed-accounts-changed"]) })
        #expect(!runner.seen.contains { $0.isEvent(EventMethod.sdkCall.rawValue, ["api": "deRegisterAndUnenrollAccountId"]) })
        #expect(state["signedInAccounts"]?.arrayValue?.count == 1)
        #expect(registered == ["accountIds": [.string(bob)]])
    }

    @Test("mutant disallowed-sign-in-accepted: the account outside the list signs in; the SDK then refuses it (209)")
    func signInAccepted() async throws {
        let backend = try await ReferenceAppTestBackend.start()
        try await backend.aliceOwnsTheDevice()
        try await backend.restrictToDeviceUser()
        let dataDir = ReferenceAppEndToEndTests.temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let bob = backend.user("bob")
        let (runner, result) = try await onDedicatedThread { () throws -> (ReferenceAppTestRunner, JSONValue) in
            let runner = try Self.launched(backend, dataDir: dataDir, mutant: "disallowed-sign-in-accepted")
            let result = try Self.signIn(runner, upn: bob.upn, password: bob.password)
            _ = try runner.request(RunnerMethod.sync.rawValue)
            try Self.close(runner)
            return (runner, result)
        }
        await backend.stop()
        #expect(result == ["accountId": .string(bob.objectId), "refused": .null])
        #expect(runner.seen.contains {
            $0.isEvent(EventMethod.status.rawValue, ["request": "enrollment", "status": "account-mismatch", "code": 209,
                                            "accountId": .string(bob.objectId)])
        }, "\(runner.seen)")
    }

    @Test("mutant allowed-accounts-case-sensitive: the allowed account typed in capitals is refused")
    func caseSensitive() async throws {
        let backend = try await ReferenceAppTestBackend.start()
        try await backend.aliceOwnsTheDevice()
        try await backend.restrictToDeviceUser()
        let dataDir = ReferenceAppEndToEndTests.temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let alice = backend.user("alice")
        let (typedInCapitals, typedAsIs) = try await onDedicatedThread { () throws -> (JSONValue, JSONValue) in
            let runner = try Self.launched(backend, dataDir: dataDir, mutant: "allowed-accounts-case-sensitive")
            let capitals = try Self.signIn(runner, upn: alice.upn.uppercased(), password: alice.password)
            let asIs = try Self.signIn(runner, upn: alice.upn, password: alice.password)
            _ = try runner.request(RunnerMethod.sync.rawValue)
            try Self.close(runner)
            return (capitals, asIs)
        }
        await backend.stop()
        #expect(typedInCapitals == ["accountId": .null, "refused": "not-allowed"])
        #expect(typedAsIs == ["accountId": .string(alice.objectId), "refused": .null])
    }
}
