/// A deliberately planted bug in the reference *app* (as opposed to the simulated SDK).
///
/// Some requirements are about how the app uses the SDK; the harness must be able to catch an app that
/// gets the order of calls wrong, so the app has mutants of its own.
public enum AppDefect: String, CaseIterable, Sendable {
    /// Sign-out drops the account and its tokens without calling `deRegisterAndUnenrollAccountId`, so the next
    /// account cannot enroll (WIP-12; iOS#537, iOS#505: "only a single managed account").
    case signOutWithoutDeregister
    /// Sign-out drops the account's tokens first and deregisters afterwards, so the SDK has no token to
    /// tell the service (WIP-08).
    case tokensDroppedBeforeDeregister
    /// Launch does not register signed-in accounts that `registeredAccountIds()` lacks (ENR-06).
    case missingAccountsNotRegistered
    /// The app compares accounts with the allowed list case-sensitively (ALW-04).
    case allowedAccountsCaseSensitive
    /// The app signs in (and registers) an account outside the allowed list (ALW-03).
    case disallowedSignInAccepted
    /// When the allowed list changes, the app keeps a no longer allowed account signed in (ALW-03).
    case disallowedAccountKeptSignedIn
    /// A multi-identity app shows web content without clearing the UI identity first (IDS-11).
    case webContentKeepsIdentity
    /// The app registers every account it signs in with the SDK, personal ones too (ENR-14).
    case personalAccountRegistered
    /// The app leaves its runtime sign-in overrides in place when its managed account signs out, so the next
    /// account signs in with them (ENR-15).
    case authOverridesKeptAfterSignOut
    /// The app saves a copy wherever the user asks without asking `isSaveToAllowedForLocation` (POL-07).
    case saveWithoutAsking
    /// The app asks `isSaveToAllowedForLocation` but saves even when the answer is no (POL-07).
    case saveRefusalIgnored
    /// The app saves the copy first and asks `isSaveToAllowedForLocation` afterwards (POL-07).
    case saveAskedAfterSaving
    /// The app passes the file owner as the location's account for every location, local drive and camera roll
    /// too (POL-07).
    case saveOwnerForEveryLocation
    /// The app asks about its own storage as `other` with no account instead of `accountDocument` with the
    /// owner (POL-07).
    case ownStorageAskedAsOther
    /// The app opens data from any location without asking `isOpenFromAllowedForLocation` (POL-08).
    case openWithoutAsking
    /// The app asks `isOpenFromAllowedForLocation` but opens even when the answer is no (POL-08).
    case openRefusalIgnored
    /// The app asks the policy of the location's account (none for a camera) instead of the receiving account's
    /// (POL-08).
    case openAsksLocationAccountPolicy
    /// The app runs background work on a thread of its own, outside the dispatch the SDK follows, so the work loses
    /// the identity of the thread that started it (IDS-08).
    case backgroundWorkOnOwnThread
    /// The app shows every notification in full, whatever `notificationPolicy` says (POL-11).
    case notificationPolicyIgnored
    /// The app treats `blockOrgData` like `block`: no notification at all instead of a generic one (POL-11).
    case orgDataBlockHidesNotification
    /// The app reads `notificationPolicy` once at launch and never again on policy-changed (POL-11).
    case notificationPolicyReadOnce
    /// The app copies from an account's data without showing it under that account's UI identity, so the copy
    /// carries whatever identity the UI had (IDS-12).
    case copyUnderCurrentIdentity
    /// The share extension shows shared data under the identity it already has, without switching to the item's owner
    /// (IDS-13).
    case shareExtensionKeepsIdentity
    /// The share extension does not read the item's owner and takes the managed account for every item (IDS-13).
    case shareExtensionAssumesManagedOwner
    /// The share extension saves shared data in a file without making it the owner's (IDS-13).
    case sharedDataSavedWithoutOwner
    /// When the app leaves the files to the SDK (`wipeDataForAccountId` returns false) it does nothing else: the
    /// account stays signed in with its settings (WIP-11).
    case wipeFalseKeepsAccount
    /// A wipe leaves the account's settings (data not in files) behind (WIP-11).
    case wipeLeavesPreferences
    /// The app writes managed files in plain text although the policy requires encryption (POL-10).
    case filesWrittenUnencrypted
    /// The app ignores `IntuneMAMDataProtectionDidChangeNotification`: files keep their old protection (POL-10).
    case dataProtectionChangeIgnored
    /// The app shows a share list of its own making (every installed app) instead of the system share sheet the SDK
    /// filters (POL-09).
    case customShareList
    /// The app opens links without asking `isURLAllowed` (POL-13).
    case linkOpenedWithoutAsking
    /// The app asks `isURLAllowed` but opens the link even when the answer is no (POL-13).
    case linkRefusalIgnored
    /// The app checks and opens links under its managed identity instead of the empty one (POL-13).
    case linkOpenedUnderManagedIdentity
    /// The app never vouches for a known managed app's scheme (`isKnownManagedAppScheme: NO`) (POL-13).
    case managedSchemeNotVouched

