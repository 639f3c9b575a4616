import AdapterKit
import AdapterProtocol
import Foundation
import ReferenceSDK

/// Policy queries on the wire (`docs/adapter-protocol.md`, Policy queries).
extension ReferenceBridge {
    /// `sdk.isSaveToAllowed`: `policyForAccountId(owner).isSaveToAllowed(forLocation:withAccountId:)`.
    func isSaveToAllowed(_ params: SaveToParams) throws(RPCError) -> JSONValue {
        guard let location = IntuneMAMSaveLocation(name: params.location.rawValue) else { throw Self.badLocation(params.location.rawValue) }
        let allowed = try ownerPolicy(params.owner)?.isSaveToAllowed(forLocation: location, withAccountId: params.accountId?.rawValue)
        return JSONValue(encoding: AllowedResult(allowed: allowed ?? true))
    }

    /// `sdk.isOpenFromAllowed`: `policyForAccountId(owner).isOpenFromAllowed(forLocation:withAccountId:)`.
    func isOpenFromAllowed(_ params: OpenFromParams) throws(RPCError) -> JSONValue {
        guard let location = IntuneMAMOpenLocation(name: params.location.rawValue) else { throw Self.badLocation(params.location.rawValue) }
        let allowed = try ownerPolicy(params.owner)?.isOpenFromAllowed(forLocation: location, withAccountId: params.accountId?.rawValue)
        return JSONValue(encoding: AllowedResult(allowed: allowed ?? true))
    }

    /// The policy the query runs against, as an app obtains it: `policyForAccountId(owner)` when an owner is
    /// given, else the policy of the current identity. Nil = unmanaged, and the app treats every location as
    /// allowed (POL-05).
    private func ownerPolicy(_ owner: AccountID?) throws(RPCError) -> (any IntuneMAMPolicy)? {
        let manager = try runningApp().runtime.policyManager
        guard let owner else { return manager.policy }
        return manager.policy(forAccountId: owner.rawValue)
    }

    /// `sdk.policy`: managed or not, the policy's values, and at the top level what the app must do with its
    /// files and notifications (defaults for an unmanaged account).
    func policy(accountId: String) throws(RPCError) -> JSONValue {
        let manager = try runningApp().runtime.policyManager
        let managed = manager.isAccountIdManaged(accountId)
        guard let policy = manager.policy(forAccountId: accountId) else {
            return JSONValue(encoding: PolicyResult(
                managed: managed, policy: nil, fileEncryptionRequired: false, fileProtectionLevel: 0, notificationPolicy: .allow))
        }
        let notifications = Self.notificationPolicy(policy.notificationPolicy)
        let level = policy.fileProtectionLevel.rawValue
        let summary = PolicySummary(
            pinRequired: policy.isPINRequired, minimumPinLength: policy.minimumPinLength,
            maximumPinRetries: policy.maximumPinRetries, policyVersion: policy.policyVersion,
            fileEncryptionRequired: policy.isFileEncryptionRequired, fileProtectionLevel: level,
            notificationPolicy: notifications, settings: try? JSONValue.parse(policy.settingsJSON))
        return JSONValue(encoding: PolicyResult(
            managed: managed, policy: summary, fileEncryptionRequired: policy.isFileEncryptionRequired,
            fileProtectionLevel: level, notificationPolicy: notifications))
    }

    /// The protocol's notification policy for the SDK's.
    static func notificationPolicy(_ policy: IntuneMAMNotificationPolicy) -> NotificationPolicy {
        switch policy {
        case .allow: return .allow
        case .blockOrgData: return .blockOrgData
        case .block: return .block
        }
    }

    private static func badLocation(_ name: String) -> RPCError {
        RPCError(.invalidParams, "parameter \"location\": the SDK has no location \"\(name)\"")
    }
}
