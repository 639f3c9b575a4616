import ReferenceSDK

/// The app's `IntuneMAMPolicyDelegate`: restart, wipe and add-account requests, decided by the app (with
/// the runner's scripted answers standing in for the app's choices).
final class AppPolicyDelegate: IntuneMAMPolicyDelegate {
    let app: ReferenceApp

    init(app: ReferenceApp) { self.app = app }

    func restartApplication() -> Bool {
        app.restartApplication()
    }

    func wipeData(forAccountId accountId: String) -> Bool {
        app.wipeData(forAccountId: accountId)
    }

    func addAccountId(_ accountId: String, completionHandler: @escaping @Sendable (IntuneMAMAddIdentityResult) -> Void) {
        completionHandler(app.addAccount(accountId))
    }
}
