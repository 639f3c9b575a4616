import AdapterProtocol

/// The closed vocabulary a suite may use. Anything else is a suite error, caught before a run starts.
enum Vocabulary {
    static let actions: [String] = [
        Method.appLaunch, Method.appRestart, Method.appSignIn, Method.appSignOut, Method.appWriteData,
        Method.sdkRegisterAndEnroll, Method.sdkDeregisterAndUnenroll, Method.sdkLoginAndEnroll,
        "app.switchIdentity", "app.openURL", "app.importDocument", "app.resume", "app.showWebContent",
        "sdk.protect", "device.managedConfigChanged",
    ]
    static let queries: [String] = [
        Method.appState, Method.sdkRegisteredAccounts, Method.sdkEnrolledAccount, Method.sdkPolicy,
        "sdk.identity", "sdk.isManaged", "sdk.allowedAccounts", "sdk.appConfig", "sdk.appConfigValue",
        "sdk.isSaveToAllowed", "sdk.isOpenFromAllowed",
    ]
    static let uiKinds = ["restart-dialog", "pin-setup", "pin-entry", "sign-in", "policy-required", "policy-absent-warning"]
    static let appKinds = ["launched", "restarted", "ready", "signed-in", "signed-out", "data-wiped", "blocked"]
    static let settings = ["MultiIdentity", "AutoEnrollOnLaunch", "MAMPolicyRequired", "MAMPolicyWarnAbsent", "MAMTelemetryDisabled"]
    static let allSettings = settings + ["ValuesToScrubFromLogging", "MaxFileProtectionLevel"]
    static let capabilities = [Capability.virtualClock, Capability.uiPrompts, Capability.appRestart]
    static let stepKinds = ["do", "expect", "expect_no", "check", "check_backend", "backend", "advance_clock", "answer"]
    static let faultRoutes = [
        "mam.enroll", "mam.checkin", "mam.unenroll", "mam.telemetry", "token.password", "token.refresh",
    ]
    static let selectors = ["status", "question", "ui", "app", "sdkCall", "notification", "log"]
    static let notifications = [
        "allowed-accounts-changed", "app-config-changed", "policy-changed", "data-protection-changed", "wipe-completed",
    ]
}
