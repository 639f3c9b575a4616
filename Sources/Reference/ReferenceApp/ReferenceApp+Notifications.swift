import AdapterKit
import AdapterProtocol
import Foundation
import IntuneBinding
import ReferenceSDK

/// Notifications (POL-11): as the guide recommends, the app keeps each account's `notificationPolicy` where its
/// notification extension reads it, refreshes it whenever the SDK posts policy-changed, and shows a notification
/// as the policy of the account it belongs to says.
extension ReferenceApp {
    /// The generic text shown instead of the account's own under block-org-data.
    static let genericNotification = "You have new content"

    func notify(accountId: String, title: String, body: String) throws(RPCError) -> NotifyResult {
        guard accounts.account(accountId) != nil else {
            throw RPCError(code: RPCError.actionFailed, message: "\(accountId) is not signed in")
        }
        let rules = self.rules.notifications
        guard rules.followPolicy else { return show("\(title): \(body)", for: accountId, orgData: true) }
        switch notificationPolicyForExtension(accountId) {
        case .allow:
            return show("\(title): \(body)", for: accountId, orgData: true)
        case .blockOrgData where rules.orgDataBlockShowsGeneric:
            return show(Self.genericNotification, for: accountId, orgData: false)
        case .blockOrgData, .block:
            events.log(.info, "a notification of \(accountId) is not shown: the policy blocks it")
            return NotifyResult(shown: false, orgData: false)
        }
    }

    /// The SDK posted policy-changed: refresh the copy the notification extension reads.
    func policyDidChange() {
        guard rules.notifications.policyReadAgainOnChange else { return }
        refreshNotificationPolicies()
    }

    /// Writes every signed-in account's current `notificationPolicy` where the extension reads it.
    func refreshNotificationPolicies() {
        let policies = Dictionary(accounts.accounts.map { account in
            (account.accountId.lowercased(), runtime.policyManager.policy(forAccountId: account.accountId)?.notificationPolicy ?? .allow)
        }, uniquingKeysWith: { first, _ in first })
        notificationPolicies.withLock { $0 = policies }
    }

    private func notificationPolicyForExtension(_ accountId: String) -> IntuneMAMNotificationPolicy {
        if notificationPolicies.read({ $0[accountId.lowercased()] == nil }) { refreshNotificationPolicies() }
        return notificationPolicies.read { $0[accountId.lowercased()] } ?? .allow
    }

    private func show(_ text: String, for accountId: String, orgData: Bool) -> NotifyResult {
        events.log(.info, "notification for \(accountId) shown: \(text)")
        return NotifyResult(shown: true, orgData: orgData)
    }
}
