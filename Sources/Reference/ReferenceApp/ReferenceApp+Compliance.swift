import AdapterKit
import AdapterProtocol
import Foundation
import IntuneBinding
import Locking
import ReferenceSDK

/// App-protection Conditional Access (CA-01…CA-03): refused a token for its own API with
/// `protection_policy_required`, the app remediates through the SDK's compliance manager with the account's object
/// ID, waits for the one status, and on compliant asks once more (`IntuneMAMComplianceManager.h 21.7.1:52-69`: "The
/// app should wait until this delegate method is called to retry the token acquisition").
extension ReferenceApp {
    /// `app.acquireToken`: true when the app holds a token for its own API at the end.
    func acquireToken(accountId: String, until deadline: Date) throws(RPCError) -> Bool {
        guard let account = accounts.account(accountId), let refreshToken = account.refreshToken else {
            throw RPCError(code: RPCError.actionFailed, message: "\(accountId) is not signed in with a token of the app's own")
        }
        let refusal: TokenEndpoint.Failure
        switch tokens.appResourceGrant(refreshToken: refreshToken) {
        case .success: return true
        case .failure(let failure): refusal = failure
        }
        guard refusal.protectionPolicyRequired else {
            events.log(.warning, "no token of the app's own API for \(account): \(refusal)")
            return false
        }
        let remediated = remediationAccountId(of: account)
        events.log(.info, "the token service asks app protection of \(account): remediating compliance")
        let status = complianceStatuses.expect(remediated)
        calls.remediateComplianceForAccountId(remediated, silent: rules.compliance.remediatesSilently)
        // The SDK reports on its queue before that goes idle, so a status not there once it is idle never comes.
        _ = device.sdkWork.waitUntilIdle(deadline: .now() + max(0, deadline.timeIntervalSinceNow))
        guard let outcome = status.wait(until: Date()) else {
            complianceStatuses.forget(remediated)
            events.log(.warning, "no compliance status for \(remediated) came")
            return false
        }
        guard outcome == .compliant else {
            events.log(.warning, "\(account) is not compliant (\(outcome.rawValue))")
            return false
        }
        guard rules.compliance.retriesAfterCompliant else {
            events.log(.warning, "no token of the app's own API for \(account): \(refusal)")
            return false
        }
        // Once: a second refusal after a compliant status ends the exchange (CA-03: bounded rounds).
        switch tokens.appResourceGrant(refreshToken: refreshToken) {
        case .success: return true
        case .failure(let failure):
            events.log(.warning, "still no token of the app's own API for \(account) after remediation: \(failure)")
            return false
        }
    }

    /// The compliance delegate's status (the SDK's thread): wakes the ``acquireToken(accountId:until:)`` waiting
    /// for it.
    func complianceStatus(accountId: String, _ status: ComplianceOutcome, message: String, title: String) {
        complianceStatuses.deliver(status, for: accountId)
    }

    /// The ID the app hands `remediateComplianceForAccountId`: the Entra object ID (CA-01); the planted field defect
    /// hands the UPN.
    private func remediationAccountId(of account: SignedInAccount) -> String {
        switch rules.compliance.remediationAccount {
        case .objectId: return account.accountId
        case .upn: return account.upn
        }
    }
}

/// The remediations the app waits for, by the account ID it handed the SDK (any letter case).
final class ComplianceStatuses: Sendable {
    private let waiting = Locked<[String: Latch<ComplianceOutcome>]>([:])

    func expect(_ accountId: String) -> Latch<ComplianceOutcome> {
        let latch = Latch<ComplianceOutcome>()
        waiting.withLock { $0[accountId.lowercased()] = latch }
        return latch
    }

    func deliver(_ status: ComplianceOutcome, for accountId: String) {
        waiting.withLock { $0.removeValue(forKey: accountId.lowercased()) }?.fulfil(status)
    }

    func forget(_ accountId: String) {
        waiting.withLock { _ = $0.removeValue(forKey: accountId.lowercased()) }
    }
}
