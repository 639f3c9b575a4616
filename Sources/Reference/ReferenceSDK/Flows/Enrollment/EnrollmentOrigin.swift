/// How an enrollment came about; decides whether its first policy asks for a restart.
enum EnrollmentOrigin: Sendable {
    case registration
    case retry
    case login
    /// At launch (AutoEnrollOnLaunch); `policyRequiredGate` when launch waits for the policy
    /// (MAMPolicyRequired), in which case no restart is needed (RST-03).
    case launch(policyRequiredGate: Bool)
}
