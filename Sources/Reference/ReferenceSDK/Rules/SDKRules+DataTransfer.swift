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
        // issue 27: stronger assertions
        /// Only a check-in the service answered with a changed policy posts policy-changed; a failed one changes nothing.
        var failedCheckInChangesNoPolicy: Bool
        /// An unmanaged identity has no policy object, so none of the managed account's duties (encryption, protection
        /// level, notification policy) reaches it, not only its transfer restrictions.
        var unmanagedHasNoPolicy: Bool
        /// `MaxFileProtectionLevel` caps by protection strength (1, complete unless open, is stronger than 2), not by
        /// the levels' numbers.
        var protectionCappedByStrength: Bool

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
            // issue 27: stronger assertions
            failedCheckInChangesNoPolicy = !broken(.policyChangedAfterFailedCheckIn)
            unmanagedHasNoPolicy = !broken(.unmanagedKeepsManagedDataDuties)
            protectionCappedByStrength = !broken(.protectionCappedByNumber)
        }
    }
}
