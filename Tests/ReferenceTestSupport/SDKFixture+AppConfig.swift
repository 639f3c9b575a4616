import ReferenceSDK
import Testing

/// The steps of the allowed-accounts and app-configuration tests: the device channel changing, what the app reads
/// and what the SDK logged.
extension SDKFixture {
    /// The OS reports a change of the managed configuration; waits until the SDK re-read it.
    public func managedConfigChanged() async {
        sdk.managedAppConfigurationDidChange()
        await idle()
    }

    /// The configuration of `alias` as the app reads it.
    public func config(_ alias: String) -> any IntuneMAMAppConfig {
        sdk.appConfigManager.appConfig(forAccountId: user(alias).objectId)
    }

    /// Log lines the recording host saw containing `text`.
    public func logs(containing text: String) -> [String] {
        host.logLines.map(\.message).filter { $0.contains(text) }
    }
}
