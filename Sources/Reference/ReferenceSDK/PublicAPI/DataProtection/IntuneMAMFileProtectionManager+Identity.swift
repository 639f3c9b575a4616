/// File ownership by identity (IDS-09).
extension IntuneMAMFileProtectionManager {
    /// The simulation's stand-in for the real SDK's interception of file creation: the file at `path`,
    /// just created or opened in truncate mode by the calling thread, belongs to that thread's effective file identity
    /// (its scoped thread identity, else the process identity), whoever owned it before (000:538, IDS-52). No identity
    /// at all leaves the file unowned: a truncated file loses its previous owner too.
    public func didCreateFile(atPath path: String) {
        let key = Self.normalize(path)
        let owner = engine.identityQueries.effectiveFileIdentity
        let keepsPrevious = !engine.rules.identity.truncateTakesOwnership
        engine.store.mutate { state in
            if keepsPrevious, state.fileOwners[key] != nil { return }
            state.fileOwners[key] = owner
        }
    }

    /// The owner of `path` (`protectionInfoForPath:`), nil when the file has none.
    public func protectionInfo(forPath path: String) -> IntuneMAMFileProtectionInfo? {
        owner(ofPath: path).map(IntuneMAMFileProtectionInfo.init(accountId:))
    }
}
