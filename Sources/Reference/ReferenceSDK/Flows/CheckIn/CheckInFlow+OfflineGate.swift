/// The check-in the offline gate makes before it decides (CL-04): a periodic one, its failure held for the gate.
extension CheckInFlow: OfflineCheckIns {
    func checkInNow(holdingFailure: Bool) -> HeldFailure? {
        checkIn(reason: .periodic, holdingFailure: holdingFailure)
    }
}
