import AdapterProtocol
import Foundation
import ReferenceApp
import Testing

/// The reference integration driven through real pipes, as the runner drives it, against the real mock
/// backend: the bridge, the app, the simulated SDK and AdapterKit together.
@Suite("Reference app end to end", .serialized)
struct ReferenceAppEndToEndTests {
    static func temporaryDataDir() -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mamconf-refapp-\(UUID().uuidString)")
        return url.path
    }

    /// Signs alice in and returns once the first-policy restart and the PIN setup are done.
    static func signInAndSettle(_ runner: ReferenceAppTestRunner, backend: ReferenceAppTestBackend, dataDir: String) throws {
        let info = try runner.request(RunnerMethod.initialize.rawValue, backend.initializeParams(dataDir: dataDir))
        #expect(info["implementation"]?["name"] == "mamconf-reference")
        #expect(Set((info["capabilities"]?.arrayValue ?? []).compactMap(\.stringValue)) == Set(Capability.allCases.map(\.rawValue)))
        #expect(info["protocolVersion"] == .string(ProtocolVersion.current.rawValue))
        let launched = try runner.request(RunnerMethod.appLaunch.rawValue)
        #expect(launched["launched"] == true)
        #expect(launched["ready"] == true)
        let alice = backend.user("alice")
        let signedIn = try runner.request(RunnerMethod.appSignIn.rawValue, ["upn": .string(alice.upn), "password": .string(alice.password)])
        #expect(signedIn["accountId"]?.stringValue == alice.objectId)
        _ = try runner.request(RunnerMethod.sync.rawValue)
    }

    @Test("sign-in enrolls, the first policy restarts the app, the PIN is set up, the account is managed")
    func firstPolicyRestart() async throws {
        let backend = try await ReferenceAppTestBackend.start()
        let dataDir = Self.temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let alice = backend.user("alice")
        let outcome = try await onDedicatedThread { () throws -> (runner: ReferenceAppTestRunner, state: JSONValue, exit: Int32) in
            let runner = try ReferenceAppTestRunner(dataDir: dataDir)
            runner.answers = [Question.restartApplication.rawValue: ["return": true], Question.pinSetup.rawValue: ["pin": "2580"]]
            try Self.signInAndSettle(runner, backend: backend, dataDir: dataDir)
            let state = try runner.request(RunnerMethod.appState.rawValue)
            _ = try runner.request(RunnerMethod.shutdown.rawValue)
            return (runner, state, runner.finish())
        }
        await backend.stop()
        let runner = outcome.runner
        let id = JSONValue.string(alice.objectId)
        let sdkCall = runner.index { $0.isEvent(EventMethod.sdkCall.rawValue, ["api": "registerAndEnrollAccountId", "accountId": id]) }
        let enrolled = runner.index(after: sdkCall ?? -1) {
            $0.isEvent(EventMethod.status.rawValue, ["request": "enrollment", "status": "enrolled", "code": 100, "accountId": id,
                                            "upn": .string(alice.upn), "didSucceed": true])
        }
        let policyNew = runner.index(after: enrolled ?? -1) {
            $0.isEvent(EventMethod.status.rawValue, ["request": "policy", "status": "policy-new", "code": 100, "accountId": id])
        }
        let restartAsked = runner.index(after: policyNew ?? -1) { $0.isQuestion(Question.restartApplication.rawValue) }
        let restarted = runner.index(after: restartAsked ?? -1) { $0.isEvent(EventMethod.app.rawValue, ["kind": "restarted"]) }
        let pinShown = runner.index(after: restarted ?? -1) { $0.isEvent(EventMethod.ui.rawValue, ["kind": "pin-setup", "accountId": id]) }
        let pinAsked = runner.index(after: pinShown ?? -1) { $0.isQuestion(Question.pinSetup.rawValue) }
        let ready = runner.index(after: pinAsked ?? -1) { $0.isEvent(EventMethod.app.rawValue, ["kind": "ready"]) }
        let transcript = runner.seen.map(\.description).joined(separator: "\n")
        #expect(sdkCall != nil, "\(transcript)")
        #expect(enrolled != nil, "\(transcript)")
        #expect(policyNew != nil, "\(transcript)")
        #expect(restartAsked != nil, "\(transcript)")
        #expect(restarted != nil, "\(transcript)")
        #expect(pinShown != nil, "\(transcript)")
        #expect(pinAsked != nil, "\(transcript)")
        #expect(ready != nil, "\(transcript)\n\(runner.standardError)")
        #expect(runner.index { $0.isEvent(EventMethod.ui.rawValue, ["kind": "restart-dialog"]) } == nil)
        #expect(runner.seen.filter { $0.isEvent(EventMethod.status.rawValue, ["request": "policy"]) }.count == 1)
        #expect(outcome.state["managedAccountId"] == id)
        #expect(outcome.state["ready"] == true)
        #expect(outcome.state["corporateDataVisible"] == true)
        #expect(outcome.state["signedInAccounts"] == [["accountId": id, "upn": .string(alice.upn)]])
        #expect(outcome.exit == 0)
        let secrets = [alice.password, "2580"]
        for line in runner.seen.map(\.description) where secrets.contains(where: line.contains) {
            if !line.contains("ui.pinSetup") { Issue.record("secret in an event: \(line)") }
        }
    }

    @Test("PIN at relaunch, 8-hour check-in without restart, sign-out deregisters with wipe before dropping tokens")
    func relaunchCheckInAndSignOut() async throws {
        let backend = try await ReferenceAppTestBackend.start()
        let dataDir = Self.temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let alice = backend.user("alice")
        let id = JSONValue.string(alice.objectId)
        let runner = try await onDedicatedThread { () throws -> ReferenceAppTestRunner in
            let runner = try ReferenceAppTestRunner(dataDir: dataDir)
            runner.answers = [Question.restartApplication.rawValue: ["return": true], Question.pinSetup.rawValue: ["pin": "2580"],
                              Question.pinEntry.rawValue: ["pin": "2580"], Question.wipeData.rawValue: ["return": true]]
            try Self.signInAndSettle(runner, backend: backend, dataDir: dataDir)
            _ = try runner.request(RunnerMethod.appWriteData.rawValue, ["accountId": id, "name": "report.txt", "content": "secret plans"])
            let relaunched = try runner.request(RunnerMethod.appRestart.rawValue)
            #expect(relaunched["ready"] == true)
            #expect(relaunched["data"] == ["\(alice.objectId)": ["report.txt"]])
            return runner
        }
        #expect(runner.index { $0.isQuestion(Question.pinEntry.rawValue) } != nil, "\(runner.seen)")
        let beforeAdvance = runner.seen.count
        try await backend.advanceClock(seconds: 8 * 3600)
        try await onDedicatedThread { () throws in
            let advanced = try runner.request(RunnerMethod.clockAdvance.rawValue, ["seconds": .number(8 * 3600)])
            #expect(advanced["now"] == "2026-01-01T08:00:00Z")
        }
        #expect(runner.index(after: beforeAdvance - 1) {
            $0.isEvent(EventMethod.status.rawValue, ["request": "policy", "status": "policy-unchanged", "code": 101, "accountId": id])
        } != nil, "\(runner.seen)")
        #expect(runner.index(after: beforeAdvance - 1) { $0.isQuestion(Question.restartApplication.rawValue) } == nil)
        let beforeSignOut = runner.seen.count
        let (state, registered, exit) = try await onDedicatedThread { () throws -> (JSONValue, JSONValue, Int32) in
            _ = try runner.request(RunnerMethod.appSignOut.rawValue, ["accountId": id])
            _ = try runner.request(RunnerMethod.sync.rawValue)
            let state = try runner.request(RunnerMethod.appState.rawValue)
            let registered = try runner.request(RunnerMethod.sdkRegisteredAccounts.rawValue)
            _ = try runner.request(RunnerMethod.shutdown.rawValue)
            return (state, registered, runner.finish())
        }
        await backend.stop()
        let deregister = runner.index(after: beforeSignOut - 1) {
            $0.isEvent(EventMethod.sdkCall.rawValue, ["api": "deRegisterAndUnenrollAccountId", "accountId": id, "wipe": true])
        }
        let wipeAsked = runner.index(after: deregister ?? -1) { $0.isQuestion(Question.wipeData.rawValue) }
        let unenrolled = runner.index(after: deregister ?? -1) {
            $0.isEvent(EventMethod.status.rawValue, ["request": "unenroll", "status": "unenrolled", "code": 104, "accountId": id])
        }
        let signedOut = runner.index(after: deregister ?? -1) { $0.isEvent(EventMethod.app.rawValue, ["kind": "signed-out", "accountId": id]) }
        #expect(deregister != nil, "\(runner.seen)")
        #expect(wipeAsked != nil, "\(runner.seen)")
        #expect(unenrolled != nil, "\(runner.seen)")
        #expect(signedOut != nil, "\(runner.seen)")
        #expect(state["signedInAccounts"] == [])
        #expect(state["managedAccountId"] == .null)
        #expect(state["ready"] == true)
        #expect(state["data"] == ["\(alice.objectId)": []])
        #expect(registered["accountIds"] == [])
        #expect(exit == 0)
    }

    @Test("mutant sign-out-without-deregister: sign-out leaves the account enrolled")
    func signOutMutant() async throws {
        let backend = try await ReferenceAppTestBackend.start()
        let dataDir = Self.temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let alice = backend.user("alice")
        let id = JSONValue.string(alice.objectId)
        let (runner, enrolled) = try await onDedicatedThread { () throws -> (ReferenceAppTestRunner, JSONValue) in
            let runner = try ReferenceAppTestRunner(arguments: ["--mutant", "sign-out-without-deregister"], dataDir: dataDir)
            runner.answers = [Question.restartApplication.rawValue: ["return": true], Question.pinSetup.rawValue: ["pin": "2580"]]
            try Self.signInAndSettle(runner, backend: backend, dataDir: dataDir)
            _ = try runner.request(RunnerMethod.appSignOut.rawValue, ["accountId": id])
            _ = try runner.request(RunnerMethod.sync.rawValue)
            let enrolled = try runner.request(RunnerMethod.sdkEnrolledAccount.rawValue)
            _ = try runner.request(RunnerMethod.shutdown.rawValue)
            _ = runner.finish()
            return (runner, enrolled)
        }
        await backend.stop()
        #expect(runner.index { $0.isEvent(EventMethod.sdkCall.rawValue, ["api": "deRegisterAndUnenrollAccountId"]) } == nil)
        #expect(runner.index { $0.isEvent(EventMethod.app.rawValue, ["kind": "signed-out", "accountId": id]) } != nil)
        #expect(enrolled["accountId"] == id)
    }

    @Test("without ui.prompts the restart dialog is only reported, and the SDK relaunches the app")
    func sdkRelaunchWithoutPrompts() async throws {
        let backend = try await ReferenceAppTestBackend.start()
        let dataDir = Self.temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let runner = try await onDedicatedThread { () throws -> ReferenceAppTestRunner in
            let runner = try ReferenceAppTestRunner(arguments: ["--disable-capability", "ui.prompts"], dataDir: dataDir)
            runner.answers = [Question.restartApplication.rawValue: ["return": false]]
            let info = try runner.request(RunnerMethod.initialize.rawValue, backend.initializeParams(dataDir: dataDir))
            let declared = Set((info["capabilities"]?.arrayValue ?? []).compactMap(\.stringValue))
            #expect(!declared.contains(Capability.uiPrompts.rawValue))
            #expect(declared.isSuperset(of: [Capability.virtualClock.rawValue, Capability.appRestart.rawValue]))
            _ = try runner.request(RunnerMethod.appLaunch.rawValue)
            let alice = backend.user("alice")
            _ = try runner.request(RunnerMethod.appSignIn.rawValue, ["upn": .string(alice.upn), "password": .string(alice.password)])
            _ = try runner.request(RunnerMethod.sync.rawValue)
            _ = try runner.request(RunnerMethod.shutdown.rawValue)
            _ = runner.finish()
            return runner
        }
        await backend.stop()
        let dialog = runner.index { $0.isEvent(EventMethod.ui.rawValue, ["kind": "restart-dialog"]) }
        let restarted = runner.index(after: dialog ?? -1) { $0.isEvent(EventMethod.app.rawValue, ["kind": "restarted", "reason": "sdk"]) }
        let blocked = runner.index(after: restarted ?? -1) { $0.isEvent(EventMethod.app.rawValue, ["kind": "blocked"]) }
        #expect(dialog != nil, "\(runner.seen)")
        #expect(restarted != nil, "\(runner.seen)")
        // Nobody can type a PIN without ui.prompts: the PIN gate counts as cancelled.
        #expect(blocked != nil, "\(runner.seen)")
        #expect(runner.index { $0.isQuestion(Question.restartDialog.rawValue) } == nil)
    }
}
