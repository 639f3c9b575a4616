/// Settings of an iOS app protection policy that only Graph's beta endpoint takes (`shared/data/graph`, `x-beta`), in
/// one place for the harness, which sends them through `/beta`, and the mock, which takes them only there.
public enum GraphBetaProperties {
    /// `notificationRestriction` (POL-11): what notifications of the managed account may show.
    public static let notificationRestriction = "notificationRestriction"

    /// The beta-only properties of `iosManagedAppProtection` and its base types.
    public static let iosManagedAppProtection: Set<String> = [
        // managedAppPolicy
        "roleScopeTagIds",
        // managedAppProtection
        "allowedDataIngestionLocations", "allowedOutboundClipboardSharingExceptionLength",
        "appActionIfDeviceComplianceRequired", "appActionIfMaximumPinRetriesExceeded",
        "appActionIfUnableToAuthenticateUser", "blockDataIngestionIntoOrganizationDocuments", "dialerRestrictionLevel",
        "gracePeriodToBlockAppsDuringOffClockHours", "maximumAllowedDeviceThreatLevel", "maximumRequiredOsVersion",
        "maximumWarningOsVersion", "maximumWipeOsVersion", "minimumWipeAppVersion", "minimumWipeOsVersion",
        "mobileThreatDefensePartnerPriority", "mobileThreatDefenseRemediationAction", notificationRestriction,
        "pinRequiredInsteadOfBiometricTimeout", "previousPinBlockCount", "protectedMessagingRedirectAppType",
        "purviewContentEvaluationRequired",
        // targetedManagedAppProtection
        "appGroupType", "targetedAppManagementLevels",
        // iosManagedAppProtection
        "allowWidgetContentSync", "allowedIosDeviceModels", "appActionIfAccountIsClockedOut",
        "appActionIfIosDeviceModelNotAllowed", "customDialerAppProtocol", "disableProtectionOfManagedOutboundOpenInData",
        "exemptedAppProtocols", "exemptedUniversalLinks", "filterOpenInToOnlyManagedApps", "genmojiConfigurationState",
        "managedUniversalLinks", "messagingRedirectAppUrlScheme", "minimumWarningSdkVersion", "minimumWipeSdkVersion",
        "protectInboundDataFromUnknownSources", "screenCaptureConfigurationState", "thirdPartyKeyboardsBlocked",
        "writingToolsConfigurationState",
    ]

    /// Values of `notificationRestriction` (`managedAppNotificationRestriction`).
    public static let notificationRestrictionValues = ["allow", "blockOrganizationalData", "block"]

    // issue 27: conditional-launch wipe actions
    /// `appActionIfMaximumPinRetriesExceeded` (CL-06): what used-up PIN attempts do, blocking (the default) or wiping.
    public static let appActionIfMaximumPinRetriesExceeded = "appActionIfMaximumPinRetriesExceeded"

    /// Values of `managedAppRemediationAction` (shared/data/graph/graph-mam-subset.yaml:2890-2894).
    public static let remediationActionValues = ["block", "blockWhenSettingIsSupported", "warn", "wipe"]
}
