/// Every request the runner sends an integration, with its params and result types, what a suite does
/// with it, and the capability it belongs to.
public enum RunnerMethod: String, WireEnum {
    case initialize
    case shutdown
    case sync
    /// Network transport only: the first request on every connection (protocol version and shared token).
    case hello
    /// Network transport only: return the app to a fresh install between cases.
    case reset
    case clockAdvance = "clock.advance"

    case appLaunch = "app.launch"
    case appRestart = "app.restart"
    case appResume = "app.resume"
    case appSignIn = "app.signIn"
    case appSignOut = "app.signOut"
    case appState = "app.state"
    case appWriteData = "app.writeData"
    case appWriteDataInBackground = "app.writeDataInBackground"
    case appFileInfo = "app.fileInfo"
    case appSetPreference = "app.setPreference"
    case appSetAuthOverrides = "app.setAuthOverrides"
    case appSwitchIdentity = "app.switchIdentity"
    case appOpenURL = "app.openURL"
    case appImportDocument = "app.importDocument"
    case appShowWebContent = "app.showWebContent"
    case appSaveDocument = "app.saveDocument"
    case appOpenDocument = "app.openDocument"
    case appOpenLink = "app.openLink"
    case appShare = "app.share"
    case appReceiveShare = "app.receiveShare"
    case appCopy = "app.copy"
    case appNotify = "app.notify"
    case appPaste = "app.paste"
    case appAcquireToken = "app.acquireToken"

    case sdkRegisterAndEnroll = "sdk.registerAndEnroll"
    case sdkDeregisterAndUnenroll = "sdk.deregisterAndUnenroll"
    case sdkLoginAndEnroll = "sdk.loginAndEnroll"
    case sdkRegisteredAccounts = "sdk.registeredAccounts"
    case sdkEnrolledAccount = "sdk.enrolledAccount"
    case sdkPolicy = "sdk.policy"
    case sdkIdentity = "sdk.identity"
    case sdkIsManaged = "sdk.isManaged"
    case sdkProtect = "sdk.protect"
    case sdkAllowedAccounts = "sdk.allowedAccounts"
    case sdkAppConfig = "sdk.appConfig"
    case sdkAppConfigValue = "sdk.appConfigValue"
    case sdkIsSaveToAllowed = "sdk.isSaveToAllowed"
    case sdkIsOpenFromAllowed = "sdk.isOpenFromAllowed"
    case sdkSetValuesToScrub = "sdk.setValuesToScrub"
    // issue 27: MDM-managed devices
    case sdkMDMEnrolledAccount = "sdk.mdmEnrolledAccount"

    case deviceManagedConfigChanged = "device.managedConfigChanged"
    case deviceSetJailbroken = "device.setJailbroken"
    case deviceSetFaceID = "device.setFaceID"
    case deviceCopy = "device.copy"
    case devicePaste = "device.paste"

    // issue 27: the app updated in place and reinstalled (UPG, RIN)
    case appUpdate = "app.update"
    case appReinstall = "app.reinstall"

    // issue 27: file provider extensions (EXT)
    case extProvideFile = "ext.provideFile"
    case extImportFile = "ext.importFile"
    // issue 27: showing content under the right identity (IDS-54)
    case appShowFile = "app.showFile"
    // issue 27: file ownership (IDS-52, IDS-53)
    case appTruncateData = "app.truncateData"
    case appWriteMixedData = "app.writeMixedData"
    // issue 27: unlisted locations
    case appSaveToUnlisted = "app.saveToUnlisted"
    case appOpenFromUnlisted = "app.openFromUnlisted"

    /// How a suite uses a method.
    public enum Role: String, Sendable {
        /// Sent by the runner itself (`initialize`, `sync`, `clock.advance` through `advance_clock`, …).
        case control
        /// `do:` an app action or SDK call.
        case action
        /// `check:` a query whose result must match.
        case query
    }

