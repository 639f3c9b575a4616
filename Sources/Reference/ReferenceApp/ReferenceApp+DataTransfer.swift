import AdapterKit
import AdapterProtocol
import Foundation
import IntuneBinding
import ReferenceSDK

/// The app's own save and open paths (POL-07, POL-08), its share sheet (POL-09) and its links to other apps (POL-13): before managed data leaves for a location, the app asks the
/// data owner's policy; before data comes in from a location, it asks the receiving account's. Each question names
/// the location and the account the location belongs to, and the app acts only on a yes.
extension ReferenceApp {
    /// Saves a copy of the app's file `name` to `location`; false when the policy refused it.
    func saveDocument(name: String, to location: SaveLocation, signedInAs locationAccount: String?) throws(RPCError) -> Bool {
        let (path, owner) = try document(named: name)
        let rules = self.rules.dataTransfer
        let (askedLocation, askedAccount) = Self.saveQuestion(location: location, signedInAs: locationAccount, owner: owner,
                                                              rules: rules)
        switch rules.saveQuestion {
        case .beforeSaving:
            break
        case .never:
            try exportCopy(of: path, to: location, owner: owner)
            return true
        case .afterSaving:
            try exportCopy(of: path, to: location, owner: owner)
            return calls.isSaveToAllowed(owner: owner, location: askedLocation, accountId: askedAccount)
        }
        let allowed = calls.isSaveToAllowed(owner: owner, location: askedLocation, accountId: askedAccount)
        guard allowed || !rules.saveHonoursRefusal else {
            events.log(.info, "the policy of \(owner.isEmpty ? "no account" : owner) does not allow saving \(name) to \(location)")
            return false
        }
        try exportCopy(of: path, to: location, owner: owner)
        return true
    }

    /// Opens data from `location` into the current identity as a new file; false when the policy refused it.
    func openDocument(from location: OpenLocation, signedInAs locationAccount: String?) throws(RPCError) -> Bool {
        let manager = runtime.policyManager
        let receiver = manager.getUIPolicyAccountId() ?? manager.primaryAccountId ?? ""
        let rules = self.rules.dataTransfer
        let accountOfLocation = Self.openQuestionAccount(location: location, signedInAs: locationAccount, receiver: receiver)
        if rules.opensOnlyAfterAsking {
            let asked = rules.openAsksReceiverPolicy ? receiver : (accountOfLocation ?? "")
            let askedLocation = location == .photos && rules.photoAlbumLocation == .camera ? .camera : location
            let allowed = calls.isOpenFromAllowed(receiver: asked, location: askedLocation, accountId: accountOfLocation)
            guard allowed || !rules.openHonoursRefusal else {
                events.log(.info, "the policy of \(receiver.isEmpty ? "no account" : receiver) does not allow opening from \(location)")
                return false
            }
        }
        let name = "opened-from-\(location.rawValue).txt"
        if receiver.isEmpty {
            do {
                _ = try files.write(accountId: Self.unmanagedFolder, name: name, content: Data("from \(location)".utf8))
            } catch {
                throw RPCError(code: RPCError.actionFailed, message: "could not open data from \(location): \(error)")
            }
        } else {
            try writeData(accountId: receiver, name: name, content: "from \(location)")
        }
        events.app(.documentOpened, accountId: receiver)
        return true
    }

