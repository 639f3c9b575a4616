/// The operating system's side of the managed app configuration (MDM channel).
extension IntuneMAMRuntime {
    /// The OS reports that the app's managed configuration changed (on iOS the SDK observes user defaults for
    /// this). The SDK re-reads it on its queue and posts `allowedAccountsDidChange` if the restriction
    /// changed; returns at once.
    public func managedAppConfigurationDidChange() {
        engine.submit("managed app configuration") { [engine] in engine.managedConfig.readManagedAppConfig(.change) }
    }
}
