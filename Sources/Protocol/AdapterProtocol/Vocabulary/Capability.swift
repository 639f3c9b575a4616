/// A feature area an integration may or may not offer, declared in its `initialize` answer.
///
/// A case needs the capabilities of the requests it makes and the questions it answers (derived by the
/// suite loader, never listed by hand); when the integration lacks one, the case is skipped with the
/// reason, never passed and never failed.
public enum Capability: String, WireEnum {
    /// Time-based SDK behaviour follows `clock.advance` instead of the wall clock.
    case virtualClock = "clock.virtual"
    /// SDK user interface becomes `ui.*` questions answered by a simulated user.
    case uiPrompts = "ui.prompts"
    /// `app.restart` works (the runner can terminate and relaunch the app).
    case appRestart = "app.restart"
    /// `app.resume`: the app can be sent to the background and brought back.
    case appResume = "app.resume"
    /// Several identities in one app (`MultiIdentity`): `sdk.identity`, `sdk.isManaged`, web content.
    case identityMulti = "identity.multi"
    /// Identity switches: `app.switchIdentity`, items owned by other accounts, `delegate.identitySwitchRequired`.
    case identitySwitch = "identity.switch"
    /// The SDK's allowed-accounts list and the device's managed app configuration channel.
    case allowedAccounts
    /// Targeted app configuration (`sdk.appConfig`, `sdk.appConfigValue`).
    case appConfig
    /// Save-to and open-from policy queries.
    case policyQueries = "policy.queries"
    /// The app's own save, open, link and share paths (`app.saveDocument`, `app.openDocument`, `app.openLink`,
    /// `app.share`), which must go through the policy.
    case dataTransfer = "app.dataTransfer"
    /// The app has a share extension that receives items shared from other apps (`app.receiveShare`).
    case shareExtension = "app.shareExtension"
    /// The app shows notifications it receives for its accounts (`app.notify`).
    case notifications = "app.notifications"
    /// Copy and paste through the general pasteboard (`app.copy`, `app.paste`), and the host can play other apps
    /// that copy and paste (`device.copy`, `device.paste`).
    case clipboard
    /// The app can tell the SDK at run time which of its registrations and which authority to sign in with
    /// (`app.setAuthOverrides`: `aadClientIdOverride`, `aadAuthorityUriOverride`), ENR-15.
    case authOverrides = "app.authOverrides"
    /// The app keeps settings of its signed-in accounts outside its files (`app.setPreference`, listed by
    /// `app.state` as `preferences`), which a selective wipe must remove too (WIP-11).
    case preferences = "app.preferences"
    /// The app tells who owns one of its files and whether it is stored encrypted (`app.fileInfo`): what its
    /// storage shows of file ownership (IDS-08) and encryption (POL-10).
    case fileInfo = "app.fileInfo"
    /// Data protection (`sdk.protect`).
    case dataProtect = "data.protect"
    /// `loginAndEnrollAccount`: the SDK signs the user in itself.
    case loginAndEnroll = "sdk.loginAndEnroll"
    /// The test host can make the device look jailbroken to the SDK (`device.setJailbroken`), for conditional
    /// launch's jailbreak check (CL-01); a host on a real device usually cannot.
    case deviceJailbreak = "device.jailbreak"
    /// The test host can give the device an enrolled Face ID (`device.setFaceID`) and answer the SDK's Face ID
    /// prompt (`ui.faceId`), for conditional launch's biometric access (CL-05).
    case deviceFaceID = "device.faceID"
    /// The app asks for a token for its own resource (`app.acquireToken`) and, refused for app-protection Conditional
    /// Access, remediates through the SDK's compliance manager (CA-01…CA-03).
    case compliance = "sdk.compliance"
    /// `reset` returns the app to a fresh install: required over the network transport, where one host process
    /// serves every case.
    case reset
    // issue 27: the app updated in place and reinstalled (UPG, RIN)
    /// `app.update`: the host can replace the installed app by another build (another SDK release) while its data
    /// directory and keychain stay, as the App Store updates an app (UPG-01).
    case appUpdate = "app.update"
    /// `app.reinstall`: the host can delete the app with its data and install it again while state the platform
    /// keeps across an uninstall stays (the iOS keychain, RIN-01); a platform that keeps nothing (Android) has none.
    case appReinstall = "app.reinstall"
    // issue 27: MDM-managed devices
    /// The SDK's MDM-enrolled user (`sdk.mdmEnrolledAccount`: `mdmEnrolledAccountIdWithCompletion:`), MDM-03.
    case mdmEnrolledAccount = "sdk.mdmEnrolledAccount"
    // issue 27: file provider extensions (EXT)
    /// The app has a file provider extension (`ext.provideFile`, `ext.importFile`) that encrypts, decrypts and
    /// admits files as the guide's "Integrate a file provider extension" section says (EXT-01…EXT-04).
    case fileProvider = "app.fileProvider"
    // issue 27: showing content under the right identity
    /// `app.showFile`: the user opens one of the app's own files and the app shows its contents, under the UI identity
    /// of the file's owner (IDS-54).
    case showFile = "app.showFile"
    // issue 27: file ownership (IDS-52, IDS-53)
    /// `app.truncateData`: the app can open one of its existing files in truncate mode under a thread identity, which
    /// the SDK takes as establishing the file's owner anew (000:538, IDS-52).
    case fileTruncate = "app.fileTruncate"
    /// `app.writeMixedData`: the app writes files that hold several accounts' data, managed and unmanaged, in one
    /// file (000:544, IDS-53); an app that keeps every account's data apart has none.
    case mixedData = "app.mixedData"
    // issue 27: the wipe callback's thread, and unlisted locations
    /// The bridge reports whether the SDK called the wipe delegate on the app's main thread
    /// (`delegate.wipeDataForAccountId`'s `mainThread`), WIP-05.
    case delegateThread = "delegate.thread"
    /// The app saves to and opens from storage the location enumerations do not list (`app.saveToUnlisted`,
    /// `app.openFromUnlisted`) and decides the location it asks about itself, POL-51.
    case unlistedLocations = "app.unlistedLocations"

