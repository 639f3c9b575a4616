/// Graph's `managedAppDataTransferLevel`: where org data may come from (`allowedInboundDataTransferSources`) or go
/// to (`allowedOutboundDataTransferDestinations`).
enum MAMDataTransferLevel: String, Sendable, Equatable {
    case allApps, managedApps
    case noApps = "none"
}

/// Graph's `managedAppClipboardSharingLevel` (`allowedOutboundClipboardSharingLevel`), IDS-12.
public enum IntuneMAMClipboardLevel: String, Codable, Sendable, Equatable {
    case allApps, managedAppsWithPasteIn, managedApps, blocked
}
