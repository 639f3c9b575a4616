import AdapterProtocol
import Foundation
import ReferenceApp
import Testing

/// `sdk.loginAndEnroll` (ENR-07) and the launch settings MAMPolicyRequired / MAMPolicyWarnAbsent (ENR-09,
/// ENR-10) through the real bridge, as the runner drives them.
@Suite("Reference app login-and-enroll and launch settings", .serialized)
struct ReferenceAppLoginAndLaunchTests {
    @Test("sdk.loginAndEnroll: the SDK prompts, signs in, enrolls; the app lists the account it enrolled")
    func loginAndEnroll() async throws {
        let backend = try await ReferenceAppTestBackend.start()
        let dataDir = ReferenceAppEndToEndTests.temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let alice = backend.user("alice")
        let id = JSONValue.string(alice.objectId)
        let (runner, enrolled, state) = try await onDedicatedThread { () throws -> (ReferenceAppTestRunner, JSONValue, JSONValue) in
            let runner = try ReferenceAppTestRunner(dataDir: dataDir)
            runner.answers = [Question.signIn.rawValue: ["upn": .string(alice.upn), "password": .string(alice.password)],
                              Question.restartApplication.rawValue: ["return": true], Question.pinSetup.rawValue: ["pin": "2580"]]
            _ = try runner.request(RunnerMethod.initialize.rawValue, backend.initializeParams(dataDir: dataDir))
            _ = try runner.request(RunnerMethod.appLaunch.rawValue)
            #expect(try runner.request(RunnerMethod.sdkLoginAndEnroll.rawValue, ["upn": .string(alice.upn)]) == [:])
            _ = try runner.request(RunnerMethod.sync.rawValue)
            let enrolled = try runner.request(RunnerMethod.sdkEnrolledAccount.rawValue)
            let state = try runner.request(RunnerMethod.appState.rawValue)
            _ = try runner.request(RunnerMethod.shutdown.rawValue)
            _ = runner.finish()
            return (runner, enrolled, state)
        }
        await backend.stop()
        let call = runner.index { $0.isEvent(EventMethod.sdkCall.rawValue, ["api": "loginAndEnrollAccount", "upn": .string(alice.upn)]) }
        let shown = runner.index(after: call ?? -1) { $0.isEvent(EventMethod.ui.rawValue, ["kind": "sign-in"]) }
        let asked = runner.index(after: shown ?? -1) {
            if case .question(Question.signIn.rawValue, let params) = $0 { return params["upn"] == .string(alice.upn) }
            return false
        }
        let status = runner.index(after: asked ?? -1) {
            $0.isEvent(EventMethod.status.rawValue, ["request": "enrollment", "status": "enrolled", "accountId": id])
        }
        let listed = runner.index(after: status ?? -1) { $0.isEvent(EventMethod.app.rawValue, ["kind": "signed-in", "accountId": id, "by": "sdk"]) }
        #expect(call != nil && shown != nil && asked != nil && status != nil && listed != nil, "\(runner.seen)")
        #expect(enrolled["accountId"] == id)
        #expect(state["managedAccountId"] == id)
        #expect(state["signedInAccounts"] == [["accountId": id, "upn": .string(alice.upn)]])
        #expect(state["ready"] == true)
    }

    @Test("sdk.loginAndEnroll: a cancelled prompt reports canceled (219); upn must be a string or null")
    func loginCancelled() async throws {
        let backend = try await ReferenceAppTestBackend.start()
        let dataDir = ReferenceAppEndToEndTests.temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let (runner, enrolled, badParams) = try await onDedicatedThread { () throws -> (ReferenceAppTestRunner, JSONValue, String) in
            let runner = try ReferenceAppTestRunner(dataDir: dataDir)
            runner.answers = [Question.signIn.rawValue: ["cancel": true]]
            _ = try runner.request(RunnerMethod.initialize.rawValue, backend.initializeParams(dataDir: dataDir))
            _ = try runner.request(RunnerMethod.appLaunch.rawValue)
            _ = try runner.request(RunnerMethod.sdkLoginAndEnroll.rawValue, [:])
            _ = try runner.request(RunnerMethod.sync.rawValue)
            let enrolled = try runner.request(RunnerMethod.sdkEnrolledAccount.rawValue)
            var badParams = ""
            do { _ = try runner.request(RunnerMethod.sdkLoginAndEnroll.rawValue, ["upn": 5]) } catch { badParams = "\(error)" }
            _ = try runner.request(RunnerMethod.shutdown.rawValue)
            _ = runner.finish()
            return (runner, enrolled, badParams)
        }
        await backend.stop()
        #expect(runner.index { $0.isEvent(EventMethod.sdkCall.rawValue, ["api": "loginAndEnrollAccount", "upn": .null]) } != nil)
        #expect(runner.index {
            $0.isEvent(EventMethod.status.rawValue, ["request": "enrollment", "status": "canceled", "code": 219, "didSucceed": false])
        } != nil, "\(runner.seen)")
        #expect(runner.index { $0.isEvent(EventMethod.app.rawValue, ["kind": "signed-in"]) } == nil)
        #expect(enrolled["accountId"] == .null)
        #expect(badParams.contains("-32602"), "\(badParams)")
    }

    @Test("MAMPolicyRequired without policy: policy-required UI, launch blocked, app not ready")
    func policyRequiredBlocks() async throws {
        let (runner, launched) = try await Self.launch(settings: ["MAMPolicyRequired": true])
        #expect(launched["ready"] == false)
        #expect(launched["launched"] == true)
        #expect(runner.index { $0.isEvent(EventMethod.ui.rawValue, ["kind": "policy-required"]) } != nil, "\(runner.seen)")
        #expect(runner.index { $0.isEvent(EventMethod.app.rawValue, ["kind": "blocked", "reason": "policy-required"]) } != nil)
        #expect(runner.index { $0.isEvent(EventMethod.app.rawValue, ["kind": "ready"]) } == nil)
    }

    @Test("MAMPolicyWarnAbsent without policy: the warning is shown and the app is ready")
    func policyAbsentWarns() async throws {
        let (runner, launched) = try await Self.launch(settings: ["MAMPolicyWarnAbsent": true])
        #expect(launched["ready"] == true)
        let warned = runner.index { $0.isEvent(EventMethod.ui.rawValue, ["kind": "policy-absent-warning"]) }
        let ready = runner.index(after: warned ?? -1) { $0.isEvent(EventMethod.app.rawValue, ["kind": "ready"]) }
        #expect(warned != nil && ready != nil, "\(runner.seen)")
    }

    /// Launches a fresh app with `settings` and returns what the runner saw and the launch snapshot.
    private static func launch(settings: [String: Bool], arguments: [String] = []) async throws
        -> (ReferenceAppTestRunner, JSONValue) {
        let backend = try await ReferenceAppTestBackend.start()
        let dataDir = ReferenceAppEndToEndTests.temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let result = try await onDedicatedThread { () throws -> (ReferenceAppTestRunner, JSONValue) in
            let runner = try ReferenceAppTestRunner(arguments: arguments, dataDir: dataDir)
            _ = try runner.request(RunnerMethod.initialize.rawValue, backend.initializeParams(dataDir: dataDir, settings: settings))
            let launched = try runner.request(RunnerMethod.appLaunch.rawValue)
            _ = try runner.request(RunnerMethod.sync.rawValue)
            _ = try runner.request(RunnerMethod.shutdown.rawValue)
            _ = runner.finish()
            return (runner, launched)
        }
        await backend.stop()
        return result
    }
}
