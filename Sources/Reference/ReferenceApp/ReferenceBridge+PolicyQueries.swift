import AdapterKit
import AdapterProtocol
import Foundation
import ReferenceSDK

/// Policy queries on the wire (docs/protocol-identity-config-policy.md, Policy queries).
extension ReferenceBridge {
    /// Dispatches the policy queries; nil when `method` is not one of them.
    func handlePolicyQuery(_ method: String, params: JSONValue) throws(RPCError) -> JSONValue? {
        switch method {
        case Method.sdkPolicy: return try policy(accountId: try params.requiredString("accountId"))
        case Method.sdkIsSaveToAllowed:
            let name = try params.requiredString("location")
            guard let location = IntuneMAMSaveLocation(name: name) else { throw Self.badLocation(name) }
            let policy = try ownerPolicy(params)
            let allowed = policy?.isSaveToAllowed(forLocation: location, withAccountId: try params.optionalString("accountId"))
            return ["allowed": .bool(allowed ?? true)]
        case Method.sdkIsOpenFromAllowed:
            let name = try params.requiredString("location")
            guard let location = IntuneMAMOpenLocation(name: name) else { throw Self.badLocation(name) }
            let policy = try ownerPolicy(params)
            let allowed = policy?.isOpenFromAllowed(forLocation: location, withAccountId: try params.optionalString("accountId"))
            return ["allowed": .bool(allowed ?? true)]
        default: return nil
        }
    }

    /// The policy the query runs against, as an app obtains it: `policyForAccountId(owner)` when `owner` is
    /// given (null = nil), else the policy of the current identity. Nil = unmanaged, and the app treats
    /// every location as allowed (POL-05).
    private func ownerPolicy(_ params: JSONValue) throws(RPCError) -> (any IntuneMAMPolicy)? {
        let manager = try runningApp().runtime.policyManager
        guard params["owner"] != nil else { return manager.policy }
        return manager.policy(forAccountId: try params.optionalString("owner"))
    }

    /// `sdk.policy`: managed or not, the policy's settings and typed values, and at the top level what the
    /// app must do with its files and notifications (defaults for an unmanaged account).
    private func policy(accountId: String) throws(RPCError) -> JSONValue {
        let manager = try runningApp().runtime.policyManager
        let managed = manager.isAccountIdManaged(accountId)
        guard let policy = manager.policy(forAccountId: accountId) else {
            return [
                "managed": .bool(managed), "policy": .null, "fileEncryptionRequired": false, "fileProtectionLevel": 0,
                "notificationPolicy": .string(Self.notificationPolicyName(.allow)),
            ]
        }
        let derived: [String: JSONValue] = [
            "fileEncryptionRequired": .bool(policy.isFileEncryptionRequired),
            "fileProtectionLevel": .number(Double(policy.fileProtectionLevel.rawValue)),
            "notificationPolicy": .string(Self.notificationPolicyName(policy.notificationPolicy)),
        ]
        var object = (try? JSONValue.parse(policy.settingsJSON))?.objectValue ?? [:]
        object["pinRequired"] = .bool(policy.isPINRequired)
        object["minimumPinLength"] = .number(Double(policy.minimumPinLength))
        object["maximumPinRetries"] = .number(Double(policy.maximumPinRetries))
        object["policyVersion"] = policy.policyVersion.map(JSONValue.string) ?? .null
        object.merge(derived) { _, new in new }
        var result = derived
        result["managed"] = .bool(managed)
        result["policy"] = .object(object)
        return .object(result)
    }

    /// The protocol's name for a notification policy.
    static func notificationPolicyName(_ policy: IntuneMAMNotificationPolicy) -> String {
        switch policy {
        case .allow: return "allow"
        case .blockOrgData: return "block-org-data"
        case .block: return "block"
        }
    }

    private static func badLocation(_ name: String) -> RPCError {
        RPCError(code: RPCError.invalidParams, message: "parameter \"location\": unknown location \"\(name)\"")
    }
}
