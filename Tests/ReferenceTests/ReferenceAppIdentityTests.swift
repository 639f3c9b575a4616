import AdapterProtocol
import Foundation
import Testing

/// Identities and policy queries through the bridge (docs/adapter-protocol.md), end to end
/// against a real `mamconf-reference` process and the mock, and the app's own identity defect (IDS-11).
@Suite("Reference app identities", .serialized)
struct ReferenceAppIdentityTests {
    /// A MultiIdentity app with alice signed in, enrolled and restarted for her first policy.
    private static func multiIdentityAlice(_ runner: ReferenceAppTestRunner, backend: ReferenceAppTestBackend,
                                           dataDir: String) throws {
        runner.answers = [
            Question.restartApplication.rawValue: ["return": true], Question.pinSetup.rawValue: ["pin": "2580"],
            Question.identitySwitchRequired.rawValue: ["result": "success"], Question.wipeData.rawValue: ["return": false],
        ]
        _ = try runner.request(RunnerMethod.initialize.rawValue, backend.initializeParams(dataDir: dataDir, settings: ["MultiIdentity": true]))
        _ = try runner.request(RunnerMethod.appLaunch.rawValue)
        let alice = backend.user("alice")
        _ = try runner.request(RunnerMethod.appSignIn.rawValue, ["upn": .string(alice.upn), "password": .string(alice.password)])
        _ = try runner.request(RunnerMethod.sync.rawValue)
    }

