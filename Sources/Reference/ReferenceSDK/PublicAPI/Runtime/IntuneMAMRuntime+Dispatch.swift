import Foundation

/// `dispatch_async` as the SDK hooks it (IDS-08).
extension IntuneMAMRuntime {
    /// Runs `work` on `queue` under the identity of the dispatching thread, as the real SDK makes every block an
    /// app dispatches carry it; the work may still set an identity of its own for a scope.
    public func dispatchAsync(on queue: DispatchQueue, execute work: @escaping @Sendable () -> Void) {
        let identity = engine.rules.identity.dispatchKeepsThreadIdentity ? IntuneMAMThreadIdentity.accountId : nil
        queue.async {
            IntuneMAMThreadIdentity.$accountId.withValue(identity, operation: work)
        }
    }
}
