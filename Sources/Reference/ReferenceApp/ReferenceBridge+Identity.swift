import AdapterKit
import AdapterProtocol
import Foundation
import ReferenceSDK

/// Identities on the wire (docs/protocol-identity-config-policy.md, Identities).
extension ReferenceBridge {
    /// Dispatches the identity requests; nil when `method` is not one of them.
    func handleIdentity(_ method: String, params: JSONValue) throws(RPCError) -> JSONValue? {
        switch method {
        case Method.sdkIdentity: return try identity()
        case Method.sdkIsManaged:
            let manager = try runningApp().runtime.policyManager
            return ["managed": .bool(manager.isAccountIdManaged(try params.requiredString("accountId")))]
        case Method.appSwitchIdentity: return try switchIdentity(params)
        case Method.appOpenURL: return try receive(params, document: false)
        case Method.appImportDocument: return try receive(params, document: true)
        case Method.appResume:
            let app = try actingApp()
            app.resume(until: deadline)
            return AppSnapshot.make(app: app, device: try initializedDevice())
        case Method.appShowWebContent:
            _ = try params.requiredString("url")
            try actingApp().showWebContent(until: deadline)
            return [:]
        case Method.appWriteData: return try writeData(params)
        case Method.sdkProtect: return try protect(params)
        default: return nil
        }
    }

    /// How long an action may wait for the SDK (and the runner's answers to its questions).
    private var deadline: Date { Date().addingTimeInterval(idleTimeout) }

    /// `sdk.identity`: `getProcessAccountId`, `getUIPolicyAccountId`, `getCurrentThreadAccountId` (of the
    /// bridge's thread, which sets none: the process identity).
    private func identity() throws(RPCError) -> JSONValue {
        let manager = try runningApp().runtime.policyManager
        func value(_ accountId: String?) -> JSONValue { accountId.map(JSONValue.string) ?? .null }
        return [
            "process": value(manager.getProcessAccountId()),
            "ui": value(manager.getUIPolicyAccountId()),
            "thread": value(manager.getCurrentThreadAccountId()),
        ]
    }

    /// `app.switchIdentity`: the app's `setUIPolicyAccountId` before showing the account's data (IDS-05).
    private func switchIdentity(_ params: JSONValue) throws(RPCError) -> JSONValue {
        let accountId = try params.optionalString("accountId")
        let result = try actingApp().switchIdentity(to: accountId, until: deadline)
        return [
            "result": .string(Self.resultName(result)),
            "code": .number(Double(result.rawValue)),
            "dataShown": .bool(result == .success),
        ]
    }

    /// `app.openURL` / `app.importDocument`: an item owned by `accountId` reaches the app (IDS-06).
    private func receive(_ params: JSONValue, document: Bool) throws(RPCError) -> JSONValue {
        let owner = try params.requiredString("accountId")
        let outcome = try actingApp().receive(ownedBy: owner, document: document, until: deadline)
        return ["result": .string(outcome.opened ? "success" : "failed"), "switched": .bool(outcome.switched)]
    }

    /// `app.writeData`: with `accountId` the app makes the file that account's; without, the file belongs
    /// to the identity it is written under (IDS-09). Answers the owner the SDK recorded.
    private func writeData(_ params: JSONValue) throws(RPCError) -> JSONValue {
        let app = try actingApp()
        let name = try params.requiredString("name")
        let content = try params.requiredString("content")
        guard let accountId = try params.optionalString("accountId") else {
            return ["owner": .string(try app.writeDataAsCurrentIdentity(name: name, content: content))]
        }
        let path = try app.writeData(accountId: accountId, name: name, content: content)
        return ["owner": .string(app.runtime.fileProtectionManager.protectionInfo(forPath: path)?.accountId ?? "")]
    }

    /// `sdk.protect`: `protect:accountId:` then `protectionInfo` (IDS-10).
    private func protect(_ params: JSONValue) throws(RPCError) -> JSONValue {
        let accountId = try params.requiredString("accountId")
        let text = try params.requiredString("text")
        guard let info = try runningApp().protect(text: text, accountId: accountId) else {
            throw Self.failed("protect produced no protected data")
        }
        return ["encrypted": .bool(info.isEncrypted), "owner": .string(info.accountId)]
    }

    /// The protocol's name for a switch result.
    static func resultName(_ result: IntuneMAMSwitchIdentityResult) -> String {
        switch result {
        case .success: return "success"
        case .canceled: return "canceled"
        case .notAllowed: return "not-allowed"
        case .failed: return "failed"
        }
    }
}
