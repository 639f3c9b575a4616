/// `IntuneMAMAppConfigManager`: the targeted app configuration the MAM service delivered (CFG).
///
/// Configuration arrives only with the check-in of the enrolled account (CFG-01), so an account that is not
/// enrolled, or is not targeted, has an empty configuration (CFG-05). Observe
/// `IntuneMAMNotification.Name.appConfigDidChange` to learn about changes (CFG-04).
public final class IntuneMAMAppConfigManager: Sendable {
    let engine: SDKEngine

    init(engine: SDKEngine) {
        self.engine = engine
    }

    /// The configuration of `accountId` (nil = no account: empty). A snapshot: read it again after a change
    /// notification.
    public func appConfig(forAccountId accountId: String?) -> any IntuneMAMAppConfig {
        engine.appConfig.appConfig(for: accountId)
    }
}

extension IntuneMAMRuntime {
    /// `IntuneMAMAppConfigManager.instance`.
    public var appConfigManager: IntuneMAMAppConfigManager { IntuneMAMAppConfigManager(engine: engine) }
}
