import Foundation

/// The selective wipe of one account's data (WIP-04, WIP-05, WIP-10): the app's `wipeData` callback, then the SDK
/// deleting what the app left and posting `IntuneMAMWipeDidCompleteNotification`.
///
/// It is given what a wipe touches and nothing more: the unenroll rules, the state (the files' owners), the app
/// connections (the policy delegate and the notification), and the work queue (a wipe not waited for runs there).
/// Unenroll, an administrator's wipe, an update and a settled acknowledgement all end in it.
struct WipeFlow: Sendable {
    let rules: SDKRules.Unenroll
    let store: SDKStateStore
    let connections: SDKAppConnections
    let work: SDKWorkQueue
    let log: SDKLog

    /// Calls `wipeData(forAccountId:)` exactly once, on the SDK's work queue (a background thread, 000:581), and
    /// waits for it; when it returns false (or there is no delegate) the SDK deletes every file owned by the account,
    /// and only those. Then it posts `IntuneMAMWipeDidCompleteNotification`.
    func selectiveWipe(_ accountId: String, upn: String) {
        guard rules.callsWipeDelegate else {
            log.info("account \(accountId) removed")
            return
        }
        log.info("selective wipe of \(accountId)")
        // The wipe callback names the account by its account ID, not its UPN.
        let named = rules.wipeNamesAccountId || upn.isEmpty ? accountId : upn
        let completion = IntuneMAMNotification(name: .wipeDidComplete, accountId: accountId)
        if !rules.wipeCompletionPostedAfterWipe { connections.post(completion) }
        let delegate = connections.policyDelegate
        guard rules.waitsForWipeDelegate else {
            finishWipe(accountId, appWiped: false, completion: completion)
            work.submit("wipe callback for \(accountId), not waited for") { _ = delegate?.wipeData(forAccountId: named) }
            return
        }
        // A background thread, as the guides say (000:581, 003:758): the SDK's work queue, never the main thread.
        let call = { delegate?.wipeData(forAccountId: named) ?? false }
        let appWiped = rules.callsWipeDelegateInBackground ? call() : SimulatedMainThread.run(call)
        guard connections.isAlive else { return }
        finishWipe(accountId, appWiped: appWiped, completion: completion)
    }

    /// What the SDK does once the app's callback returned: deletes the account's files the app left (when it
    /// returned false), forgets the deleted files, and posts `IntuneMAMWipeDidCompleteNotification`.
    private func finishWipe(_ accountId: String, appWiped: Bool, completion: IntuneMAMNotification) {
        let owned = store.read { state in
            state.fileOwners.filter { AccountIdentity.same($0.value, accountId) }.map(\.key).sorted()
        }
        if !appWiped && rules.deletesWhenAppDeclines {
            let deleted = deleteFiles(owned)
            log.info("the app did not wipe everything; the SDK deleted \(deleted) file(s) owned by \(accountId)")
        }
        store.mutate { state in
            for path in owned where !FileManager.default.fileExists(atPath: path) {
                state.fileOwners.removeValue(forKey: path)
            }
        }
        // Posted after the SDK finished wiping (the header), so an app that reacts to it sees the data gone.
        if rules.wipeCompletionPostedAfterWipe { connections.post(completion) }
    }

    /// Deletes the files that still exist; returns how many went.
    private func deleteFiles(_ paths: [String]) -> Int {
        var deleted = 0
        for path in paths where FileManager.default.fileExists(atPath: path) {
            do {
                try FileManager.default.removeItem(atPath: path)
                deleted += 1
            } catch {
                log.error("selective wipe could not delete \(path): \(error)")
            }
        }
        return deleted
    }
}
