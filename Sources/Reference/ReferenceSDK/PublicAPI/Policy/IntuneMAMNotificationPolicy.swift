/// What notifications the app may show for the managed account (`IntuneMAMNotificationPolicy`).
public enum IntuneMAMNotificationPolicy: Int, Sendable, CaseIterable {
    /// Every notification is allowed.
    case allow = 0
    /// Only generic notifications without organisation data.
    case blockOrgData = 1
    /// No notifications for the managed account.
    case block = 2
}
