import Foundation

/// Conditional launch's device check (CL-01), before the PIN: on a jailbroken device the managed account's data
/// never shows when its policy requires a compliant device, at every launch, resume and switch to the account.
extension SDKEngine {
    /// Nil when the device may show `accountId`'s data; else the SDK has shown the block and says why.
    func deviceGate(accountId: String, policy: MAMServicePolicy) -> IntuneMAMLaunchBlockReason? {
        guard policy.deviceComplianceRequired || !rules.conditionalLaunch.jailbreakBlockNeedsCompliancePolicy,
              let platform else { return nil }
        if !rules.conditionalLaunch.deviceCheckedEveryLaunch {
            let checkedBefore = store.mutate { state -> Bool in
                defer { state.deviceChecked = true }
                return state.deviceChecked == true
            }
            if checkedBefore { return nil }
        }
        guard platform.isDeviceJailbroken || !rules.conditionalLaunch.onlyJailbrokenDevicesBlocked else { return nil }
        guard rules.conditionalLaunch.blocksJailbrokenDevice else {
            log.info("the device is jailbroken; carrying on")
            return nil
        }
        log.warning("the device is jailbroken and the policy requires a compliant device: \(accountId)'s data stays hidden")
        guard rules.conditionalLaunch.jailbreakNamedAsSuch else { return .pinRetriesExceeded }
        platform.didShow(.jailbreakBlocked, accountId: accountId)
        return .jailbroken
    }
}
