extension SDKRules {
    /// What a reinstalled app's SDK makes of the keychain items an earlier installation left (RIN-01): iOS keeps the
    /// keychain across an uninstall, but an empty container is a new installation.
    struct Reinstall: Equatable, Sendable {
        /// The earlier installation's enrollment, policy and PIN stay in the keychain, unused (RIN-01; And#251 asked
        /// for the old PIN, iOS#479 enrolled the old account).
        var ignoresPreviousInstall: Bool
        /// A restart is asked only for a policy this installation received (RST-01, RIN-01; iOS#186 asked before
        /// enrollment).
        var restartOnlyForOwnPolicy: Bool

        init(_ broken: Broken) {
            ignoresPreviousInstall = !broken(.previousInstallRestoredFromKeychain)
            restartOnlyForOwnPolicy = !broken(.restartAskedForPreviousInstall)
        }
    }
}
