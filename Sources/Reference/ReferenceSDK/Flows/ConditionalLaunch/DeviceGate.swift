import Foundation

/// Conditional launch's device check (CL-01), before the PIN: on a jailbroken device the managed account's data
/// never shows when its policy requires a compliant device, at every launch, resume and switch to the account.
///
/// It is given the conditional-launch rules, the state (whether the device was checked before, where a defect
/// checks it once), the app connections (the platform that knows the device and shows the block) and the log.
struct DeviceGate: Sendable {
    let rules: SDKRules.ConditionalLaunch
    let store: SDKStateStore
    let connections: SDKAppConnections
    let log: SDKLog

    /// Nil when the device may show `accountId`'s data; else the SDK has shown the block and says why.
    func check(accountId: String, policy: MAMServicePolicy) -> IntuneMAMLaunchBlockReason? {
        guard policy.deviceComplianceRequired || !rules.jailbreakBlockNeedsCompliancePolicy,
              let platform = connections.platform else { return nil }
        if !rules.deviceCheckedEveryLaunch {
            let checkedBefore = store.mutate { state -> Bool in
                defer { state.deviceChecked = true }
                return state.deviceChecked == true
            }
            if checkedBefore { return nil }
        }
        guard platform.isDeviceJailbroken || !rules.onlyJailbrokenDevicesBlocked else { return nil }
        guard rules.blocksJailbrokenDevice else {
            log.info("the device is jailbroken; carrying on")
            return nil
        }
        log.warning("the device is jailbroken and the policy requires a compliant device: \(accountId)'s data stays hidden")
        guard rules.jailbreakNamedAsSuch else { return .pinRetriesExceeded }
        platform.didShow(.jailbreakBlocked, accountId: accountId)
        return .jailbroken
    }
}
