/// What is on the general pasteboard, with what the copying app's SDK attached to it (IDS-12).
public struct IntuneMAMPasteboardItem: Codable, Sendable, Equatable {
    public var clipText: String
    /// The identity the copying app's SDK tagged the text with: its UI identity when the user copied ("" = none);
    /// nil when an app without the SDK copied it.
    public var owner: String?
    /// The copying identity's `allowedOutboundClipboardSharingLevel` (all apps for an unmanaged one).
    public var outboundLevel: IntuneMAMClipboardLevel
    /// The text comes from a managed identity of a managed app.
    public var fromManagedApp: Bool

    public init(clipText: String, owner: String?, outboundLevel: IntuneMAMClipboardLevel, fromManagedApp: Bool) {
        self.clipText = clipText
        self.owner = owner
        self.outboundLevel = outboundLevel
        self.fromManagedApp = fromManagedApp
    }

    /// What another app's paste gets (a managed app's SDK enforces the copier's level; an unmanaged app only sees
    /// text the copier let go to all apps): nil when the level keeps it from that app.
    public func pasted(intoManagedApp: Bool) -> String? {
        switch outboundLevel {
        case .allApps: return clipText
        case .managedApps, .managedAppsWithPasteIn: return intoManagedApp ? clipText : nil
        case .blocked: return nil
        }
    }
}