    @Test("switch, files, web content, hand-off, protect, policy fields and wipe-completed over the wire")
    func identitiesEndToEnd() async throws {
        let backend = try await ReferenceAppTestBackend.start()
        let dataDir = ReferenceAppEndToEndTests.temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let alice = JSONValue.string(backend.user("alice").objectId)
        let runner = try await onDedicatedThread { () throws -> ReferenceAppTestRunner in
            let runner = try ReferenceAppTestRunner(dataDir: dataDir)
            try Self.multiIdentityAlice(runner, backend: backend, dataDir: dataDir)
            #expect(try runner.request(RunnerMethod.sdkIdentity.rawValue) == ["process": nil, "ui": nil, "thread": nil])
            #expect(try runner.request(RunnerMethod.appSwitchIdentity.rawValue, ["accountId": alice])
                        == ["result": "success", "code": 0, "dataShown": true])
            #expect(try runner.request(RunnerMethod.appWriteData.rawValue, ["name": "corporate.txt", "content": "figures"])
                        == ["owner": alice])
            let beforeWeb = runner.seen.count
            _ = try runner.request(RunnerMethod.appShowWebContent.rawValue, ["url": "https://example.org/news"])
            let cleared = runner.index(after: beforeWeb - 1) {
                $0.isEvent(EventMethod.sdkCall.rawValue, ["api": "setUIPolicyAccountId", "accountId": ""])
            }
            let restored = runner.index(after: cleared ?? runner.seen.count) {
                $0.isEvent(EventMethod.sdkCall.rawValue, ["api": "setUIPolicyAccountId", "accountId": alice])
            }
            #expect(cleared != nil && restored != nil, "\(runner.seen)")
            #expect(try runner.request(RunnerMethod.sdkIdentity.rawValue)["ui"] == alice)
            #expect(try runner.request(RunnerMethod.appOpenURL.rawValue, ["accountId": ""]) == ["result": "success", "switched": true])
            #expect(runner.seen.contains { $0.isQuestion(Question.identitySwitchRequired.rawValue) })
            #expect(try runner.request(RunnerMethod.appWriteData.rawValue, ["name": "personal.txt", "content": "list"]) == ["owner": ""])
            #expect(try runner.request(RunnerMethod.sdkProtect.rawValue, ["accountId": alice, "text": "figures"])
                        == ["encrypted": true, "owner": alice])
            #expect(try runner.request(RunnerMethod.sdkIsManaged.rawValue, ["accountId": alice]) == ["managed": true])
            let policy = try runner.request(RunnerMethod.sdkPolicy.rawValue, ["accountId": alice])
            #expect(policy["fileEncryptionRequired"] == false && policy["fileProtectionLevel"] == 0)
            #expect(policy["notificationPolicy"] == "allow" && policy["policy"]?["pinRequired"] == true)
            #expect(try runner.request(RunnerMethod.sdkIsSaveToAllowed.rawValue, ["location": "cameraRoll", "accountId": nil, "owner": ""])
                        == ["allowed": true])
            _ = try runner.request(RunnerMethod.appSignOut.rawValue, ["accountId": alice])
            _ = try runner.request(RunnerMethod.sync.rawValue)
            let state = try runner.request(RunnerMethod.appState.rawValue)
            #expect(state["data"]?[backend.user("alice").objectId] == [])
            #expect(state["data"]?["unmanaged"] == ["personal.txt"])
            _ = try runner.request(RunnerMethod.shutdown.rawValue)
            _ = runner.finish()
            return runner
        }
        await backend.stop()
        #expect(runner.seen.contains {
            $0.isEvent(EventMethod.notification.rawValue, ["name": "wipe-completed", "accountId": alice])
        }, "\(runner.seen)")
    }

    @Test("mutant web-content-keeps-identity: web content is shown without clearing the UI identity")
    func webContentKeepsIdentity() async throws {
        let backend = try await ReferenceAppTestBackend.start()
        let dataDir = ReferenceAppEndToEndTests.temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let alice = JSONValue.string(backend.user("alice").objectId)
        let runner = try await onDedicatedThread { () throws -> ReferenceAppTestRunner in
            let runner = try ReferenceAppTestRunner(arguments: ["--mutant", "web-content-keeps-identity"], dataDir: dataDir)
            try Self.multiIdentityAlice(runner, backend: backend, dataDir: dataDir)
            _ = try runner.request(RunnerMethod.appSwitchIdentity.rawValue, ["accountId": alice])
            _ = try runner.request(RunnerMethod.appShowWebContent.rawValue, ["url": "https://example.org/news"])
            #expect(try runner.request(RunnerMethod.sdkIdentity.rawValue)["ui"] == alice)
            _ = try runner.request(RunnerMethod.shutdown.rawValue)
            _ = runner.finish()
            return runner
        }
        await backend.stop()
        #expect(!runner.seen.contains { $0.isEvent(EventMethod.sdkCall.rawValue, ["api": "setUIPolicyAccountId", "accountId": ""]) })
    }

    @Test("unknown locations and bad parameters are refused with -32602")
    func badParameters() async throws {
        let backend = try await ReferenceAppTestBackend.start()
        let dataDir = ReferenceAppEndToEndTests.temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let messages = try await onDedicatedThread { () throws -> [String] in
            let runner = try ReferenceAppTestRunner(dataDir: dataDir)
            try Self.multiIdentityAlice(runner, backend: backend, dataDir: dataDir)
            var messages: [String] = []
            let calls: [(String, JSONValue)] = [
                (RunnerMethod.sdkIsSaveToAllowed.rawValue, ["location": "moon"]), (RunnerMethod.sdkIsOpenFromAllowed.rawValue, ["location": "cameraRoll"]),
                (RunnerMethod.sdkProtect.rawValue, ["accountId": ""]),
                // issue 27: file ownership: a path for a name, no parts, more parts than the app takes
                (RunnerMethod.appTruncateData.rawValue, ["name": "../x.txt", "content": "a", "threadAccountId": ""]),
                (RunnerMethod.appWriteMixedData.rawValue, ["name": "../x.txt", "parts": [["accountId": "", "content": "a"]]]),
                (RunnerMethod.appWriteMixedData.rawValue, ["name": "x.txt", "parts": []]),
                (RunnerMethod.appWriteMixedData.rawValue,
                 ["name": "x.txt", "parts": .array(Array(repeating: ["accountId": "", "content": "a"], count: 17))]),
            ]
            for (method, params) in calls {
                do {
                    _ = try runner.request(method, params)
                } catch {
                    messages.append("\(error)")
                }
            }
            _ = try runner.request(RunnerMethod.shutdown.rawValue)
            _ = runner.finish()
            return messages
        }
        await backend.stop()
        #expect(messages.count == 7)
        #expect(messages.allSatisfy { $0.contains("-32602") }, "\(messages)")
    }
}
