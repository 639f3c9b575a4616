/// Method names of adapter protocol v0. See docs/adapter-protocol.md for parameters and results.
public enum Method {
    // Runner → integration (requests).
    public static let initialize = "initialize"
    public static let shutdown = "shutdown"
    public static let sync = "sync"
    public static let clockAdvance = "clock.advance"

    public static let appLaunch = "app.launch"
    public static let appRestart = "app.restart"
    public static let appSignIn = "app.signIn"
    public static let appSignOut = "app.signOut"
    public static let appState = "app.state"
    public static let appWriteData = "app.writeData"

    public static let sdkRegisterAndEnroll = "sdk.registerAndEnroll"
    public static let sdkDeregisterAndUnenroll = "sdk.deregisterAndUnenroll"
    public static let sdkLoginAndEnroll = "sdk.loginAndEnroll"
    public static let sdkRegisteredAccounts = "sdk.registeredAccounts"
    public static let sdkEnrolledAccount = "sdk.enrolledAccount"
    public static let sdkPolicy = "sdk.policy"
    public static let sdkAllowedAccounts = "sdk.allowedAccounts"
    public static let sdkAppConfig = "sdk.appConfig"
    public static let sdkAppConfigValue = "sdk.appConfigValue"
    public static let deviceManagedConfigChanged = "device.managedConfigChanged"
    public static let sdkIdentity = "sdk.identity"
    public static let sdkIsManaged = "sdk.isManaged"
    public static let sdkProtect = "sdk.protect"
    public static let sdkIsSaveToAllowed = "sdk.isSaveToAllowed"
    public static let sdkIsOpenFromAllowed = "sdk.isOpenFromAllowed"
    public static let appSwitchIdentity = "app.switchIdentity"
    public static let appOpenURL = "app.openURL"
    public static let appImportDocument = "app.importDocument"
    public static let appResume = "app.resume"
    public static let appShowWebContent = "app.showWebContent"

    // Integration → runner (notifications).
    public static let eventStatus = "event.status"
    public static let eventSDKCall = "event.sdkCall"
    public static let eventUI = "event.ui"
    public static let eventApp = "event.app"
    public static let eventNotification = "event.notification"
    public static let log = "log"

    // Integration → runner (questions: requests the runner answers from the case script).
    public static let delegateRestartApplication = "delegate.restartApplication"
    public static let delegateWipeData = "delegate.wipeDataForAccountId"
    public static let uiRestartDialog = "ui.restartDialog"
    public static let uiPinSetup = "ui.pinSetup"
    public static let uiPinEntry = "ui.pinEntry"
    public static let uiSignIn = "ui.signIn"
    public static let delegateIdentitySwitchRequired = "delegate.identitySwitchRequired"

    /// Every question an integration may ask in v0.
    public static let questions: Set<String> = [
        delegateRestartApplication, delegateWipeData, uiRestartDialog, uiPinSetup, uiPinEntry, uiSignIn,
        delegateIdentitySwitchRequired,
    ]

    /// Every request the runner may send in v0.
    public static let runnerRequests: Set<String> = [
        initialize, shutdown, sync, clockAdvance, appLaunch, appRestart, appSignIn, appSignOut, appState,
        appWriteData, sdkRegisterAndEnroll, sdkDeregisterAndUnenroll, sdkLoginAndEnroll, sdkRegisteredAccounts,
        sdkEnrolledAccount, sdkPolicy, sdkAllowedAccounts, sdkAppConfig, sdkAppConfigValue, deviceManagedConfigChanged,
        sdkIdentity, sdkIsManaged, sdkProtect, sdkIsSaveToAllowed, sdkIsOpenFromAllowed, appSwitchIdentity, appOpenURL,
        appImportDocument, appResume, appShowWebContent,
    ]
}

/// Capabilities an integration may declare in its `initialize` answer.
public enum Capability {
    /// Time-based SDK behaviour follows `clock.advance` instead of the wall clock.
    public static let virtualClock = "clock.virtual"
    /// SDK user interface is turned into `ui.*` questions answered by a simulated user.
    public static let uiPrompts = "ui.prompts"
    /// `app.restart` is supported.
    public static let appRestart = "app.restart"
}

/// The protocol version this build speaks.
public enum ProtocolVersion {
    public static let current = "0"
}
