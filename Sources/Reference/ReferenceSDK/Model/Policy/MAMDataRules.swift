import Foundation

/// The data-transfer and encryption settings of a Graph `iosManagedAppProtection`, as far as the policy
/// queries use them (POL-01…03, POL-06, POL-13). Read once from the policy JSON the check-in delivered.
struct MAMDataRules: Equatable, Sendable {
    /// `saveAsBlocked`: saving copies is restricted to `allowedDataStorageLocations`.
    var saveAsBlocked = false
    /// `allowedDataStorageLocations` (Graph names: oneDriveForBusiness, sharePoint, box, localStorage).
    var allowedStorage: Set<String> = []
    /// `allowedInboundDataTransferSources`: allApps (the Graph default), managedApps or none.
    var inboundSources = MAMDataTransferLevel.allApps
    /// `appDataEncryptionType`, nil when the policy does not set it.
    var encryptionType: String?
    /// `notificationRestriction` (Graph beta: allow, blockOrganizationalData, block), nil when absent.
    var notificationRestriction: String?
    /// `allowedOutboundDataTransferDestinations`: allApps (the Graph default), managedApps or none.
    var outboundDestinations = MAMDataTransferLevel.allApps
    /// `managedBrowserToOpenLinksRequired`: web links open only in the managed browser (Edge).
    var managedBrowserRequired = false
    /// `allowedOutboundClipboardSharingLevel`: allApps (when absent), managedAppsWithPasteIn, managedApps or blocked.
    var clipboardLevel = IntuneMAMClipboardLevel.allApps

    private struct Fields: Decodable {
        var saveAsBlocked: Bool?
        var allowedDataStorageLocations: [String]?
        var allowedInboundDataTransferSources: String?
        var appDataEncryptionType: String?
        var notificationRestriction: String?
        var allowedOutboundDataTransferDestinations: String?
        var managedBrowserToOpenLinksRequired: Bool?
        var allowedOutboundClipboardSharingLevel: String?
    }

    init() {}

    /// Unknown or mistyped members keep their defaults (the policy still applies).
    init(settingsJSON: Data) {
        guard let fields = try? JSONDecoder().decode(Fields.self, from: settingsJSON) else { return }
        saveAsBlocked = fields.saveAsBlocked ?? false
        allowedStorage = Set(fields.allowedDataStorageLocations ?? [])
        inboundSources = fields.allowedInboundDataTransferSources.flatMap(MAMDataTransferLevel.init) ?? .allApps
        encryptionType = fields.appDataEncryptionType
        notificationRestriction = fields.notificationRestriction
        outboundDestinations = fields.allowedOutboundDataTransferDestinations.flatMap(MAMDataTransferLevel.init) ?? .allApps
        managedBrowserRequired = fields.managedBrowserToOpenLinksRequired ?? false
        clipboardLevel = fields.allowedOutboundClipboardSharingLevel.flatMap(IntuneMAMClipboardLevel.init) ?? .allApps
    }

    /// Org data may leave only for apps that integrate the SDK (managedApps), or for none.
    var restrictsOutbound: Bool { outboundDestinations != .allApps }

    /// Encryption is required for every `appDataEncryptionType` except `useDeviceSettings` (and an absent one).
    var isFileEncryptionRequired: Bool {
        switch encryptionType {
        case "whenDeviceLocked", "whenDeviceLockedExceptOpenFiles", "afterDeviceRestart": return true
        default: return false
        }
    }

    var notificationPolicy: IntuneMAMNotificationPolicy {
        switch notificationRestriction {
        case "blockOrganizationalData": return .blockOrgData
        case "block": return .block
        default: return .allow
        }
    }
}
