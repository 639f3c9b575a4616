import Foundation

/// The save-to / open-from answers, encryption and notification settings of a policy (POL-01…03, POL-06).
///
/// Mapping from the Graph settings (documented in docs/reference-integration.md):
/// - save: `saveAsBlocked` false → every location allowed; true → only locations named in
///   `allowedDataStorageLocations` (localDrive ↔ localStorage); OneDrive for Business, SharePoint and
///   account documents also need the location's account to be the policy's account; camera roll and other
///   are never in the list.
/// - open: `allowedInboundDataTransferSources` allApps → all; managedApps → only OneDrive for Business,
///   SharePoint and account documents of the policy's account; none → nothing.
extension MAMServicePolicy {
    func isSaveToAllowed(forLocation location: IntuneMAMSaveLocation, withAccountId accountId: String?) -> Bool {
        guard rules.saveAsBlocked else { return true }
        switch location {
        case .oneDriveForBusiness, .sharePoint:
            return rules.allowedStorage.contains("\(location)") && isPolicyAccount(accountId)
        case .accountDocument:
            return isPolicyAccount(accountId)
        case .localDrive:
            return rules.allowedStorage.contains("localStorage")
        case .box, .dropbox, .googleDrive, .iManage, .egnyte:
            return rules.allowedStorage.contains("\(location)")
        case .cameraRoll, .other:
            return false
        }
    }

    func isOpenFromAllowed(forLocation location: IntuneMAMOpenLocation, withAccountId accountId: String?) -> Bool {
        if context.ignoresInboundSources { return true }
        switch rules.inboundSources {
        case .noApps:
            return false
        case .managedApps:
            switch location {
            case .oneDriveForBusiness, .sharePoint, .accountDocument: return isPolicyAccount(accountId)
            case .other, .camera, .localStorage, .photos, .box, .iManage, .egnyte: return false
            }
        case .allApps:
            return true
        }
    }

    /// `isURLAllowed:isKnownManagedAppScheme:` (POL-13). Web links (http, https) go anywhere unless
    /// `managedBrowserToOpenLinksRequired` sends them to the managed browser's own schemes. Other schemes follow
    /// `allowedOutboundDataTransferDestinations`: allApps → allowed; managedApps → only a scheme the app vouches
    /// for as a managed app's (the caller's `isKnownManagedAppScheme`) or the managed browser's; none → refused.
    func isURLAllowed(_ url: URL, isKnownManagedAppScheme: Bool) -> Bool {
        if context.ignoresOutboundDestinations { return true }
        let scheme = url.scheme?.lowercased() ?? ""
        if Self.managedBrowserSchemes.contains(scheme) { return rules.outboundDestinations != .noApps }
        if scheme == "http" || scheme == "https" { return !rules.managedBrowserRequired }
        switch rules.outboundDestinations {
        case .noApps: return false
        case .managedApps: return isKnownManagedAppScheme
        case .allApps: return true
        }
    }

    /// The managed browser's (Microsoft Edge's) schemes for web links.
    static let managedBrowserSchemes: Set<String> = ["microsoft-edge-http", "microsoft-edge-https"]

    var isFileEncryptionRequired: Bool { rules.isFileEncryptionRequired }

    var notificationPolicy: IntuneMAMNotificationPolicy { rules.notificationPolicy }

    /// The level `appDataEncryptionType` asks for, capped by `MaxFileProtectionLevel` (POL-06).
    var fileProtectionLevel: IntuneMAMFileProtectionLevel {
        let requested = IntuneMAMFileProtectionLevel.fromEncryptionType(rules.encryptionType)
        if context.ignoresProtectionCap { return requested }
        if context.capsByNumber, let maximum = context.maxFileProtectionLevel {
            return requested.rawValue > maximum.rawValue ? maximum : requested
        }
        return requested.capped(at: context.maxFileProtectionLevel)
    }

    /// True when the location's account is the account this policy belongs to (case-insensitive).
    private func isPolicyAccount(_ accountId: String?) -> Bool {
        context.ignoresLocationAccount || AccountIdentity.same(accountId, context.accountId)
    }
}
