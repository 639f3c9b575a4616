import AdapterKit
import AdapterProtocol
import Foundation
import IntuneBinding
import ReferenceSDK

/// Showing one of the app's own files (IDS-54, 000:540, 003:717): the app learns the file's owner, sets the UI
/// identity to it, and shows the contents only once that switch succeeded, so a managed owner's file passes
/// conditional launch (the PIN) first and an unmanaged file never shows under the managed account's identity.
extension ReferenceApp {
    func showFile(name: String, until deadline: Date) throws(RPCError) -> Bool {
        let path = try document(named: name).path
        let manager = runtime.policyManager
        guard rules.identity.showsFileUnderItsOwner else {
            events.log(.info, "showing \(name) under the current UI identity")
            events.app(.fileShown, accountId: manager.getUIPolicyAccountId() ?? "")
            return true
        }
        let owner: String
        if rules.identity.fileOwnerReadFromSDK {
            // The guide's way: IntuneMAMFileProtectionManager protectionInfo: (its accountId; identity before 17.5).
            events.sdkCall(.protectionInfo, accountId: nil)
            owner = runtime.fileProtectionManager.protectionInfo(forPath: path)?.accountId ?? ""
        } else {
            // The app's own records: the folder it keeps the account's documents in.
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent
            owner = folder == Self.unmanagedFolder ? "" : folder
        }
        guard calls.setUIPolicyAccountId(owner, until: deadline) == .success else {
            events.log(.info, "could not switch to the owner of \(name); its contents are not shown")
            return false
        }
        events.app(.fileShown, accountId: manager.getUIPolicyAccountId() ?? "")
        return true
    }
}
