import Foundation
import Locking
@testable import ReferenceSDK
import ReferenceTestSupport
import Testing

/// ``WipeFlow`` on its own: given a state, the app's side and the unenroll rules, a selective wipe calls the app
/// once, deletes what the rules say and posts its notification when the rules say, without an engine around it.
@Suite struct WipeFlowTests {
    /// The flow's pieces over a fresh data directory, with alice and bob each owning one file.
    struct Parts {
        let directory: URL
        let host: SDKTestHost
        let connections: SDKAppConnections
        let store: SDKStateStore
        let flow: WipeFlow
        let aliceFile: String
        let bobFile: String

        init(defects: Set<SDKDefect> = []) {
            directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("wipe-flow-tests-\(UUID().uuidString)", isDirectory: true)
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            host = SDKTestHost(app: SDKTestApp(tokenURL: URL(fileURLWithPath: "/nonexistent"), clientId: "wipe-flow-tests"))
            let log = SDKLog { _, _ in }
            connections = SDKAppConnections(platform: host, log: log)
            connections.policyDelegate = host
            store = SDKStateStore(fileURL: directory.appendingPathComponent("state.json"), log: log)
            let work = SDKWorkQueue(tracker: MAMWorkTracker(), connections: connections, log: log)
            flow = WipeFlow(rules: SDKRules(breaking: defects).unenroll, store: store, connections: connections,
                            work: work, log: log)
            aliceFile = directory.appendingPathComponent("alice.txt").path
            bobFile = directory.appendingPathComponent("bob.txt").path
            for (path, owner) in [(aliceFile, "alice-id"), (bobFile, "bob-id")] {
                _ = FileManager.default.createFile(atPath: path, contents: Data(owner.utf8))
                store.mutate { $0.fileOwners[path] = owner }
            }
        }

        func tearDown() { try? FileManager.default.removeItem(at: directory) }
    }

    @Test(arguments: [
        (defects: Set<SDKDefect>(), appWiped: false, aliceFileSurvives: false),
        (defects: Set<SDKDefect>(), appWiped: true, aliceFileSurvives: true),
        (defects: Set<SDKDefect>([.falseReturnIgnored]), appWiped: false, aliceFileSurvives: true),
    ])
    func aWipeDeletesOnlyWhatTheAppLeftOfThatAccountWhenItsRulesSaySo(defects: Set<SDKDefect>, appWiped: Bool,
                                                                      aliceFileSurvives: Bool) {
        let parts = Parts(defects: defects)
        defer { parts.tearDown() }
        parts.host.app.answerWipe(appWiped)
        parts.flow.selectiveWipe("alice-id", upn: "alice@contoso.example")
        #expect(parts.host.app.events == [.wipe("alice-id")], "the app's wipe callback runs once, named by account ID")
        #expect(FileManager.default.fileExists(atPath: parts.aliceFile) == aliceFileSurvives)
        #expect(FileManager.default.fileExists(atPath: parts.bobFile), "another account's file is never touched")
        let owners = parts.store.read { $0.fileOwners }
        #expect((owners[parts.aliceFile] != nil) == aliceFileSurvives, "a deleted file is forgotten, a kept one is not")
        #expect(owners[parts.bobFile] == "bob-id")
        #expect(parts.host.notifications(.wipeDidComplete).map(\.accountId) == ["alice-id"])
    }

    @Test(arguments: [(defects: Set<SDKDefect>(), postedDuringCallback: 0),
                      (defects: Set<SDKDefect>([.wipeCompletedBeforeTheWipe]), postedDuringCallback: 1)])
    func theWipeCompletionIsPostedOnlyAfterTheAppsCallbackReturned(defects: Set<SDKDefect>, postedDuringCallback: Int) {
        let parts = Parts(defects: defects)
        defer { parts.tearDown() }
        let host = parts.host
        let seen = Locked<[Int]>([])
        parts.host.app.answerWipe(true) { _ in seen.withLock { $0.append(host.notifications(.wipeDidComplete).count) } }
        parts.flow.selectiveWipe("alice-id", upn: "")
        #expect(seen.read { $0 } == [postedDuringCallback])
        #expect(host.notifications(.wipeDidComplete).count == 1)
    }

    @Test func aRuntimeTerminatedDuringTheAppsCallbackNeitherDeletesNorPosts() {
        let parts = Parts()
        defer { parts.tearDown() }
        let connections = parts.connections
        parts.host.app.answerWipe(false) { _ in _ = connections.terminate() }
        parts.flow.selectiveWipe("alice-id", upn: "")
        #expect(FileManager.default.fileExists(atPath: parts.aliceFile))
        #expect(parts.host.notifications.isEmpty)
    }
}
