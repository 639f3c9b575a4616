import Foundation

/// The SDK's hooks of the operating system's URL calls (POL-13).
extension DataTransferFlow {
    /// Under a managed thread identity the policy decides first: a web link as `isURLAllowed` would (the managed
    /// browser), another app's scheme not at all when org data may go to no app, and through its `-intunemam` twin
    /// when it may go to managed apps only (only a managed app has one, and only an app that kept the twins in its
    /// query schemes may ask).
    func canOpenURL(_ url: URL) -> Bool {
        guard let platform = connections.platform else { return false }
        guard let managed = accounts.managedAccount(matching: identities.threadIdentity),
              let policy = policies.appPolicy(forAccountId: managed) else {
            return platform.canOpenURL(url)
        }
        let scheme = url.scheme?.lowercased() ?? ""
        let webLink = scheme == "http" || scheme == "https" || MAMServicePolicy.managedBrowserSchemes.contains(scheme)
        if webLink { return policy.isURLAllowed(url, isKnownManagedAppScheme: false) && platform.canOpenURL(url) }
        switch policy.rules.outboundDestinations {
        case .allApps: return platform.canOpenURL(url)
        case .noApps: return false
        case .managedApps: break
        }
        var twin = URLComponents(url: url, resolvingAgainstBaseURL: false)
        twin?.scheme = scheme + "-intunemam"
        log.info("canOpenURL under \(managed): answered through the scheme's -intunemam twin")
        return twin?.url.map(platform.canOpenURL) ?? false
    }

    /// `UIApplication.open`: the operating system opens the URL, told the opening thread's identity.
    func open(_ url: URL) {
        connections.platform?.open(url, accountId: identities.threadIdentity)
    }
}
