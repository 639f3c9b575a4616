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

        init(_ broken: Broken) {
            webContentClearsIdentity = !broken(.webContentKeepsIdentity)
            backgroundWorkKeepsThreadIdentity = !broken(.backgroundWorkOnOwnThread)
            copiesUnderOwnerIdentity = !broken(.copyUnderCurrentIdentity)
            shareExtensionSwitchesToOwner = !broken(.shareExtensionKeepsIdentity)
            shareExtensionReadsOwner = !broken(.shareExtensionAssumesManagedOwner)
            sharedDataSavedAsOwner = !broken(.sharedDataSavedWithoutOwner)
        }
    }
}
