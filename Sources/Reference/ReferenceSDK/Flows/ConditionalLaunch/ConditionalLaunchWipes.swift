/// The wipe a conditional-launch action ends in (CL-06), owned by the unenroll side of the lifecycle: a protocol, so
/// ``PINGate`` and ``OfflineGate`` name only these steps of the flow they link to.
protocol ConditionalLaunchWipes: Sendable {
    /// Wipes `accountId` for a conditional-launch action (work queue), noting it until the wipe is done.
    func conditionalWipe(of accountId: String, reason: String)
    /// Finishes a conditional-launch wipe still noted for `accountId`; true when it wiped.
    func finishConditionalWipe(of accountId: String) -> Bool
}
