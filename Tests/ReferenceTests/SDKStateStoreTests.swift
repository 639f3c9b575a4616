import Foundation
@testable import ReferenceSDK
import Testing

/// ``SDKStateStore`` on its own: every change reaches the state file before anyone sees it, and the keychain file
/// is written when its items change (or it is gone), not at every change of the state.
@Suite struct SDKStateStoreTests {
    /// A store over a fresh data directory, with the state and keychain files where the runtime keeps them.
    struct Parts {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("sdk-state-store-\(UUID().uuidString)", isDirectory: true)
        var stateURL: URL { directory.appendingPathComponent("sdk/state.json") }
        var keychainURL: URL { directory.appendingPathComponent("keychain/intune-mam.json") }

        func store() -> SDKStateStore {
            SDKStateStore(fileURL: stateURL, keychainURL: keychainURL, log: SDKLog { _, _ in })
        }

        /// The file's inode: a replaced file gets a new one, an untouched file keeps its own.
        func inode(_ url: URL) throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int
        }

        func stored(_ url: URL) throws -> [String: Any]? {
            try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        }

        func tearDown() { try? FileManager.default.removeItem(at: directory) }
    }

    @Test("a change outside the keychain's items reaches the state file and leaves the keychain file as it was")
    func otherChangeLeavesKeychain() throws {
        let parts = Parts()
        defer { parts.tearDown() }
        let store = parts.store()
        let keychain = try parts.inode(parts.keychainURL)
        store.mutate { $0.nextRetryAt = Date(timeIntervalSince1970: 1_000_000) }
        #expect((try parts.stored(parts.stateURL)?["nextRetryAt"] as? NSNumber)?.doubleValue == 1_000_000)
        #expect(try parts.inode(parts.keychainURL) == keychain)
    }

    @Test("a change made after the runtime terminated stays in memory: the next runtime's files are left as they are")
    func closedStoreWritesNothing() throws {
        let parts = Parts()
        defer { parts.tearDown() }
        let old = parts.store()
        old.mutate { $0.enrolledAccountId = "alice-id" }
        old.close()
        let next = parts.store()
        next.mutate { $0.nextRetryAt = Date(timeIntervalSince1970: 2_000_000) }
        let (state, keychain) = (try parts.inode(parts.stateURL), try parts.inode(parts.keychainURL))
        // Work of the old runtime that was finishing as it terminated.
        old.mutate {
            $0.enrolledAccountId = nil
            $0.nextRetryAt = nil
        }
        #expect(old.snapshot.enrolledAccountId == nil)
        #expect(try parts.inode(parts.stateURL) == state)
        #expect(try parts.inode(parts.keychainURL) == keychain)
        #expect(parts.store().snapshot.enrolledAccountId == "alice-id")
        #expect(parts.store().snapshot.nextRetryAt == Date(timeIntervalSince1970: 2_000_000))
    }

    @Test("a change to the keychain's items reaches the keychain file at once")
    func keychainChangeIsWritten() throws {
        let parts = Parts()
        defer { parts.tearDown() }
        let store = parts.store()
        store.mutate { $0.enrolledAccountId = "alice-id" }
        #expect(try parts.stored(parts.keychainURL)?["enrolledAccountId"] as? String == "alice-id")
    }

    @Test("a keychain file deleted while the app runs is written again at the next change of the state")
    func deletedKeychainIsWrittenAgain() throws {
        let parts = Parts()
        defer { parts.tearDown() }
        let store = parts.store()
        store.mutate { $0.enrolledAccountId = "alice-id" }
        try FileManager.default.removeItem(at: parts.keychainURL)
        store.mutate { $0.nextRetryAt = Date(timeIntervalSince1970: 1_000_000) }
        #expect(try parts.stored(parts.keychainURL)?["enrolledAccountId"] as? String == "alice-id")
    }

    @Test("a relaunch over the state an earlier launch left keeps its keychain file and finds its enrollment")
    func relaunchKeepsKeychain() throws {
        let parts = Parts()
        defer { parts.tearDown() }
        parts.store().mutate { $0.enrolledAccountId = "alice-id" }
        let keychain = try parts.inode(parts.keychainURL)
        let relaunched = parts.store()
        #expect(relaunched.snapshot.enrolledAccountId == "alice-id")
        #expect(try parts.inode(parts.keychainURL) == keychain)
    }

    @Test("a relaunch over a state file it reads whole, its keychain file matching, rewrites neither")
    func relaunchWritesNothing() throws {
        let parts = Parts()
        defer { parts.tearDown() }
        parts.store().mutate { $0.enrolledAccountId = "alice-id" }
        let files = (try parts.inode(parts.stateURL), try parts.inode(parts.keychainURL))
        let relaunched = parts.store()
        #expect(relaunched.snapshot.enrolledAccountId == "alice-id")
        #expect(try parts.inode(parts.stateURL) == files.0)
        #expect(try parts.inode(parts.keychainURL) == files.1)
    }

    @Test("a launch that finds no state file, or one it cannot read, writes a fresh one at once", arguments: [nil, "{not json"])
    func freshStateIsWrittenAtLaunch(existing: String?) throws {
        let parts = Parts()
        defer { parts.tearDown() }
        if let existing {
            try FileManager.default.createDirectory(at: parts.stateURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(existing.utf8).write(to: parts.stateURL)
        }
        let store = parts.store()
        #expect(try parts.stored(parts.stateURL)?["deviceTag"] as? String == store.snapshot.deviceTag)
        #expect(try parts.stored(parts.keychainURL)?["deviceTag"] as? String == store.snapshot.deviceTag)
    }

    @Test("the state and keychain files are the user's alone")
    func filesAreTheUsers() throws {
        let parts = Parts()
        defer { parts.tearDown() }
        parts.store().mutate { $0.enrolledAccountId = "alice-id" }
        for url in [parts.stateURL, parts.keychainURL] {
            #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int == 0o600)
        }
    }
}
