/// Why a case was skipped. A gate that refuses skips (`--fail-on-skip`) asks this, never the reason's wording:
/// a case written for other SDK versions does not apply to the integration at all, while a missing capability
/// is a part of the integration the gate cannot vouch for.
public enum SkipKind: String, Sendable, CaseIterable {
    /// The case is written for SDK versions other than the one the integration reports (its own `sdk` range or
    /// a requirement's): every integration skips one of a pair of cases on either side of a version.
    case otherSDKVersion
    /// The integration lacks a capability the case needs (not declared, answered `-32002`, or, from an adapter of an
    /// older protocol, `-32601` to a method that came later).
    case integrationCapability
    /// The backend cannot do what the case needs of it (a journal, faults, a clock on a real tenant).
    case backendCapability
    /// An expected-failures list accepted the case's failure.
    case expectedFailure

    /// Whether `--fail-on-skip` counts the skip: every kind but a case written for other SDK versions.
    public var countsAgainstFailOnSkip: Bool { self != .otherSDKVersion }

    /// What the console prints beside a skipped case.
    public var label: String {
        switch self {
        case .otherSDKVersion: return "not for this SDK"
        case .integrationCapability: return "integration lacks a capability"
        case .backendCapability: return "backend lacks a capability"
        case .expectedFailure: return "expected failure"
        }
    }
}