    public var role: Role {
        switch self {
        case .initialize, .shutdown, .sync, .clockAdvance, .hello, .reset: return .control
        case .appState, .appFileInfo, .sdkRegisteredAccounts, .sdkEnrolledAccount, .sdkPolicy, .sdkIdentity, .sdkIsManaged,
             .sdkAllowedAccounts, .sdkAppConfig, .sdkAppConfigValue, .sdkIsSaveToAllowed, .sdkIsOpenFromAllowed,
             .sdkMDMEnrolledAccount:
            return .query
        case .appLaunch, .appRestart, .appResume, .appSignIn, .appSignOut, .appWriteData,
             .appWriteDataInBackground, .appSetPreference, .appSetAuthOverrides,
             .appSwitchIdentity, .appOpenURL, .appImportDocument, .appShowWebContent,
             .appSaveDocument, .appOpenDocument, .appOpenLink, .appShare, .appReceiveShare,
             .appCopy, .appNotify, .appPaste, .appAcquireToken, .sdkRegisterAndEnroll, .sdkDeregisterAndUnenroll,
             .sdkLoginAndEnroll, .sdkProtect, .sdkSetValuesToScrub, .deviceManagedConfigChanged,
             .deviceSetJailbroken, .deviceSetFaceID, .deviceCopy, .devicePaste, .appUpdate, .appReinstall,
             .extProvideFile, .extImportFile, .appShowFile, .appTruncateData, .appWriteMixedData,
             .appSaveToUnlisted, .appOpenFromUnlisted:
            return .action
        }
    }

    /// The feature area the method belongs to; nil for the core every integration implements.
    public var capability: Capability? {
        switch self {
        case .clockAdvance: return .virtualClock
        case .reset: return .reset
        case .appRestart: return .appRestart
        case .appResume: return .appResume
        case .appSwitchIdentity, .appOpenURL, .appImportDocument: return .identitySwitch
        case .appShowWebContent, .appWriteDataInBackground, .sdkIdentity, .sdkIsManaged: return .identityMulti
        case .sdkLoginAndEnroll: return .loginAndEnroll
        case .sdkProtect: return .dataProtect
        case .sdkAllowedAccounts, .deviceManagedConfigChanged: return .allowedAccounts
        case .deviceSetJailbroken: return .deviceJailbreak
        case .deviceSetFaceID: return .deviceFaceID
        case .sdkAppConfig, .sdkAppConfigValue, .sdkSetValuesToScrub: return .appConfig
        case .sdkIsSaveToAllowed, .sdkIsOpenFromAllowed: return .policyQueries
        case .appSaveDocument, .appOpenDocument, .appOpenLink, .appShare: return .dataTransfer
        case .appReceiveShare: return .shareExtension
        case .appCopy, .appPaste, .deviceCopy, .devicePaste: return .clipboard
        case .appNotify: return .notifications
        case .appAcquireToken: return .compliance
        case .appSetAuthOverrides: return .authOverrides
        case .appSetPreference: return .preferences
        case .appFileInfo: return .fileInfo
        case .appUpdate: return .appUpdate
        case .appReinstall: return .appReinstall
        case .sdkMDMEnrolledAccount: return .mdmEnrolledAccount
        case .extProvideFile, .extImportFile: return .fileProvider
        case .appShowFile: return .showFile
        case .appTruncateData: return .fileTruncate
        case .appWriteMixedData: return .mixedData
        case .appSaveToUnlisted, .appOpenFromUnlisted: return .unlistedLocations
        case .initialize, .shutdown, .sync, .hello, .appLaunch, .appSignIn, .appSignOut, .appState,
             .appWriteData, .sdkRegisterAndEnroll, .sdkDeregisterAndUnenroll,
             .sdkRegisteredAccounts, .sdkEnrolledAccount, .sdkPolicy:
            return nil
        }
    }

