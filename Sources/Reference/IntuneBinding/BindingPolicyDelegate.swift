#if canImport(IntuneMAMSwift)
@preconcurrency import IntuneMAMSwift
#else
import ReferenceSDK
#endif
import AdapterProtocol
import Foundation

/// The binding's `IntuneMAMPolicyDelegate`: restart, wipe and identity-switch requests become the runner's
/// questions (its scripted answers stand in for the app's choices), and the app carries out what was decided.
///
/// An `NSObject` and `@unchecked Sendable` for the same reasons as ``BindingEnrollmentDelegate``. Completion
/// handlers are taken as the Objective-C import spells them (not `@Sendable`); the reference's `@Sendable`
/// requirements accept that spelling, and both are called before the method returns.
final class BindingPolicyDelegate: NSObject, IntuneMAMPolicyDelegate, @unchecked Sendable {
    private let app: any BoundApp
    private let session: BindingSession

    init(app: any BoundApp, session: BindingSession) {
        self.app = app
        self.session = session
    }

    /// `restartApplication`: the runner decides; true → the app restarts itself once this callback returned.
    func restartApplication() -> Bool {
        let answer = session.ask(.restartApplication, Empty(), answer: ReturnAnswer.self)
        guard answer?.return == true else { return false }
        app.restartAfterSDKRequest()
        return true
    }

    /// `wipeDataForAccountId:`: the runner decides whether the app deletes the account's files itself (false → the
    /// SDK deletes them); either way the app signs the account out and drops its other data before this returns.
    /// The question says whether the SDK called on the main thread, which only the app can see (WIP-05).
    func wipeData(forAccountId accountId: String) -> Bool {
        let question = WipeQuestion(accountId: AccountID(accountId), mainThread: SDKSpelling.isMainThread)
        let answer = session.ask(.wipeData, question, answer: ReturnAnswer.self)
        return app.wipeData(forAccountId: accountId, deletingFiles: answer?.return == true)
    }

    /// `addAccountId:completionHandler:`: the SDK signed a user in on its own (AutoEnrollOnLaunch).
    func addAccountId(_ accountId: String, completionHandler: @escaping (IntuneMAMAddIdentityResult) -> Void) {
        completionHandler(app.addAccount(accountId: accountId) ? .success : .failed)
    }

    /// `identitySwitchRequiredForAccountId:reason:completionHandler:`: the runner decides whether the app can
    /// switch (IDS-06).
    func identitySwitchRequired(forAccountId accountId: String, reason: IntuneMAMIdentitySwitchReason,
                                completionHandler: @escaping (IntuneMAMSwitchIdentityResult) -> Void) {
        guard let neutral = SDKValues.switchReason(reason) else {
            session.events.log(.warning, "identitySwitchRequired with reason \(reason.rawValue), unknown to the protocol: refused")
            completionHandler(.failed)
            return
        }
        let question = IdentitySwitchQuestion(accountId: AccountID(accountId), reason: neutral)
        let answer = session.ask(.identitySwitchRequired, question, answer: SwitchAnswer.self)
        completionHandler(answer?.result == .success ? .success : .failed)
    }
}
