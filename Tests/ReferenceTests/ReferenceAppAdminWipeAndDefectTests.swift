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
            runner.answers = [Method.delegateRestartApplication: ["return": true], Method.uiPinSetup: ["pin": "2580"],
                              Method.uiPinEntry: ["pin": "2580"], Method.delegateWipeData: ["return": true]]
            try ReferenceAppEndToEndTests.signInAndSettle(runner, backend: backend, dataDir: dataDir)
            _ = try runner.request(Method.appWriteData, ["accountId": id, "name": "report.txt", "content": "figures"])
            return runner
        }
        try await backend.wipe(accountId: alice.objectId)
        try await backend.advanceClock(seconds: 8 * 3600)
        let beforeAdvance = runner.seen.count
        let (state, registered, afterRestart) = try await onDedicatedThread { () throws -> (JSONValue, JSONValue, Int) in
            _ = try runner.request(Method.clockAdvance, ["seconds": .number(8 * 3600)])
            _ = try runner.request(Method.sync)
            let state = try runner.request(Method.appState)
            let registered = try runner.request(Method.sdkRegisteredAccounts)
            let afterRestart = runner.seen.count
            _ = try runner.request(Method.appRestart)
            _ = try runner.request(Method.sync)
            _ = try runner.request(Method.shutdown)
            _ = runner.finish()
            return (state, registered, afterRestart)
        }
        let registrations = try await backend.registrations()
        await backend.stop()
        let received = runner.index(after: beforeAdvance - 1) {
            $0.isEvent(Method.eventStatus, ["request": "policy", "status": "wipe-received", "code": 102, "accountId": id])
        }
        let asked = runner.index(after: received ?? -1) { $0.isQuestion(Method.delegateWipeData) }
        let unenrolled = runner.index(after: asked ?? -1) {
            $0.isEvent(Method.eventStatus, ["request": "unenroll", "status": "unenrolled", "code": 104, "accountId": id])
        }
        #expect(received != nil && asked != nil && unenrolled != nil, "\(runner.seen)")
        #expect(runner.seen.filter { $0.isQuestion(Method.delegateWipeData) }.count == 1)
        #expect(state["data"] == ["\(alice.objectId)": []])
        #expect(state["signedInAccounts"] == [])
        #expect(state["managedAccountId"] == .null)
        #expect(registered["accountIds"] == [])
        #expect(registrations.isEmpty)
        // The wiped account is not registered again at the next launch.
        #expect(runner.index(after: afterRestart - 1) {
            $0.isEvent(Method.eventSDKCall, ["api": "registerAndEnrollAccountId"])
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
            runner.answers = [Method.delegateRestartApplication: ["return": true], Method.uiPinSetup: ["pin": "2580"],
                              Method.delegateWipeData: ["return": true]]
            try ReferenceAppEndToEndTests.signInAndSettle(runner, backend: backend, dataDir: dataDir)
            _ = try runner.request(Method.appSignOut, ["accountId": id])
            _ = try runner.request(Method.sync)
            let registered = try runner.request(Method.sdkRegisteredAccounts)
            _ = try runner.request(Method.shutdown)
            _ = runner.finish()
            return (runner, registered)
        }
        let registrations = try await backend.registrations()
        let unenrolls = try await backend.journal().filter { $0.route == "mam.unenroll" }
        await backend.stop()
        let signedOut = runner.index { $0.isEvent(Method.eventApp, ["kind": "signed-out", "accountId": id]) }
        let deregister = runner.index(after: signedOut ?? -1) {
            $0.isEvent(Method.eventSDKCall, ["api": "deRegisterAndUnenrollAccountId", "accountId": id])
        }
        let failed = runner.index(after: deregister ?? -1) {
            $0.isEvent(Method.eventStatus, ["request": "unenroll", "status": "auth-required", "code": 203, "didSucceed": false])
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
            _ = try runner.request(Method.initialize, backend.initializeParams(dataDir: dataDir))
            _ = try runner.request(Method.appLaunch)
            _ = try runner.request(Method.appSignIn, ["upn": .string(bob.upn), "password": .string(bob.password)])
            _ = try runner.request(Method.sdkDeregisterAndUnenroll, ["accountId": bobId, "wipe": false])
            _ = try runner.request(Method.sync)
            let restartIndex = runner.seen.count
            _ = try runner.request(Method.appRestart)
            _ = try runner.request(Method.sync)
            let afterRestart = try runner.request(Method.sdkRegisteredAccounts)
            _ = try runner.request(Method.shutdown)
            _ = runner.finish()
            return (runner, afterRestart, restartIndex)
        }
        await backend.stop()
        #expect(afterRestart["accountIds"] == [])
        #expect(runner.index(after: restartIndex - 1) {
            $0.isEvent(Method.eventSDKCall, ["api": "registerAndEnrollAccountId"])
        } == nil, "\(runner.seen)")
    }
}
