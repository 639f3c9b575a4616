import ConformanceCore

/// What a certification bundle says of the integration. Only cases that were judged count toward a pass: a case
/// that failed, errored or was never run makes the bundle not conformant, so a harness fault or a case not run is
/// never shown as conformance.
enum CertificationVerdict: String, Codable, Sendable, CaseIterable {
    /// Every case written for the integration's SDK version passed: none was skipped but those written for other
    /// SDK versions (a suite holds cases on either side of a version where the guides' editions differ, so every
    /// integration skips one of each pair; `--fail-on-skip` does not count them either).
    case fullyConformant = "fully-conformant"
    /// Every judged case passed; the skipped ones were skipped only because the integration lacks a capability
    /// (or the case is written for other SDK versions). The manifest lists the declared capability profile.
    case conformantForProfile = "conformant-for-profile"
    /// A case failed, errored or was not run, a case was skipped for another reason (the backend lacks what it
    /// needs), or no case passed at all.
    case notConformant = "not-conformant"

    /// The skip kinds a profile verdict allows: the integration's own declarations, nothing the backend or a list decided.
    static let profileSkips: Set<SkipKind> = [.integrationCapability, .otherSDKVersion]

    /// The verdict of `counts`, given the kind of every skipped case.
    static func judge(_ counts: CertificationCounts, skipKinds: [SkipKind]) -> CertificationVerdict {
        if counts.failed + counts.errored + counts.notRun > 0 || counts.passed == 0 { return .notConformant }
        guard skipKinds.count == counts.skipped, skipKinds.allSatisfy(profileSkips.contains) else { return .notConformant }
        return skipKinds.allSatisfy { $0 == .otherSDKVersion } ? .fullyConformant : .conformantForProfile
    }
}
