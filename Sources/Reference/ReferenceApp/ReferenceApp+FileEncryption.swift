import AdapterKit
import AdapterProtocol
import Foundation
import IntuneBinding
import ReferenceSDK

/// Encryption of the app's files (POL-10): while the owner's policy says `isFileEncryptionRequired`, the app stores
/// the owner's files as data the SDK protected (`IntuneMAMDataProtectionManager.protect`), and when the SDK posts
/// `IntuneMAMDataProtectionDidChangeNotification` it encrypts or decrypts the files already written (or, by another
/// reading of 003:490, only encrypts: the duty holds while the requirement does).
extension ReferenceApp {
    /// The queue the re-protection runs on: never the SDK's (where the notification arrives).
    private static let fileProtectionQueue = DispatchQueue(label: "reference-app.file-protection")

    /// What the app writes to disk for `content` owned by `accountId` ("" = none).
    func storedBytes(_ content: Data, for accountId: String) -> Data {
        encryptionRequired(for: accountId) ? runtime.dataProtectionManager.protect(content, accountId: accountId) : content
    }

    /// `app.fileInfo`: the recorded owner, and whether the bytes on disk are encrypted data of the SDK's.
    func fileInfo(name: String) throws(RPCError) -> FileInfoResult {
        let (path, owner) = try document(named: name)
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
        let encrypted = runtime.dataProtectionManager.protectionInfo(bytes)?.isEncrypted ?? false
        return FileInfoResult(owner: AccountID(owner), encrypted: encrypted)
    }

    /// The encryption requirement changed: bring every file in line with its owner's policy, off the SDK's queue.
    func dataProtectionDidChange() {
        guard !runtime.isTerminated else { return }
        guard rules.fileEncryption.reprotectsOnChange else {
            events.log(.info, "data protection changed; leaving the files as they are")
            return
        }
        device.appWork.async(on: Self.fileProtectionQueue) { [self] in reprotectFiles() }
    }

    private func reprotectFiles() {
        let manager = runtime.dataProtectionManager
        for (folder, names) in files.listing() {
            for name in names {
                let url = files.root.appendingPathComponent(folder, isDirectory: true).appendingPathComponent(name)
                guard !runtime.isTerminated, let bytes = try? Data(contentsOf: url) else { continue }
                let owner = runtime.fileProtectionManager.protectionInfo(forPath: url.path)?.accountId ?? ""
                let encrypted = manager.protectionInfo(bytes)?.isEncrypted ?? false
                let required = encryptionRequired(for: owner)
                guard encrypted != required, required || rules.fileEncryption.decryptsWhenNoLongerRequired else { continue }
                let plain = manager.unprotect(bytes)
                let stored = required ? manager.protect(plain, accountId: owner) : plain
                do {
                    try stored.write(to: url, options: .atomic)
                    events.log(.info, "\(name): \(required ? "encrypted" : "decrypted") after the data protection change")
                } catch {
                    events.log(.warning, "could not re-protect \(name): \(error)")
                }
            }
        }
    }

    /// True when the owner's policy requires the app to encrypt the owner's files.
    private func encryptionRequired(for accountId: String) -> Bool {
        let encryption = rules.fileEncryption.encryption
        if encryption == .never || accountId.isEmpty { return false }
        guard let policy = runtime.policyManager.policy(forAccountId: accountId) else { return false }
        return policy.isFileEncryptionRequired
    }
}
