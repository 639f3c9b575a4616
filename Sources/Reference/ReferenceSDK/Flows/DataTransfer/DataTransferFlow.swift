/// The SDK's hooks where data leaves or enters the app through the operating system: the system share sheet
/// (POL-09), the general pasteboard (IDS-12, `DataTransferFlow+Pasteboard.swift`) and URL calls (POL-13,
/// `DataTransferFlow+URLs.swift`).
///
/// A leaf with no state of its own: it is given its rules (data transfer, and the identity rules the clipboard
/// follows), the SDK version's edition (whether it filters the share sheet at all), the app's
/// `OpenInActionExtension`, the app connections (the simulated OS), the current identities, how accounts are matched,
/// the policy queries and the log.
struct DataTransferFlow: Sendable {
    let rules: SDKRules.DataTransfer
    let identityRules: SDKRules.Identity
    let edition: SDKEdition
    /// The app's `OpenInActionExtension`: it ships the "Open in" action extension that offers managed apps.
    let openInActionExtension: Bool
    let connections: SDKAppConnections
    let identities: IdentityQueries
    let accounts: AccountMatching
    let policies: PolicyQueries
    let log: SDKLog

    /// The SDK's filter on the system share sheet (POL-09): for data of a managed identity whose policy sends org
    /// data to managed apps only, the system's "copy to" actions disappear and the managed apps are offered through
    /// the app's "Open in" action extension (`OpenInActionExtension`); with `none` nothing is offered.
    func shareSheetTargets() -> [String] {
        let installed = connections.platform?.shareTargets ?? []
        let everyone = installed.map(\.bundleId).sorted()
        guard edition.filtersShareSheet, rules.shareSheetFiltered,
              let managed = accounts.managedAccount(matching: identities.uiIdentity),
              let policy = policies.appPolicy(forAccountId: managed) else { return everyone }
        let managedOnly = installed.filter(\.isPolicyManaged).map(\.bundleId).sorted()
        switch policy.rules.outboundDestinations {
        case .noApps:
            return []
        case .managedApps:
            guard openInActionExtension, rules.openInExtensionHonoured else {
                log.info("share sheet: no copy-to for \(managed)'s data and no Open-in extension to offer managed apps")
                return []
            }
            return managedOnly
        case .allApps:
            return rules.shareSheetFollowsPolicy ? everyone : managedOnly
        }
    }
}
