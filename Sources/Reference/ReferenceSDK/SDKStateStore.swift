import Foundation
import Locking

/// Lock-protected in-memory ``SDKState`` that is written to disk after every change.
///
/// SDK flows mutate it from the work queue while the app reads it from any thread; every mutation is
/// atomic and persisted before the lock is released, so a restart never sees a half-applied change.
final class SDKStateStore: Sendable {
    private let state: Locked<SDKState>
    private let fileURL: URL
    private let log: SDKLog

    /// Loads the state file, or starts fresh (new device tag) when it is missing or unreadable.
    init(fileURL: URL, log: SDKLog) {
        self.fileURL = fileURL
        self.log = log
        var loaded = SDKState()
        if let data = try? Data(contentsOf: fileURL) {
            do {
                loaded = try Self.decoder().decode(SDKState.self, from: data)
            } catch {
                log.warning("SDK state at \(fileURL.path) is unreadable (\(error)); starting fresh")
            }
        }
        state = Locked(loaded)
        persist(loaded)
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
