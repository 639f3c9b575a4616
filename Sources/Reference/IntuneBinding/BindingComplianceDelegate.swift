#if canImport(IntuneMAMSwift)
@preconcurrency import IntuneMAMSwift
#else
import ReferenceSDK
#endif
import AdapterKit
import AdapterProtocol
import Foundation

/// The binding's `IntuneMAMComplianceDelegate`: each remediation's status becomes `event.app compliance-status`
/// (CA-02) and goes on to the app, which is waiting for it before it asks for its token again (CA-03).
///
/// An `NSObject` and `@unchecked Sendable` for the same reasons as ``BindingEnrollmentDelegate``: every stored
/// property is an immutable `Sendable` value.
final class BindingComplianceDelegate: NSObject, IntuneMAMComplianceDelegate, @unchecked Sendable {
    private let app: any BoundApp
    private let session: BindingSession

    init(app: any BoundApp, session: BindingSession) {
        self.app = app
        self.session = session
    }

    /// `identity:hasComplianceStatus:withErrorMessage:andErrorTitle:` (the UPN): the only spelling before 16.0, and a
    /// required method of the protocol up to 19.x (`IntuneMAMComplianceManager.h 17.5.0:36`), gone from 20.0. Where
    /// the account-ID twin exists it carries the same status with the object ID, so this one only reports before
    /// 16.0 (one status per remediation, CA-02).
    func identity(_ identity: String, hasComplianceStatus status: IntuneMAMComplianceStatus,
                  withErrorMessage errMsg: String, andErrorTitle errTitle: String) {
#if INTUNE_SDK_UPN_ONLY
        report(accountId: identity, code: Int(status.rawValue), message: errMsg, title: errTitle)
#else
        session.events.log(.info, "compliance status \(status.rawValue) for \(identity) through the UPN-era delegate method")
#endif
    }

    /// `accountId:hasComplianceStatus:withErrorMessage:andErrorTitle:` (17.5.0 on; `IntuneMAMComplianceManager.h 21.7.1:38`).
    func accountId(_ accountId: String, hasComplianceStatus status: IntuneMAMComplianceStatus,
                   withErrorMessage errMsg: String, andErrorTitle errTitle: String) {
        report(accountId: accountId, code: Int(status.rawValue), message: errMsg, title: errTitle)
    }

    private func report(accountId: String, code: Int, message: String, title: String) {
        guard let outcome = ComplianceOutcome(iosCode: code) else {
            session.events.log(.warning, "the compliance delegate got status \(code), which no header has")
            return
        }
        session.events.app(AppEvent(kind: .complianceStatus, accountId: AccountID(accountId), compliance: outcome))
        app.complianceStatus(accountId: accountId, outcome, message: message, title: title)
    }
}
