import ReferenceSDK

/// The simulated notification center: what the SDK posts becomes an `event.notification`, and reaches the
/// app instance that observes it.
extension ReferenceDevice {
    /// Called by the platform on the SDK's queue. The running app is the observer (a terminated runtime
    /// posts nothing, so the poster is the running app's SDK).
    func deliver(_ notification: IntuneMAMNotification) {
        events.notification(notification)
        guard let app = currentApp, !app.runtime.isTerminated else { return }
        switch notification.name {
        case .allowedAccountsDidChange:
            app.allowedAccountsChanged()
        case .appConfigDidChange, .policyDidChange, .dataProtectionDidChange, .wipeDidComplete:
            break
        }
    }
}
