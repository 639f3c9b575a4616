import AdapterKit
import AdapterProtocol
import Foundation
import IntuneBinding
import ReferenceSDK

// issue 27: file provider extensions (EXT)

/// The app's file provider extension (002:143-159), in both forms the guide describes: a non-replicated
/// `NSFileProviderExtension` (`startProvidingItemAtURL:`, `importDocumentAtURL:`) and a replicated
/// `NSFileProviderReplicatedExtension` (`fetchContentsForItemWithIdentifier:`, `createItemBasedOnTemplate:`).
///
/// It serves the app's documents to the system and keeps what the system imports in the app's cloud storage
/// (`<dataDirectory>/file-provider/cloud/<account>/`), which must never hold another app's encrypted data (002:147).
/// What it hands the system is a copy (`<dataDirectory>/file-provider/provided/`), encrypted for the owner where the
/// owner's policy says `shouldFileProviderEncryptFiles`; the app's own document stays as it is.
extension ReferenceApp {
    /// `ext.provideFile`: the system asks for the app's file `name` (EXT-01; EXT-04 when `replicated`).
    func provideFile(name: String, replicated: Bool) throws(RPCError) -> ProvideFileResult {
        let (path, owner) = try document(named: name)
        let protection = runtime.fileProtectionManager
        // The app's own protection of its documents (POL-10) is not the extension's: the copy starts as plain content.
        let content = runtime.dataProtectionManager.unprotect(try Self.contents(of: path))
        let provided = try fileProviderFolder("provided").appendingPathComponent(name).path
        try Self.write(content, to: provided, what: "the provided copy")
        protection.protect(provided, accountId: "")
        if shouldEncryptProvidedFile(of: owner) {
            events.sdkCall(.encryptFile, accountId: owner)
            guard protection.encryptFile(provided, forAccountId: owner) else {
                throw RPCError(code: RPCError.actionFailed, message: "encryptFile:forAccountId: failed for \(name)")
            }
        }
        let itemOwner = replicated ? handToSystem(FileProviderItem(itemIdentifier: "provided/\(name)"), ownedBy: owner) : nil
        return ProvideFileResult(encrypted: protection.isFileEncrypted(provided),
                                 owner: AccountID(protection.protectionInfo(forPath: provided)?.accountId ?? ""),
                                 itemOwner: itemOwner.map { AccountID($0) })
    }

    /// `ext.importFile`: the system hands the extension a file with `text` for `target`'s storage ("" = the unmanaged
    /// identity's), which another managed app's SDK encrypted for `owner` ("" = a plain file). EXT-02, EXT-03; EXT-04
    /// when `replicated`.
    func importFile(name: String, text: String, owner: String, target: String, replicated: Bool) throws(RPCError)
        -> ImportFileResult {
        guard AccountFiles.isValidName(name) else {
            throw RPCError(code: RPCError.invalidParams, message: "invalid file name \"\(name)\"")
        }
        // The target names a folder of the cloud storage: one path component, nothing that climbs out of it.
        guard target.isEmpty || AccountFiles.isValidName(target) else {
            throw RPCError(code: RPCError.invalidParams, message: "invalid targetAccountId \"\(target)\"")
        }
        let protection = runtime.fileProtectionManager
        // The host plays the other managed app: its SDK encrypted the file (the device's SDKs share one key).
        let incoming = try fileProviderFolder("incoming").appendingPathComponent(name).path
        try Self.write(Data(text.utf8), to: incoming, what: "the incoming file")
        defer { try? FileManager.default.removeItem(atPath: incoming) }
        if !owner.isEmpty, !protection.encryptFile(incoming, forAccountId: owner) {
            throw RPCError(code: RPCError.actionFailed, message: "could not encrypt the incoming file for \(owner)")
        }
        let asksFirst = rules.fileProvider.asksBeforeDecrypting
        if asksFirst, !targetMayReceive(incoming, target: target) { return refused(name) }
        var readable = incoming
        if rules.fileProvider.decryptsImports, protection.isFileEncrypted(incoming) {
            readable = incoming + ".decrypted"
            events.sdkCall(.decryptFile, accountId: nil)
            guard protection.decryptFile(incoming, toCopyPath: readable) else {
                throw RPCError(code: RPCError.actionFailed, message: "decryptFile:toCopyPath: failed for \(name)")
            }
        }
        defer { if readable != incoming { try? FileManager.default.removeItem(atPath: readable) } }
        if !asksFirst, !targetMayReceive(incoming, target: target) { return refused(name) }
        let cloud = try fileProviderFolder("cloud/\(target.isEmpty ? Self.unmanagedFolder : target)")
            .appendingPathComponent(name)
        try Self.write(try Self.contents(of: readable), to: cloud.path, what: "the imported file")
        let kept = try Self.contents(of: cloud.path)
        let itemOwner = replicated ? handToSystem(FileProviderItem(itemIdentifier: "imported/\(name)"), ownedBy: target) : nil
        return ImportFileResult(accepted: true, decrypted: kept == Data(text.utf8), itemOwner: itemOwner.map { AccountID($0) })
    }