    // issue 27: field failures FM-01..03
    /// The app passes the account's UPN where the SDK's `…AccountId` calls take the Entra object ID (ENR-17;
    /// iOS#539, iOS#422: enrollment then fails 203).
    case upnPassedAsAccountId
    /// The app passes MSAL's home account ID (`oid.tid`) where the SDK's `…AccountId` calls take the bare object
    /// ID (ENR-17; iOS#444, iOS#470: 207, "could not find AAD object id").
    case homeAccountIdPassedAsAccountId
    // MARK: issue 27: stronger assertions

    /// The app's wipe deletes the unmanaged identity's files beside the wiped account's (WIP-10).
    case wipeDeletesUnmanagedFiles
    // issue 27: guide gaps the protocol can check

    /// The app calls `setUIPolicyAccountId` before showing a managed account's data only, not an unmanaged one's (IDS-50).
    case identitySetOnlyForManagedAccounts
    // issue 27: Conditional Access remediation (FM-01)

    /// The app passes the account's UPN to `remediateComplianceForAccountId` instead of its Entra object ID (CA-01;
    /// iOS#180: InteractionRequired and an enrollment 203).
    case remediationWithUpn
    /// Told compliant, the app gives up with the refusal it had instead of asking for its token again (CA-03;
    /// iOS#393, iOS#666: sign-in still ends in the protection-policy error after a compliant status).
    case tokenNotRetriedAfterCompliant
    // issue 27: file provider extensions (EXT)

    /// The file provider extension hands the system its files in plain text although the owner's policy says
    /// `shouldFileProviderEncryptFiles` (EXT-01).
    case fileProviderNeverEncrypts
    /// The file provider extension encrypts every managed owner's file, also where the policy does not ask (EXT-01).
    case fileProviderAlwaysEncrypts
    /// The file provider extension keeps an imported file as it came, encrypted for another app's account, without
    /// `decryptFile:toCopyPath:` (EXT-02).
    case fileProviderImportNotDecrypted
    /// The multi-identity app's file provider extension imports a file without asking `canReceiveSharedFile:` of the
    /// target owner's policy (EXT-03).
    case fileProviderSkipsCanReceiveSharedFile
    /// The replicated file provider extension hands the system its items without `protectFileProviderItem:forAccountId:`
    /// (EXT-04).
    case replicatedItemNotProtected
    // issue 27: showing content under the right identity

    /// The app shows a file the user opens under the current UI identity, without reading its owner or switching to
    /// it (IDS-54): a managed file skips conditional launch, an unmanaged one shows under the managed identity.
    case fileShownUnderCurrentIdentity
    /// A single-identity app shows arbitrary web content without setting the thread identity to "" (IDS-55).
    case singleIdentityWebContentKeepsThreadIdentity
    // issue 27: file ownership

