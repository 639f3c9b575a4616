/// What `IntuneMAMDataProtectionManager.protectionInfo` tells about protected data.
public struct IntuneMAMDataProtectionInfo: Sendable, Equatable {
    /// The owning account ID ("" for the unmanaged identity).
    public var accountId: String
    /// True when the payload is encrypted (managed owner), false when it is only tagged. A simulation
    /// extra: the real info exposes the owner only.
    public var isEncrypted: Bool

    public init(accountId: String, isEncrypted: Bool) {
        self.accountId = accountId
        self.isEncrypted = isEncrypted
    }
}
