/// The engine makes the offline gate's check-in with its own check-in (`SDKEngine+CheckIn.swift`) until that flow is
/// a type of its own.
extension SDKEngine: OfflineCheckIns {
    func checkInNow(holdingFailure: Bool) -> HeldFailure? {
        checkIn(reason: .periodic, holdingFailure: holdingFailure)
    }
}
