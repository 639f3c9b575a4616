/// What a launch does before its gates that belongs to the lifecycle's flows: carrying the state over from a previous
/// build (UPG-01), the restart for a policy the keychain kept (RST-02), and resuming the timers a previous runtime
/// left. A protocol, so ``LaunchFlow`` names only these steps of the flows it links to.
protocol LaunchLifecycle: Sendable {
    /// Stamps the state with this build and carries over what a previous build left (work queue, launch).
    func carryOverFromPreviousBuild()
    /// Asks the app to restart; if it will not, shows the restart dialog and relaunches it.
    func requestRestart()
    /// Re-arms the timers a previous runtime left in the state file; overdue ones run right away (work queue).
    func resumeTimers()
}
