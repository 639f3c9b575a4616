import AdapterKit
import AdapterProtocol
import Foundation
import IntuneBinding
import ReferenceSDK

/// Saving to and opening from storage the location enumerations do not list (POL-51): the app picks the location it
/// asks about. The guide draws the line at the account, not its name: storage the managed account itself is signed
/// in at is an account document, anything else (another service's account that merely shares the managed UPN, a
/// location the app cannot classify) is `other` (003:543-547). The question then goes the way of a listed location.
extension ReferenceApp {
    /// `app.saveToUnlisted`: the owner of the file is the managed account whose storage it may be.
    func saveToUnlisted(name: String, service: String?, accountId: String?, upn: String?) throws(RPCError) -> Bool {
        let (_, owner) = try document(named: name)
        let mine = isManagedAccountsOwn(owner, service: service, accountId: accountId, upn: upn)
        return try saveDocument(name: name, to: mine ? .accountDocument : .other, signedInAs: nil)
    }

    /// `app.openFromUnlisted`: the receiving account (the current identity) is the managed account whose storage it
    /// may be.
    func openFromUnlisted(service: String?, accountId: String?, upn: String?) throws(RPCError) -> Bool {
        let manager = runtime.policyManager
        let receiver = manager.getUIPolicyAccountId() ?? manager.primaryAccountId ?? ""
        let mine = isManagedAccountsOwn(receiver, service: service, accountId: accountId, upn: upn)
        return try openDocument(from: mine ? .accountDocument : .other, signedInAs: nil)
    }

    /// Whether the storage is `managed`'s own: signed in there with that very account (its object ID). A storage the
    /// app cannot classify (no service named) is not.
    private func isManagedAccountsOwn(_ managed: String, service: String?, accountId: String?, upn: String?) -> Bool {
        Self.isManagedAccountsOwn(managed, managedUPN: accounts.account(managed)?.upn, service: service,
                                  accountId: accountId, upn: upn, rules: rules.dataTransfer)
    }

    /// The decision itself, apart from the app's state (POL-51): `managedUPN` is the managed account's user name, which
    /// only a look-alike check would read.
    static func isManagedAccountsOwn(_ managed: String, managedUPN: String?, service: String?, accountId: String?,
                                     upn: String?, rules: AppRules.DataTransfer) -> Bool {
        guard !managed.isEmpty else { return false }
        guard service != nil else { return !rules.unclassifiedAskedAsOther }
        switch rules.unlistedStorageMatch {
        case .sameAccount:
            return accountId?.lowercased() == managed.lowercased()
        case .sameUPN:
            guard let upn, let managedUPN else { return false }
            return upn.lowercased() == managedUPN.lowercased()
        }
    }
}
