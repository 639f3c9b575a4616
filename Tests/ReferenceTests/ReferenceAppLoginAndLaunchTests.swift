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
            runner.answers = [Method.uiSignIn: ["upn": .string(alice.upn), "password": .string(alice.password)],
                              Method.delegateRestartApplication: ["return": true], Method.uiPinSetup: ["pin": "2580"]]
            _ = try runner.request(Method.initialize, backend.initializeParams(dataDir: dataDir))
            _ = try runner.request(Method.appLaunch)
            #expect(try runner.request(Method.sdkLoginAndEnroll, ["upn": .string(alice.upn)]) == [:])
            _ = try runner.request(Method.sync)
            let enrolled = try runner.request(Method.sdkEnrolledAccount)
            let state = try runner.request(Method.appState)
            _ = try runner.request(Method.shutdown)
            _ = runner.finish()
            return (runner, enrolled, state)
        }
        await backend.stop()
        let call = runner.index { $0.isEvent(Method.eventSDKCall, ["api": "loginAndEnrollAccount", "upn": .string(alice.upn)]) }
        let shown = runner.index(after: call ?? -1) { $0.isEvent(Method.eventUI, ["kind": "sign-in"]) }
        let asked = runner.index(after: shown ?? -1) {
            if case .question(Method.uiSignIn, let params) = $0 { return params["upn"] == .string(alice.upn) }
            return false
        }
        let status = runner.index(after: asked ?? -1) {
            $0.isEvent(Method.eventStatus, ["request": "enrollment", "status": "enrolled", "accountId": id])
        }
        let listed = runner.index(after: status ?? -1) { $0.isEvent(Method.eventApp, ["kind": "signed-in", "accountId": id, "by": "sdk"]) }
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
            runner.answers = [Method.uiSignIn: ["cancel": true]]
            _ = try runner.request(Method.initialize, backend.initializeParams(dataDir: dataDir))
            _ = try runner.request(Method.appLaunch)
            _ = try runner.request(Method.sdkLoginAndEnroll, [:])
            _ = try runner.request(Method.sync)
            let enrolled = try runner.request(Method.sdkEnrolledAccount)
            var badParams = ""
            do { _ = try runner.request(Method.sdkLoginAndEnroll, ["upn": 5]) } catch { badParams = "\(error)" }
            _ = try runner.request(Method.shutdown)
            _ = runner.finish()
            return (runner, enrolled, badParams)
        }
        await backend.stop()
        #expect(runner.index { $0.isEvent(Method.eventSDKCall, ["api": "loginAndEnrollAccount", "upn": .null]) } != nil)
        #expect(runner.index {
            $0.isEvent(Method.eventStatus, ["request": "enrollment", "status": "canceled", "code": 219, "didSucceed": false])
        } != nil, "\(runner.seen)")
        #expect(runner.index { $0.isEvent(Method.eventApp, ["kind": "signed-in"]) } == nil)
        #expect(enrolled["accountId"] == .null)
        #expect(badParams.contains("-32602"), "\(badParams)")
    }

    @Test("MAMPolicyRequired without policy: policy-required UI, launch blocked, app not ready")
    func policyRequiredBlocks() async throws {
        let (runner, launched) = try await Self.launch(settings: ["MAMPolicyRequired": true])
        #expect(launched["ready"] == false)
        #expect(launched["launched"] == true)
        #expect(runner.index { $0.isEvent(Method.eventUI, ["kind": "policy-required"]) } != nil, "\(runner.seen)")
        #expect(runner.index { $0.isEvent(Method.eventApp, ["kind": "blocked", "reason": "policy-required"]) } != nil)
        #expect(runner.index { $0.isEvent(Method.eventApp, ["kind": "ready"]) } == nil)
    }

    @Test("MAMPolicyWarnAbsent without policy: the warning is shown and the app is ready")
    func policyAbsentWarns() async throws {
        let (runner, launched) = try await Self.launch(settings: ["MAMPolicyWarnAbsent": true])
        #expect(launched["ready"] == true)
        let warned = runner.index { $0.isEvent(Method.eventUI, ["kind": "policy-absent-warning"]) }
        let ready = runner.index(after: warned ?? -1) { $0.isEvent(Method.eventApp, ["kind": "ready"]) }
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
            _ = try runner.request(Method.initialize, backend.initializeParams(dataDir: dataDir, settings: settings))
            let launched = try runner.request(Method.appLaunch)
            _ = try runner.request(Method.sync)
            _ = try runner.request(Method.shutdown)
            _ = runner.finish()
            return (runner, launched)
        }
        await backend.stop()
        return result
    }
}