    /// Follows a link to another app: asks the current identity's policy, then checks and opens it under the empty
    /// identity, where the SDK's answer is the operating system's (POL-13). False when refused or unopenable. An app
    /// that kept its `-intunemam` query schemes needs no `isURLAllowed` (002:112): it checks and opens under its own
    /// identity, and the SDK answers `canOpenURL` through the twins.
    func openLink(_ url: URL, knownManagedApp: Bool) throws(RPCError) -> Bool {
        let manager = runtime.policyManager
        let identity = manager.getUIPolicyAccountId() ?? manager.primaryAccountId ?? ""
        let rules = self.rules.dataTransfer
        if rules.linkCheck == .canOpenURLThroughTwins {
            return manager.setCurrentThreadAccountId(identity) {
                guard runtime.canOpenURL(url) else {
                    events.log(.info, "canOpenURL under \(identity.isEmpty ? "no account" : identity) says no for the \(url.scheme ?? "") link")
                    return false
                }
                runtime.open(url)
                return true
            }
        }
        if rules.linkOpensOnlyAfterAsking {
            let vouched = knownManagedApp && rules.vouchesForManagedSchemes
            let allowed = calls.isURLAllowed(owner: identity, url: url, isKnownManagedAppScheme: vouched)
            guard allowed || !rules.linkHonoursRefusal else {
                events.log(.info, "the policy does not allow opening \(url.scheme ?? "the") link")
                return false
            }
        }
        let openingIdentity = rules.linkOpensUnderEmptyIdentity ? "" : identity
        return manager.setCurrentThreadAccountId(openingIdentity) {
            guard runtime.canOpenURL(url) else {
                events.log(.info, "no app opens \(url.scheme ?? "the") link")
                return false
            }
            runtime.open(url)
            return true
        }
    }

    /// The share sheet for the file `name`: the system's, which the SDK filters by the UI identity's policy (POL-09).
    func share(name: String) throws(RPCError) -> [String] {
        _ = try document(named: name)
        guard rules.dataTransfer.usesSystemShareSheet else {
            return AppPlatform.shareTargets.map(\.bundleId).sorted()
        }
        return runtime.shareSheetTargets()
    }

    /// What the app asks before saving to `location`: its own storage is the owner's account document; cloud
    /// locations go with the account the user is signed in with there; local drive, camera roll and other with none.
    static func saveQuestion(location: SaveLocation, signedInAs locationAccount: String?, owner: String,
                             rules: AppRules.DataTransfer) -> (SaveLocation, String?) {
        guard rules.saveNamesLocationAccount else { return (location, owner) }
        switch location {
        case .accountDocument:
            return rules.ownStorageAskedAsAccountDocument ? (.accountDocument, owner) : (.other, nil)
        case .oneDriveForBusiness, .sharePoint, .box, .dropbox, .googleDrive:
            return (location, locationAccount)
        case .localDrive, .cameraRoll, .other:
            return (location, nil)
        }
    }

    /// The account a location to open from belongs to: the receiver's own documents are the receiver's; cloud
    /// locations the signed-in account's; camera, photos, local storage and other none.
    static func openQuestionAccount(location: OpenLocation, signedInAs locationAccount: String?, receiver: String) -> String? {
        switch location {
        case .accountDocument: return receiver.isEmpty ? nil : receiver
        case .oneDriveForBusiness, .sharePoint: return locationAccount
        case .camera, .localStorage, .photos, .other: return nil
        }
    }

    /// The path of the app's file `name` and its owner as the SDK recorded it ("" = none).
    func document(named name: String) throws(RPCError) -> (path: String, owner: String) {
        guard AccountFiles.isValidName(name) else {
            throw RPCError(code: RPCError.invalidParams, message: "invalid file name \"\(name)\"")
        }
        for (folder, names) in files.listing().sorted(by: { $0.key < $1.key }) where names.contains(name) {
            let path = files.root.appendingPathComponent(folder, isDirectory: true).appendingPathComponent(name).path
            return (path, runtime.fileProtectionManager.protectionInfo(forPath: path)?.accountId ?? "")
        }
        throw RPCError(code: RPCError.actionFailed, message: "the app has no file named \"\(name)\"")
    }

    /// The saved copy: `<dataDirectory>/exports/<location>/<name>`, outside the app's own documents.
    private func exportCopy(of path: String, to location: SaveLocation, owner: String) throws(RPCError) {
        let folder = device.environment.dataDirectory.appendingPathComponent("exports/\(location.rawValue)", isDirectory: true)
        let source = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let target = folder.appendingPathComponent(source.lastPathComponent)
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: source, to: target)
        } catch {
            throw RPCError(code: RPCError.actionFailed, message: "could not save a copy to \(location): \(error)")
        }
        events.app(.documentSaved, accountId: owner.isEmpty ? nil : owner)
    }
}
