import Foundation
import Locking

/// The app's per-account settings and caches, data that is not in files (the `UserDefaults` of a real app),
/// persisted in `<dataDirectory>/preferences.json`. A selective wipe must remove the wiped account's entries even
/// when the app leaves its files to the SDK (WIP-11).
final class AppPreferences: Sendable {
    let fileURL: URL
    /// Account ID (lower-cased) → key → value.
    private let state: Locked<[String: [String: String]]>

    init(dataDirectory: URL) {
        fileURL = dataDirectory.appendingPathComponent("preferences.json")
        let stored = (try? Data(contentsOf: fileURL)).flatMap {
            try? JSONDecoder().decode([String: [String: String]].self, from: $0)
        }
        state = Locked(stored ?? [:])
    }

    /// Keys per account, sorted.
    var keysByAccount: [String: [String]] {
        state.withLock { $0.mapValues { $0.keys.sorted() } }
    }

    func set(_ value: String, for key: String, accountId: String) {
        update { $0[accountId.lowercased(), default: [:]][key] = value }
    }

    /// Removes every entry of the account; returns how many there were.
    @discardableResult
    func removeAll(accountId: String) -> Int {
        var removed = 0
        update { removed = $0.removeValue(forKey: accountId.lowercased())?.count ?? 0 }
        return removed
    }

    private func update(_ change: (inout [String: [String: String]]) -> Void) {
        state.withLock { preferences in
            change(&preferences)
            if let data = try? JSONEncoder().encode(preferences) { try? data.write(to: fileURL, options: .atomic) }
        }
    }
}
