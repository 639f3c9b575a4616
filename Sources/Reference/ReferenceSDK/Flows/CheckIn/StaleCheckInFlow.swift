import Foundation

// issue 27: periodic events after deregistration
/// The check-in a deregistered account must no longer get (WIP-13: deregistering ends the account's periodic events,
/// 000:664, 003:807). Only the `checkInsContinueAfterDeregister` defect runs it: the 8-hour timer stays armed for the
/// account and each run checks in at the service for it, as in And#234 where policy kept arriving after logout.
///
/// A flow of its own, apart from ``CheckInFlow``, because the unenroll starts it and the check-in ends in an
/// unenroll: given only what a check-in at the service needs (the retry and status rules, the state, the tokens, the
/// service client, the status reporter, the app connections, the timers, the clock), neither needs the other.
struct StaleCheckInFlow: Sendable {
    let retryRules: SDKRules.Retries
    let statusRules: SDKRules.Status
    let store: SDKStateStore
    let tokens: TokenSource
    let service: MAMServiceClient
    let reporter: SDKStatusReporter
    let connections: SDKAppConnections
    let timers: SDKTimers
    let clock: any MAMClock
    let log: SDKLog

    /// At unenroll (work queue): where the defect is planted, remembers the account and keeps its 8-hour check-in.
    func keepCheckingInIfBroken(_ accountId: String, upn: String) {
        guard !retryRules.checkInsEndOnDeregister else { return }
        store.mutate { $0.staleCheckInAccount = SDKState.RegisteredAccount(accountId: accountId, upn: upn.isEmpty ? nil : upn) }
        armStaleCheckIn()
    }

    private func armStaleCheckIn() {
        timers.arm(.checkIn, at: clock.now.addingTimeInterval(CheckInFlow.checkInInterval)) { [self] in runStaleCheckIn() }
    }

    /// One check-in for the deregistered account, reported as a policy status like any other; then the next one.
    private func runStaleCheckIn() {
        timers.disarm(.checkIn)
        let (account, enrolled, deviceTag) = store.read { ($0.staleCheckInAccount, $0.enrolledAccountId, $0.deviceTag) }
        // Another account's enrollment arms its own check-in; the stale one gives way.
        guard let account, enrolled == nil, connections.isAlive else { return }
        log.info("check-in for deregistered account \(account.accountId)")
        switch tokens.acquireToken(for: account.accountId) {
        case .failure(let failure):
            reporter.report(.policy, accountId: account.accountId, upn: account.upn, code: failure.code,
                            didSucceed: false, reason: failure.reason)
        case .success(let token):
            let result = tokens.authorized(token) { bearer in
                service.checkIn(accountId: account.accountId, deviceTag: deviceTag, policyVersion: nil, token: bearer)
            }
            switch result {
            case .success:
                reporter.report(.policy, accountId: account.accountId, upn: account.upn, code: .policiesHaveNotChanged,
                                didSucceed: true)
            case .failure(let failure):
                let status = StatusFailure(failure, request: .policy, codes: statusRules)
                reporter.report(.policy, accountId: account.accountId, upn: account.upn, code: status.code,
                                didSucceed: false, reason: status.reason)
            }
        }
        guard connections.isAlive else { return }
        armStaleCheckIn()
    }
}
