import AdapterKit
import AdapterProtocol
import Foundation
import IntuneBinding
import Locking
import ReferenceSDK

/// The app's share extension (IDS-13): an item shared from another managed app carries its owner; the extension
/// reads it with `protectionInfoForItemProvider`, sets the UI identity to that owner before the data shows, and makes
/// a file it keeps the owner's.
extension ReferenceApp {
    func receiveShare(text: String, owner: String, saveAs: String?, until deadline: Date) throws(RPCError)
        -> ReceiveShareResult {
        if let saveAs, !AccountFiles.isValidName(saveAs) {
            throw RPCError(code: RPCError.invalidParams, message: "invalid file name \"\(saveAs)\"")
        }
        // The sharing app's SDK protected the data for its owner; the operating system hands the extension the item.
        let item = runtime.dataProtectionManager.protect(Data(text.utf8), accountId: owner)
        let rules = self.rules.identity
        let itemOwner: String
        if rules.shareExtensionReadsOwner {
            events.sdkCall(.protectionInfoForItemProvider, accountId: nil)
            let info = Latch<IntuneMAMDataProtectionInfo?>()
            runtime.dataProtectionManager.protectionInfo(forItemProvider: item) { info.fulfil($0) }
            itemOwner = info.wait(until: deadline).flatMap { $0?.accountId } ?? ""
        } else {
            itemOwner = runtime.policyManager.primaryAccountId ?? ""
        }
        if rules.shareExtensionSwitchesToOwner {
            guard calls.setUIPolicyAccountId(itemOwner, until: deadline) == .success else {
                events.log(.info, "the share extension could not switch to the item's owner; the data is not shown")
                return ReceiveShareResult(shown: false, savedOwner: nil)
            }
        }
        let shownUnder = runtime.policyManager.getUIPolicyAccountId() ?? ""
        events.app(AppEvent(kind: .shareShown, accountId: AccountID(shownUnder)))
        guard let saveAs else { return ReceiveShareResult(shown: true, savedOwner: nil) }
        let data = runtime.dataProtectionManager.unprotect(item)
        let folder = itemOwner.isEmpty ? Self.unmanagedFolder : itemOwner
        let path: String
        do {
            path = try files.write(accountId: folder, name: saveAs, content: storedBytes(data, for: itemOwner))
        } catch {
            throw RPCError(code: RPCError.actionFailed, message: "could not save the shared data: \(error)")
        }
        if rules.sharedDataSavedAsOwner {
            runtime.fileProtectionManager.protect(path, accountId: itemOwner)
        }
        let recorded = runtime.fileProtectionManager.protectionInfo(forPath: path)?.accountId ?? ""
        return ReceiveShareResult(shown: true, savedOwner: AccountID(recorded))
    }
}
