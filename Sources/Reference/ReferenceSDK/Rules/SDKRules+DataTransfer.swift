extension SDKRules {
    /// Policy queries, data-transfer decisions and their notifications (POL-01–13).
    struct DataTransfer: Equatable, Sendable {
        /// Save-to checks the location's account.
        var saveToChecksAccount: Bool
        /// Open-from checks `allowedInboundDataTransferSources`.
        var openFromChecksPolicy: Bool
        /// An unmanaged identity's queries answer unrestricted, not with the managed account's policy.
        var unmanagedIsUnrestricted: Bool
        /// A check-in that changes the policy posts the policy-changed notification.
        var policyChangeNotified: Bool
        /// A change of file encryption posts the data-protection-changed notification.
        var encryptionChangeNotified: Bool
        /// `MaxFileProtectionLevel` caps the policy's protection level.
        var protectionCapped: Bool
        /// `isURLAllowed` follows the outbound restriction.
        var urlsRestricted: Bool
        /// The share sheet offers managed apps only under a managed-apps-only policy.
        var shareSheetFiltered: Bool
        /// `OpenInActionExtension` keeps the managed-apps-only share sheet working.
        var openInExtensionHonoured: Bool
        /// The share sheet offers every app when the policy lets org data go to all apps.
        var shareSheetFollowsPolicy: Bool
        /// A first policy that requires encryption posts the data-protection-changed notification too (the contract:
        /// posted when file encryption changes, which a first policy does).
        var firstPolicyProtectionNotified: Bool

        init(_ broken: Broken, _ read: Read) {
            saveToChecksAccount = !broken(.saveToIgnoresAccount)
            openFromChecksPolicy = !broken(.openFromIgnoresPolicy)
            unmanagedIsUnrestricted = !broken(.unmanagedQueriesRestricted)
            policyChangeNotified = !broken(.policyChangeNotNotified)
            encryptionChangeNotified = !broken(.encryptionChangeNotNotified)
            protectionCapped = !broken(.maxProtectionLevelIgnored)
            urlsRestricted = !broken(.urlAllowedDespiteRestriction)
            shareSheetFiltered = !broken(.shareSheetUnfiltered)
            openInExtensionHonoured = !broken(.openInExtensionIgnored)
            shareSheetFollowsPolicy = !broken(.shareSheetAlwaysManagedOnly)
            firstPolicyProtectionNotified = read(.dataProtectionNotifiedAtFirstPolicy)
        }
    }
}
