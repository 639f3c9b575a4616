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
            runner.answers = [Method.delegateRestartApplication: ["return": true], Method.uiPinSetup: ["pin": "2580"],
                              Method.delegateWipeData: ["return": false]]
            try ReferenceAppEndToEndTests.signInAndSettle(runner, backend: backend, dataDir: dataDir)
            _ = try runner.request(Method.appSignIn, ["upn": .string(bob.upn), "password": .string(bob.password)])
            _ = try runner.request(Method.sync)
            for (id, name) in [(aliceId, "a.txt"), (aliceId, "b.txt"), (bobId, "personal.txt")] {
                _ = try runner.request(Method.appWriteData, ["accountId": id, "name": .string(name), "content": "x"])
            }
            let before = try runner.request(Method.appState)
            _ = try runner.request(Method.sdkDeregisterAndUnenroll, ["accountId": aliceId, "wipe": true])
            _ = try runner.request(Method.sync)
            let after = try runner.request(Method.appState)
            _ = try runner.request(Method.shutdown)
            _ = runner.finish()
            return (runner, before, after)
        }
        await backend.stop()
        #expect(before["data"] == ["\(alice.objectId)": ["a.txt", "b.txt"], "\(bob.objectId)": ["personal.txt"]])
        #expect(after["data"] == ["\(alice.objectId)": [], "\(bob.objectId)": ["personal.txt"]], "\(runner.seen)")
        #expect(after["managedAccountId"] == .null)
        #expect(runner.seen.filter { $0.isQuestion(Method.delegateWipeData) }.count == 1)
        #expect(runner.index { $0.isEvent(Method.eventApp, ["kind": "data-wiped"]) } == nil)
        #expect(runner.index {
            $0.isEvent(Method.eventStatus, ["request": "enrollment", "accountId": bobId, "status": "single-managed-account"])
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
            runner.answers = [Method.uiSignIn: ["upn": .string(alice.upn), "password": .string(alice.password)],
                              Method.uiPinSetup: ["pin": "2580"]]
            _ = try runner.request(Method.initialize, backend.initializeParams(
                dataDir: dataDir, settings: ["AutoEnrollOnLaunch": true, "MAMPolicyRequired": true]))
            let launched = try runner.request(Method.appLaunch)
            _ = try runner.request(Method.sync)
            _ = try runner.request(Method.shutdown)
            _ = runner.finish()
            return (runner, launched)
        }
        await backend.stop()
        #expect(launched["ready"] == true, "\(runner.seen)")
        #expect(launched["managedAccountId"] == aliceId)
        #expect(launched["signedInAccounts"] == [["accountId": aliceId, "upn": .string(alice.upn)]])
        #expect(runner.index { $0.isEvent(Method.eventUI, ["kind": "sign-in"]) } != nil)
        #expect(runner.index { $0.isEvent(Method.eventApp, ["kind": "signed-in", "accountId": aliceId, "by": "sdk"]) } != nil)
        #expect(runner.index { $0.isQuestion(Method.delegateRestartApplication) } == nil)
        #expect(runner.index { $0.isEvent(Method.eventApp, ["kind": "restarted"]) } == nil)
    }
}
