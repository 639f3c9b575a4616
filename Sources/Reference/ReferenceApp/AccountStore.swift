import AdapterProtocol
import Foundation
import Locking
import ReferenceSDK

/// The app's signed-in accounts, persisted in `<dataDirectory>/app.json` so a restart finds them again.
///
/// Thread-safe: the runner's requests, the SDK's token requests and restarts all read and write it.
/// Writes go to a temporary file first and are renamed into place (``StateFileWriter``), so a kill never leaves
/// half a file.
final class AccountStore: Sendable {
    private struct File: Codable {
        var accounts: [SignedInAccount] = []
    }

    let fileURL: URL
    private let state: Locked<[SignedInAccount]>

    /// Loads `app.json` (an absent or unreadable file means no accounts).
    init(dataDirectory: URL) {
        fileURL = dataDirectory.appendingPathComponent("app.json")
        var accounts: [SignedInAccount] = []
        if let data = try? Data(contentsOf: fileURL) {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            accounts = (try? decoder.decode(File.self, from: data))?.accounts ?? []
        }
        state = Locked(accounts)
    }

    var accounts: [SignedInAccount] { state.withLock { $0 } }

    func account(_ accountId: String) -> SignedInAccount? {
        state.withLock { accounts in accounts.first { $0.matches(accountId) } }
    }

    /// Adds the account, or replaces the entry with the same account ID.
    func upsert(_ account: SignedInAccount) {
        update { accounts in
            if let index = accounts.firstIndex(where: { $0.matches(account.accountId) }) {
                accounts[index] = account
            } else {
                accounts.append(account)
            }
        }
    }

    /// Removes the account and its tokens; returns the removed entry.
    @discardableResult
    func remove(_ accountId: String) -> SignedInAccount? {
        var removed: SignedInAccount?
        update { accounts in
            if let index = accounts.firstIndex(where: { $0.matches(accountId) }) {
                removed = accounts.remove(at: index)
            }
        }
        return removed
    }

    private func update(_ change: (inout [SignedInAccount]) -> Void) {
        state.withLock { accounts in
            change(&accounts)
            persist(accounts)
        }
    }

    /// Called with the lock held, so concurrent updates reach the disk in order.
    private func persist(_ accounts: [SignedInAccount]) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(File(accounts: accounts)) else { return }
        // The account's tokens are in it: the user's alone (the writer's mode 0600).
        try? StateFileWriter.replace(fileURL, with: data)
    }
}