    /// The app writes a file mixing managed and unmanaged users' data with every part plain, the managed user's too
    /// (IDS-53).
    case mixedFileWrittenUnprotected
    // issue 27: unlisted locations
    /// The app takes storage the enumerations do not list for the managed account's own when the account signed in
    /// there has the managed account's UPN, so the same user@contoso.com signed in at Dropbox is asked about as an
    /// account document (POL-51; 003:543-547).
    case unlistedStorageMatchedByUpn
    /// The app asks about storage it cannot classify as the owner's account document instead of `other` (POL-51;
    /// 003:543).
    case unclassifiedLocationAskedAsAccountDocument

    /// The requirement IDs this defect violates.
    public var requirementIDs: [String] {
        switch self {
        case .signOutWithoutDeregister: return ["RST-06", "WIP-08", "WIP-12"]
        case .tokensDroppedBeforeDeregister: return ["WIP-08"]
        case .missingAccountsNotRegistered: return ["ENR-06"]
        case .allowedAccountsCaseSensitive: return ["ALW-04"]
        case .disallowedSignInAccepted: return ["ALW-03"]
        case .disallowedAccountKeptSignedIn: return ["ALW-03"]
        case .webContentKeepsIdentity: return ["IDS-11"]
        case .personalAccountRegistered: return ["ENR-14"]
        case .authOverridesKeptAfterSignOut: return ["ENR-15"]
        case .saveWithoutAsking, .saveRefusalIgnored, .saveAskedAfterSaving, .saveOwnerForEveryLocation,
             .ownStorageAskedAsOther:
            return ["POL-07"]
        case .openWithoutAsking, .openRefusalIgnored, .openAsksLocationAccountPolicy: return ["POL-08"]
        case .customShareList: return ["POL-09"]
        case .wipeFalseKeepsAccount, .wipeLeavesPreferences: return ["WIP-11"]
        case .backgroundWorkOnOwnThread: return ["IDS-08"]
        case .copyUnderCurrentIdentity: return ["IDS-12"]
        case .notificationPolicyIgnored, .orgDataBlockHidesNotification, .notificationPolicyReadOnce: return ["POL-11"]
        case .shareExtensionKeepsIdentity, .shareExtensionAssumesManagedOwner, .sharedDataSavedWithoutOwner: return ["IDS-13"]
        case .filesWrittenUnencrypted, .dataProtectionChangeIgnored: return ["POL-10"]
        case .linkOpenedWithoutAsking, .linkRefusalIgnored, .linkOpenedUnderManagedIdentity, .managedSchemeNotVouched:
            return ["POL-13"]
        // issue 27: field failures FM-01..03
        case .upnPassedAsAccountId, .homeAccountIdPassedAsAccountId: return ["ENR-17"]
        // issue 27: stronger assertions
        case .wipeDeletesUnmanagedFiles: return ["WIP-10"]
        case .identitySetOnlyForManagedAccounts: return ["IDS-50"]
        // issue 27: Conditional Access remediation
        case .remediationWithUpn: return ["CA-01"]
        case .tokenNotRetriedAfterCompliant: return ["CA-03"]
        // issue 27: file provider extensions
        case .fileProviderNeverEncrypts, .fileProviderAlwaysEncrypts: return ["EXT-01"]
        case .fileProviderImportNotDecrypted: return ["EXT-02"]
        case .fileProviderSkipsCanReceiveSharedFile: return ["EXT-03"]
        case .replicatedItemNotProtected: return ["EXT-04"]
        // issue 27: showing content under the right identity
        case .fileShownUnderCurrentIdentity: return ["IDS-54"]
        case .singleIdentityWebContentKeepsThreadIdentity: return ["IDS-55"]
        // issue 27: file ownership
        case .mixedFileWrittenUnprotected: return ["IDS-53"]
        // issue 27: unlisted locations
        case .unlistedStorageMatchedByUpn, .unclassifiedLocationAskedAsAccountDocument: return ["POL-51"]
        }
    }

