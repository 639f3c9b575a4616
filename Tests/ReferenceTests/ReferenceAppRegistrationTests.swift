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
            _ = try runner.request(RunnerMethod.initialize.rawValue, backend.initializeParams(dataDir: dataDir))
            _ = try runner.request(RunnerMethod.appLaunch.rawValue)
            _ = try runner.request(RunnerMethod.appSignIn.rawValue, ["upn": .string(bob.upn), "password": .string(bob.password)])
            _ = try runner.request(RunnerMethod.sdkDeregisterAndUnenroll.rawValue, ["accountId": bobId, "wipe": false])
            _ = try runner.request(RunnerMethod.sync.rawValue)
            let afterDeregister = try runner.request(RunnerMethod.sdkRegisteredAccounts.rawValue)
            let restartIndex = runner.seen.count
            _ = try runner.request(RunnerMethod.appRestart.rawValue)
            _ = try runner.request(RunnerMethod.sync.rawValue)
            let afterRestart = try runner.request(RunnerMethod.sdkRegisteredAccounts.rawValue)
            _ = try runner.request(RunnerMethod.shutdown.rawValue)
            _ = runner.finish()
            return (runner, afterDeregister, afterRestart, restartIndex)
        }
        await backend.stop()
        #expect(afterDeregister["accountIds"] == [])
        #expect(afterRestart["accountIds"] == [bobId])
        let restarted = runner.index(after: restartIndex - 1) { $0.isEvent(EventMethod.app.rawValue, ["kind": "restarted", "reason": "runner"]) }
        let launchCall = runner.index(after: restarted ?? -1) {
            $0.isEvent(EventMethod.sdkCall.rawValue, ["api": "applicationDidFinishLaunching"])
        }
        let registerCall = runner.index(after: launchCall ?? -1) {
            $0.isEvent(EventMethod.sdkCall.rawValue, ["api": "registerAndEnrollAccountId", "accountId": bobId])
        }
        #expect(registerCall != nil, "\(runner.seen)")
        #expect(runner.seen.filter {
            $0.isEvent(EventMethod.status.rawValue, ["request": "enrollment", "status": "not-targeted", "accountId": bobId])
        }.count == 2)
    }
}
