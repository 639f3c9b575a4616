/// Platforms that do not care about notifications (test doubles, headless hosts) need not implement
/// ``IntuneMAMPlatform/post(_:)``: by default a notification nobody observes is simply dropped, as
/// `NSNotificationCenter` drops a notification without observers.
extension IntuneMAMPlatform {
    public func post(_ notification: IntuneMAMNotification) {}
}
