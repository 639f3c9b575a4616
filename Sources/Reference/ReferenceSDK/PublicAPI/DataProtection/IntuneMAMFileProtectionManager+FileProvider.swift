import Foundation

// issue 27: file provider extensions (EXT)

/// The calls a file provider extension makes (002:147-159, `IntuneMAMFileProtectionManager.h 21.7.1:43-70`).
///
/// An encrypted file is the SDK's protected data (``DataProtectionEnvelope``, encrypted, naming its owner) in place
/// of the file's bytes, so another app without the SDK cannot read it; the simulation's key is the device's, which
/// every managed app on the device shares.
extension IntuneMAMFileProtectionManager {
    /// `encryptFile:forAccountId:` (`encryptFile:forIdentity:` up to 19.x): encrypts the file in place for a managed
    /// account and makes it that account's. False, and the file unchanged, for no account, a file that cannot be read
    /// or written, or one already encrypted.
    @discardableResult
    public func encryptFile(_ filePath: String, forAccountId accountId: String) -> Bool {
        let url = URL(fileURLWithPath: filePath)
        guard !accountId.isEmpty, let plain = try? Data(contentsOf: url), envelope(of: plain) == nil else { return false }
        let encrypted = DataProtectionEnvelope(owner: accountId, encrypted: true, payload: plain)
        guard (try? encrypted.serialized(key: engine.protectionKey).write(to: url, options: .atomic)) != nil else { return false }
        protect(filePath, accountId: accountId)
        return true
    }

    /// `isFileEncrypted:`: the file holds data an SDK encrypted.
    public func isFileEncrypted(_ filePath: String) -> Bool {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: filePath)) else { return false }
        return envelope(of: data)?.encrypted ?? false
    }

    /// `decryptFile:toCopyPath:`: writes the decrypted content of an encrypted file to `copyPath`, leaving the file
    /// as it is. False when the file is not encrypted or the copy cannot be written.
    @discardableResult
    public func decryptFile(_ filePath: String, toCopyPath copyPath: String) -> Bool {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: filePath)), let envelope = envelope(of: data),
              envelope.encrypted else { return false }
        return (try? envelope.payload.write(to: URL(fileURLWithPath: copyPath), options: .atomic)) != nil
    }

    /// `protectFileProviderItem:forAccountId:` (from 18.2.0): the item handed to the system is `accountId`'s.
    public func protectFileProviderItem(_ item: FileProviderItem, forAccountId accountId: String) {
        engine.store.mutate { state in
            var owners = state.fileProviderItemOwners ?? [:]
            owners[item.itemIdentifier] = accountId
            state.fileProviderItemOwners = owners
        }
    }

    /// The account `protectFileProviderItem` recorded for the item, nil when it was never protected (what the
    /// system's view of the item shows; the real SDK keeps it inside the item).
    public func owner(ofFileProviderItem item: FileProviderItem) -> String? {
        engine.store.read { $0.fileProviderItemOwners?[item.itemIdentifier] }
    }

    private func envelope(of data: Data) -> DataProtectionEnvelope? {
        DataProtectionEnvelope(parsing: data, key: engine.protectionKey)
    }
}

extension SDKEngine {
    /// The per-installation keystream seed of protected data and encrypted files (the device tag; never logged).
    var protectionKey: Data { Data(store.read { $0.deviceTag }.utf8) }
}
