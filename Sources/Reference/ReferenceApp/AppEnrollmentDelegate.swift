import AdapterProtocol
import ReferenceSDK

/// The app's `IntuneMAMEnrollmentDelegate`: turns status callbacks into `event.status` and supplies
/// tokens from the app's account cache.
final class AppEnrollmentDelegate: IntuneMAMEnrollmentDelegate {
    private let app: ReferenceApp

    init(app: ReferenceApp) { self.app = app }

    func enrollmentRequest(with status: IntuneMAMEnrollmentStatus) {
        app.events.status(.enrollment, status)
        app.enrollmentFinished(status)
    }

    func policyRequest(with status: IntuneMAMEnrollmentStatus) {
        app.events.status(.policy, status)
    }

    func unenrollRequest(with status: IntuneMAMEnrollmentStatus) {
        app.events.status(.unenroll, status)
    }

    func getAccessToken(forAccountId accountId: String, resource: String,
                        completion: @escaping @Sendable (IntuneMAMEnrollmentToken) -> Void) {
        app.accessToken(for: accountId, completion: completion)
    }
}
