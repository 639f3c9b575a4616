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

        init(_ broken: Broken) {
            encryption = broken(.filesWrittenUnencrypted) ? .never : .whenPolicyRequires
            reprotectsOnChange = !broken(.dataProtectionChangeIgnored)
        }
    }
}
