/// A check-in notes on the offline gate when it was tried and when one reached the service (CL-04).
extension OfflineGate: CheckInRecord {}
