import Foundation

/// The app protection policy that applies to one managed account (`IntuneMAMPolicy`).
///
/// Only the settings the simulation enforces are typed; every setting the service sent is available as
/// raw JSON for apps (and bridges) that want to show it.
public protocol IntuneMAMPolicy: Sendable {
    /// "PIN for access": the SDK asks for a PIN at launch; the app must not show its own.
    var isPINRequired: Bool { get }
    /// Minimum PIN length (policy `minimumPinLength`, default 4).
    var minimumPinLength: Int { get }
    /// Wrong PIN tries allowed before the launch is blocked (policy `maximumPinRetries`, default 5).
    var maximumPinRetries: Int { get }
    /// The service's version string (`<id>:<version>`), nil when it sent none.
    var policyVersion: String? { get }
    /// The policy object exactly as the MAM service sent it (settings plus `id` and `version`), UTF-8 JSON.
    var settingsJSON: Data { get }
    /// May managed data be saved to `location` owned by `accountId` (nil = unknown/none)? POL-01.
    func isSaveToAllowed(forLocation location: IntuneMAMSaveLocation, withAccountId accountId: String?) -> Bool
    /// May data from `location` owned by `accountId` be opened into the managed account? POL-02.
    func isOpenFromAllowed(forLocation location: IntuneMAMOpenLocation, withAccountId accountId: String?) -> Bool
    /// May the app open `url` (hand it to another app)? False when policy keeps org data in managed apps and the
    /// URL's scheme is not a known managed app's. `isKnownManagedAppScheme`: the app vouches that the scheme
    /// belongs to an app that integrates the SDK (for which it dropped the `-intunemam` query scheme). POL-13.
    func isURLAllowed(_ url: URL, isKnownManagedAppScheme: Bool) -> Bool
    /// The app must encrypt the managed files it writes (POL-03); observe data-protection changes.
    var isFileEncryptionRequired: Bool { get }
    /// Which notifications the app may show for the managed account.
    var notificationPolicy: IntuneMAMNotificationPolicy { get }
    /// The file protection level for managed files, capped by `MaxFileProtectionLevel` (POL-06).
    var fileProtectionLevel: IntuneMAMFileProtectionLevel { get }
    // issue 27: file provider extensions (EXT)
    /// The app's file provider extension must encrypt the files it provides (`encryptFile:forAccountId:`); the SDK
    /// does not enforce it (`IntuneMAMPolicy.h 21.7.1:173-179`), EXT-01.
    var shouldFileProviderEncryptFiles: Bool { get }
    /// May this policy's account receive the file at `path`, handed in from outside (a file provider import)?
    /// False: the app must block it (`IntuneMAMPolicy.h 21.7.1:122-125`), EXT-03.
    func canReceiveSharedFile(_ path: String) -> Bool
}
