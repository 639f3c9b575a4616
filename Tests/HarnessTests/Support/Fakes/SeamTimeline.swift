import Synchronization

/// The runner's calls into both seams, in the order they were made.
final class SeamTimeline: Sendable {
    private let calls = Mutex<[String]>([])
    func note(_ call: String) { calls.withLock { $0.append(call) } }
    var entries: [String] { calls.withLock { $0 } }
}
