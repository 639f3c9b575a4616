extension AppRules {
    /// Signing accounts in and out, registering them, and the allowed-accounts list (ENR-06, ENR-14, ENR-15,
    /// ENR-17, WIP-08, WIP-12, ALW-03, ALW-04).
    struct Accounts: Equatable, Sendable {
        /// How sign-out treats the SDK (WIP-08).
        enum SignOut: Equatable, Sendable {
            /// Deregister with wipe, then drop the tokens (the documented order: the SDK still has a token).
            case deregisterThenForget
            case forgetWithoutDeregistering
            case forgetThenDeregister
            /// Delete the account's data, deregister without wipe, then drop the tokens (000:301, 000:668: doWipe
            /// can be false when the app deletes the data itself).
            case deleteDataThenDeregisterWithoutWipe
        }

        /// Which of a signed-in account's identifiers the app hands the SDK as its account ID (ENR-17).
        enum SDKAccountId: Equatable, Sendable {
            /// The Entra object ID, as the headers ask from 17.5.0 on.
            case objectId
            /// The user principal name, as the UPN-era calls took (iOS#539, iOS#422).
            case upn
            /// MSAL's home account identifier, `oid.tid` (iOS#444, iOS#470).
            case homeAccountId
        }

        var signOut: SignOut
        /// What the app passes as the account ID of `registerAndEnrollAccountId` and
        /// `deRegisterAndUnenrollAccountId` (ENR-17: the Entra object ID, `IntuneMAMEnrollmentManager.h 21.7.1:78`).
        var sdkAccountId: SDKAccountId
        /// Launch registers signed-in accounts the SDK does not list (ENR-06).
        var registersMissingAccountsAtLaunch: Bool
        /// Personal accounts are signed in but never registered with the SDK (ENR-14).
        var keepsPersonalAccountsUnregistered: Bool
        /// The managed account's sign-out clears the app's runtime sign-in overrides (ENR-15).
        var clearsAuthOverridesAtSignOut: Bool
        /// Accounts compare with the allowed list ignoring case (ALW-04).
        var allowedListIgnoresCase: Bool
        /// An account outside the allowed list is not signed in (ALW-03).
        var refusesDisallowedSignIn: Bool
        /// An account the changed allowed list no longer names is signed out (ALW-03).
        var signsOutDisallowedAccount: Bool

        init(_ broken: Broken, _ read: Read) {
            signOut = broken(.signOutWithoutDeregister) ? .forgetWithoutDeregistering
                : broken(.tokensDroppedBeforeDeregister) ? .forgetThenDeregister
                : read(.signOutDeletesDataThenDeregistersWithoutWipe) ? .deleteDataThenDeregisterWithoutWipe
                : .deregisterThenForget
            sdkAccountId = broken(.upnPassedAsAccountId) ? .upn
                : broken(.homeAccountIdPassedAsAccountId) ? .homeAccountId
                : .objectId
            registersMissingAccountsAtLaunch = !broken(.missingAccountsNotRegistered)
            keepsPersonalAccountsUnregistered = !broken(.personalAccountRegistered)
            clearsAuthOverridesAtSignOut = !broken(.authOverridesKeptAfterSignOut)
            allowedListIgnoresCase = !broken(.allowedAccountsCaseSensitive)
            refusesDisallowedSignIn = !broken(.disallowedSignInAccepted)
            signsOutDisallowedAccount = !broken(.disallowedAccountKeptSignedIn)
        }
    }
}
