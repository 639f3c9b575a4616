import Foundation

/// `IntuneMAMDataProtectionManager`: protects data buffers for an account (IDS-10).
///
/// `protect` encrypts for the managed account and, for any other account or "", only adds an identity
/// header. The encryption is a reversible simulation (see ``DataProtectionEnvelope``), not cryptography.
public final class IntuneMAMDataProtectionManager: Sendable {
    let engine: SDKEngine

    init(engine: SDKEngine) {
        self.engine = engine
    }

    /// `protect:accountId:`: encrypts for the managed account only.
    public func protect(_ data: Data, accountId: String) -> Data {
        let managed = engine.accounts.managedAccount(matching: accountId) != nil
        let encrypt = managed || !engine.rules.identity.protectEncryptsManagedOnly
        return DataProtectionEnvelope(owner: accountId, encrypted: encrypt, payload: data).serialized(key: key)
    }

    /// `protectionInfo:`: the owner, nil when `data` is not protected data.
    public func protectionInfo(_ data: Data) -> IntuneMAMDataProtectionInfo? {
        DataProtectionEnvelope(parsing: data, key: key).map {
            IntuneMAMDataProtectionInfo(accountId: $0.owner, isEncrypted: $0.encrypted)
        }
    }

    /// `protectionInfoForItemProvider:completion:`: the owner of an item shared with the app's share extension (IDS-13),
    /// given the item's loaded data; nil when another SDK did not protect it.
    public func protectionInfo(forItemProvider item: Data, completion: @escaping @Sendable (IntuneMAMDataProtectionInfo?) -> Void) {
        completion(protectionInfo(item))
    }

    /// `unprotect:`: the original data; data that `protect` did not produce comes back unchanged.
    public func unprotect(_ data: Data) -> Data {
        DataProtectionEnvelope(parsing: data, key: key)?.payload ?? data
    }

    private var key: Data { engine.protectionKey }
}
