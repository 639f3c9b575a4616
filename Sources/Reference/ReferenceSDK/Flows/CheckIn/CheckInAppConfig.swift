/// The step of the app-configuration flow a check-in needs: keeping the configuration its answer carries (CFG-04).
/// A protocol, so ``CheckInFlow`` names only this step of the flow it links to.
protocol CheckInAppConfig: Sendable {
    /// Keeps the app configuration in `answer` for `accountId` and posts its change (work queue).
    func receiveAppConfig(_ answer: MAMServiceClient.CheckInAnswer, accountId: String)
}
