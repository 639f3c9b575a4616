import AdapterKit
import AdapterProtocol
import Foundation
import ReferenceSDK

/// Allowed accounts on the wire (docs/adapter-protocol.md, Allowed accounts).
extension ReferenceBridge {
    /// `sdk.allowedAccounts`: `allowedAccountIds` and `allowedAccounts` (UPNs), null when unrestricted.
    func allowedAccounts() throws(RPCError) -> JSONValue {
        let manager = try runningApp().runtime.enrollmentManager
        return JSONValue(encoding: AllowedAccountsResult(
            accountIds: manager.allowedAccountIds?.map { AccountID($0) }, upns: manager.allowedAccounts?.map { UPN($0) }))
    }

    /// `device.managedConfigChanged`: the OS tells the running app's SDK that the managed configuration
    /// changed. With no app running there is no one to tell; the next launch reads it anyway.
    func managedConfigChanged() throws(RPCError) -> JSONValue {
        let device = try initializedDevice()
        guard device.currentApp != nil, let app = device.settledApp(until: Date().addingTimeInterval(idleTimeout)) else {
            return [:]
        }
        app.runtime.managedAppConfigurationDidChange()
        return [:]
    }
}
