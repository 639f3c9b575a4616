/// The step of the conditional launch's offline check a check-in needs: noting when a check-in was tried and when
/// one reached the service (CL-04). A protocol, so ``CheckInFlow`` names only this step of the flow it links to.
protocol CheckInRecord: Sendable {
    /// Notes a check-in that reached the service (`answered`) or was at least tried, on the SDK's clock.
    func recordCheckIn(answered: Bool)
}
