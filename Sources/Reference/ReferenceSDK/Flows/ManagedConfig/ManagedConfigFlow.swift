import CurlHTTP
import Foundation

/// Allowed accounts (ALW-01…03): the SDK reads the operating system's managed app configuration at launch and
/// whenever the OS says it changed, exposes the restriction it sets, posts a notification exactly when the
/// restriction changes, and refuses to enroll an account outside it. The MDM-managed device's user comes from the
/// same configuration (`ManagedConfigFlow+MDM.swift`).
///
/// It is given what reading the device channel touches: the allowed-accounts and MDM rules, the runtime's
/// configuration (where the channel is, its timeouts), the state (the held configuration), the app connections (the
/// notification) and the work queue (the MDM user's completion is answered there).
struct ManagedConfigFlow: Sendable {
    let rules: SDKRules.AllowedAccounts
    let mdmRules: SDKRules.MDM
    let configuration: IntuneMAMRuntimeConfiguration
    let store: SDKStateStore
    let connections: SDKAppConnections
    let work: SDKWorkQueue
    let log: SDKLog
    /// The device channel's clients, kept for the runtime's life as the OS keeps its configuration at hand.
    let deviceChannel: BlockingHTTPClientPool

    /// The managed configuration keys of the allowed-accounts feature (Intune's documented names).
    enum ManagedConfigKey {
        static let allowedAccountsOnly = "IntuneMAMAllowedAccountsOnly"
        static let upn = "IntuneMAMUPN"
        static let oid = "IntuneMAMOID"
    }

    /// What made the SDK read the managed configuration (for the log).
    enum ManagedConfigTrigger: String {
        case launch
        case change = "the OS reported a change"
    }

    /// The restriction the held managed configuration sets; nil = any account may sign in (ALW-01).
    var allowedAccounts: AllowedAccounts? {
        allowedAccounts(in: store.read { $0.deviceConfig })
    }

    /// `IntuneMAMAllowedAccountsOnly` equal to "Enabled" in any letter case restricts sign-in to the account
    /// named by `IntuneMAMUPN` / `IntuneMAMOID`; any other value, or none, means no restriction.
    func allowedAccounts(in config: HeldDeviceConfig?) -> AllowedAccounts? {
        guard let values = config?.values, let flag = values[ManagedConfigKey.allowedAccountsOnly] else { return nil }
        let enabled = rules.enabledValueIgnoresCase
            ? flag.caseInsensitiveCompare("Enabled") == .orderedSame
            : flag == "Enabled"
        guard enabled else { return nil }
        func entry(_ key: String) -> [String] {
            guard let value = values[key]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return [] }
            return [value]
        }
        return AllowedAccounts(upns: entry(ManagedConfigKey.upn), accountIds: entry(ManagedConfigKey.oid))
    }

    /// The device's managed user: the UPN the MDM channel's configuration names (`IntuneMAMUPN`, filled in by the
    /// management service for the user who enrolled the device), nil on a device without one (ENR-07).
    var deviceManagedUserUPN: String? {
        guard let value = store.read({ $0.deviceConfig?.values[ManagedConfigKey.upn] })?.trimmingCharacters(in: .whitespaces),
              !value.isEmpty else { return nil }
        return value
    }

    /// Reads the managed configuration (work queue), keeps it, and posts `allowedAccountsDidChange` once when
    /// the restriction changed value (ALW-02). A failed read keeps the last configuration: the OS would still
    /// have it.
    func readManagedAppConfig(_ trigger: ManagedConfigTrigger) {
        guard connections.isAlive, let url = configuration.deviceConfigURL else { return }
        let read = ManagedAppConfigReader(url: url, clients: deviceChannel).read()
        guard connections.isAlive else { return }
        let config: HeldDeviceConfig
        switch read {
        case .success(let current): config = current
        case .failure(let failure):
            log.warning("cannot read the managed app configuration (\(trigger.rawValue)): \(failure.reason); keeping the last one")
            return
        }
        let (before, after) = store.mutate { state -> (AllowedAccounts?, AllowedAccounts?) in
            let before = allowedAccounts(in: state.deviceConfig)
            state.deviceConfig = config
            return (before, allowedAccounts(in: config))
        }
        let changed = before != after
        if changed {
            // Counts only: UPNs and account IDs are personal data, kept out of info-level lines.
            log.info(after.map { "allowed accounts restricted to \($0.accountIds.count) account ID(s), \($0.upns.count) UPN(s)" }
                     ?? "allowed accounts no longer restricted")
        }
        let notify = !rules.notifiedOnlyWhenChanged || (changed && rules.changeNotified)
        guard notify else { return }
        let posted = rules.notificationCarriesNewList ? after : before
        connections.post(IntuneMAMNotification(name: .allowedAccountsDidChange, accountIds: posted?.accountIds,
                                               upns: posted?.upns))
    }

    /// Why the account may not enroll under the restriction (ALW-03), or nil when it may. The app should
    /// not have signed such an account in; this keeps a registration that slipped through from being managed.
    func allowedAccountsRefusal(accountId: String, upn: String) -> StatusFailure? {
        guard let allowed = allowedAccounts, !allowed.admits(accountId: accountId, upn: upn) else { return nil }
        return StatusFailure(.notEmmAccount, "the administrator allows only the account named in the managed app "
                             + "configuration to sign in")
    }
}
