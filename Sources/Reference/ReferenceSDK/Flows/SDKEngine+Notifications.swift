/// Posting notifications to the app through the platform (the simulated notification center).
extension SDKEngine {
    /// Posts `notification` unless the runtime was terminated (a terminated SDK talks to no one). Called on
    /// the work queue; the platform must not wait for the SDK inside.
    func post(_ notification: IntuneMAMNotification) {
        guard let platform else { return }
        log.verbose("posting \(notification.name.rawValue)")
        platform.post(notification)
    }
}
