#if canImport(IntuneMAMSwift)
@preconcurrency import IntuneMAMSwift
#else
import ReferenceSDK
#endif
import AdapterKit
import AdapterProtocol
import Foundation

/// Policy queries on the wire (`docs/adapter-protocol.md`, Policy queries).
extension IntuneBinding {
    /// `sdk.isSaveToAllowed`: `policyForAccountId(owner).isSaveToAllowedForLocation:withAccountId:`.
    func isSaveToAllowed(_ params: SaveToParams) throws(RPCError) -> AllowedResult {
        let allowed = try ownerPolicy(params.owner).map {
            SDKSpelling.isSaveToAllowed($0, for: SDKValues.saveLocation(params.location), withAccountId: params.accountId?.rawValue)
        }
        return AllowedResult(allowed: allowed ?? true)
    }

    /// `sdk.isOpenFromAllowed`: `policyForAccountId(owner).isOpenFromAllowedForLocation:withAccountId:`.
    func isOpenFromAllowed(_ params: OpenFromParams) throws(RPCError) -> AllowedResult {
        let allowed = try ownerPolicy(params.owner).map {
            SDKSpelling.isOpenFromAllowed($0, for: SDKValues.openLocation(params.location), withAccountId: params.accountId?.rawValue)
        }
        return AllowedResult(allowed: allowed ?? true)
    }

    /// The policy the query runs against, as an app obtains it: `policyForAccountId(owner)` when an owner is
    /// given, else the policy of the current identity. Nil = unmanaged, and the app treats every location as
    /// allowed (POL-05).
    private func ownerPolicy(_ owner: AccountID?) throws(RPCError) -> (any IntuneMAMPolicy)? {
        let manager = try runningSDK().policyManager
        guard let owner else { return SDKSpelling.currentPolicy(of: manager) }
        return manager.policy(forAccountId: owner.rawValue)
    }

    /// `sdk.policy`: managed or not, the policy's values, and at the top level what the app must do with its
    /// files and notifications (defaults for an unmanaged account).
    func policy(accountId: String) throws(RPCError) -> PolicyResult {
        let manager = try runningSDK().policyManager
        let managed = manager.isAccountIdManaged(accountId)
        guard let policy = manager.policy(forAccountId: accountId) else {
            return PolicyResult(
                managed: managed, policy: nil, fileEncryptionRequired: false, fileProtectionLevel: 0, notificationPolicy: .allow)
        }
        let notifications = try SDKValues.notificationPolicy(policy.notificationPolicy)
        let details = SDKSpelling.details(of: policy)
        let summary = PolicySummary(
            pinRequired: policy.isPINRequired, minimumPinLength: details.minimumPinLength,
            maximumPinRetries: details.maximumPinRetries, policyVersion: details.policyVersion,
            fileEncryptionRequired: policy.isFileEncryptionRequired, fileProtectionLevel: details.fileProtectionLevel,
            notificationPolicy: notifications, settings: details.settings)
        return PolicyResult(
            managed: managed, policy: summary, fileEncryptionRequired: policy.isFileEncryptionRequired,
            fileProtectionLevel: details.fileProtectionLevel, notificationPolicy: notifications)
    }
}
