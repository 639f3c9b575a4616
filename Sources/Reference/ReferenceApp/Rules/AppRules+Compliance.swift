extension AppRules {
    /// How the app answers app-protection Conditional Access (`IntuneMAMComplianceManager.h 21.7.1:52-69`; CA-01,
    /// CA-03).
    struct Compliance: Equatable, Sendable {
        /// Which of the account's identifiers the app hands `remediateComplianceForAccountId` (CA-01: the object ID).
        enum RemediationAccount: Equatable, Sendable {
            case objectId
            case upn
        }

        var remediationAccount: RemediationAccount
        /// On compliant the app asks for its token once more (CA-03).
        var retriesAfterCompliant: Bool
        /// The app remediates with `silent: YES`; `NO` lets the SDK take UI control, which the header recommends for a
        /// first sign-in (`IntuneMAMComplianceManager.h 21.7.1:63-66`): either is documented.
        var remediatesSilently: Bool

        init(_ broken: Broken, _ read: Read) {
            remediationAccount = broken(.remediationWithUpn) ? .upn : .objectId
            retriesAfterCompliant = !broken(.tokenNotRetriedAfterCompliant)
            remediatesSilently = !read(.remediationNotSilent)
        }
    }
}
