/// What a launch does before its gates spans the lifecycle's flows: the update's carry-over, the check-in's restart
/// and every flow's timers, so the engine answers it and hands each step to the flow that owns it.
extension SDKEngine: LaunchLifecycle {
    func carryOverFromPreviousBuild() { update.carryOverFromPreviousBuild() }

    func requestRestart() { checkIns.requestRestart() }
}
