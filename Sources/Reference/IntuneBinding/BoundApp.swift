#if canImport(IntuneMAMSwift)
@preconcurrency import IntuneMAMSwift
#else
import ReferenceSDK
#endif
import AdapterKit
import AdapterProtocol
import Foundation

/// One running instance of the app under test: what the vendor implements on the app's side of the binding.
///
/// The binding makes the SDK calls the protocol names itself; everything that is the app's own business stays
/// here: signing in with MSAL and keeping tokens, the app's data and how it protects it, what the operating
/// system hands the app, and how the app reacts when the SDK asks it to wipe, restart or add an account. The
/// binding calls these methods on its handler queue or, for the SDK's requests, on the SDK's callback thread;
/// none is ever called on the Swift concurrency pool, so blocking is allowed.
public protocol BoundApp: AnyObject, Sendable {
    /// The SDK managers this app instance talks to (the seam: the real SDK's singletons, or the reference's
    /// per-launch runtime).
    var sdk: any SDKManagers { get }

    // MARK: Launch

    /// Blocks until the launch finished (gates passed or blocked), or `deadline`; false when it did not.
    func waitForLaunch(until deadline: Date) -> Bool

    /// `app.resume`: the app returns to the foreground (the SDK re-runs conditional launch); blocks until done
    /// or `deadline`, and reports `event.app blocked` when it ends blocked.
    func resume(until deadline: Date)

    // MARK: The app's own actions

    /// `app.signIn`: the app's own sign-in (MSAL), then `registerAndEnrollAccountId`. Nil when the account is
    /// not allowed (ALW-03): then nothing is kept or registered.
    func signIn(upn: String, password: String) throws(RPCError) -> String?

    /// `app.signOut`: deregister with wipe first, then drop the account and its tokens (WIP-08).
    func signOut(accountId: String) throws(RPCError)

    /// `app.writeData`: stores a document owned by `accountId`, or without one under the current identity
    /// (IDS-09); returns the owner the SDK recorded ("" = none).
    func writeData(name: String, content: String, accountId: String?) throws(RPCError) -> String

    /// `app.writeDataInBackground`: under thread identity `threadAccountId`, dispatches work the app's ordinary way;
    /// the work (under its own `workAccountId` when given) writes the file with no explicit owner. Waits for the work
    /// and returns the owner the SDK recorded ("" = none), IDS-08.
    func writeDataInBackground(name: String, content: String, threadAccountId: String, workAccountId: String?)
        throws(RPCError) -> String

    /// `app.fileInfo`: the owner of the app's file `name` and whether the app stored it encrypted (POL-10).
    func fileInfo(name: String) throws(RPCError) -> FileInfoResult

    // issue 27: file ownership (IDS-52, IDS-53)
    /// `app.truncateData`: under thread identity `threadAccountId`, opens the app's existing file `name` in truncate
    /// mode and writes `content` into it; returns the owner the SDK recorded ("" = none), IDS-52.
    func truncateData(name: String, content: String, threadAccountId: String) throws(RPCError) -> String

    /// `app.writeMixedData`: writes one file holding every part, the managed accounts' parts protected with
    /// `protect:accountId:` (000:544); returns, per part, the owner and encryption `protectionInfo` reads from the
    /// file, IDS-53.
    func writeMixedData(name: String, parts: [MixedDataPart]) throws(RPCError) -> [MixedDataPartInfo]

    /// `sdk.protect`: `protect:accountId:` on the text, then the protection info of the result (IDS-10); nil
    /// when the SDK produced no protected data. File and data protection stay with the app, which calls its
    /// SDK's protection managers directly.
    func protect(text: String, accountId: String) -> ProtectResult?

    /// `app.openURL` / `app.importDocument`: the operating system hands the app an item owned by `accountId`
    /// and the SDK intercepts it (IDS-06); blocks until the SDK decided, or `deadline`.
    func receive(ownedBy accountId: String, document: Bool, until deadline: Date) -> ReceiveItemResult

    /// `app.saveDocument`: the app's own save path copies its file `name` to `location`, where the user is signed
    /// in as `locationAccount` (cloud storage). It asks the file owner's policy first, with the account the location
    /// belongs to, and saves only when allowed (POL-07). True when saved.
    func saveDocument(name: String, to location: SaveLocation, signedInAs locationAccount: String?) throws(RPCError) -> Bool

    /// `app.openDocument`: the app's own open path brings data from `location` into the current identity. It asks
    /// the receiving account's policy first and opens only when allowed (POL-08). True when opened.
    func openDocument(from location: OpenLocation, signedInAs locationAccount: String?) throws(RPCError) -> Bool