    /// One line saying what the defect breaks, for `--list-mutants`.
    public var summary: String {
        switch self {
        case .signOutWithoutDeregister:
            return "sign-out drops the account and its tokens without deregistering it from the SDK first: the next "
                + "account of the organisation cannot enroll (iOS#537)"
        case .tokensDroppedBeforeDeregister:
            return "sign-out drops the account's tokens first and then deregisters: the SDK gets no token, the service is "
                + "never told, and the unenroll is reported with 203 (didSucceed false)"
        case .missingAccountsNotRegistered:
            return "launch does not register signed-in accounts missing from registeredAccountIds"
        case .allowedAccountsCaseSensitive:
            return "the app compares the signing-in UPN and account ID with the allowed list case-sensitively: the "
                + "allowed account typed in other letter case is refused"
        case .disallowedSignInAccepted:
            return "the app signs in and registers an account outside the allowed list (app.signIn is not refused)"
        case .disallowedAccountKeptSignedIn:
            return "when the allowed list changes, a signed-in account that is no longer allowed stays signed in and "
                + "registered"
        case .webContentKeepsIdentity:
            return "a multi-identity app shows arbitrary web content under the current UI identity: no "
                + "setUIPolicyAccountId(\"\") before it and no restore after it"
        case .authOverridesKeptAfterSignOut:
            return "the app keeps its sign-in overrides after its managed account signs out: the next account signs in at the old authority"
        case .personalAccountRegistered:
            return "the app registers a personal (consumer) account with the SDK as if it were a work account"
        case .saveWithoutAsking:
            return "app.saveDocument saves the copy without asking isSaveToAllowedForLocation, also where policy forbids it"
        case .saveRefusalIgnored:
            return "app.saveDocument asks isSaveToAllowedForLocation and saves even when the answer is no"
        case .saveAskedAfterSaving:
            return "app.saveDocument saves the copy first and asks isSaveToAllowedForLocation afterwards"
        case .saveOwnerForEveryLocation:
            return "app.saveDocument passes the file owner as the location's account everywhere, local drive and "
                + "camera roll too (they take none)"
        case .ownStorageAskedAsOther:
            return "app.saveDocument asks about the owner's own storage as location other with no account, so a "
                + "save the policy allows is refused"
        case .openWithoutAsking:
            return "app.openDocument opens data without asking isOpenFromAllowedForLocation, also where policy forbids it"
        case .openRefusalIgnored:
            return "app.openDocument asks isOpenFromAllowedForLocation and opens even when the answer is no"
        case .openAsksLocationAccountPolicy:
            return "app.openDocument asks the policy of the location's account (none for the camera, so anything "
                + "opens) instead of the receiving account's"
        case .notificationPolicyIgnored:
            return "app.notify shows every notification in full, whatever notificationPolicy says"
        case .orgDataBlockHidesNotification:
            return "under block-org-data the app shows no notification at all instead of a generic one"
        case .notificationPolicyReadOnce:
            return "the app keeps the notificationPolicy it read at launch and ignores policy-changed"
        case .copyUnderCurrentIdentity:
            return "app.copy copies an account's text without setUIPolicyAccountId to its owner first: the copy carries "
                + "the identity the UI had"
        case .shareExtensionKeepsIdentity:
            return "the share extension shows shared data without setUIPolicyAccountId to its owner: it stays under the "
                + "identity the app had"
        case .shareExtensionAssumesManagedOwner:
            return "the share extension never asks protectionInfoForItemProvider and treats every item as the managed "
                + "account's, unmanaged ones too"
        case .sharedDataSavedWithoutOwner:
            return "the share extension saves shared data in a file without making it the owner's: the file belongs to "
                + "no account"
        case .backgroundWorkOnOwnThread:
            return "app.writeDataInBackground runs its work on a thread of its own that the SDK does not follow: the "
                + "file belongs to the process identity, not the dispatching thread's"
        case .wipeFalseKeepsAccount:
            return "when wipeDataForAccountId returns false (files left to the SDK) the app neither signs the account out "
                + "nor drops its settings"
        case .wipeLeavesPreferences:
            return "a wipe deletes the files and signs the account out but leaves its settings (non-file data) behind"
        case .filesWrittenUnencrypted:
            return "app.writeData stores the managed account's files in plain text although isFileEncryptionRequired is true"
        case .dataProtectionChangeIgnored:
            return "the app ignores the data-protection-changed notification: its files keep the protection they were "
                + "written with"
        case .customShareList:
            return "app.share lists every installed app itself instead of showing the system share sheet the SDK filters"
        case .linkOpenedWithoutAsking:
            return "app.openLink opens the link without asking isURLAllowed, an unmanaged app's too"
        case .linkRefusalIgnored:
            return "app.openLink asks isURLAllowed and opens the link even when the answer is no"
        case .linkOpenedUnderManagedIdentity:
            return "app.openLink checks canOpenURL and opens under the managed identity instead of the empty one, so a "
                + "known managed app's link looks unopenable"
        case .managedSchemeNotVouched:
            return "app.openLink passes isKnownManagedAppScheme NO for a known managed app's scheme, so its link is refused"
        // issue 27: field failures FM-01..03
        case .upnPassedAsAccountId:
            return "the app passes the account's UPN to registerAndEnrollAccountId and deRegisterAndUnenrollAccountId "
                + "instead of its Entra object ID (iOS#539, iOS#422)"
        case .homeAccountIdPassedAsAccountId:
            return "the app passes MSAL's home account ID (oid.tid) to registerAndEnrollAccountId and "
                + "deRegisterAndUnenrollAccountId instead of the bare object ID (iOS#444, iOS#470)"
        // issue 27: stronger assertions
        case .wipeDeletesUnmanagedFiles:
            return "the app's wipeDataForAccountId deletes the files no identity owns (the unmanaged identity's) beside "
                + "the wiped account's"
        case .identitySetOnlyForManagedAccounts:
            return "before showing an account's data (app.copy, app.paste) the app calls setUIPolicyAccountId only when "
                + "the account is managed"
        // issue 27: Conditional Access remediation
        case .remediationWithUpn:
            return "refused a token for Conditional Access, the app passes the account's UPN to "
                + "remediateComplianceForAccountId instead of its Entra object ID (iOS#180)"
        case .tokenNotRetriedAfterCompliant:
            return "told compliant by the compliance delegate, the app gives up with the protection_policy_required "
                + "refusal instead of asking for its token again (iOS#393, iOS#666)"
        // issue 27: file provider extensions
        case .fileProviderNeverEncrypts:
            return "the file provider extension provides its files in plain text although shouldFileProviderEncryptFiles is true"
        case .fileProviderAlwaysEncrypts:
            return "the file provider extension encrypts every managed account's file it provides, also where "
                + "shouldFileProviderEncryptFiles is false"
        case .fileProviderImportNotDecrypted:
            return "the file provider extension keeps an imported file encrypted for another app's account instead of "
                + "decrypting it with decryptFile:toCopyPath:"
        case .fileProviderSkipsCanReceiveSharedFile:
            return "the multi-identity app's file provider extension imports a file without asking canReceiveSharedFile: "
                + "of the target owner's policy, also where the policy refuses it"
        case .replicatedItemNotProtected:
            return "the replicated file provider extension hands the system its items without "
                + "protectFileProviderItem:forAccountId: for their owner"
        // issue 27: showing content under the right identity
        case .fileShownUnderCurrentIdentity:
            return "app.showFile shows the file under the current UI identity without reading its owner or calling "
                + "setUIPolicyAccountId: a managed account's file skips its PIN, an unmanaged file shows as the managed account's"
        case .singleIdentityWebContentKeepsThreadIdentity:
            return "a single-identity app shows arbitrary web content under its thread identity (the enrolled account) "
                + "without setCurrentThreadAccountId(\"\") around it"
        // issue 27: file ownership
        case .mixedFileWrittenUnprotected:
            return "app.writeMixedData writes the managed account's part plain beside the unmanaged one's, without "
                + "protect:accountId:, so the managed user's data lies unencrypted in the shared file (000:544)"
        // issue 27: unlisted locations
        case .unlistedStorageMatchedByUpn:
            return "for storage no location names, the app asks accountDocument whenever the account signed in there has "
                + "the managed account's UPN, so user@contoso.com signed in at Dropbox counts as the managed account"
        case .unclassifiedLocationAskedAsAccountDocument:
            return "storage the app cannot classify is asked about as the owner's accountDocument instead of other"
        }
    }
}
