import Foundation
import Locking

/// Lock-protected in-memory ``SDKState`` that is written to disk after every change.
///
/// SDK flows mutate it from the work queue while the app reads it from any thread; every mutation is
/// atomic and persisted before the lock is released, so a restart never sees a half-applied change.
/// The keychain file is rewritten only when its items change (most changes touch none of them), or when it is
/// gone: writing an unchanged file cost a case about a dozen renames for nothing (issue 30).
final class SDKStateStore: Sendable {
    /// The state, and the keychain items on disk as this store last read or wrote them (nil: none known).
    private struct Stored {
        var state: SDKState
        var keychainWritten: SDKKeychainItems?
        /// The runtime terminated (``close()``): nothing more is written.
        var closed = false
    }

    private let state: Locked<Stored>
    private let fileURL: URL
    private let file: StateFileWriter.Destination
    /// Where the keychain items go (``SDKKeychainItems``); nil keeps none.
    private let keychainFile: StateFileWriter.Destination?
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
        file = StateFileWriter.Destination(fileURL)
        keychainFile = keychainURL.map(StateFileWriter.Destination.init)
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
        let keychain = keychainURL.flatMap(Self.readKeychain)
        let kept = fresh ? keychain : nil
        previousInstall = kept?.enrolledAccountId == nil ? nil : kept
        if let previous = previousInstall {
            if restoresPreviousInstall {
                previous.restore(into: &loaded)
            } else {
                log.info("the keychain holds an earlier installation's enrollment; this installation starts without it")
            }
        }
        state = Locked(Stored(state: loaded, keychainWritten: keychain))
        // A launch over a state file it read whole, with the keychain file matching it, has nothing to write: this
        // wrote both files at every launch and restart, two of the SDK's renames in a case (issue 30).
        let restored = previousInstall != nil && restoresPreviousInstall
        if fresh || restored || keychainURL != nil && keychain != SDKKeychainItems(loaded) {
            state.withLock { persist(&$0) }
        }
    }

    private static func readKeychain(_ url: URL) -> SDKKeychainItems? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? decoder().decode(SDKKeychainItems.self, from: data)
    }

    /// A snapshot of the current state.
    var snapshot: SDKState { state.read { $0.state } }

    func read<T>(_ body: (SDKState) -> T) -> T { state.read { body($0.state) } }

    /// Applies `body` and persists the result when it changed, before anyone else sees it (the file is
    /// written under the lock: a later change can never be overwritten by an older one).
    @discardableResult
    func mutate<T>(_ body: (inout SDKState) -> T) -> T {
        state.withLock { stored in
            let before = stored.state
            let result = body(&stored.state)
            if stored.state != before { persist(&stored) }
            return result
        }
    }

    /// The runtime terminated: from now on changes stay in memory. On a device the process is gone and writes
    /// nothing more; here the next runtime may already have read the files, and a late write from this one
    /// (work that was finishing as it terminated) would put back what the next one no longer has, or take away
    /// what it wrote since. Waits for a change being written; must not be called from inside ``mutate(_:)``.
    func close() {
        state.withLock { $0.closed = true }
    }

    /// Writes the state, and the keychain items when they differ from what this store last wrote or the file is
    /// gone; both files are the user's alone (mode 0600: tokens the SDK obtained itself, the PIN's hash).
    private func persist(_ stored: inout Stored) {
        guard !stored.closed else {
            log.verbose("not persisting a change made after the runtime terminated")
            return
        }
        do {
            let encoder = JSONEncoder()
            // Compact: only the SDK reads these files, and it writes them at every change; indentation was about a
            // sixth of the encoding's samples, for no reader (issue 30). Sorted keys keep equal states byte-equal.
            encoder.outputFormatting = [.sortedKeys]
            encoder.dateEncodingStrategy = .secondsSince1970
            try StateFileWriter.replace(file, with: encoder.encode(stored.state))
            let items = SDKKeychainItems(stored.state)
            if let keychainFile, items != stored.keychainWritten || !keychainFile.exists {
                try StateFileWriter.replace(keychainFile, with: encoder.encode(items))
                stored.keychainWritten = items
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
