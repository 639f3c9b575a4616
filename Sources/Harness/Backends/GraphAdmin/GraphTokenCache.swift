/// The administrator's current access token and when to stop using it.
///
/// Graph tokens live about an hour; the client asks for a new one five minutes before the end (or halfway, for
/// short-lived ones) so a call never starts with a token about to expire, and drops it when Graph says 401.
actor GraphTokenCache {
    private var value: String?
    private var renewAt: ContinuousClock.Instant?

    func current(at now: ContinuousClock.Instant) -> String? {
        guard let value, let renewAt, now < renewAt else { return nil }
        return value
    }

    func store(_ token: String, expiresIn: Duration, at now: ContinuousClock.Instant) {
        value = token
        renewAt = now + (expiresIn > .seconds(600) ? expiresIn - .seconds(300) : expiresIn / 2)
    }

    func invalidate() {
        value = nil
        renewAt = nil
    }
}
