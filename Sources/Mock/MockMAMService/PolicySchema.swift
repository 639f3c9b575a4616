/// The writable properties of a v1.0 `iosManagedAppProtection` and their types.
///
/// Taken from shared/data/graph/graph-mam-subset.yaml (managedAppPolicy → managedAppProtection →
/// targetedManagedAppProtection → iosManagedAppProtection). Checking bodies against it makes the mock refuse what
/// Graph v1.0 refuses (unknown or beta-only properties, wrong types, bad enum values, malformed durations), so a
/// suite that passes against the mock does not fail on its first real-tenant run for a typo.
enum PolicySchema {
    enum PropertyType: Sendable {
        case boolean
        case int32
        /// A string that may also be null.
        case nullableString
        /// A string that must not be null.
        case string
        /// An ISO-8601 duration (`PT30M`, `P90D`).
        case duration
        case enumeration([String])
        case enumerationList([String])
        /// A flags enum: one or more members joined by commas.
        case flags([String])
    }

    static let dataTransferLevels = ["allApps", "managedApps", "none"]

    static let writable: [String: PropertyType] = [
        // managedAppPolicy
        "displayName": .string,
        "description": .nullableString,
        // managedAppProtection
        "allowedDataStorageLocations": .enumerationList(["oneDriveForBusiness", "sharePoint", "box", "localStorage"]),
        "allowedInboundDataTransferSources": .enumeration(dataTransferLevels),
        "allowedOutboundClipboardSharingLevel": .enumeration(["allApps", "managedAppsWithPasteIn", "managedApps", "blocked"]),
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
    ]

    /// Read-only properties: accepted and ignored, so a client may send back an object it read.
    static let readOnly: Set<String> = [
        "id", "version", "createdDateTime", "lastModifiedDateTime", "isAssigned", "deployedAppCount",
    ]

    /// Navigation properties: set through `targetApps` and `assign`, never inline.
    static let navigation: Set<String> = ["apps", "assignments", "deploymentSummary"]

    /// Why a policy body was refused.
    struct Invalid: Error {
        let message: String
    }

    /// Checks a create (`creating`: `displayName` required) or PATCH body and returns the settings to store.
    static func settings(from body: JSON, creating: Bool) throws(Invalid) -> [String: JSON] {
        guard let object = body.objectValue else { throw Invalid(message: "The request body must be a JSON object.") }
        var settings: [String: JSON] = [:]
        for (name, value) in object {
            if name == "@odata.type" {
                guard value.stringValue == ProtectionPolicy.odataType else {
                    throw Invalid(message: "@odata.type must be '\(ProtectionPolicy.odataType)'.")
                }
                continue
            }
            if name.hasPrefix("@odata.") || readOnly.contains(name) { continue }
            if navigation.contains(name) {
                throw Invalid(message: "Property '\(name)' cannot be set inline; use targetApps or assign.")
            }
            guard let type = writable[name] else {
                throw Invalid(
                    message: "Property '\(name)' does not exist on type 'microsoft.graph.iosManagedAppProtection'.")
            }
            try check(value, is: type, name: name)
            settings[name] = value
        }
        if creating, settings["displayName"] == nil {
            throw Invalid(message: "Property 'displayName' is required.")
        }
        return settings
    }

    private static func check(_ value: JSON, is type: PropertyType, name: String) throws(Invalid) {
        let valid: Bool
        switch type {
        case .boolean:
            valid = value.boolValue != nil
        case .int32:
            valid = value.intValue.map { Int(Int32.min) <= $0 && $0 <= Int(Int32.max) } ?? false
        case .nullableString:
            valid = value.isNull || value.stringValue != nil
        case .string:
            valid = value.stringValue != nil
        case .duration:
            valid = value.stringValue.map(isDuration) ?? false
        case .enumeration(let members):
            valid = value.stringValue.map(members.contains) ?? false
        case .enumerationList(let members):
            valid = value.arrayValue?.allSatisfy { $0.stringValue.map(members.contains) ?? false } ?? false
        case .flags(let members):
            valid =
                value.stringValue.map { text in
                    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
                    return !parts.isEmpty && parts.allSatisfy { members.contains(String($0)) }
                } ?? false
        }
        if !valid {
            throw Invalid(message: "Property '\(name)' has an invalid value (\(value.kindName)) for its type.")
        }
    }

    /// The Edm.Duration pattern of the OpenAPI subset: `-?P(nD)?(T(nH)?(nM)?(n(.n)?S)?)?`.
    static func isDuration(_ text: String) -> Bool {
        text.wholeMatch(of: #/-?P([0-9]+D)?(T([0-9]+H)?([0-9]+M)?([0-9]+(\.[0-9]+)?S)?)?/#) != nil
    }
}
