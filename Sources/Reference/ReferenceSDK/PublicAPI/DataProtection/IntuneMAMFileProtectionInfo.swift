/// Who owns a protected file (`IntuneMAMFileProtectionInfo`).
public struct IntuneMAMFileProtectionInfo: Sendable, Equatable {
    /// The owning account ID; "" for a file created under the unmanaged identity.
    public var accountId: String

    public init(accountId: String) {
        self.accountId = accountId
    }
}
