import Foundation

/// The SDK's one serial work queue: every flow runs here, a plain DispatchQueue, so the blocking HTTP calls and
/// waits for the app never touch the Swift concurrency pool. Each queued item is counted by the work tracker (what
/// tests and hosts wait on), and nothing starts once the app connections are terminated.
final class SDKWorkQueue: Sendable {
    private let queue = DispatchQueue(label: "mamconf.reference-sdk.work")
    private let queueKey = DispatchSpecificKey<Bool>()
    private let tracker: MAMWorkTracker
    private let connections: SDKAppConnections
    private let log: SDKLog

    init(tracker: MAMWorkTracker, connections: SDKAppConnections, log: SDKLog) {
        self.tracker = tracker
        self.connections = connections
        self.log = log
        queue.setSpecific(key: queueKey, value: true)
    }

    /// True on the work queue (where waiting for the queue would deadlock).
    var isOnQueue: Bool { DispatchQueue.getSpecific(key: queueKey) == true }

    /// Queues `work`, counted by the tracker. Dropped (and `dropped` called) when the runtime is or becomes
    /// terminated before it starts.
    func submit(_ name: String, dropped: (@Sendable () -> Void)? = nil, _ work: @escaping @Sendable () -> Void) {
        guard connections.isAlive else {
            log.verbose("dropping \(name): runtime terminated")
            dropped?()
            return
        }
        tracker.enter()
        queue.async { [tracker, connections] in
            defer { tracker.leave() }
            guard connections.isAlive else {
                dropped?()
                return
            }
            work()
        }
    }
}
