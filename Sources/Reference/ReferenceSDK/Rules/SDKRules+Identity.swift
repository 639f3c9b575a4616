extension SDKRules {
    /// Identities: the UI, process and thread identity, hand-offs and the clipboard (IDS-01–13).
    struct Identity: Equatable, Sendable {
        /// An identity switch compares the target with the managed account ignoring case.
        var switchIgnoresCase: Bool
        /// `setUIPolicyAccountId` completes only after conditional launch ran.
        var switchWaitsForConditionalLaunch: Bool
        /// `setUIPolicyAccountId("")` means unmanaged, not the managed account.
        var emptyIdentityIsUnmanaged: Bool
        /// A second account of the managed account's organisation may not become the UI identity (the header's
        /// NotAllowed); before 17.5.0 the guides make it an unmanaged user whose switch succeeds, which a variant reads.
        var refusesSecondOrganizationAccount: Bool
        /// A single-identity app gets the enrolled account as its process identity.
        var singleIdentityAppHasProcessIdentity: Bool
        /// With `MultiIdentity`, identities start unmanaged.
        var multiIdentityStartsUnmanaged: Bool
        /// URL and document hand-offs ask the app before switching the identity.
        var handOffAsksApp: Bool
        /// New files belong to the thread identity inside its scope.
        var fileOwnerFollowsThreadIdentity: Bool
        /// `protect` encrypts for the managed account only.
        var protectEncryptsManagedOnly: Bool
        /// Dispatched work keeps the dispatching thread's identity (IDS-08).
        var dispatchKeepsThreadIdentity: Bool
        /// A copy is tagged with the UI identity it was made under (IDS-12).
        var clipboardTaggedWithUIIdentity: Bool
        /// The clipboard follows the policy's restriction (IDS-12).
        var clipboardRestricted: Bool
        /// `managedAppsWithPasteIn` accepts paste-in from unmanaged apps (IDS-12).
        var pasteInAcceptedWhenAllowed: Bool
        /// `managedApps` refuses paste-in from unmanaged apps (IDS-12).
        var pasteInRefusedWhenNotAllowed: Bool
        // issue 27: file ownership
        /// The UI identity plays no part in a file's owner (000:519: it does not affect file tasks) (IDS-51).
        var fileOwnerIgnoresUIIdentity: Bool
        /// A thread identity, "" too, overrides the process identity for the thread's files (IDS-51).
        var threadIdentityOverridesProcess: Bool
        /// Opening an existing file in truncate mode makes it the truncating thread's (000:538) (IDS-52).
        var truncateTakesOwnership: Bool

        init(_ broken: Broken, _ read: Read) {
            switchIgnoresCase = !broken(.identityComparedCaseSensitively)
            switchWaitsForConditionalLaunch = !broken(.switchCompletesBeforePin)
            emptyIdentityIsUnmanaged = !broken(.emptyIdentityTreatedAsManaged)
            refusesSecondOrganizationAccount = !broken(.secondAccountSwitchAllowed)
                && !read(.secondOrganizationAccountSwitchesInUnmanaged)
            singleIdentityAppHasProcessIdentity = !broken(.processIdentityNotSet)
            multiIdentityStartsUnmanaged = !broken(.multiIdentityStartsManaged)
            handOffAsksApp = !broken(.switchRequiredNotAsked)
            fileOwnerFollowsThreadIdentity = !broken(.fileOwnerIgnoresThreadIdentity)
            protectEncryptsManagedOnly = !broken(.protectEncryptsUnmanaged)
            dispatchKeepsThreadIdentity = !broken(.dispatchDropsThreadIdentity)
            clipboardTaggedWithUIIdentity = !broken(.clipboardTaggedWithProcessIdentity)
            clipboardRestricted = !broken(.clipboardUnrestricted)
            pasteInAcceptedWhenAllowed = !broken(.pasteInRefused)
            pasteInRefusedWhenNotAllowed = !broken(.pasteInFromAnyApp)
            // issue 27: file ownership
            fileOwnerIgnoresUIIdentity = !broken(.fileOwnerTakenFromUiIdentity)
            threadIdentityOverridesProcess = !broken(.processIdentityOverridesThreadIdentity)
            truncateTakesOwnership = !broken(.truncateKeepsPreviousOwner)
        }
    }
}
