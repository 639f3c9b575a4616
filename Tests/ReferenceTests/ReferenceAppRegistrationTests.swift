import AdapterProtocol
import Foundation
import ReferenceApp
import Testing

/// ENR-06 as the app implements it: at launch, every signed-in account the SDK does not list is registered.
@Suite("Reference app registration at launch")
struct ReferenceAppRegistrationTests {
    @Test("a signed-in account missing from registeredAccountIds is registered again at the next launch")
    func registersMissingAccountsAtLaunch() async throws {
        let backend = try await ReferenceAppTestBackend.start()
        let dataDir = ReferenceAppEndToEndTests.temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let bob = backend.user("bob")
        let bobId = JSONValue.string(bob.objectId)
        let (runner, afterDeregister, afterRestart, restartIndex) = try await onDedicatedThread {
            () throws -> (ReferenceAppTestRunner, JSONValue, JSONValue, Int) in
            let runner = try ReferenceAppTestRunner(dataDir: dataDir)
            _ = try runner.request(Method.initialize, backend.initializeParams(dataDir: dataDir))
            _ = try runner.request(Method.appLaunch)
            _ = try runner.request(Method.appSignIn, ["upn": .string(bob.upn), "password": .string(bob.password)])
            _ = try runner.request(Method.sdkDeregisterAndUnenroll, ["accountId": bobId, "wipe": false])
            _ = try runner.request(Method.sync)
            let afterDeregister = try runner.request(Method.sdkRegisteredAccounts)
            let restartIndex = runner.seen.count
            _ = try runner.request(Method.appRestart)
            _ = try runner.request(Method.sync)
            let afterRestart = try runner.request(Method.sdkRegisteredAccounts)
            _ = try runner.request(Method.shutdown)
            _ = runner.finish()
            return (runner, afterDeregister, afterRestart, restartIndex)
        }
        await backend.stop()
        #expect(afterDeregister["accountIds"] == [])
        #expect(afterRestart["accountIds"] == [bobId])
        let restarted = runner.index(after: restartIndex - 1) { $0.isEvent(Method.eventApp, ["kind": "restarted", "reason": "runner"]) }
        let launchCall = runner.index(after: restarted ?? -1) {
            $0.isEvent(Method.eventSDKCall, ["api": "applicationDidFinishLaunching"])
        }
        let registerCall = runner.index(after: launchCall ?? -1) {
            $0.isEvent(Method.eventSDKCall, ["api": "registerAndEnrollAccountId", "accountId": bobId])
        }
        #expect(registerCall != nil, "\(runner.seen)")
        #expect(runner.seen.filter {
            $0.isEvent(Method.eventStatus, ["request": "enrollment", "status": "not-targeted", "accountId": bobId])
        }.count == 2)
    }
}
