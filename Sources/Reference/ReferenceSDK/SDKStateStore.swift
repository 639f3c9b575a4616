import Foundation

/// Lock-protected in-memory ``SDKState`` that is written to disk after every change.
///
/// SDK flows mutate it from the work queue while the app reads it from any thread; every mutation is
/// atomic and persisted before the lock is released, so a restart never sees a half-applied change.
final class SDKStateStore: @unchecked Sendable {
    private let lock = NSLock()
    private var state: SDKState
    private let fileURL: URL
    private let log: SDKLog

    /// Loads the state file, or starts fresh (new device tag) when it is missing or unreadable.
    init(fileURL: URL, log: SDKLog) {
        self.fileURL = fileURL
        self.log = log
        if let data = try? Data(contentsOf: fileURL) {
            do {
                state = try Self.decoder().decode(SDKState.self, from: data)
            } catch {
                log.warning("SDK state at \(fileURL.path) is unreadable (\(error)); starting fresh")
                state = SDKState()
            }
        } else {
            state = SDKState()
        }
        persist(state)
    }

    /// A snapshot of the current state.
    var snapshot: SDKState {
        lock.lock()
        defer { lock.unlock() }
        return state
    }

    func read<T>(_ body: (SDKState) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(state)
    }

    /// Applies `body` and persists the result when it changed.
    @discardableResult
    func mutate<T>(_ body: (inout SDKState) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        let before = state
        let result = body(&state)
        if state != before { persist(state) }
        return result
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
