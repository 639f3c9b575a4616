/// The check-in the offline gate makes before it decides (CL-04), owned by the check-in flow: a protocol, so
/// ``OfflineGate`` names only these steps of the flow it links to.
protocol OfflineCheckIns: Sendable {
    /// A periodic check-in now (work queue); with `holdingFailure` a failure is returned for the gate to report
    /// when it chooses, instead of reported at once.
    func checkInNow(holdingFailure: Bool) -> CheckInFlow.HeldFailure?
    /// Reports a failure ``checkInNow(holdingFailure:)`` held back; nothing for nil.
    func report(_ held: CheckInFlow.HeldFailure?)
}