    /// The method's request type: its params and result types, bound once (``RunnerRequest``).
    public var requestType: any RunnerRequest.Type {
        switch self {
        case .initialize: return InitializeRequest.self
        case .shutdown: return ShutdownRequest.self
        case .sync: return SyncRequest.self
        case .hello: return HelloRequest.self
        case .reset: return ResetRequest.self
        case .clockAdvance: return ClockAdvanceRequest.self
        case .appLaunch: return AppLaunchRequest.self
        case .appRestart: return AppRestartRequest.self
        case .appResume: return AppResumeRequest.self
        case .appSignIn: return AppSignInRequest.self
        case .appSignOut: return AppSignOutRequest.self
        case .appState: return AppStateRequest.self
        case .appWriteData: return AppWriteDataRequest.self
        case .appWriteDataInBackground: return AppWriteDataInBackgroundRequest.self
        case .appFileInfo: return AppFileInfoRequest.self
        case .appSetPreference: return AppSetPreferenceRequest.self
        case .appSetAuthOverrides: return AppSetAuthOverridesRequest.self
        case .appSwitchIdentity: return AppSwitchIdentityRequest.self
        case .appOpenURL: return AppOpenURLRequest.self
        case .appImportDocument: return AppImportDocumentRequest.self
        case .appShowWebContent: return AppShowWebContentRequest.self
        case .appSaveDocument: return AppSaveDocumentRequest.self
        case .appOpenDocument: return AppOpenDocumentRequest.self
        case .appOpenLink: return AppOpenLinkRequest.self
        case .appShare: return AppShareRequest.self
        case .appReceiveShare: return AppReceiveShareRequest.self
        case .appCopy: return AppCopyRequest.self
        case .appNotify: return AppNotifyRequest.self
        case .appPaste: return AppPasteRequest.self
        case .appAcquireToken: return AppAcquireTokenRequest.self
        case .sdkRegisterAndEnroll: return SDKRegisterAndEnrollRequest.self
        case .sdkDeregisterAndUnenroll: return SDKDeregisterAndUnenrollRequest.self
        case .sdkLoginAndEnroll: return SDKLoginAndEnrollRequest.self
        case .sdkRegisteredAccounts: return SDKRegisteredAccountsRequest.self
        case .sdkEnrolledAccount: return SDKEnrolledAccountRequest.self
        case .sdkPolicy: return SDKPolicyRequest.self
        case .sdkIdentity: return SDKIdentityRequest.self
        case .sdkIsManaged: return SDKIsManagedRequest.self
        case .sdkProtect: return SDKProtectRequest.self
        case .sdkAllowedAccounts: return SDKAllowedAccountsRequest.self
        case .sdkAppConfig: return SDKAppConfigRequest.self
        case .sdkAppConfigValue: return SDKAppConfigValueRequest.self
        case .sdkIsSaveToAllowed: return SDKIsSaveToAllowedRequest.self
        case .sdkIsOpenFromAllowed: return SDKIsOpenFromAllowedRequest.self
        case .sdkSetValuesToScrub: return SDKSetValuesToScrubRequest.self
        case .deviceManagedConfigChanged: return DeviceManagedConfigChangedRequest.self
        case .deviceSetJailbroken: return DeviceSetJailbrokenRequest.self
        case .deviceSetFaceID: return DeviceSetFaceIDRequest.self
        case .deviceCopy: return DeviceCopyRequest.self
        case .devicePaste: return DevicePasteRequest.self
        case .appUpdate: return AppUpdateRequest.self
        case .appReinstall: return AppReinstallRequest.self
        case .sdkMDMEnrolledAccount: return SDKMDMEnrolledAccountRequest.self
        case .extProvideFile: return ExtProvideFileRequest.self
        case .extImportFile: return ExtImportFileRequest.self
        case .appShowFile: return AppShowFileRequest.self
        case .appTruncateData: return AppTruncateDataRequest.self
        case .appWriteMixedData: return AppWriteMixedDataRequest.self
        case .appSaveToUnlisted: return AppSaveToUnlistedRequest.self
        case .appOpenFromUnlisted: return AppOpenFromUnlistedRequest.self
        }
    }

    /// The requests a host carries out by ending the app and launching it again (`app.restart`, and `app.update`,
    /// whose new build is installed first): over the network the relaunched host answers them as it answers
    /// `app.launch`.
    public static let relaunching: Set<RunnerMethod> = [.appRestart, .appUpdate]

    /// The params type (decode with `JSONValue.decode(as:)`).
    public var paramsType: any (Codable & Sendable).Type { requestType.paramsType }

    /// The result type.
    public var resultType: any (Codable & Sendable).Type { requestType.resultType }

    public var paramsSchema: WireSchema { WireSchema.of(paramsType) }
    public var resultSchema: WireSchema { WireSchema.of(resultType) }

