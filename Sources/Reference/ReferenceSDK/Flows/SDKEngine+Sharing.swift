/// The SDK's filter on the system share sheet (POL-09): for data of a managed identity whose policy sends org data to
/// managed apps only, the system's "copy to" actions disappear and the managed apps are offered through the app's
/// "Open in" action extension (`OpenInActionExtension`); with `none` nothing is offered.
extension SDKEngine {
    func shareSheetTargets() -> [String] {
        let installed = platform?.shareTargets ?? []
        let everyone = installed.map(\.bundleId).sorted()
        guard edition.filtersShareSheet, rules.dataTransfer.shareSheetFiltered, let managed = managedAccount(matching: uiIdentity),
              let policy = appPolicy(forAccountId: managed) else { return everyone }
        let managedOnly = installed.filter(\.isPolicyManaged).map(\.bundleId).sorted()
        switch policy.rules.outboundDestinations {
        case .noApps:
            return []
        case .managedApps:
            guard configuration.settings.openInActionExtension, rules.dataTransfer.openInExtensionHonoured else {
                log.info("share sheet: no copy-to for \(managed)'s data and no Open-in extension to offer managed apps")
                return []
            }
            return managedOnly
        case .allApps:
            return rules.dataTransfer.shareSheetFollowsPolicy ? everyone : managedOnly
        }
    }
}
