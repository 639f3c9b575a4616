extension AppRules {
    /// The identities the app sets around its work (IDS-08, IDS-11, IDS-12, IDS-13).
    struct Identity: Equatable, Sendable {
        /// Web content shows only after the UI identity was cleared (IDS-11).
        var webContentClearsIdentity: Bool
        /// Background work is dispatched the way the SDK follows, keeping the thread identity (IDS-08).
        var backgroundWorkKeepsThreadIdentity: Bool
        /// A copy is made while the data shows under its owner's UI identity (IDS-12).
        var copiesUnderOwnerIdentity: Bool
        /// The share extension switches the UI identity to the shared item's owner (IDS-13).
        var shareExtensionSwitchesToOwner: Bool
        /// The share extension reads the item's owner instead of assuming the managed account (IDS-13).
        var shareExtensionReadsOwner: Bool
        /// Shared data saved to a file becomes the owner's (IDS-13).
        var sharedDataSavedAsOwner: Bool
        /// A file written without a named owner is written with the UI identity as the thread identity, so it becomes
        /// the UI identity's (the reference's convention); otherwise under the process identity (000:519: the UI
        /// identity does not affect file tasks) (IDS-09).
        var writesUnderUIIdentity: Bool
        /// Showing an unmanaged account's data sets the UI identity too (IDS-50, 000:565: whether or not the user is
        /// managed).
        var showsUnmanagedUnderItsIdentity: Bool
        // issue 27: showing content under the right identity
        /// A file the user opens shows under its owner's UI identity, set before the contents show (IDS-54, 000:540).
        var showsFileUnderItsOwner: Bool
        /// The owner of a file to show comes from the SDK (`protectionInfo:`); otherwise from the app's own records (the
        /// folder it keeps the account's documents in), which 000:540 allows ("apps can use").
        var fileOwnerReadFromSDK: Bool
        /// A single-identity app shows web content with the thread identity set to "" (IDS-55, 003:768).
        var singleIdentityWebContentClearsThreadIdentity: Bool
        // issue 27: file ownership
        /// Which parts of a file mixing several accounts' data the app passes through `protect:accountId:` (IDS-53).
        enum MixedFileProtection: Equatable, Sendable {
            /// Every part: the managed account's is encrypted, the others carry the SDK's identity header (the
            /// reference's reading; 000:544-547: protect accepts a managed or an unmanaged user).
            case everyPart
            /// Only the managed accounts' parts; the others stay plain (000:544 asks only the managed user's data).
            case managedPartsOnly
            /// None: every part is written plain.
            case none
        }
        var mixedFileProtection: MixedFileProtection

        init(_ broken: Broken, _ read: Read) {
            webContentClearsIdentity = !broken(.webContentKeepsIdentity)
            backgroundWorkKeepsThreadIdentity = !broken(.backgroundWorkOnOwnThread)
            copiesUnderOwnerIdentity = !broken(.copyUnderCurrentIdentity)
            shareExtensionSwitchesToOwner = !broken(.shareExtensionKeepsIdentity)
            shareExtensionReadsOwner = !broken(.shareExtensionAssumesManagedOwner)
            sharedDataSavedAsOwner = !broken(.sharedDataSavedWithoutOwner)
            writesUnderUIIdentity = !read(.filesWrittenUnderProcessIdentity)
            showsUnmanagedUnderItsIdentity = !broken(.identitySetOnlyForManagedAccounts)
            // issue 27: showing content under the right identity
            showsFileUnderItsOwner = !broken(.fileShownUnderCurrentIdentity)
            fileOwnerReadFromSDK = !read(.fileOwnerTakenFromAppRecords)
            singleIdentityWebContentClearsThreadIdentity = !broken(.singleIdentityWebContentKeepsThreadIdentity)
            // issue 27: file ownership
            mixedFileProtection = broken(.mixedFileWrittenUnprotected) ? .none
                : read(.mixedFileUnmanagedPartsLeftPlain) ? .managedPartsOnly : .everyPart
        }
    }
}
