/// Another reading of the guides the reference *app* can take at one of its decision points (a "variant"), as
/// opposed to the simulated SDK's (``SDKVariant``).
///
/// Each turns exactly one rule of ``AppRules`` to a value no app defect gives it and names the line that allows it;
/// the suites must pass it. Variants of one decision point exclude each other.
public enum AppVariant: String, CaseIterable, Sendable {
    /// Files the policy no longer requires encrypted stay encrypted; only newly required encryption is applied.
    case filesLeftEncryptedWhenNoLongerRequired
    /// The app keeps its `-intunemam` query schemes and checks links with `canOpenURL` under its UI identity, without
    /// `isURLAllowed`.
    case linksCheckedThroughQuerySchemeTwins
    /// Sign-out deletes the account's data itself, then deregisters with `wipe: false`.
    case signOutDeletesDataThenDeregistersWithoutWipe
    /// Data from the photo album is asked about as `camera` (the constant the guide names for it).
    case photoAlbumOpenedAsCamera
    /// `app.writeData` without an account writes under the process identity: the UI identity does not affect files.
    case filesWrittenUnderProcessIdentity
    /// `app.state` leaves `preferences` out when the app keeps none.
    case preferencesLeftOutWhenNoneKept
    /// `app.state` lists the newest signed-in account first.
    case signedInAccountsNewestFirst
    /// After a wipe the app drops the account once the SDK has finished (after the unenroll status), not inside
    /// `wipeData(forAccountId:)`.
    case wipedAccountSignedOutAfterTheWipe
    // issue 27: Conditional Access remediation
    /// The app remediates with `silent: NO`, letting the SDK take UI control for the remediation.
    case remediationNotSilent
    // issue 27: file provider extensions
    /// The file provider extension decrypts an import first and asks `canReceiveSharedFile:` afterwards.
    case importDecryptedBeforeAskingTheTarget
    // issue 27: showing content under the right identity
    /// The app takes the owner of a file it shows from its own records instead of asking `protectionInfo:`.
    case fileOwnerTakenFromAppRecords
    // issue 27: file ownership
    /// A file mixing several accounts' data protects only the managed account's part; the others stay plain.
    case mixedFileUnmanagedPartsLeftPlain

    /// The requirement IDs whose cases see this variant's behaviour.
    public var requirementIDs: [String] { catalogEntry.ids }

    /// The line that allows the reading (`edition:line` of the Intune guide editions, or of the adapter contract).
    public var source: String { catalogEntry.source }

    /// The one rule of ``AppRules`` the variant turns, by its path. Variants of one decision point exclude each other.
    public var decisionPoint: String { catalogEntry.rule }

    /// One line saying what the variant does, for `--list-variants`.
    public var summary: String { catalogEntry.summary }

    private var catalogEntry: (ids: [String], source: String, rule: String, summary: String) {
        switch self {
        case .filesLeftEncryptedWhenNoLongerRequired:
            return (["POL-10"], "003:490", "fileEncryption.decryptsWhenNoLongerRequired",
                    "files written encrypted stay encrypted when the policy stops requiring it (encryption is a duty "
                        + "only while required; the app can react to the change, 003:492)")
        case .linksCheckedThroughQuerySchemeTwins:
            return (["POL-13"], "002:112", "dataTransfer.linkCheck",
                    "the app keeps its -intunemam query schemes, so it checks links with canOpenURL under its own "
                        + "identity and never asks isURLAllowed (which the guide asks only of apps that removed them)")
        case .signOutDeletesDataThenDeregistersWithoutWipe:
            return (["WIP-01", "WIP-07", "WIP-08", "RST-06", "ENR-02"], "000:668", "accounts.signOut",
                    "sign-out deletes the account's files and settings itself, then deregisters with wipe false "
                        + "(the guide: doWipe can be false when the app deletes the data as part of the sign-out)")
        case .photoAlbumOpenedAsCamera:
            return (["POL-08"], "003:533", "dataTransfer.photoAlbumLocation",
                    "data from the photo album is asked about as location camera, the constant the guide names for the "
                        + "camera or the photo album")
        case .filesWrittenUnderProcessIdentity:
            return (["IDS-09"], "000:519", "identity.writesUnderUIIdentity",
                    "app.writeData without an account writes under the process identity: the UI identity does not "
                        + "affect file tasks")
        case .preferencesLeftOutWhenNoneKept:
            return (["WIP-11"], "adapter-protocol.md:117", "state.reportsEmptyPreferences",
                    "app.state leaves preferences out while the app keeps none (the contract: absent when it keeps none)")
        case .signedInAccountsNewestFirst:
            return (["ENR-14", "ALW-03", "RST-06", "WIP-11"], "adapter-protocol.md:117", "state.signedInAccountsOrder",
                    "app.state lists the newest signed-in account first (the contract fixes no order)")
        case .wipedAccountSignedOutAfterTheWipe:
            return (["WIP-11", "WIP-04", "WIP-05"], "000:579", "wipe.signOutTiming",
                    "after wipeDataForAccountId the app signs the account out once the SDK has finished (after the "
                        + "unenroll status), not inside the callback")
        // issue 27: Conditional Access remediation
        case .remediationNotSilent:
            return (["CA-01", "CA-02", "CA-03"], "spec/intune-sdk-api.md:405", "compliance.remediatesSilently",
                    "the app calls remediateComplianceForAccountId with silent NO (the header recommends it for a first "
                        + "sign-in; either value is documented)")
        // issue 27: file provider extensions
        case .importDecryptedBeforeAskingTheTarget:
            return (["EXT-02", "EXT-03"], "002:149", "fileProvider.asksBeforeDecrypting",
                    "the file provider extension decrypts an encrypted import first and asks canReceiveSharedFile: of the "
                        + "target's policy afterwards, about the file as it came (the guide names both steps, in no order)")
        // issue 27: showing content under the right identity
        case .fileOwnerTakenFromAppRecords:
            return (["IDS-54"], "000:540", "identity.fileOwnerReadFromSDK",
                    "app.showFile takes the file's owner from the app's own records (the account folder it keeps the "
                        + "file in) instead of asking protectionInfo (the guide: apps can use the file protection manager)")
        // issue 27: file ownership
        case .mixedFileUnmanagedPartsLeftPlain:
            return (["IDS-53"], "000:544", "identity.mixedFileProtection",
                    "a file mixing managed and unmanaged users' data protects only the managed user's part; the "
                        + "unmanaged parts stay plain, without the SDK's identity header (the guide asks the app to "
                        + "encrypt the managed user's data only)")
        }
    }
}
