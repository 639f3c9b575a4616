import Foundation

// issue 27: file provider extensions (EXT)

/// What a policy tells a file provider extension (EXT-01, EXT-03).
///
/// No source names the Graph settings behind these two answers. `shouldFileProviderEncryptFiles` follows
/// `appDataEncryptionType`, the one encryption setting of `iosManagedAppProtection` (as `isFileEncryptionRequired`
/// does); `canReceiveSharedFile:` follows `allowedInboundDataTransferSources`, the setting for data coming in:
/// allApps → yes; none → no; managedApps → only a file another managed app's SDK protected for an account.
extension MAMServicePolicy {
    var shouldFileProviderEncryptFiles: Bool { rules.isFileEncryptionRequired }

    func canReceiveSharedFile(_ path: String) -> Bool {
        switch rules.inboundSources {
        case .allApps: return true
        case .noApps: return false
        case .managedApps: return !(Self.protectedOwner(ofFileAt: path) ?? "").isEmpty
        }
    }

    /// The account an SDK's header at the start of the file names, nil when it has none. Only the header is read
    /// (its owner is not encrypted), so no key is needed and a large file costs no more than a small one.
    static func protectedOwner(ofFileAt path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: Self.longestProtectionHeader)) ?? Data()
        return DataProtectionEnvelope(parsing: header, key: Data())?.owner
    }

    /// Magic, flag, owner length and the longest owner a header can hold.
    private static let longestProtectionHeader = 4 + 1 + 2 + Int(UInt16.max)
}
