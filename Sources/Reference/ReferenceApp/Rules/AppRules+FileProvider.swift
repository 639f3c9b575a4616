// issue 27: file provider extensions (EXT)

extension AppRules {
    /// How the app's file provider extension treats the files it provides and imports (002:143-159; EXT-01…EXT-04).
    struct FileProvider: Equatable, Sendable {
        /// When a file handed to the system is encrypted (`encryptFile:forAccountId:`).
        enum Encryption: Equatable, Sendable {
            /// When the owner's policy says `shouldFileProviderEncryptFiles` (the documented rule, 002:147).
            case whenPolicyAsks
            case never
            /// Every managed owner's file, whatever the policy says.
            case always
        }

        var encryption: Encryption
        /// An imported file another app's SDK encrypted is decrypted (`decryptFile:toCopyPath:`) before it is kept
        /// (002:149).
        var decryptsImports: Bool
        /// A multi-identity app asks `canReceiveSharedFile:` of the target owner's policy and refuses on no (002:149).
        var asksCanReceiveSharedFile: Bool
        /// The extension asks `canReceiveSharedFile:` before decrypting the import; 002:149 names both steps without
        /// ordering them, so asking after decrypting (about the file as it came) is another reading.
        var asksBeforeDecrypting: Bool
        /// A replicated extension marks every item it hands the system as its owner's
        /// (`protectFileProviderItem:forAccountId:`, 002:159).
        var protectsReplicatedItems: Bool

        init(_ broken: Broken, _ read: Read) {
            encryption = broken(.fileProviderNeverEncrypts) ? .never : broken(.fileProviderAlwaysEncrypts) ? .always
                : .whenPolicyAsks
            decryptsImports = !broken(.fileProviderImportNotDecrypted)
            asksCanReceiveSharedFile = !broken(.fileProviderSkipsCanReceiveSharedFile)
            protectsReplicatedItems = !broken(.replicatedItemNotProtected)
            asksBeforeDecrypting = !read(.importDecryptedBeforeAskingTheTarget)
        }
    }
}
