import Synchronization

/// The requests whose answer a `hold` fault keeps back, until the harness releases their route, their tenant's
/// faults are cleared, the tenant is deleted, the mock stops, or the hold's bound passes.
///
/// A hold lets a case show that a client does not wait for the service by order instead of by a clock: the answer
/// stays back until a later step says so. Registration and release are synchronous (a lock, not an actor), so a
/// request registers its hold in the same ``MockState`` turn that decided it and a release in a later turn always
/// finds it: no release can slip in between and leave the request held until its bound.
final class HeldRequests: Sendable {
    private struct Held {
        let tenant: String
        let route: String
        let continuation: AsyncStream<Never>.Continuation
    }

    private struct Registry {
        var held: [UInt64: Held] = [:]
        var nextId: UInt64 = 0
        /// While the mock stops, a new hold is released at once, so no request can keep the shutdown waiting.
        var stopped = false
        var watchers: [UInt64: AsyncStream<Int>.Continuation] = [:]
    }

    private let registry = Mutex(Registry())

    /// One request's hold: ``wait(atMost:)`` returns when it is released.
    struct Ticket: Sendable {
        fileprivate let released: AsyncStream<Never>

        /// Waits for the release, or for `bound`, whichever comes first (a case that never releases cannot keep
        /// the request, or the mock, forever).
        func wait(atMost bound: Duration) async {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { for await _ in released {} }
                // A deadline, not a synchronisation: the release is the event waited for.
                group.addTask { try? await Task.sleep(for: bound) }
                await group.next()
                group.cancelAll()
            }
        }
    }

    /// Holds a request of `tenant` on `route` until it is released.
    func hold(tenant: String, route: String) -> Ticket {
        let (stream, continuation) = AsyncStream.makeStream(of: Never.self)
        let id: UInt64? = registry.withLock { registry in
            guard !registry.stopped else { return nil }
            let id = registry.nextId
            registry.nextId += 1
            registry.held[id] = Held(tenant: tenant.lowercased(), route: route, continuation: continuation)
            return id
        }
        guard let id else {
            continuation.finish()
            return Ticket(released: stream)
        }
        // A waiter that gave up (its bound passed) leaves the registry; its stream ended, so finishing is a no-op.
        continuation.onTermination = { [weak self] _ in self?.forget(id) }
        let (watchers, count) = registry.withLock { (Array($0.watchers.values), $0.held.count) }
        for watcher in watchers { watcher.yield(count) }
        return Ticket(released: stream)
    }

    /// Releases the requests of `tenant` held on `route` (every route when nil); returns how many.
    @discardableResult
    func release(tenant: String, route: String? = nil) -> Int {
        let tenant = tenant.lowercased()
        return finish { $0.tenant == tenant && (route == nil || $0.route == route) }
    }

    /// Releases every held request and, until ``reopen()``, every new one at once: the mock is stopping.
    func stop() {
        registry.withLock { $0.stopped = true }
        finish { _ in true }
    }

    /// Holds requests again after a stop (the mock was started again).
    func reopen() {
        registry.withLock { $0.stopped = false }
    }

    /// How many requests are held now, after every change: for tests that must know a request is being held
    /// before they release it.
    func counts() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let id: UInt64 = registry.withLock { registry in
            let id = registry.nextId
            registry.nextId += 1
            registry.watchers[id] = continuation
            continuation.yield(registry.held.count)
            return id
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.registry.withLock { $0.watchers.removeValue(forKey: id) }
        }
        return stream
    }

    @discardableResult
    private func finish(_ matching: (Held) -> Bool) -> Int {
        let (released, watchers, count) = registry.withLock { registry in
            let ids = registry.held.filter { matching($0.value) }.map(\.key)
            let released = ids.compactMap { registry.held.removeValue(forKey: $0) }
            return (released, Array(registry.watchers.values), registry.held.count)
        }
        // Outside the lock: finishing runs the stream's termination handler, which takes it again.
        for request in released { request.continuation.finish() }
        if !released.isEmpty { for watcher in watchers { watcher.yield(count) } }
        return released.count
    }

    private func forget(_ id: UInt64) {
        let (watchers, count, removed) = registry.withLock { registry in
            (Array(registry.watchers.values), registry.held.count - (registry.held[id] == nil ? 0 : 1),
             registry.held.removeValue(forKey: id) != nil)
        }
        if removed { for watcher in watchers { watcher.yield(count) } }
    }
}
