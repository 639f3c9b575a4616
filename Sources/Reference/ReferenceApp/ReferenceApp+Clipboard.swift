import AdapterKit
import AdapterProtocol
import Foundation
import IntuneBinding
import ReferenceSDK

/// Copy and paste (IDS-12): the app shows an account's data under that account's UI identity, so what the user
/// copies from it, and pastes into it, goes through the SDK's pasteboard under the right identity.
extension ReferenceApp {
    func copy(text: String, from accountId: String, until deadline: Date) throws(RPCError) {
        if rules.identity.copiesUnderOwnerIdentity {
            try show(accountId, until: deadline)
        }
        runtime.copyToPasteboard(text)
    }

    func paste(into accountId: String, until deadline: Date) throws(RPCError) -> String? {
        try show(accountId, until: deadline)
        return runtime.pasteFromPasteboard()
    }

    /// The app shows `accountId`'s data: the UI identity is switched to it first (IDS-05).
    private func show(_ accountId: String, until deadline: Date) throws(RPCError) {
        guard runtime.policyManager.getUIPolicyAccountId() != accountId else { return }
        guard rules.identity.showsUnmanagedUnderItsIdentity || runtime.policyManager.isAccountIdManaged(accountId) else { return }
        let result = calls.setUIPolicyAccountId(accountId, until: deadline)
        guard result == .success else {
            throw RPCError(code: RPCError.actionFailed, message: "the app could not show \(accountId)'s data (switch \(result))")
        }
    }
}
