/// Where the app's launch stands from the SDK's point of view.
///
/// The real SDK keeps its UI in front of the app until launch gates pass; the simulation exposes the
/// outcome so the app knows whether it may show corporate data.
public enum IntuneMAMLaunchState: Sendable, Equatable {
    /// ``IntuneMAMRuntime/applicationDidFinishLaunching(completion:)`` not called yet.
    case notLaunched
    /// Launch gates (auto-enroll, policy-required, PIN) are running.
    case launching
    /// Launch finished and every gate passed: corporate data may show.
    case ready
    /// Launch stopped at a gate; corporate data must not show until the next launch.
    case blocked(IntuneMAMLaunchBlockReason)
    /// The runtime was terminated.
    case terminated
}

/// Why a launch was blocked.
public enum IntuneMAMLaunchBlockReason: Sendable, Equatable {
    /// MAMPolicyRequired and the app has no policy (ENR-09).
    case policyRequired
    /// The user cancelled the PIN prompt.
    case pinCanceled
    /// Too many wrong (or too short) PINs.
    case pinRetriesExceeded
    /// The device is jailbroken and the policy requires a compliant one (CL-01).
    case jailbroken
    /// The policy requires work or school credentials and the user did not sign in (CL-02).
    case signInCanceled
    /// No check-in for longer than the policy's offline period and the service cannot be reached now (CL-04).
    case offline
}
