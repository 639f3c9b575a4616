import Foundation

/// `IntuneMAMFileProtectionManager`: records which account owns which file (IDS-09).
///
/// The simulation does not encrypt; ownership is what a selective wipe needs to delete exactly the wiped
/// account's files (WIP-05, WIP-10). Ownership is persisted with the SDK state.
public final class IntuneMAMFileProtectionManager: Sendable {
    let engine: SDKEngine

    init(engine: SDKEngine) {
        self.engine = engine
    }

    /// Marks `path` as owned by `accountId` (replacing any previous owner).
    public func protect(_ path: String, accountId: String) {
        let key = Self.normalize(path)
        engine.store.mutate { $0.fileOwners[key] = accountId }
    }

    /// The account that owns `path`, or nil when it was never protected.
    public func owner(ofPath path: String) -> String? {
        let key = Self.normalize(path)
        return engine.store.read { $0.fileOwners[key] }
    }

    static func normalize(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
