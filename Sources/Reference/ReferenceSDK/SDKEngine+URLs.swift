import Foundation

/// The SDK's hooks of the operating system's URL calls (POL-13).
extension SDKEngine {
    func canOpenURL(_ url: URL) -> Bool {
        guard let platform else { return false }
        let scheme = url.scheme?.lowercased() ?? ""
        let webLink = scheme == "http" || scheme == "https" || MAMServicePolicy.managedBrowserSchemes.contains(scheme)
        guard !webLink, let managed = managedAccount(matching: threadIdentity),
              let policy = appPolicy(forAccountId: managed), policy.rules.restrictsOutbound else {
            return platform.canOpenURL(url)
        }
        var twin = URLComponents(url: url, resolvingAgainstBaseURL: false)
        twin?.scheme = scheme + "-intunemam"
        log.info("canOpenURL under \(managed): answered through the scheme's -intunemam twin")
        return twin?.url.map(platform.canOpenURL) ?? false
    }

    func open(_ url: URL) {
        platform?.open(url, accountId: threadIdentity)
    }
}
