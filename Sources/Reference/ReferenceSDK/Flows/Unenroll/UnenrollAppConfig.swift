/// The step of the app-configuration flow an unenroll needs: forgetting the account's configuration (CFG-05). A
/// protocol, so ``UnenrollFlow`` names only this step of the flow it links to.
protocol UnenrollAppConfig: Sendable {
    /// Drops `accountId`'s held app configuration (work queue).
    func dropAppConfig(of accountId: String)
}
