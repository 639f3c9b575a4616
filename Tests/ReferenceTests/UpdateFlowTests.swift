import Foundation
@testable import ReferenceSDK
import ReferenceTestSupport
import Testing

/// ``UpdateFlow`` on its own, over a state file in a fresh directory: the first launch of another build stamps the
/// state and carries the enrollment over without a wipe (UPG-01), unless the SDK is broken so.
@Suite struct UpdateFlowTests {
    /// The pieces over a fresh data directory where alice is enrolled and owns one file, left by `previous`.
    struct Parts {
        let directory: URL
        let app: SDKTestApp
        let store: SDKStateStore
        let aliceFile: String

        init(previous: SDKState.BuildStamp?) {
            directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("update-flow-tests-\(UUID().uuidString)", isDirectory: true)
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            app = SDKTestApp(tokenURL: URL(fileURLWithPath: "/nonexistent"), clientId: "update-flow-tests")
            // The app leaves the data to the SDK, so a wipe shows in the file system.
            app.answerWipe(false)
            store = SDKStateStore(fileURL: directory.appendingPathComponent("state.json"), log: SDKLog { _, _ in })
            aliceFile = directory.appendingPathComponent("alice.txt").path
            _ = FileManager.default.createFile(atPath: aliceFile, contents: Data("alice".utf8))
            store.mutate { [aliceFile] state in
                state.enrolledAccountId = "alice-id"
                state.enrolledUPN = "alice@contoso.example"
                state.registeredAccounts = [SDKState.RegisteredAccount(accountId: "alice-id", upn: "alice@contoso.example")]
                state.fileOwners[aliceFile] = "alice-id"
                state.launchedBuild = previous
            }
        }

        /// The flow of a runtime that is `build`, with `defects` planted.
        func flow(build: SDKState.BuildStamp, defects: Set<SDKDefect>) -> UpdateFlow {
            let log = SDKLog { _, _ in }
            let connections = SDKAppConnections(platform: app, log: log)
            connections.policyDelegate = app
            let work = SDKWorkQueue(tracker: MAMWorkTracker(), connections: connections, log: log)
            let rules = SDKRules(breaking: defects)
            let wipe = WipeFlow(rules: rules.unenroll, store: store, connections: connections, work: work, log: log)
            return UpdateFlow(rules: rules.update, build: build, store: store, wipe: wipe, log: log)
        }

        func tearDown() { try? FileManager.default.removeItem(at: directory) }
    }

    static let old = SDKState.BuildStamp(sdkVersion: "19.0.0", appVersion: "1.0")
    static let new = SDKState.BuildStamp(sdkVersion: "21.7.1", appVersion: "2.0")

    /// The build that wrote the state, the defects planted, and whether the enrollment stays and alice's data is
    /// wiped.
    static let launches: [(previous: SDKState.BuildStamp?, defects: Set<SDKDefect>, keepsEnrollment: Bool, wipes: Bool)] = [
        (old, [], true, false),
        (nil, [], true, false),
        (new, [.enrollmentLostOnUpdate, .updateWipesManagedData], true, false),
        (old, [.enrollmentLostOnUpdate], false, false),
        (old, [.updateWipesManagedData], true, true),
    ]

    @Test(arguments: launches)
    func anotherBuildsStateIsStampedAndCarriedOverWithoutAWipe(previous: SDKState.BuildStamp?, defects: Set<SDKDefect>,
                                                             keepsEnrollment: Bool, wipes: Bool) {
        let parts = Parts(previous: previous)
        defer { parts.tearDown() }
        parts.flow(build: Self.new, defects: defects).carryOverFromPreviousBuild()
        #expect(parts.store.read { $0.launchedBuild } == Self.new, "the state is stamped with this build")
        #expect((parts.store.read { $0.enrolledAccountId } == "alice-id") == keepsEnrollment)
        #expect(parts.store.read { $0.registeredAccounts }.isEmpty == !keepsEnrollment)
        #expect(parts.app.events == (wipes ? [.wipe("alice-id")] : []))
        #expect(FileManager.default.fileExists(atPath: parts.aliceFile) == !wipes)
    }
}