    /// The import the target's policy refused: nothing is kept.
    private func refused(_ name: String) -> ImportFileResult {
        events.log(.info, "\(name): the target owner's policy refuses the file; not imported")
        return ImportFileResult(accepted: false, decrypted: false)
    }

    /// Whether the provided copy of `owner`'s file is encrypted: as the owner's policy says (002:147).
    private func shouldEncryptProvidedFile(of owner: String) -> Bool {
        guard !owner.isEmpty else { return false }
        switch rules.fileProvider.encryption {
        case .whenPolicyAsks: return runtime.policyManager.policy(forAccountId: owner)?.shouldFileProviderEncryptFiles ?? false
        case .never: return false
        case .always: return runtime.policyManager.isAccountIdManaged(owner)
        }
    }

    /// In a multi-identity app, the target owner's policy decides whether the file may come in (002:149); an
    /// unmanaged target has no policy and takes anything. A single-identity app is not asked to check.
    private func targetMayReceive(_ path: String, target: String) -> Bool {
        guard runtime.configuration.settings.multiIdentity, rules.fileProvider.asksCanReceiveSharedFile else { return true }
        events.sdkCall(.canReceiveSharedFile, accountId: nil, owner: target)
        guard let policy = runtime.policyManager.policy(forAccountId: target) else { return true }
        return policy.canReceiveSharedFile(path)
    }

    /// A replicated extension hands `item` to the system: marked as `owner`'s first (002:159). The owner the SDK
    /// then holds for the item ("" = none).
    private func handToSystem(_ item: FileProviderItem, ownedBy owner: String) -> String {
        let protection = runtime.fileProtectionManager
        if rules.fileProvider.protectsReplicatedItems {
            events.sdkCall(.protectFileProviderItem, accountId: owner)
            protection.protectFileProviderItem(item, forAccountId: owner)
        }
        return protection.owner(ofFileProviderItem: item) ?? ""
    }

    /// `<dataDirectory>/file-provider/<relative>/`, created.
    private func fileProviderFolder(_ relative: String) throws(RPCError) -> URL {
        let folder = device.environment.dataDirectory.appendingPathComponent("file-provider/\(relative)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw RPCError(code: RPCError.actionFailed, message: "could not create the file provider's folder: \(error)")
        }
        return folder
    }

    private static func contents(of path: String) throws(RPCError) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw RPCError(code: RPCError.actionFailed, message: "could not read \(URL(fileURLWithPath: path).lastPathComponent): \(error)")
        }
    }

    private static func write(_ data: Data, to path: String, what: String) throws(RPCError) {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw RPCError(code: RPCError.actionFailed, message: "could not write \(what): \(error)")
        }
    }
}