    /// The capabilities protocol 0 knew. An integration speaking protocol 0 declares only these, so it is
    /// taken to offer every feature area that came later (and a `-32002` answer skips the case).
    public static let protocol0: Set<Capability> = [.virtualClock, .uiPrompts, .appRestart]

    /// One line for docs and `adapter-check`.
    public var summary: String {
        switch self {
        case .virtualClock: return "time-based SDK behaviour follows clock.advance"
        case .uiPrompts: return "SDK UI becomes ui.* questions a simulated user answers"
        case .appRestart: return "app.restart terminates and relaunches the app"
        case .appResume: return "app.resume brings the app back to the foreground"
        case .identityMulti: return "multi-identity: sdk.identity, sdk.isManaged, app.showWebContent, app.writeDataInBackground"
        case .identitySwitch: return "identity switches: app.switchIdentity, app.openURL, app.importDocument"
        case .allowedAccounts: return "allowed accounts and the managed app configuration channel"
        case .appConfig: return "targeted app configuration"
        case .policyQueries: return "sdk.isSaveToAllowed and sdk.isOpenFromAllowed"
        case .dataTransfer: return "app.saveDocument, app.openDocument, app.openLink, app.share: the app's own ways for data to leave or come in"
        case .shareExtension: return "app.receiveShare: the app's share extension receives an item shared from another app"
        case .notifications: return "app.notify: the app shows a notification that arrives for one of its accounts"
        case .clipboard: return "app.copy, app.paste, device.copy, device.paste: copy and paste with other apps"
        case .authOverrides: return "app.setAuthOverrides: the SDK's runtime sign-in overrides (client id, authority)"
        case .preferences: return "app.setPreference: the app keeps per-account settings outside its files, which a wipe removes"
        case .fileInfo: return "app.fileInfo: who owns one of the app's files and whether it is stored encrypted"
        case .dataProtect: return "sdk.protect"
        case .loginAndEnroll: return "sdk.loginAndEnroll"
        case .deviceJailbreak: return "device.setJailbroken makes the device look jailbroken to the SDK"
        case .deviceFaceID: return "device.setFaceID enrols Face ID on the device; ui.faceId answers the SDK's Face ID prompt"
        case .reset: return "reset returns the app to a fresh install between cases (network transport)"
        case .appUpdate: return "app.update replaces the app by its update build while its data and keychain stay"
        case .appReinstall: return "app.reinstall deletes the app and its data and installs it again; the keychain stays"
        case .compliance: return "app.acquireToken: the app gets a token for its own resource, remediating Conditional Access through the SDK's compliance manager"
        case .mdmEnrolledAccount: return "sdk.mdmEnrolledAccount: the SDK's MDM-enrolled user"
        case .fileProvider: return "ext.provideFile, ext.importFile: the app's file provider extension provides and imports files"
        case .showFile: return "app.showFile: the app shows one of its files' contents under the UI identity of the file's owner"
        case .fileTruncate: return "app.truncateData: the app opens one of its files in truncate mode under a thread identity"
        case .mixedData: return "app.writeMixedData: the app writes one file mixing managed and unmanaged accounts' data"
        case .delegateThread: return "delegate.wipeDataForAccountId carries mainThread: whether the SDK called the wipe delegate on the main thread"
        case .unlistedLocations: return "app.saveToUnlisted, app.openFromUnlisted: storage the location enumerations do not list"
        }
    }
}
