import Foundation
import Locking
@testable import ReferenceSDK
import ReferenceTestSupport
import Testing

/// ``SDKWorkQueue`` and ``SDKAppConnections`` on their own: what the engine's flows rely on when a runtime ends —
/// no work starts, no delegate comes back, nothing is posted — and the queue knows when it is its own caller.
@Suite struct SDKWorkQueueTests {
    static func parts() -> (SDKTestHost, SDKAppConnections, SDKWorkQueue, MAMWorkTracker) {
        let host = SDKTestHost(app: SDKTestApp(tokenURL: URL(fileURLWithPath: "/nonexistent"), clientId: "work-queue-tests"))
        let log = SDKLog { _, _ in }
        let connections = SDKAppConnections(platform: host, log: log)
        let tracker = MAMWorkTracker()
        return (host, connections, SDKWorkQueue(tracker: tracker, connections: connections, log: log), tracker)
    }

    @Test func submittedWorkRunsOnTheQueueAndIsCountedUntilItEnds() async {
        let (_, _, work, tracker) = Self.parts()
        let onQueue = Locked<[Bool]>([])
        work.submit("probe") { onQueue.withLock { $0.append(work.isOnQueue) } }
        let idle = await sdkTestOffPool { tracker.waitUntilIdle(deadline: .now() + 10) }
        #expect(idle)
        #expect(onQueue.read { $0 } == [true])
        #expect(!work.isOnQueue, "the test's own thread is not the work queue")
    }

    @Test func workSubmittedAfterTerminationIsDroppedAndSaysSo() {
        let (_, connections, work, _) = Self.parts()
        #expect(connections.terminate(), "the first termination is the one that did it")
        #expect(!connections.terminate(), "a second one does nothing")
        let dropped = Locked(0)
        let ran = Locked(0)
        work.submit("late", dropped: { dropped.withLock { $0 += 1 } }) { ran.withLock { $0 += 1 } }
        #expect(dropped.read { $0 } == 1)
        #expect(ran.read { $0 } == 0)
    }

    @Test func aTerminatedRuntimeHasNoDelegatesAndPostsNothing() {
        let (host, connections, _, _) = Self.parts()
        connections.policyDelegate = host
        connections.post(IntuneMAMNotification(name: .policyDidChange, accountId: "alice-id"))
        #expect(host.notifications.count == 1)
        _ = connections.terminate()
        connections.policyDelegate = host
        connections.post(IntuneMAMNotification(name: .policyDidChange, accountId: "alice-id"))
        #expect(connections.policyDelegate == nil && connections.platform == nil)
        #expect(host.notifications.count == 1)
    }
}
