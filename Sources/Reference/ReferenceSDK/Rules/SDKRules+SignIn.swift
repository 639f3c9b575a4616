extension SDKRules {
    /// The app registration and authority the SDK signs in with (ENR-15).
    struct SignIn: Equatable, Sendable {
        /// The runtime overrides (`aadClientIdOverride`, `aadAuthorityUriOverride`) come first.
        var usesRuntimeOverrides: Bool
        /// The overrides are kept across restarts.
        var overridesPersist: Bool
        /// Setting an override to nil clears it.
        var nilClearsOverride: Bool
        /// Info.plist `ADALAuthority` comes before the default authority.
        var usesInfoPlistAuthority: Bool

        init(_ broken: Broken) {
            usesRuntimeOverrides = !broken(.runtimeOverridesIgnored)
            overridesPersist = !broken(.runtimeOverridesForgottenAtRestart)
            nilClearsOverride = !broken(.clearedOverrideKept)
            usesInfoPlistAuthority = !broken(.infoPlistAuthorityIgnored)
        }
    }
}
