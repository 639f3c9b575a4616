import AdapterProtocol
/// The writable properties of a v1.0 `iosManagedAppProtection` and their types.
///
/// Taken from shared/data/graph/graph-mam-subset.yaml (managedAppPolicy → managedAppProtection →
/// targetedManagedAppProtection → iosManagedAppProtection). Checking bodies against it makes the mock refuse what
/// Graph v1.0 refuses (unknown or beta-only properties, wrong types, bad enum values, malformed durations), so a
/// suite that passes against the mock does not fail on its first real-tenant run for a typo.
enum PolicySchema {
    static let dataTransferLevels = ["allApps", "managedApps", "none"]

    static let schema = GraphEntitySchema(
        typeName: "iosManagedAppProtection",
        writable: [
            // managedAppPolicy
            "displayName": .string,
            "description": .nullableString,
            // managedAppProtection
            "allowedDataStorageLocations": .enumerationList(["oneDriveForBusiness", "sharePoint", "box", "localStorage"]),
            "allowedInboundDataTransferSources": .enumeration(dataTransferLevels),
            "allowedOutboundClipboardSharingLevel": .enumeration([
                "allApps", "managedAppsWithPasteIn", "managedApps", "blocked",
            ]),
            "allowedOutboundDataTransferDestinations": .enumeration(dataTransferLevels),
            "contactSyncBlocked": .boolean,
            "dataBackupBlocked": .boolean,
            "deviceComplianceRequired": .boolean,
            "disableAppPinIfDevicePinIsSet": .boolean,
            "fingerprintBlocked": .boolean,
            "managedBrowser": .flags(["notConfigured", "microsoftEdge"]),
            "managedBrowserToOpenLinksRequired": .boolean,
            "maximumPinRetries": .int32,
            "minimumPinLength": .int32,
            "minimumRequiredAppVersion": .nullableString,
            "minimumRequiredOsVersion": .nullableString,
            "minimumWarningAppVersion": .nullableString,
            "minimumWarningOsVersion": .nullableString,
            "organizationalCredentialsRequired": .boolean,
            "periodBeforePinReset": .duration,
            "periodOfflineBeforeAccessCheck": .duration,
            "periodOfflineBeforeWipeIsEnforced": .duration,
            "periodOnlineBeforeAccessCheck": .duration,
            "pinCharacterSet": .enumeration(["numeric", "alphanumericAndSymbol"]),
            "pinRequired": .boolean,
            "printBlocked": .boolean,
            "saveAsBlocked": .boolean,
            "simplePinBlocked": .boolean,
            // iosManagedAppProtection
            "appDataEncryptionType": .enumeration([
                "useDeviceSettings", "afterDeviceRestart", "whenDeviceLockedExceptOpenFiles", "whenDeviceLocked",
            ]),
            "customBrowserProtocol": .nullableString,
            "faceIdBlocked": .boolean,
            "minimumRequiredSdkVersion": .nullableString,
        ],
        readOnly: ["id", "version", "createdDateTime", "lastModifiedDateTime", "isAssigned", "deployedAppCount"],
        navigation: [
            "apps": "targetApps", "assignments": "assign", "deploymentSummary": "the deploymentSummary endpoint",
        ])

    /// What `/beta` takes: v1.0's properties plus `notificationRestriction` and `appActionIfMaximumPinRetriesExceeded`;
    /// the other beta-only properties exist there but the mock does not model them, so it refuses them by name rather
    /// than store what no SDK would read.
    static let betaSchema: GraphEntitySchema = {
        var beta = schema
        beta.writable[GraphBetaProperties.notificationRestriction] = .enumeration(GraphBetaProperties.notificationRestrictionValues)
        // issue 27: conditional-launch wipe actions (CL-06)
        beta.writable[GraphBetaProperties.appActionIfMaximumPinRetriesExceeded] =
            .enumeration(GraphBetaProperties.remediationActionValues)
        for name in GraphBetaProperties.iosManagedAppProtection where beta.writable[name] == nil {
            beta.unsupported[name] = "a beta-only property the mock does not model"
        }
        return beta
    }()

    /// Checks a create (`creating`: `displayName` required) or PATCH body and returns the settings to store.
    static func settings(from body: JSONValue, creating: Bool) throws(GraphSchemaViolation) -> [String: JSONValue] {
        try schema.settings(from: body, creating: creating)
    }
}
