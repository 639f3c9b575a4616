extension AppRules {
    /// How the app protects the managed files it writes (POL-10).
    struct FileEncryption: Equatable, Sendable {
        /// When a managed file is written encrypted.
        enum Encryption: Equatable, Sendable {
            /// When the policy requires it (the documented rule).
            case whenPolicyRequires
            case never
        }

        var encryption: Encryption
        /// A data-protection change re-protects the files written before it.
        var reprotectsOnChange: Bool
        /// Re-protecting decrypts the files whose owner no longer requires encryption, not only encrypts (003:490
        /// makes encryption a duty only while required).
        var decryptsWhenNoLongerRequired: Bool

        init(_ broken: Broken, _ read: Read) {
            encryption = broken(.filesWrittenUnencrypted) ? .never : .whenPolicyRequires
            reprotectsOnChange = !broken(.dataProtectionChangeIgnored)
            decryptsWhenNoLongerRequired = !read(.filesLeftEncryptedWhenNoLongerRequired)
        }
    }
}
