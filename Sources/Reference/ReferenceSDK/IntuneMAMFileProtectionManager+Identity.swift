/// File ownership by identity (IDS-09).
extension IntuneMAMFileProtectionManager {
    /// The simulation's stand-in for the real SDK's interception of file creation: the file at `path`,
    /// just created or truncated by the calling thread, belongs to that thread's effective file identity
    /// (its scoped thread identity, else the process identity). No identity at all leaves the file unowned.
    public func didCreateFile(atPath path: String) {
        guard let owner = engine.effectiveFileIdentity else { return }
        protect(path, accountId: owner)
    }

    /// The owner of `path` (`protectionInfoForPath:`), nil when the file has none.
    public func protectionInfo(forPath path: String) -> IntuneMAMFileProtectionInfo? {
        owner(ofPath: path).map(IntuneMAMFileProtectionInfo.init(accountId:))
    }
}
