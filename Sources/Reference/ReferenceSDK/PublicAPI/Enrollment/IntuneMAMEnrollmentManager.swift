import Locking

/// `IntuneMAMEnrollmentManager`: registration, enrollment and deregistration of accounts.
///
/// Account IDs are Entra object IDs and compare case-insensitively; the SDK may report another casing
/// than the app passed (the token issuer's).
public final class IntuneMAMEnrollmentManager: Sendable {
    let engine: SDKEngine
    /// The first answer of ``enrolledAccountId()``, kept only where the SDK caches it (a planted defect).
    private let firstEnrolledAnswer = Locked<String??>(nil)

    init(engine: SDKEngine) {
        self.engine = engine
    }

    /// Receives status callbacks and supplies tokens. Held strongly until the runtime terminates (the
    /// real SDK holds it weakly; the simulation spares the app keeping its own reference).
    public var delegate: (any IntuneMAMEnrollmentDelegate)? {
        get { engine.enrollmentDelegate }
        set { engine.enrollmentDelegate = newValue }
    }

    /// Registers the account at once and starts an enrollment in the background (ENR-01); the outcome
    /// arrives through `enrollmentRequest(with:)`. Already registered → ignored with a warning. Failures
    /// are retried every 24 h for every registered, not enrolled account (ENR-03).
    public func registerAndEnrollAccountId(_ accountId: String) {
        engine.enrollment.registerAndEnroll(accountId)
    }

    /// Signs the user in through the SDK's prompt (unless the SDK holds a token for `identity`), then
    /// registers and enrolls the account; cancel → 219. Read ``enrolledAccountId()`` afterwards (ENR-07).
    public func loginAndEnrollAccount(_ identity: String?) {
        engine.enrollment.loginAndEnroll(hint: identity)
    }

    /// Removes the account from the registered list and stops its retries; if it enrolled the app,
    /// unenrolls it, wipes it when `doWipe` (`wipeData(forAccountId:)` exactly once; on false the SDK
    /// deletes the account's files), and reports `unenrollRequest` (104). Blocks until the SDK has the
    /// token the unenroll needs (WIP-08), so call it before dropping the account's tokens.
    public func deRegisterAndUnenrollAccountId(_ accountId: String, withWipe doWipe: Bool) {
        engine.unenrolls.deregister(accountId, wipe: doWipe)
    }

    /// Every registered account ID, as registered; in registration order (the documented list is a dictionary, so
    /// an SDK may list them in another order).
    public func registeredAccountIds() -> [String] {
        let ids = engine.store.read { $0.registeredAccounts.map(\.accountId) }
        switch engine.rules.enrollment.registeredAccountsOrder {
        case .registrationOrder: return ids
        case .newestFirst: return ids.reversed()
        }
    }

    /// The account that enrolled the app, or nil.
    public func enrolledAccountId() -> String? {
        let current = engine.store.read { $0.enrolledAccountId }
        guard !engine.rules.enrollment.enrolledAccountReadLive else { return current }
        return firstEnrolledAnswer.withLock { first in
            if first == nil { first = .some(current) }
            return first ?? current
        }
    }
}
