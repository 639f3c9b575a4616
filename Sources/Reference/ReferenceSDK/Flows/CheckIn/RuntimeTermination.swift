/// Ending the runtime, which the SDK's own restart does before the app is started again (RST-02): the engine's
/// orchestration (connections, launch, timers, log), not a flow's. A protocol, so ``CheckInFlow`` names only this
/// step of the engine.
protocol RuntimeTermination: Sendable {
    /// Stops everything; idempotent.
    func terminate()
}
