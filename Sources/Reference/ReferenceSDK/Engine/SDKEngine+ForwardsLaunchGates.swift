/// The steps of the launch gates' flows that extensions of the engine still call by their old names; each forwards
/// to the flow that owns it now.
extension SDKEngine {
    /// The check-in notes whether it reached the service (``OfflineGate/recordCheckIn(answered:)``).
    func recordCheckIn(answered: Bool) {
        gates.offline.recordCheckIn(answered: answered)
    }
}
