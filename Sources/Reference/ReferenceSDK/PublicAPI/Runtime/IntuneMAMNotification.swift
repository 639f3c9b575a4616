/// A notification the SDK posts to the app (`NSNotificationCenter.defaultCenter` in the real SDK).
///
/// The simulation has no notification center of its own: posting is something the operating system does for
/// the SDK, so notifications go through ``IntuneMAMPlatform/post(_:)``. Names are the iOS 21.7.1 constants;
/// the payload carries what the real notification's object and userInfo carry.
public struct IntuneMAMNotification: Sendable, Equatable {
    /// The notification names of the iOS headers.
    public enum Name: String, Sendable, CaseIterable {
        /// `IntuneMAMAllowedAccountsDidChangeNotification` (object: the allowed UPNs or nil; ALW-02).
        case allowedAccountsDidChange = "IntuneMAMAllowedAccountsDidChangeNotification"
        /// `IntuneMAMAppConfigDidChangeNotification` (userInfo: the account ID; CFG-04).
        case appConfigDidChange = "IntuneMAMAppConfigDidChangeNotification"
        /// `IntuneMAMPolicyDidChangeNotification` (userInfo: the account ID).
        case policyDidChange = "IntuneMAMPolicyDidChangeNotification"
        /// `IntuneMAMDataProtectionDidChangeNotification` (userInfo: the account ID).
        case dataProtectionDidChange = "IntuneMAMDataProtectionDidChangeNotification"
        /// `IntuneMAMWipeDidCompleteNotification` (userInfo: the account ID).
        case wipeDidComplete = "IntuneMAMWipeDidCompleteNotification"
    }

    public var name: Name
    /// The account the notification is about, where it applies.
    public var accountId: String?
    /// `allowedAccountIds` after the change (nil = no restriction); allowed-accounts notifications only.
    public var accountIds: [String]?
    /// `allowedAccounts` (UPNs) after the change (nil = no restriction); allowed-accounts notifications only.
    public var upns: [String]?

    public init(name: Name, accountId: String? = nil, accountIds: [String]? = nil, upns: [String]? = nil) {
        self.name = name
        self.accountId = accountId
        self.accountIds = accountIds
        self.upns = upns
    }
}