    // issue 27: unlisted locations
    /// `app.saveToUnlisted`: as ``saveDocument(name:to:signedInAs:)`` for storage the save locations do not list
    /// (`service`, nil when the app cannot classify it), signed in there with the Entra account `accountId` or as
    /// `upn`. The app asks `accountDocument` with the owner only when the storage is signed in with the managed
    /// account itself (the same object ID), and `other` otherwise (003:543-547, POL-51). True when saved.
    func saveToUnlisted(name: String, service: String?, accountId: String?, upn: String?) throws(RPCError) -> Bool

    /// `app.openFromUnlisted`: as ``openDocument(from:signedInAs:)`` for storage the open locations do not list,
    /// deciding the location as ``saveToUnlisted(name:service:accountId:upn:)`` does, for the receiving account.
    func openFromUnlisted(service: String?, accountId: String?, upn: String?) throws(RPCError) -> Bool

    /// `app.openLink`: the user follows `url` to another app. The app asks `isURLAllowed` of the current identity's
    /// policy (vouching for a known managed app's scheme) and, on a yes, checks and opens the URL under the empty
    /// identity (POL-13). True when opened.
    func openLink(_ url: URL, knownManagedApp: Bool) throws(RPCError) -> Bool

    /// `app.share`: the share sheet for the app's file `name`, shown the system's way so the SDK filters it; the
    /// targets it offers, sorted (POL-09).
    func share(name: String) throws(RPCError) -> [String]

    /// `app.receiveShare`: another managed app shares `text`, which its SDK protected for `owner`; the host builds
    /// that item and hands it to the app's share extension. The extension must learn the owner from the item
    /// (`protectionInfoForItemProvider`), never from `owner`, set the UI identity to it before showing the data,
    /// and, with `saveAs`, keep the data in a file it makes the owner's (IDS-13). Blocks until shown or `deadline`.
    func receiveShare(text: String, owner: String, saveAs: String?, until deadline: Date) throws(RPCError)
        -> ReceiveShareResult

    // issue 27: file provider extensions (EXT)
    /// `ext.provideFile`: the app's file provider extension hands the app's file `name` to the system
    /// (`startProvidingItemAtURL:`, or a replicated extension's `fetchContentsForItemWithIdentifier:`), encrypting it
    /// with `encryptFile:forAccountId:` for its owner where the owner's policy says `shouldFileProviderEncryptFiles`
    /// (EXT-01); a replicated extension marks the item with `protectFileProviderItem:forAccountId:` (EXT-04).
    func provideFile(name: String, replicated: Bool) throws(RPCError) -> ProvideFileResult

    /// `ext.importFile`: the system hands the app's file provider extension a file (`importDocumentAtURL:`, or a
    /// replicated extension's `createItemBasedOnTemplate:`) that another managed app's SDK encrypted for `owner` ("" =
    /// a plain file), for `target`'s storage. The extension decrypts an encrypted file with `decryptFile:toCopyPath:`
    /// (EXT-02) and, in a multi-identity app, refuses it when `canReceiveSharedFile:` of the target's policy says no
    /// (EXT-03).
    func importFile(name: String, text: String, owner: String, target: String, replicated: Bool) throws(RPCError)
        -> ImportFileResult

    // issue 27: showing content under the right identity
    /// `app.showFile`: the user opens the app's file `name`. The app reads its owner (`protectionInfo:` of the file
    /// protection manager, or its own records), sets the UI identity to that owner and shows the contents only when the
    /// switch succeeded (IDS-54, 000:540), reporting `event.app file-shown` with the UI identity they showed under.
    /// Blocks until shown or `deadline`; true when shown.
    func showFile(name: String, until deadline: Date) throws(RPCError) -> Bool

    /// `app.copy`: the user copies `text` from `accountId`'s data, which the app shows under that UI identity; the
    /// copy goes through the SDK's pasteboard (IDS-12).
    func copy(text: String, from accountId: String, until deadline: Date) throws(RPCError)

    /// `app.paste`: the user pastes into `accountId`'s data, shown under that UI identity; the text the app got, nil
    /// when the policy kept it out (IDS-12).
    func paste(into accountId: String, until deadline: Date) throws(RPCError) -> String?

    /// `app.notify`: a notification for `accountId` arrives; the app shows it as that account's `notificationPolicy`
    /// says (allow: as is; block org data: a generic one; block: none), POL-11.
    func notify(accountId: String, title: String, body: String) throws(RPCError) -> NotifyResult

