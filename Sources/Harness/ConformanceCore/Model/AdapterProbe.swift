import AdapterProtocol

/// A check of the adapter itself that the suite format cannot express: whether `sync` answered only after the
/// events it covers, whether every line the integration sent fits its schema, whether the process exits by itself
/// on `shutdown`. Each probe is written in code and judges through the case's own session (``ProbeContext``), so
/// `adapter-check`'s rows run as ordinary cases of the normal runner (with its `initialize`, its reports, its
/// JUnit) instead of a second driver beside it.
///
/// A seam, not a vocabulary: no suite file can name a probe (the suite loader builds none), so the closed list of
/// step kinds a suite may ask for stays closed.
public protocol AdapterProbe: Sendable {
    /// A few words naming the probe, for the transcript's step marker.
    var name: String { get }
    /// True when the probe ends the integration's session (`shutdown`): the case then sends nothing further, not
    /// even its trailing `sync`.
    var endsSession: Bool { get }
    /// Judges the integration. Never throws: whatever goes wrong is the verdict.
    func judge(_ context: ProbeContext) async -> ProbeVerdict
}

extension AdapterProbe {
    public var endsSession: Bool { false }
}
