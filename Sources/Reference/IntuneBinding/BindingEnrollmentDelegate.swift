#if canImport(IntuneMAMSwift)
@preconcurrency import IntuneMAMSwift
#else
import ReferenceSDK
#endif
import AdapterKit
import AdapterProtocol
import Foundation
import Locking

/// The binding's `IntuneMAMEnrollmentDelegate`: every status callback becomes `event.status`, the first
/// enrollment outcome after `loginAndEnrollAccount` tells the app which account the SDK signed in, and token
/// requests go to the app's MSAL.
///
/// An `NSObject` because the real SDK's delegate protocols are Objective-C protocols; `@unchecked Sendable`
/// because `NSObject` is not `Sendable`: every stored property is an immutable `Sendable` value.
final class BindingEnrollmentDelegate: NSObject, IntuneMAMEnrollmentDelegate, @unchecked Sendable {
    private let app: any BoundApp
    private let session: BindingSession
    /// Set while a `loginAndEnrollAccount` the app started has not reported its enrollment outcome yet.
    private let loginPending = Locked(false)

    init(app: any BoundApp, session: BindingSession) {
        self.app = app
        self.session = session
    }

    func expectLoginOutcome() {
        loginPending.withLock { $0 = true }
    }

    func enrollmentRequest(with status: IntuneMAMEnrollmentStatus) {
        session.events.status(.enrollment, status)
        let wasLogin = loginPending.withLock { pending -> Bool in
            defer { pending = false }
            return pending
        }
        if wasLogin, status.didSucceed {
            app.sdkSignedIn(accountId: status.accountId, upn: status.identity)
        }
    }

    func policyRequest(with status: IntuneMAMEnrollmentStatus) {
        session.events.status(.policy, status)
    }

    func unenrollRequest(with status: IntuneMAMEnrollmentStatus) {
        session.events.status(.unenroll, status)
    }

#if !INTUNE_SDK_NO_ENROLLMENT_TOKEN
    /// `getAccessTokenForAccountId:resource:completion:` (21.0 on; see ``BoundApp/accessToken(forAccountId:resource:completion:)``).
    func getAccessToken(forAccountId accountId: String, resource: String,
                        completion: @escaping (IntuneMAMEnrollmentToken) -> Void) {
        // The SDK's completion may be called from any thread (the app answers from its own queue); the real
        // SDK's Objective-C block is not marked Sendable, so it is passed on as one here, unchecked.
        nonisolated(unsafe) let completion = completion
        app.accessToken(forAccountId: accountId, resource: resource) { completion($0) }
    }
#endif
}
