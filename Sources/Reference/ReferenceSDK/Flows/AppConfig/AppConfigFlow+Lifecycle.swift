/// The steps of the app configuration the lifecycle's flows take: a check-in keeps the configuration its answer
/// carries (CFG-04), an unenroll forgets the account's (CFG-05).
extension AppConfigFlow: CheckInAppConfig, UnenrollAppConfig {
    func receiveAppConfig(_ answer: MAMServiceClient.CheckInAnswer, accountId: String) {
        receive(answer, accountId: accountId)
    }

    func dropAppConfig(of accountId: String) {
        drop(of: accountId)
    }
}
