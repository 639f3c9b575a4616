import AdapterProtocol
import Foundation
import ReferenceApp
import Testing

/// More of the reference integration end to end: the SDK's own wipe of one account's files, and the
/// SDK signing the user in at launch (AutoEnrollOnLaunch + MAMPolicyRequired) with the app adding the account.
@Suite("Reference app wipe and auto-enroll", .serialized)
struct ReferenceAppWipeAndAutoEnrollTests {
    @Test("wipeData answered false: the SDK deletes only the wiped account's files")
    func sdkWipesOnlyThatAccount() async throws {
        let backend = try await ReferenceAppTestBackend.start()
        let dataDir = ReferenceAppEndToEndTests.temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let alice = backend.user("alice")
        let bob = backend.user("bob")
        let aliceId = JSONValue.string(alice.objectId)
        let bobId = JSONValue.string(bob.objectId)
        let (runner, before, after) = try await onDedicatedThread { () throws -> (ReferenceAppTestRunner, JSONValue, JSONValue) in
            let runner = try ReferenceAppTestRunner(dataDir: dataDir)
            runner.answers = [Question.restartApplication.rawValue: ["return": true], Question.pinSetup.rawValue: ["pin": "2580"],
                              Question.wipeData.rawValue: ["return": false]]
            try ReferenceAppEndToEndTests.signInAndSettle(runner, backend: backend, dataDir: dataDir)
            _ = try runner.request(RunnerMethod.appSignIn.rawValue, ["upn": .string(bob.upn), "password": .string(bob.password)])
            _ = try runner.request(RunnerMethod.sync.rawValue)
            for (id, name) in [(aliceId, "a.txt"), (aliceId, "b.txt"), (bobId, "personal.txt")] {
                _ = try runner.request(RunnerMethod.appWriteData.rawValue, ["accountId": id, "name": .string(name), "content": "x"])
            }
            let before = try runner.request(RunnerMethod.appState.rawValue)
            _ = try runner.request(RunnerMethod.sdkDeregisterAndUnenroll.rawValue, ["accountId": aliceId, "wipe": true])
            _ = try runner.request(RunnerMethod.sync.rawValue)
            let after = try runner.request(RunnerMethod.appState.rawValue)
            _ = try runner.request(RunnerMethod.shutdown.rawValue)
            _ = runner.finish()
            return (runner, before, after)
        }
        await backend.stop()
        #expect(before["data"] == ["\(alice.objectId)": ["a.txt", "b.txt"], "\(bob.objectId)": ["personal.txt"]])
        #expect(after["data"] == ["\(alice.objectId)": [], "\(bob.objectId)": ["personal.txt"]], "\(runner.seen)")
        #expect(after["managedAccountId"] == .null)
        #expect(runner.seen.filter { $0.isQuestion(Question.wipeData.rawValue) }.count == 1)
        #expect(runner.index { $0.isEvent(EventMethod.app.rawValue, ["kind": "data-wiped"]) } == nil)
        #expect(runner.index {
            $0.isEvent(EventMethod.status.rawValue, ["request": "enrollment", "accountId": bobId, "status": "single-managed-account"])
        } != nil, "\(runner.seen)")
    }

    @Test("AutoEnrollOnLaunch + MAMPolicyRequired: the SDK signs in at launch, the app adds the account, no restart")
    func autoEnrollAtLaunch() async throws {
        let backend = try await ReferenceAppTestBackend.start()
        let dataDir = ReferenceAppEndToEndTests.temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let alice = backend.user("alice")
        let aliceId = JSONValue.string(alice.objectId)
        let (runner, launched) = try await onDedicatedThread { () throws -> (ReferenceAppTestRunner, JSONValue) in
            let runner = try ReferenceAppTestRunner(dataDir: dataDir)
            runner.answers = [Question.signIn.rawValue: ["upn": .string(alice.upn), "password": .string(alice.password)],
                              Question.pinSetup.rawValue: ["pin": "2580"]]
            _ = try runner.request(RunnerMethod.initialize.rawValue, backend.initializeParams(
                dataDir: dataDir, settings: ["AutoEnrollOnLaunch": true, "MAMPolicyRequired": true]))
            let launched = try runner.request(RunnerMethod.appLaunch.rawValue)
            _ = try runner.request(RunnerMethod.sync.rawValue)
            _ = try runner.request(RunnerMethod.shutdown.rawValue)
            _ = runner.finish()
            return (runner, launched)
        }
        await backend.stop()
        #expect(launched["ready"] == true, "\(runner.seen)")
        #expect(launched["managedAccountId"] == aliceId)
        #expect(launched["signedInAccounts"] == [["accountId": aliceId, "upn": .string(alice.upn)]])
        #expect(runner.index { $0.isEvent(EventMethod.ui.rawValue, ["kind": "sign-in"]) } != nil)
        #expect(runner.index { $0.isEvent(EventMethod.app.rawValue, ["kind": "signed-in", "accountId": aliceId, "by": "sdk"]) } != nil)
        #expect(runner.index { $0.isQuestion(Question.restartApplication.rawValue) } == nil)
        #expect(runner.index { $0.isEvent(EventMethod.app.rawValue, ["kind": "restarted"]) } == nil)
    }
}
