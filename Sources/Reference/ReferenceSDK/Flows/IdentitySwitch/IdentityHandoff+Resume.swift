/// Returning to the foreground (IDS-06, CL-03, CL-04): a new session, the offline block lifted once the service
/// answers, and conditional launch again for a managed UI identity, which a multi-identity app may cancel.
extension IdentityHandoff {
    /// The app returns to the foreground: a new session, and conditional launch again for a managed UI
    /// identity. A cancelled PIN makes a multi-identity app's SDK ask for a switch to "" (reason
    /// cancel-conditional-launch); a single-identity app, or a refused switch, stays blocked.
    func resume(completion: @escaping @Sendable (IntuneMAMLaunchState) -> Void) {
        work.submit("resume", dropped: { completion(.terminated) }) { [self] in
            identities.startSession()
            if !liftOfflineBlock() {
                completion(launch.current)
                return
            }
            guard launch.current == .ready, let managed = identityRules.managedAccount(matching: identityRules.uiIdentity) else {
                completion(launch.current)
                return
            }
            let policy = store.read { $0.policy }
            if let policy, let blocked = (conditionalLaunchRules.offlineCheckedAtResume
                                          ? gates.offline.check(accountId: managed, policy: policy) : nil)
                ?? gates.device.check(accountId: managed, policy: policy) {
                launch.set(.blocked(blocked))
                completion(launch.current)
                return
            }
            if let policy, policy.isPINRequired || policy.organizationalCredentialsRequired,
               gates.recheck.withinRecheckPeriod(policy) {
                log.info("back within the access recheck period: no PIN")
                identities.markPassedConditionalLaunch(managed)
                completion(launch.current)
                return
            }
            switch switches.conditionalLaunch(for: managed) {
            case .success:
                break
            case .canceled where identityRules.isMultiIdentityApp:
                if askToSwitch(to: "", reason: .cancelConditionalLaunch) == .success {
                    identities.setUI("")
                    log.info("conditional launch cancelled; the app switched to an unmanaged identity")
                } else {
                    launch.set(.blocked(.pinCanceled))
                }
            case .canceled:
                launch.set(.blocked(.pinCanceled))
            case .failed, .notAllowed:
                launch.set(.blocked(.pinRetriesExceeded))
            }
            completion(launch.current)
        }
    }

    /// A launch blocked for being offline too long (CL-04) is lifted at the next foreground once a check-in gets
    /// an answer; false while it still holds. True when there was no such block.
    private func liftOfflineBlock() -> Bool {
        guard case .blocked(.offline) = launch.current else { return true }
        guard let managed = identityRules.managedAccount(matching: identityRules.uiIdentity),
              let policy = store.read({ $0.policy }) else {
            launch.set(.ready)
            return true
        }
        guard gates.offline.check(accountId: managed, policy: policy) == nil else { return false }
        log.info("the service answered again: the offline block is lifted")
        launch.set(.ready)
        return true
    }
}
