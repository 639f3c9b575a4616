import AdapterProtocol
import Foundation
import ReferenceApp
import Testing

/// The administrator's selective wipe (WIP-09) end to end through the bridge, and the app's own defects
/// (tokens dropped before deregistering, WIP-08; missing accounts not registered at launch, ENR-06).
@Suite("Reference app admin wipe and app defects", .serialized)
struct ReferenceAppAdminWipeAndDefectTests {
    @Test("admin wipe: 102 at the next check-in, wipe callback once, unenroll 104; the app forgets the account")
    func adminWipe() async throws {
        let backend = try await ReferenceAppTestBackend.start()
        let dataDir = ReferenceAppEndToEndTests.temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let alice = backend.user("alice")
        let id = JSONValue.string(alice.objectId)
        let runner = try await onDedicatedThread { () throws -> ReferenceAppTestRunner in
            let runner = try ReferenceAppTestRunner(dataDir: dataDir)
            runner.answers = [Question.restartApplication.rawValue: ["return": true], Question.pinSetup.rawValue: ["pin": "2580"],
                              Question.pinEntry.rawValue: ["pin": "2580"], Question.wipeData.rawValue: ["return": true]]
            try ReferenceAppEndToEndTests.signInAndSettle(runner, backend: backend, dataDir: dataDir)
            _ = try runner.request(RunnerMethod.appWriteData.rawValue, ["accountId": id, "name": "report.txt", "content": "figures"])
            return runner
        }
        try await backend.wipe(accountId: alice.objectId)
        try await backend.advanceClock(seconds: 8 * 3600)
        let beforeAdvance = runner.seen.count
        let (state, registered, afterRestart) = try await onDedicatedThread { () throws -> (JSONValue, JSONValue, Int) in
            _ = try runner.request(RunnerMethod.clockAdvance.rawValue, ["seconds": .number(8 * 3600)])
            _ = try runner.request(RunnerMethod.sync.rawValue)
            let state = try runner.request(RunnerMethod.appState.rawValue)
            let registered = try runner.request(RunnerMethod.sdkRegisteredAccounts.rawValue)
            let afterRestart = runner.seen.count
            _ = try runner.request(RunnerMethod.appRestart.rawValue)
            _ = try runner.request(RunnerMethod.sync.rawValue)
            _ = try runner.request(RunnerMethod.shutdown.rawValue)
            _ = runner.finish()
            return (state, registered, afterRestart)
        }
        let registrations = try await backend.registrations()
        await backend.stop()
        let received = runner.index(after: beforeAdvance - 1) {
            $0.isEvent(EventMethod.status.rawValue, ["request": "policy", "status": "wipe-received", "code": 102, "accountId": id])
        }
        let asked = runner.index(after: received ?? -1) { $0.isQuestion(Question.wipeData.rawValue) }
        let unenrolled = runner.index(after: asked ?? -1) {
            $0.isEvent(EventMethod.status.rawValue, ["request": "unenroll", "status": "unenrolled", "code": 104, "accountId": id])
        }
        #expect(received != nil && asked != nil && unenrolled != nil, "\(runner.seen)")
        #expect(runner.seen.filter { $0.isQuestion(Question.wipeData.rawValue) }.count == 1)
        #expect(state["data"] == ["\(alice.objectId)": []])
        #expect(state["signedInAccounts"] == [])
        #expect(state["managedAccountId"] == .null)
        #expect(registered["accountIds"] == [])
        #expect(registrations.isEmpty)
        // The wiped account is not registered again at the next launch.
        #expect(runner.index(after: afterRestart - 1) {
            $0.isEvent(EventMethod.sdkCall.rawValue, ["api": "registerAndEnrollAccountId"])
        } == nil, "\(runner.seen)")
    }

    @Test("mutant tokens-dropped-before-deregister: the SDK gets no token, the service keeps the registration")
    func tokensDroppedBeforeDeregister() async throws {
        let backend = try await ReferenceAppTestBackend.start()
        let dataDir = ReferenceAppEndToEndTests.temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let alice = backend.user("alice")
        let id = JSONValue.string(alice.objectId)
        let (runner, registered) = try await onDedicatedThread { () throws -> (ReferenceAppTestRunner, JSONValue) in
            let runner = try ReferenceAppTestRunner(arguments: ["--mutant", "tokens-dropped-before-deregister"], dataDir: dataDir)
            runner.answers = [Question.restartApplication.rawValue: ["return": true], Question.pinSetup.rawValue: ["pin": "2580"],
                              Question.wipeData.rawValue: ["return": true]]
            try ReferenceAppEndToEndTests.signInAndSettle(runner, backend: backend, dataDir: dataDir)
            _ = try runner.request(RunnerMethod.appSignOut.rawValue, ["accountId": id])
            _ = try runner.request(RunnerMethod.sync.rawValue)
            let registered = try runner.request(RunnerMethod.sdkRegisteredAccounts.rawValue)
            _ = try runner.request(RunnerMethod.shutdown.rawValue)
            _ = runner.finish()
            return (runner, registered)
        }
        let registrations = try await backend.registrations()
        let unenrolls = try await backend.journal().filter { $0.route == "mam.unenroll" }
        await backend.stop()
        let signedOut = runner.index { $0.isEvent(EventMethod.app.rawValue, ["kind": "signed-out", "accountId": id]) }
        let deregister = runner.index(after: signedOut ?? -1) {
            $0.isEvent(EventMethod.sdkCall.rawValue, ["api": "deRegisterAndUnenrollAccountId", "accountId": id])
        }
        let failed = runner.index(after: deregister ?? -1) {
            $0.isEvent(EventMethod.status.rawValue, ["request": "unenroll", "status": "auth-required", "code": 203, "didSucceed": false])
        }
        #expect(signedOut != nil && deregister != nil && failed != nil, "\(runner.seen)")
        #expect(registered["accountIds"] == [])
        #expect(unenrolls.isEmpty)
        #expect(registrations.contains { $0["userId"]?.stringValue?.lowercased() == alice.objectId })
    }

    @Test("mutant missing-accounts-not-registered: a signed-in account the SDK lacks stays unregistered at launch")
    func missingAccountsNotRegistered() async throws {
        let backend = try await ReferenceAppTestBackend.start()
        let dataDir = ReferenceAppEndToEndTests.temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let bob = backend.user("bob")
        let bobId = JSONValue.string(bob.objectId)
        let (runner, afterRestart, restartIndex) = try await onDedicatedThread { () throws -> (ReferenceAppTestRunner, JSONValue, Int) in
            let runner = try ReferenceAppTestRunner(arguments: ["--mutant", "missing-accounts-not-registered"], dataDir: dataDir)
            _ = try runner.request(RunnerMethod.initialize.rawValue, backend.initializeParams(dataDir: dataDir))
            _ = try runner.request(RunnerMethod.appLaunch.rawValue)
            _ = try runner.request(RunnerMethod.appSignIn.rawValue, ["upn": .string(bob.upn), "password": .string(bob.password)])
            _ = try runner.request(RunnerMethod.sdkDeregisterAndUnenroll.rawValue, ["accountId": bobId, "wipe": false])
            _ = try runner.request(RunnerMethod.sync.rawValue)
            let restartIndex = runner.seen.count
            _ = try runner.request(RunnerMethod.appRestart.rawValue)
            _ = try runner.request(RunnerMethod.sync.rawValue)
            let afterRestart = try runner.request(RunnerMethod.sdkRegisteredAccounts.rawValue)
            _ = try runner.request(RunnerMethod.shutdown.rawValue)
            _ = runner.finish()
            return (runner, afterRestart, restartIndex)
        }
        await backend.stop()
        #expect(afterRestart["accountIds"] == [])
        #expect(runner.index(after: restartIndex - 1) {
            $0.isEvent(EventMethod.sdkCall.rawValue, ["api": "registerAndEnrollAccountId"])
        } == nil, "\(runner.seen)")
    }
}
