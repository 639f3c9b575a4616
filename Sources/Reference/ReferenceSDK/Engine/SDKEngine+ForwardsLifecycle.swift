/// The lifecycle steps the launch gates (group C), still extensions of the engine, call by their old names; each
/// forwards to the flow that owns it. Removed once those callers hold the flows themselves.
extension SDKEngine {
    func carryOverFromPreviousBuild() { update.carryOverFromPreviousBuild() }

    func requestRestart() { checkIns.requestRestart() }

    @discardableResult
    func checkIn(reason: CheckInFlow.Reason, holdingFailure: Bool = false) -> CheckInFlow.HeldFailure? {
        checkIns.checkIn(reason: reason, holdingFailure: holdingFailure)
    }

    func report(_ held: CheckInFlow.HeldFailure?) { checkIns.report(held) }

    func conditionalWipe(of accountId: String, reason: String) { unenrolls.conditionalWipe(of: accountId, reason: reason) }

    func finishConditionalWipe(of accountId: String) -> Bool { unenrolls.finishConditionalWipe(of: accountId) }
}
