#if canImport(IntuneMAMSwift)
@preconcurrency import IntuneMAMSwift
#else
import ReferenceSDK
#endif
import AdapterKit
import AdapterProtocol
import Foundation

/// Identities on the wire (`docs/adapter-protocol.md`, Identities): the policy manager's identities, the UI
/// identity switch, hand-offs, and data owned by identities.
extension IntuneBinding {
    /// `sdk.identity`: `getProcessAccountId`, `getUIPolicyAccountId`, `getCurrentThreadAccountId` (of the
    /// handler's thread, which sets none: the process identity).
    func identity() throws(RPCError) -> IdentityResult {
        let manager = try runningSDK().policyManager
        return IdentityResult(
            process: manager.getProcessAccountId().map { AccountID($0) },
            ui: manager.getUIPolicyAccountId().map { AccountID($0) },
            thread: manager.getCurrentThreadAccountId().map { AccountID($0) })
    }

    /// `sdk.isManaged`: `isAccountIdManaged`.
    func isManaged(_ accountId: String) throws(RPCError) -> ManagedResult {
        ManagedResult(managed: try runningSDK().policyManager.isAccountIdManaged(accountId))
    }

    /// `app.switchIdentity`: the app's `setUIPolicyAccountId` before showing the account's data (IDS-05).
    func switchIdentity(_ params: SwitchIdentityParams) throws(RPCError) -> SwitchIdentityResult {
        let result = try actingCalls().setUIPolicyAccountId(params.accountId?.rawValue, until: deadline)
        return SwitchIdentityResult(result: SDKValues.switchResult(result), dataShown: result == .success)
    }

    /// `app.openURL` / `app.importDocument`: an item owned by `accountId` reaches the app (IDS-06).
    func receive(_ params: AccountParams, document: Bool) throws(RPCError) -> ReceiveItemResult {
        try actingApp().receive(ownedBy: params.accountId.rawValue, document: document, until: deadline)
    }

    /// `app.writeData`: with `accountId` the app makes the file that account's; without, the file belongs
    /// to the identity it is written under (IDS-09). Answers the owner the SDK recorded.
    func writeData(_ params: WriteDataParams) throws(RPCError) -> WriteDataResult {
        let owner = try actingApp().writeData(name: params.name, content: params.content, accountId: params.accountId?.rawValue)
        return WriteDataResult(owner: AccountID(owner))
    }

    /// `sdk.protect`: `protect:accountId:` then the protection info (IDS-10), by the app.
    func protect(_ params: ProtectParams) throws(RPCError) -> ProtectResult {
        guard let result = try runningApp().protect(text: params.text, accountId: params.accountId.rawValue) else {
            throw Self.failed("protect produced no protected data")
        }
        return result
    }
}
