import AdapterProtocol
import ReferenceSDK

/// `event.notification`: what the SDK posted to the app, under the protocol's neutral names.
extension AppEvents {
    /// The neutral name of an iOS notification (docs/protocol-identity-config-policy.md, Notifications).
    static func neutralName(_ name: IntuneMAMNotification.Name) -> String {
        switch name {
        case .allowedAccountsDidChange: return "allowed-accounts-changed"
        case .appConfigDidChange: return "app-config-changed"
        case .policyDidChange: return "policy-changed"
        case .dataProtectionDidChange: return "data-protection-changed"
        case .wipeDidComplete: return "wipe-completed"
        }
    }

    /// Sends one notification: `name`, `accountId` where it applies, and for the allowed-accounts change the
    /// new lists (`accountIds`, `upns`; null = no restriction).
    func notification(_ notification: IntuneMAMNotification) {
        var params: [String: JSONValue] = ["name": .string(Self.neutralName(notification.name))]
        if let accountId = notification.accountId { params["accountId"] = .string(accountId) }
        if notification.name == .allowedAccountsDidChange {
            params["accountIds"] = notification.accountIds.map { .array($0.map(JSONValue.string)) } ?? .null
            params["upns"] = notification.upns.map { .array($0.map(JSONValue.string)) } ?? .null
        }
        channel.notify(method: Method.eventNotification, params: .object(params))
    }
}