    /// `app.acquireToken`: the app asks its sign-in library for a token for its own resource for `accountId`. Refused
    /// with `protection_policy_required`, it calls ``AnnouncedSDKCalls/remediateComplianceForAccountId(_:silent:)``
    /// with the account's object ID (CA-01), waits until `deadline` for the status
    /// (``complianceStatus(accountId:_:message:title:)``, CA-02), and on compliant asks once more (CA-03). True
    /// when it holds the token at the end.
    func acquireToken(accountId: String, until deadline: Date) throws(RPCError) -> Bool

    /// The compliance delegate received a remediation's status (the binding has sent `event.app compliance-status`).
    /// Arrives on the SDK's thread.
    func complianceStatus(accountId: String, _ status: ComplianceOutcome, message: String, title: String)

    /// `IntuneMAMPolicyDidChangeNotification`: the guide has apps pass the new `notificationPolicy` on to their
    /// notification extension. Arrives on the SDK's thread.
    func policyDidChange()

    /// `app.showWebContent`: arbitrary web content, shown under no account's identity: a multi-identity app clears the
    /// UI identity around it (IDS-11), a single-identity app the thread identity (IDS-55); `event.app
    /// web-content-shown` names the identity it showed under.
    func showWebContent(until deadline: Date)

    /// `device.managedConfigChanged`: the operating system tells the app's SDK that the managed app
    /// configuration changed.
    func managedConfigurationDidChange()

    // MARK: What the SDK asks of the app (through the binding's delegates)

#if !INTUNE_SDK_NO_ENROLLMENT_TOKEN
    /// `getAccessToken(forAccountId:resource:completion:)`: the app's MSAL token for the SDK. Must not block
    /// the caller; complete exactly once, from any thread. Releases before 21.0 have no such callback (their
    /// SDK gets its tokens itself): a host on one sets INTUNE_SDK_NO_ENROLLMENT_TOKEN (SDKSpelling.swift).
    func accessToken(forAccountId accountId: String, resource: String,
                     completion: @escaping @Sendable (IntuneMAMEnrollmentToken) -> Void)
#endif

    /// `wipeDataForAccountId:`: the app always signs the account out and removes its data that is not in files
    /// (settings, caches, tokens), WIP-11. It deletes the account's files itself only when `deletingFiles` (the
    /// runner's decision) and then returns true when everything is gone; otherwise it returns false and the SDK
    /// deletes the files.
    func wipeData(forAccountId accountId: String, deletingFiles: Bool) -> Bool

    /// `app.setPreference`: keeps a setting for a signed-in account outside the app's files (WIP-11).
    func setPreference(_ value: String, for key: String, accountId: String) throws(RPCError)

    /// `app.setAuthOverrides`: the app tells the SDK which of its registrations and which authority to sign in with
    /// from now on (`aadClientIdOverride`, `aadAuthorityUriOverride`; nil clears one), ENR-15. The names resolve to
    /// what `initialize` gave; the app clears the overrides again when its managed account signs out.
    func setAuthOverrides(clientId: RegistrationName?, authority: AuthorityName?) throws(RPCError)

    /// The runner decided the app restarts itself after `restartApplication` returned true: restart once the
    /// SDK's callback has returned (never from inside it).
    func restartAfterSDKRequest()

    /// `addAccountId:completionHandler:`: the SDK signed a user in and enrolled on its own; list the account.
    /// True when the app added it.
    func addAccount(accountId: String) -> Bool

    /// An enrollment started by `loginAndEnrollAccount` succeeded for `accountId`: list the account if the app
    /// does not know it (its tokens stay with the SDK).
    func sdkSignedIn(accountId: String, upn: String)

    /// `IntuneMAMDataProtectionDidChangeNotification`: encrypt or decrypt the managed files as the policy now says
    /// (POL-10). Arrives on the SDK's thread: hand the work to a queue of the app's own.
    func dataProtectionDidChange()

    /// `IntuneMAMAllowedAccountsDidChangeNotification`: sign out every account the new list does not allow.
    /// Arrives on the SDK's thread: hand blocking work to a queue of the app's own.
    func allowedAccountsDidChange()
}

extension BoundApp {
    /// An app without a save path of its own (no export, share or "save a copy") has nothing to check here; its
    /// host must then not declare `app.dataTransfer`.
    public func saveDocument(name: String, to location: SaveLocation, signedInAs locationAccount: String?) throws(RPCError) -> Bool {
        throw RPCError.unsupported(.dataTransfer, "this app has no save path of its own")
    }

    /// A single-identity app has one identity for every thread; its host must then not declare `identity.multi`.
    public func writeDataInBackground(name: String, content: String, threadAccountId: String, workAccountId: String?)
        throws(RPCError) -> String {
        throw RPCError.unsupported(.identityMulti, "this app runs under one identity")
    }

