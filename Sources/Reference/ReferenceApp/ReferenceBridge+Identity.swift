import AdapterKit
import AdapterProtocol
import Foundation
import ReferenceSDK

/// Identities on the wire (docs/adapter-protocol.md, Identities).
extension ReferenceBridge {
    /// `app.resume`: the app returns to the foreground.
    func resume() throws(RPCError) -> JSONValue {
        let app = try actingApp()
        app.resume(until: deadline)
        return AppStateSnapshot.make(app: app, device: try initializedDevice())
    }

    /// `sdk.identity`: `getProcessAccountId`, `getUIPolicyAccountId`, `getCurrentThreadAccountId` (of the
    /// bridge's thread, which sets none: the process identity).
    func identity() throws(RPCError) -> JSONValue {
        let manager = try runningApp().runtime.policyManager
        return JSONValue(encoding: IdentityResult(
            process: manager.getProcessAccountId().map { AccountID($0) },
            ui: manager.getUIPolicyAccountId().map { AccountID($0) },
            thread: manager.getCurrentThreadAccountId().map { AccountID($0) }))
    }

    /// `app.switchIdentity`: the app's `setUIPolicyAccountId` before showing the account's data (IDS-05).
    func switchIdentity(_ params: SwitchIdentityParams) throws(RPCError) -> JSONValue {
        let result = try actingApp().switchIdentity(to: params.accountId?.rawValue, until: deadline)
        return JSONValue(encoding: SwitchIdentityResult(result: Self.switchResult(result), dataShown: result == .success))
    }

    /// `app.openURL` / `app.importDocument`: an item owned by `accountId` reaches the app (IDS-06).
    func receive(_ params: AccountParams, document: Bool) throws(RPCError) -> JSONValue {
        let outcome = try actingApp().receive(ownedBy: params.accountId.rawValue, document: document, until: deadline)
        return JSONValue(encoding: ReceiveItemResult(result: outcome.opened ? .success : .failed, switched: outcome.switched))
    }

    /// `app.writeData`: with `accountId` the app makes the file that account's; without, the file belongs
    /// to the identity it is written under (IDS-09). Answers the owner the SDK recorded.
    func writeData(_ params: WriteDataParams) throws(RPCError) -> JSONValue {
        let app = try actingApp()
        guard let accountId = params.accountId else {
            let owner = try app.writeDataAsCurrentIdentity(name: params.name, content: params.content)
            return JSONValue(encoding: WriteDataResult(owner: AccountID(owner)))
        }
        let path = try app.writeData(accountId: accountId.rawValue, name: params.name, content: params.content)
        let owner = app.runtime.fileProtectionManager.protectionInfo(forPath: path)?.accountId ?? ""
        return JSONValue(encoding: WriteDataResult(owner: AccountID(owner)))
    }

    /// `sdk.protect`: `protect:accountId:` then `protectionInfo` (IDS-10).
    func protect(_ params: ProtectParams) throws(RPCError) -> JSONValue {
        guard let info = try runningApp().protect(text: params.text, accountId: params.accountId.rawValue) else {
            throw Self.failed("protect produced no protected data")
        }
        return JSONValue(encoding: ProtectResult(encrypted: info.isEncrypted, owner: AccountID(info.accountId)))
    }

    /// The protocol's switch result for the SDK's.
    static func switchResult(_ result: IntuneMAMSwitchIdentityResult) -> SwitchResult {
        switch result {
        case .success: return .success
        case .canceled: return .canceled
        case .notAllowed: return .notAllowed
        case .failed: return .failed
        }
    }
}
