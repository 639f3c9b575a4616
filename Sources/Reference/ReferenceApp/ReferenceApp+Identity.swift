import AdapterKit
import AdapterProtocol
import Foundation
import IntuneBinding
import Locking
import ReferenceSDK

/// How the app uses the SDK's identities (IDS-02, IDS-05, IDS-06, IDS-09…11): switch the UI identity before
/// showing an account's data, let the SDK intercept URL and document hand-offs, clear the identity around
/// web content, and write files under the current identity.
extension ReferenceApp {
    /// The folder of files that belong to no account.
    static let unmanagedFolder = "unmanaged"

    /// The operating system hands the app a URL (or documents) owned by `accountId`; the SDK intercepts it
    /// and may ask the app to switch first (IDS-06). Blocks until the SDK decided, or `deadline`.
    func receive(ownedBy accountId: String, document: Bool, until deadline: Date) -> ReceiveItemResult {
        let outcome = Latch<IntuneMAMOpenOutcome>()
        if document {
            runtime.applicationImportDocument(ownedBy: accountId) { outcome.fulfil($0) }
        } else {
            runtime.applicationOpenURL(ownedBy: accountId) { outcome.fulfil($0) }
        }
        let opened = outcome.wait(until: deadline) ?? IntuneMAMOpenOutcome(opened: false, switched: false)
        return ReceiveItemResult(result: opened.opened ? .success : .failed, switched: opened.switched)
    }

    /// The app returns to the foreground; the SDK re-runs conditional launch for a managed UI identity.
    func resume(until deadline: Date) {
        let wasBlocked = if case .blocked = runtime.launchState { true } else { false }
        let outcome = Latch<IntuneMAMLaunchState>()
        runtime.applicationWillEnterForeground { outcome.fulfil($0) }
        switch outcome.wait(until: deadline) {
        case .blocked(let reason)?:
            events.blocked(Self.blockReason(reason), accountId: runtime.policyManager.getUIPolicyAccountId())
        case .ready? where wasBlocked:
            events.app(.ready, accountId: runtime.policyManager.primaryAccountId)
        default:
            break
        }
    }

    /// Arbitrary web content is no account's data. A multi-identity app switches the UI identity to "" while showing
    /// it and restores the previous identity after (IDS-11, 003:767); a single-identity app shows it with the thread
    /// identity set to "" and back to nil after (IDS-55, 003:768), which the scoped form (the only one from 20.0)
    /// does when the scope ends. `event.app web-content-shown` names the identity it showed under.
    func showWebContent(until deadline: Date) {
        let manager = runtime.policyManager
        guard runtime.configuration.settings.multiIdentity else {
            guard rules.identity.singleIdentityWebContentClearsThreadIdentity else {
                events.log(.info, "showing web content under the current thread identity")
                events.app(.webContentShown, accountId: manager.getCurrentThreadAccountId() ?? "")
                return
            }
            events.sdkCall(.setCurrentThreadAccountId, accountId: "")
            manager.setCurrentThreadAccountId("") {
                events.app(.webContentShown, accountId: manager.getCurrentThreadAccountId() ?? "")
            }
            return
        }
        guard rules.identity.webContentClearsIdentity else {
            events.log(.info, "showing web content under the current identity")
            events.app(.webContentShown, accountId: manager.getUIPolicyAccountId() ?? "")
            return
        }
        let previous = manager.getUIPolicyAccountId()
        let cleared = calls.setUIPolicyAccountId("", until: deadline)
        events.log(.info, "showing web content with the UI identity cleared (\(cleared))")
        events.app(.webContentShown, accountId: manager.getUIPolicyAccountId() ?? "")
        _ = calls.setUIPolicyAccountId(previous, until: deadline)
    }

    /// Writes a document under the current identity (no explicit owner): inside a thread-identity scope of
    /// the UI identity, so the SDK makes the file that identity's (IDS-09). Returns the owner ("" = none).
    func writeDataAsCurrentIdentity(name: String, content: String) throws(RPCError) -> String {
        guard AccountFiles.isValidName(name) else {
            throw RPCError(code: RPCError.invalidParams, message: "invalid file name \"\(name)\"")
        }
        let manager = runtime.policyManager
        guard rules.identity.writesUnderUIIdentity else {
            return try writeUnderThreadIdentity(name: name, content: content).get()
        }
        return try manager.setCurrentThreadAccountId(manager.getUIPolicyAccountId()) {
            writeUnderThreadIdentity(name: name, content: content)
        }.get()
    }

    /// Writes a file with no explicit owner, into the folder of the calling thread's effective identity, and lets
    /// the SDK record that identity as the owner (`didCreateFile`). The recorded owner ("" = none).
    private func writeUnderThreadIdentity(name: String, content: String) -> Result<String, RPCError> {
        let identity = runtime.policyManager.getCurrentThreadAccountId()
        let folder = identity.flatMap { $0.isEmpty ? nil : $0 } ?? Self.unmanagedFolder
        do {
            let path = try files.write(accountId: folder, name: name, content: storedBytes(Data(content.utf8), for: identity ?? ""))
            runtime.fileProtectionManager.didCreateFile(atPath: path)
            return .success(runtime.fileProtectionManager.protectionInfo(forPath: path)?.accountId ?? "")
        } catch {
            return .failure(RPCError(code: RPCError.actionFailed, message: "could not write \(name): \(error)"))
        }
    }

    /// Sets the thread identity, dispatches the write the ordinary way (the SDK carries the identity along), and waits
    /// for it; the work sets its own identity first when given one (IDS-08). Returns the recorded owner.
    func writeDataInBackground(name: String, content: String, threadAccountId: String, workAccountId: String?)
        throws(RPCError) -> String {
        guard AccountFiles.isValidName(name) else {
            throw RPCError(code: RPCError.invalidParams, message: "invalid file name \"\(name)\"")
        }
        let manager = runtime.policyManager
        let written = Latch<Result<String, RPCError>>()
        let work: @Sendable () -> Void = { [self] in
            let write = { [self] in writeUnderThreadIdentity(name: name, content: content) }
            written.fulfil(workAccountId.map { manager.setCurrentThreadAccountId($0, forScope: write) } ?? write())
        }
        manager.setCurrentThreadAccountId(threadAccountId) {
            if rules.identity.backgroundWorkKeepsThreadIdentity {
                runtime.dispatchAsync(on: Self.backgroundWorkQueue, execute: work)
            } else {
                Thread.detachNewThread(work)
            }
        }
        guard let result = written.wait(until: Date().addingTimeInterval(10)) else {
            throw RPCError(code: RPCError.actionFailed, message: "the background write of \(name) did not finish in 10 s")
        }
        return try result.get()
    }

    /// The queue the app's background work runs on.
    private static let backgroundWorkQueue = DispatchQueue(label: "reference-app.background-work")

    /// `protect:accountId:` then `protectionInfo` (IDS-10).
    func protect(text: String, accountId: String) -> ProtectResult? {
        events.sdkCall(.protect, accountId: accountId)
        let manager = runtime.dataProtectionManager
        guard let info = manager.protectionInfo(manager.protect(Data(text.utf8), accountId: accountId)) else { return nil }
        return ProtectResult(encrypted: info.isEncrypted, owner: AccountID(info.accountId))
    }

    /// `device.managedConfigChanged`: the simulated OS tells the SDK (the real one observes user defaults).
    func managedConfigurationDidChange() {
        runtime.managedAppConfigurationDidChange()
    }
}
