import AdapterKit
import AdapterProtocol
import Foundation
import ReferenceSDK

/// The app's runtime overrides of its Entra registration (ENR-15): set when the runner says which registration and
/// authority the app uses, cleared when its managed account signs out, as the guides tell an app to do, so that the
/// next account signs in with the Info.plist values again.
extension ReferenceApp {
    /// `app.setAuthOverrides`: the names resolve to the client id and authority `initialize` gave.
    func setAuthOverrides(clientId: RegistrationName?, authority: AuthorityName?) throws(RPCError) {
        let environment = device.environment
        let client: String? = switch clientId {
        case .app?: environment.clientId
        case .alternate?: environment.alternateClientId
        case nil: nil
        }
        let authorityURL: URL? = switch authority {
        case .tenant?: environment.authority
        case .common?: environment.commonAuthority
        case nil: nil
        }
        if let clientId, client == nil {
            throw RPCError(code: RPCError.actionFailed, message: "the backend named no \(clientId.rawValue) registration at initialize")
        }
        if let authority, authorityURL == nil {
            throw RPCError(code: RPCError.actionFailed, message: "the backend named no \(authority.rawValue) authority at initialize")
        }
        runtime.policyManager.aadClientIdOverride = client
        runtime.policyManager.aadAuthorityUriOverride = authorityURL?.absoluteString
    }

    /// When the managed account signs out (its deregistration may still be under way), or none is managed any more, the
    /// overrides go: they belonged to that account.
    func clearAuthOverrides(afterSigningOut accountId: String) {
        let manager = runtime.policyManager
        guard manager.primaryAccountId == nil || manager.isAccountIdManaged(accountId) else { return }
        guard manager.aadClientIdOverride != nil || manager.aadAuthorityUriOverride != nil else { return }
        guard rules.accounts.clearsAuthOverridesAtSignOut else {
            events.log(.info, "keeping the sign-in overrides after the managed account signed out")
            return
        }
        manager.aadClientIdOverride = nil
        manager.aadAuthorityUriOverride = nil
    }
}
