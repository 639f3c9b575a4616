import AdapterKit
import AdapterProtocol
import Foundation
import IntuneBinding
import ReferenceSDK

// issue 27: file ownership (IDS-52, IDS-53)

/// Files whose owner is not simply the account that created them: a file the app rewrites in place (opened in truncate
/// mode, which establishes its owner anew, 000:538) and a file that holds several accounts' data, in which the app
/// protects the managed account's part itself (000:544).
extension ReferenceApp {
    /// The most parts one mixed file takes: input from the runner is bounded.
    static let mixedDataPartLimit = 16

    /// `app.truncateData`: opens the existing file `name` in truncate mode under the thread identity `threadAccountId`
    /// and writes `content` into it, where it lies. The SDK gives the file to the thread's effective file identity
    /// (`didCreateFile`). Returns the recorded owner ("" = none).
    func truncateData(name: String, content: String, threadAccountId: String) throws(RPCError) -> String {
        let (path, _) = try document(named: name)
        let manager = runtime.policyManager
        return try manager.setCurrentThreadAccountId(threadAccountId) { () -> Result<String, RPCError> in
            do {
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
                defer { try? handle.close() }
                try handle.truncate(atOffset: 0)
                try handle.write(contentsOf: storedBytes(Data(content.utf8), for: threadAccountId))
            } catch {
                return .failure(RPCError(code: RPCError.actionFailed, message: "could not truncate \(name): \(error)"))
            }
            runtime.fileProtectionManager.didCreateFile(atPath: path)
            return .success(runtime.fileProtectionManager.protectionInfo(forPath: path)?.accountId ?? "")
        }.get()
    }

    /// `app.writeMixedData`: one file holding every part, each as the app protected it (`protect:accountId:`, announced
    /// as `event.sdkCall`), written among the files of no account: the file is no single account's, the managed
    /// account's part is encrypted inside it. Returns what `protectionInfo` reads of each part back from the file.
    func writeMixedData(name: String, parts: [MixedDataPart]) throws(RPCError) -> [MixedDataPartInfo] {
        guard AccountFiles.isValidName(name) else {
            throw RPCError(code: RPCError.invalidParams, message: "invalid file name \"\(name)\"")
        }
        guard !parts.isEmpty, parts.count <= Self.mixedDataPartLimit else {
            throw RPCError(code: RPCError.invalidParams,
                           message: "a mixed file takes 1 to \(Self.mixedDataPartLimit) parts, not \(parts.count)")
        }
        let stored = parts.map { storedPart(Data($0.content.utf8), of: $0.accountId.rawValue) }
        let manager = runtime.policyManager
        let path = try manager.setCurrentThreadAccountId("") { () -> Result<String, RPCError> in
            do {
                let encoded = try JSONEncoder().encode(stored)
                let path = try files.write(accountId: Self.unmanagedFolder, name: name, content: encoded)
                runtime.fileProtectionManager.didCreateFile(atPath: path)
                return .success(path)
            } catch {
                return .failure(RPCError(code: RPCError.actionFailed, message: "could not write \(name): \(error)"))
            }
        }.get()
        return try readMixedParts(at: path, name: name)
    }

    /// A part as the app stores it: through `protect:accountId:` where its rule says so (the managed account's part
    /// is then encrypted, another account's only tagged), else plain.
    private func storedPart(_ content: Data, of accountId: String) -> Data {
        let protects = switch rules.identity.mixedFileProtection {
        case .everyPart: true
        case .managedPartsOnly: runtime.policyManager.isAccountIdManaged(accountId)
        case .none: false
        }
        guard protects else { return content }
        events.sdkCall(.protect, accountId: accountId)
        return runtime.dataProtectionManager.protect(content, accountId: accountId)
    }

    /// The parts of the mixed file at `path`, read back from disk, as the SDK's `protectionInfo` describes them.
    private func readMixedParts(at path: String, name: String) throws(RPCError) -> [MixedDataPartInfo] {
        let stored: [Data]
        do {
            stored = try JSONDecoder().decode([Data].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw RPCError(code: RPCError.actionFailed, message: "could not read \(name) back: \(error)")
        }
        let manager = runtime.dataProtectionManager
        return stored.map { part in
            let info = manager.protectionInfo(part)
            return MixedDataPartInfo(owner: AccountID(info?.accountId ?? ""), encrypted: info?.isEncrypted ?? false)
        }
    }
}
