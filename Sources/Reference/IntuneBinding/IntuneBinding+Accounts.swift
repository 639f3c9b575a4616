#if canImport(IntuneMAMSwift)
@preconcurrency import IntuneMAMSwift
#else
import ReferenceSDK
#endif
import AdapterKit
import AdapterProtocol
import Foundation

/// Accounts on the wire (`docs/adapter-protocol.md`, Enrollment and Allowed accounts): the app's sign-in, the
/// SDK's own sign-in, and what the enrollment manager knows.
extension IntuneBinding {
    /// `app.signIn`: the app's own sign-in; `refused` when the account is not allowed (ALW-03).
    func signIn(_ params: SignInParams) throws(RPCError) -> SignInResult {
        let accountId = try actingApp().signIn(upn: params.upn.rawValue, password: params.password)
        return SignInResult(accountId: accountId.map { AccountID($0) }, refused: accountId == nil ? .notAllowed : nil)
    }

    /// `sdk.loginAndEnroll`: `loginAndEnrollAccount`; the first enrollment outcome after it tells the app
    /// which account the SDK signed in (``BoundApp/sdkSignedIn(accountId:upn:)``).
    func loginAndEnroll(_ params: LoginAndEnrollParams) throws(RPCError) {
        let app = try actingApp()
        let session = try requireSession()
        let calls = session.calls(to: app)
        session.expectLoginOutcome(of: app)
        calls.loginAndEnrollAccount(params.upn?.rawValue)
    }

    /// `sdk.registeredAccounts`: `registeredAccountIds`.
    func registeredAccounts() throws(RPCError) -> AccountListResult {
        let ids = SDKSpelling.registeredAccountIds(of: try runningSDK().enrollmentManager)
        return AccountListResult(accountIds: ids.map { AccountID($0) })
    }

    /// `sdk.enrolledAccount`: `enrolledAccountId`.
    func enrolledAccount() throws(RPCError) -> EnrolledAccountResult {
        let id = try runningSDK().enrollmentManager.enrolledAccountId()
        return EnrolledAccountResult(accountId: id.map { AccountID($0) })
    }

    /// `sdk.allowedAccounts`: `allowedAccountIds` and `allowedAccounts` (UPNs), null when unrestricted.
    func allowedAccounts() throws(RPCError) -> AllowedAccountsResult {
        let manager = try runningSDK().enrollmentManager
        return AllowedAccountsResult(
            accountIds: SDKSpelling.allowedAccountIds(of: manager)?.map { AccountID($0) },
            upns: SDKSpelling.allowedAccounts(of: manager)?.map { UPN($0) })
    }

    // issue 27: MDM-managed devices
    /// How long `sdk.mdmEnrolledAccount` waits for the SDK's completion: the SDK answers from its own queue at once,
    /// so a completion that has not come by then is taken as never coming (iOS#442), and reported, not waited out.
    static var mdmCompletionWait: TimeInterval { 2 }

    /// `sdk.mdmEnrolledAccount`: `mdmEnrolledAccountIdWithCompletion:` (before 19.2.0 the synchronous getters).
    func mdmEnrolledAccount() throws(RPCError) -> MDMEnrolledAccountResult {
        let manager = try runningSDK().enrollmentManager
        let wait = Date().addingTimeInterval(min(idleTimeout, Self.mdmCompletionWait))
        guard let answer = SDKSpelling.mdmEnrolledUser(of: manager, until: wait) else {
            return MDMEnrolledAccountResult(accountId: nil, completed: false)
        }
        return MDMEnrolledAccountResult(accountId: answer.map { AccountID($0) }, completed: true)
    }

    /// `device.managedConfigChanged`: the operating system tells the running app's SDK that the managed
    /// configuration changed. With no app running there is no one to tell; the next launch reads it anyway.
    func managedConfigChanged() throws(RPCError) {
        try requireSession()
        guard host.runningApp != nil, let app = settledApp() else { return }
        app.managedConfigurationDidChange()
    }
}
