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

    case deviceManagedConfigChanged = "device.managedConfigChanged"
    case deviceSetJailbroken = "device.setJailbroken"
    case deviceSetFaceID = "device.setFaceID"
    case deviceCopy = "device.copy"
    case devicePaste = "device.paste"

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
             .sdkAllowedAccounts, .sdkAppConfig, .sdkAppConfigValue, .sdkIsSaveToAllowed, .sdkIsOpenFromAllowed:
            return .query
        default: return .action
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
        case .appSetAuthOverrides: return .authOverrides
        case .appSetPreference: return .preferences
        case .appFileInfo: return .fileInfo
        default: return nil
        }
    }

    /// The params type (decode with `JSONValue.decode(as:)`).
    public var paramsType: any (Codable & Sendable).Type {
        switch self {
        case .initialize: return InitializeParams.self
        case .hello: return HelloParams.self
        case .clockAdvance: return ClockAdvanceParams.self
        case .appSignIn: return SignInParams.self
        case .appSignOut, .sdkRegisterAndEnroll, .sdkIsManaged, .sdkPolicy, .appOpenURL, .appImportDocument: return AccountParams.self
        case .appWriteData: return WriteDataParams.self
        case .appWriteDataInBackground: return BackgroundWriteParams.self
        case .appFileInfo: return FileParams.self
        case .appSetPreference: return PreferenceParams.self
        case .appSetAuthOverrides: return AuthOverridesParams.self
        case .appSwitchIdentity: return SwitchIdentityParams.self
        case .appShowWebContent: return WebContentParams.self
        case .appSaveDocument: return SaveDocumentParams.self
        case .appOpenDocument: return OpenDocumentParams.self
        case .appOpenLink: return OpenLinkParams.self
        case .appShare: return ShareParams.self
        case .appReceiveShare: return ReceiveShareParams.self
        case .appCopy: return CopyParams.self
        case .appNotify: return NotifyParams.self
        case .appPaste: return AccountParams.self
        case .deviceCopy: return DeviceCopyParams.self
        case .devicePaste: return DevicePasteParams.self
        case .sdkDeregisterAndUnenroll: return DeregisterParams.self
        case .sdkLoginAndEnroll: return LoginAndEnrollParams.self
        case .sdkProtect: return ProtectParams.self
        case .sdkAppConfig: return AppConfigParams.self
        case .sdkAppConfigValue: return AppConfigValueParams.self
        case .sdkIsSaveToAllowed: return SaveToParams.self
        case .sdkIsOpenFromAllowed: return OpenFromParams.self
        case .sdkSetValuesToScrub: return ScrubValuesParams.self
        case .deviceSetJailbroken: return JailbreakParams.self
        case .deviceSetFaceID: return FaceIDParams.self
        case .shutdown, .sync, .reset, .appLaunch, .appRestart, .appResume, .appState, .sdkRegisteredAccounts,
             .sdkEnrolledAccount, .sdkIdentity, .sdkAllowedAccounts, .deviceManagedConfigChanged:
            return Empty.self
        }
    }

    /// The result type.
    public var resultType: any (Codable & Sendable).Type {
        switch self {
        case .initialize: return InitializeResult.self
        case .clockAdvance: return ClockAdvanceResult.self
        case .appLaunch, .appRestart, .appResume, .appState: return AppSnapshot.self
        case .appSignIn: return SignInResult.self
        case .appWriteData, .appWriteDataInBackground: return WriteDataResult.self
        case .appFileInfo: return FileInfoResult.self
        case .appSaveDocument: return SaveDocumentResult.self
        case .appOpenDocument: return OpenDocumentResult.self
        case .appOpenLink: return OpenLinkResult.self
        case .appShare: return ShareResult.self
        case .appReceiveShare: return ReceiveShareResult.self
        case .appPaste, .devicePaste: return PasteResult.self
        case .appNotify: return NotifyResult.self
        case .appSwitchIdentity: return SwitchIdentityResult.self
        case .appOpenURL, .appImportDocument: return ReceiveItemResult.self
        case .sdkRegisteredAccounts: return AccountListResult.self
        case .sdkEnrolledAccount: return EnrolledAccountResult.self
        case .sdkPolicy: return PolicyResult.self
        case .sdkIdentity: return IdentityResult.self
        case .sdkIsManaged: return ManagedResult.self
        case .sdkProtect: return ProtectResult.self
        case .sdkAllowedAccounts: return AllowedAccountsResult.self
        case .sdkAppConfig: return AppConfigResult.self
        case .sdkAppConfigValue: return AppConfigValueResult.self
        case .sdkIsSaveToAllowed, .sdkIsOpenFromAllowed: return AllowedResult.self
        case .shutdown, .sync, .hello, .reset, .appSignOut, .appShowWebContent, .appSetPreference, .appSetAuthOverrides, .sdkRegisterAndEnroll, .sdkDeregisterAndUnenroll,
             .sdkLoginAndEnroll, .sdkSetValuesToScrub, .deviceManagedConfigChanged, .deviceSetJailbroken, .deviceSetFaceID, .appCopy, .deviceCopy:
            return Empty.self
        }
    }

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
        }
    }
}
