import Synchronization

/// What a case's steps leave for its result beyond the outcome: what a passing probe or raw-message step saw, which
/// `adapter-check`'s table shows for a passed row. No report writes it, so ordinary reports do not change.
final class CaseNotes: Sendable {
    private let state = Mutex<(summary: String?, ended: Bool)>((nil, false))

    var summary: String? { state.withLock { $0.summary } }
    /// A probe ended the session: nothing more may be sent.
    var sessionEnded: Bool { state.withLock { $0.ended } }

    func probePassed(_ summary: String) { state.withLock { $0.summary = summary } }
    func sessionEnds() { state.withLock { $0.ended = true } }
}
