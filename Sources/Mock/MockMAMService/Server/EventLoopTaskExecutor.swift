import NIOCore

/// Runs Swift tasks on one NIO event loop: the mock's request handlers, on the loop that reads and writes their
/// connections.
///
/// Without it every request crossed threads twice: the event loop handed the request to a task on the Swift
/// concurrency pool, and the pool handed the response back to the loop. Each crossing wakes a sleeping thread, and
/// on a two-core machine those wake-ups were a large part of the mock's cost per request (issue 30). A task that
/// prefers this executor (`withTaskExecutorPreference`), and every child task it starts, runs on the loop instead;
/// handlers never block (a held request waits on a continuation), so the loop stays free for I/O.
final class EventLoopTaskExecutor: TaskExecutor {
    let loop: any EventLoop

    init(loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
