extension AppRules {
    /// What the app's `wipeData(forAccountId:)` does beside files (WIP-11).
    struct Wipe: Equatable, Sendable {
        /// When the app signs a wiped account out (its tokens are wiped data too).
        enum SignOutTiming: Equatable, Sendable {
            /// Inside `wipeData(forAccountId:)` (the reference's reading).
            case inWipeCallback
            /// Once the SDK has finished the wipe and the unenroll (000:579 says what goes, not when).
            case afterSDKFinishes
        }

        /// Leaving the files to the SDK (returning false) still signs the account out.
        var signsOutWhenLeavingFilesToSDK: Bool
        /// A wipe removes the account's settings (data not in files).
        var removesPreferences: Bool
        var signOutTiming: SignOutTiming
        // issue 27: stronger assertions
        /// The app's wipe deletes the wiped account's files only, not the unmanaged identity's.
        var keepsUnmanagedFiles: Bool

        init(_ broken: Broken, _ read: Read) {
            signsOutWhenLeavingFilesToSDK = !broken(.wipeFalseKeepsAccount)
            removesPreferences = !broken(.wipeLeavesPreferences)
            signOutTiming = read(.wipedAccountSignedOutAfterTheWipe) ? .afterSDKFinishes : .inWipeCallback
            // issue 27: stronger assertions
            keepsUnmanagedFiles = !broken(.wipeDeletesUnmanagedFiles)
        }
    }
}
