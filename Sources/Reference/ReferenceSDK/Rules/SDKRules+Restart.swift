extension SDKRules {
    /// The restart a first policy needs, and the PIN at launch (RST-01–05).
    struct Restart: Equatable, Sendable {
        /// The first policy asks the app to restart (`restartApplication`) (RST-01).
        var firstPolicyAsksRestart: Bool
        /// Only the first policy asks for a restart, not every later check-in (RST-05).
        var onlyFirstPolicyAsksRestart: Bool
        /// A first policy that launch waited for (AutoEnrollOnLaunch + MAMPolicyRequired) needs no restart (RST-03).
        var launchWaitedPolicyNeedsNoRestart: Bool
        /// The SDK shows its restart dialog only when `restartApplication` returned false (RST-02).
        var dialogOnlyWhenAppDeclines: Bool
        /// Every launch asks for the PIN, not only the one that set it up (RST-04).
        var pinAtEveryLaunch: Bool

        init(_ broken: Broken) {
            firstPolicyAsksRestart = !broken(.noRestartRequest)
            onlyFirstPolicyAsksRestart = !broken(.restartOnEveryCheckIn)
            launchWaitedPolicyNeedsNoRestart = !broken(.restartAfterLaunchEnrollment)
            dialogOnlyWhenAppDeclines = !broken(.restartDialogDespiteAppRestart)
            pinAtEveryLaunch = !broken(.pinOnlyAtSetup)
        }
    }
}