    /// What the method does, one line, for docs and `--help`.
    public var summary: String {
        switch self {
        case .initialize: return "start the case: data directory, app settings, tenant endpoints, clock"
        case .shutdown: return "end the integration; the process exits after answering (over the network: the session ends)"
        case .hello: return "network transport: the first request on a connection, with the shared token"
        case .reset: return "network transport: sign every account out without wipe and clear all state, as if freshly installed"
        case .sync: return "answered only after every event caused so far was sent"
        case .clockAdvance: return "move the virtual clock; answered after the timers it made due ran"
        case .appLaunch: return "launch the app (answered when its launch work is done)"
        case .appRestart: return "terminate the app and launch it again from its data directory"
        case .appResume: return "bring the app back to the foreground (conditional launch runs again)"
        case .appSignIn: return "the app signs the user in and registers the account with the SDK"
        case .appSignOut: return "the app signs the account out: deregister with wipe, then drop its tokens"
        case .appState: return "what the app shows now"
        case .appWriteData: return "the app stores a file owned by an account"
        case .appWriteDataInBackground: return "the app sets a thread identity, dispatches work, and the work writes a file"
        case .appSetPreference: return "the app keeps a setting for a signed-in account outside its files"
        case .appSetAuthOverrides: return "the app sets or clears the SDK's runtime sign-in overrides: client id and authority"
        case .appFileInfo: return "who owns one of the app's files, and whether it is stored encrypted"
        case .appSwitchIdentity: return "the app calls setUIPolicyAccountId before showing an account's data"
        case .appOpenURL: return "the OS hands the app a URL owned by an account"
        case .appImportDocument: return "the OS hands the app a document owned by an account"
        case .appShowWebContent: return "the app shows arbitrary web content"
        case .appSaveDocument: return "the user saves a copy of one of the app's files to a location; the app asks the owner's policy first"
        case .appOpenDocument: return "the user opens data from a location into the app; the app asks the receiving account's policy first"
        case .appNotify: return "a notification arrives for one of the app's accounts: what the app shows of it"
        case .appCopy: return "the user copies text from an account's data in the app"
        case .appPaste: return "the user pastes into an account's data in the app: the text the app gets"
        case .appAcquireToken: return "the app asks for a token for its own resource; refused for Conditional Access, it remediates through the SDK and asks once more"
        case .deviceCopy: return "another app (managed or not) puts text on the pasteboard"
        case .devicePaste: return "another app (managed or not) pastes: the text it gets"
        case .appReceiveShare: return "another app shares data owned by an account with the app's share extension"
        case .appShare: return "the user shares one of the app's files: the targets the share sheet offers"
        case .appOpenLink: return "the user follows a link to another app; the app asks isURLAllowed, then opens it under the empty identity"
        case .sdkRegisterAndEnroll: return "registerAndEnrollAccountId"
        case .sdkDeregisterAndUnenroll: return "deRegisterAndUnenrollAccountId:withWipe:"
        case .sdkLoginAndEnroll: return "loginAndEnrollAccount"
        case .sdkRegisteredAccounts: return "registeredAccountIds"
        case .sdkEnrolledAccount: return "enrolledAccountId"
        case .sdkPolicy: return "policyForAccountId and what it means for files and notifications"
        case .sdkIdentity: return "getProcessAccountId, getUIPolicyAccountId, getCurrentThreadAccountId"
        case .sdkIsManaged: return "isAccountIdManaged"
        case .sdkProtect: return "protect:accountId: then protectionInfo"
        case .sdkAllowedAccounts: return "allowedAccountIds and allowedAccounts"
        case .sdkAppConfig: return "appConfigForAccountId fullData"
        case .sdkAppConfigValue: return "a typed getter of the account's app configuration"
        case .sdkIsSaveToAllowed: return "isSaveToAllowedForLocation:withAccountId:"
        case .sdkIsOpenFromAllowed: return "isOpenFromAllowedForLocation:withAccountId:"
        case .sdkSetValuesToScrub: return "IntuneMAMSettings.valuesToScrubFromLogging, set at run time"
        case .deviceManagedConfigChanged: return "the OS signals a changed managed app configuration"
        case .deviceSetJailbroken: return "the device looks jailbroken (or not) to the SDK from now on, also after restarts"
        case .deviceSetFaceID: return "the device has Face ID enrolled (or not) from now on, also after restarts"
        case .appUpdate: return "replace the app by its update build in place (data and keychain stay) and launch it"
        case .appReinstall: return "uninstall the app and install it again: its data goes, the keychain stays; not launched"
        case .sdkMDMEnrolledAccount: return "mdmEnrolledAccountIdWithCompletion: the MDM-enrolled user, and whether the completion came"
        case .extProvideFile: return "the app's file provider extension hands one of the app's files to the system, encrypted where the owner's policy asks"
        case .extImportFile: return "the system hands the app's file provider extension a file to import for an account: decrypted, and refused where the account's policy says so"
        case .appShowFile: return "the user opens one of the app's files; the app shows its contents under the file owner's UI identity"
        case .appTruncateData: return "the app opens one of its files in truncate mode under a thread identity and writes it anew"
        case .appWriteMixedData: return "the app writes one file holding several accounts' data, protecting each managed account's part"
        case .appSaveToUnlisted: return "the user saves a copy of one of the app's files to storage no save location names; the app picks the location it asks about"
        case .appOpenFromUnlisted: return "the user opens data from storage no open location names; the app picks the location it asks about"
        }
    }
}
