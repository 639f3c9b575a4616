import Dispatch

/// A serial executor backed by a private DispatchQueue (Linux has no `DispatchSerialQueue`, gotcha G6).
///
/// ``HTTPClient`` runs on one of these so that the blocking `curl_easy_perform` occupies a Dispatch
/// thread of its own instead of one of the very few threads of Swift's cooperative pool.
final class QueueExecutor: SerialExecutor {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    func checkIsolated() {
        dispatchPrecondition(condition: .onQueue(queue))
    }
}
