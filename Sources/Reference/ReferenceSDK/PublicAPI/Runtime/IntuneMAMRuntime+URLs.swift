import Foundation

/// The operating system's URL calls as the SDK hooks them (POL-13).
extension IntuneMAMRuntime {
    /// `UIApplication.canOpenURL` through the SDK: under a managed thread identity whose policy keeps org data in
    /// managed apps, the SDK answers through the scheme's `-intunemam` twin, which an app that dropped the twins
    /// from its query schemes cannot ask, so a managed app looks absent. Such an app asks `isURLAllowed` first and
    /// then checks under the empty identity.
    public func canOpenURL(_ url: URL) -> Bool { engine.dataTransfer.canOpenURL(url) }

    /// `UIApplication.open` through the SDK: the operating system opens the URL, told the opening thread's identity.
    public func open(_ url: URL) { engine.dataTransfer.open(url) }
}
