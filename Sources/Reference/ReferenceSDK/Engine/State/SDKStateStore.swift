import Foundation
import Locking

/// Lock-protected in-memory ``SDKState`` that is written to disk after every change.
///
/// SDK flows mutate it from the work queue while the app reads it from any thread; every mutation is
/// atomic and persisted before the lock is released, so a restart never sees a half-applied change.
final class SDKStateStore: Sendable {
    private let state: Locked<SDKState>
    private let fileURL: URL
    /// Where the keychain items go (``SDKKeychainItems``); nil keeps none.
    private let keychainURL: URL?
    private let log: SDKLog
    /// The keychain items of an earlier installation of the app, found when this one started with an empty
    /// container (a reinstall, RIN-01); nil otherwise.
    let previousInstall: SDKKeychainItems?

    /// Loads the state file, or starts fresh (new device tag) when it is missing or unreadable.
    ///
    /// - Parameter restoresPreviousInstall: false for a correct SDK: an empty container is a new installation
    ///   whatever the keychain still holds. True only under a planted defect, which takes the earlier installation's
    ///   enrollment, policy and PIN back from the keychain (And#251, iOS#479).
    init(fileURL: URL, keychainURL: URL? = nil, log: SDKLog, restoresPreviousInstall: Bool = false) {
        self.fileURL = fileURL
        self.keychainURL = keychainURL
        self.log = log
        var loaded = SDKState()
        var fresh = true
        if let data = try? Data(contentsOf: fileURL) {
            do {
                loaded = try Self.decoder().decode(SDKState.self, from: data)
                fresh = false
            } catch {
                log.warning("SDK state at \(fileURL.path) is unreadable (\(error)); starting fresh")
            }
        }
        let kept = fresh ? keychainURL.flatMap(Self.readKeychain) : nil
        previousInstall = kept?.enrolledAccountId == nil ? nil : kept
        if let previous = previousInstall {
            if restoresPreviousInstall {
                previous.restore(into: &loaded)
            } else {
                log.info("the keychain holds an earlier installation's enrollment; this installation starts without it")
            }
        }
        state = Locked(loaded)
        persist(loaded)
    }

    private static func readKeychain(_ url: URL) -> SDKKeychainItems? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? decoder().decode(SDKKeychainItems.self, from: data)
    }

    /// A snapshot of the current state.
    var snapshot: SDKState { state.read { $0 } }

    func read<T>(_ body: (SDKState) -> T) -> T { state.read(body) }

    /// Applies `body` and persists the result when it changed, before anyone else sees it (the file is
    /// written under the lock: a later change can never be overwritten by an older one).
    @discardableResult
    func mutate<T>(_ body: (inout SDKState) -> T) -> T {
        state.withLock { state in
            let before = state
            let result = body(&state)
            if state != before { persist(state) }
            return result
        }
    }

    private func persist(_ value: SDKState) {
        do {
            try FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.dateEncodingStrategy = .secondsSince1970
            try encoder.encode(value).write(to: fileURL, options: .atomic)
            // Tokens the SDK obtained itself are in it: the user's alone.
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: fileURL.path)
            if let keychainURL {
                try FileManager.default.createDirectory(at: keychainURL.deletingLastPathComponent(),
                                                        withIntermediateDirectories: true)
                try encoder.encode(SDKKeychainItems(value)).write(to: keychainURL, options: .atomic)
                // The PIN's hash is in it.
                try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keychainURL.path)
            }
        } catch {
            log.error("cannot persist SDK state to \(fileURL.path): \(error)")
        }
    }

    private static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}
