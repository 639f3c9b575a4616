import AdapterProtocol
import ReferenceSDK

/// `event.notification`: what the SDK posted to the app, under the protocol's neutral names.
extension AppEvents {
    /// The neutral name of an iOS notification.
    static func neutralName(_ name: IntuneMAMNotification.Name) -> NotificationName {
        switch name {
        case .allowedAccountsDidChange: return .allowedAccountsChanged
        case .appConfigDidChange: return .appConfigChanged
        case .policyDidChange: return .policyChanged
        case .dataProtectionDidChange: return .dataProtectionChanged
        case .wipeDidComplete: return .wipeCompleted
        }
    }

    /// Sends one notification: `name`, `accountId` where it applies, and for the allowed-accounts change the
    /// new lists (`accountIds`, `upns`; null = no restriction).
    func notification(_ notification: IntuneMAMNotification) {
        var event = NotificationEvent(name: Self.neutralName(notification.name), accountId: notification.accountId.map { AccountID($0) })
        if notification.name == .allowedAccountsDidChange {
            event.accountIds = notification.accountIds?.map { AccountID($0) }
            event.upns = notification.upns?.map { UPN($0) }
        }
        channel.notify(.notification, event)
    }
}