    // issue 27: file ownership (IDS-52, IDS-53)
    /// An app that only ever writes new files; its host must then not declare `app.fileTruncate`.
    public func truncateData(name: String, content: String, threadAccountId: String) throws(RPCError) -> String {
        throw RPCError.unsupported(.fileTruncate, "this app never rewrites a file in place")
    }

    /// An app that keeps every account's data in files of its own; its host must then not declare `app.mixedData`.
    public func writeMixedData(name: String, parts: [MixedDataPart]) throws(RPCError) -> [MixedDataPartInfo] {
        throw RPCError.unsupported(.mixedData, "this app writes no file mixing several accounts' data")
    }

    /// An app that shows no notifications; its host must then not declare `app.notifications`.
    public func notify(accountId: String, title: String, body: String) throws(RPCError) -> NotifyResult {
        throw RPCError.unsupported(.notifications, "this app shows no notifications")
    }

    /// An app that needs no token of its own resource; its host must then not declare `sdk.compliance`.
    public func acquireToken(accountId: String, until deadline: Date) throws(RPCError) -> Bool {
        throw RPCError.unsupported(.compliance, "this app asks for no token of its own resource")
    }

    /// An app that never remediates Conditional Access hears no status.
    public func complianceStatus(accountId: String, _ status: ComplianceOutcome, message: String, title: String) {}

    /// An app that keeps no copy of any policy value needs nothing here.
    public func policyDidChange() {}

    /// An app without copy and paste; its host must then not declare `clipboard`.
    public func copy(text: String, from accountId: String, until deadline: Date) throws(RPCError) {
        throw RPCError.unsupported(.clipboard, "this app has no copy and paste")
    }

    /// See ``copy(text:from:until:)``.
    public func paste(into accountId: String, until deadline: Date) throws(RPCError) -> String? {
        throw RPCError.unsupported(.clipboard, "this app has no copy and paste")
    }

    /// An app without a share extension; its host must then not declare `app.shareExtension`.
    public func receiveShare(text: String, owner: String, saveAs: String?, until deadline: Date) throws(RPCError)
        -> ReceiveShareResult {
        throw RPCError.unsupported(.shareExtension, "this app has no share extension")
    }

    // issue 27: file provider extensions (EXT)
    /// An app without a file provider extension; its host must then not declare `app.fileProvider`.
    public func provideFile(name: String, replicated: Bool) throws(RPCError) -> ProvideFileResult {
        throw RPCError.unsupported(.fileProvider, "this app has no file provider extension")
    }

    /// See ``provideFile(name:replicated:)``.
    public func importFile(name: String, text: String, owner: String, target: String, replicated: Bool) throws(RPCError)
        -> ImportFileResult {
        throw RPCError.unsupported(.fileProvider, "this app has no file provider extension")
    }

    // issue 27: showing content under the right identity
    /// An app that shows none of its files' contents; its host must then not declare `app.showFile`.
    public func showFile(name: String, until deadline: Date) throws(RPCError) -> Bool {
        throw RPCError.unsupported(.showFile, "this app shows no files of its own")
    }

    /// An app that shares nothing; its host must then not declare `app.dataTransfer`.
    public func share(name: String) throws(RPCError) -> [String] {
        throw RPCError.unsupported(.dataTransfer, "this app has no share sheet")
    }

    /// An app without links to other apps; its host must then not declare `app.dataTransfer`.
    public func openLink(_ url: URL, knownManagedApp: Bool) throws(RPCError) -> Bool {
        throw RPCError.unsupported(.dataTransfer, "this app opens no links")
    }

    /// An app that never imports data from other places; its host must then not declare `app.dataTransfer`.
    public func openDocument(from location: OpenLocation, signedInAs locationAccount: String?) throws(RPCError) -> Bool {
        throw RPCError.unsupported(.dataTransfer, "this app brings no data in from other places")
    }

    /// An app that saves only to listed locations; its host must then not declare `app.unlistedLocations`.
    public func saveToUnlisted(name: String, service: String?, accountId: String?, upn: String?) throws(RPCError) -> Bool {
        throw RPCError.unsupported(.unlistedLocations, "this app saves to no storage outside the listed locations")
    }

    /// An app that opens only from listed locations; its host must then not declare `app.unlistedLocations`.
    public func openFromUnlisted(service: String?, accountId: String?, upn: String?) throws(RPCError) -> Bool {
        throw RPCError.unsupported(.unlistedLocations, "this app opens from no storage outside the listed locations")
    }
}
