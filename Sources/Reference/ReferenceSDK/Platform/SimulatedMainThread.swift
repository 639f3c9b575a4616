import Foundation

/// The simulated app's main thread: what iOS's main queue is to a real app (issue 27, WIP-05).
///
/// The reference process has no UI run loop, so without this the question "did the SDK call the app on its main
/// thread?" would have one answer whatever the SDK did, and a check of it could not fail. The guides say the wipe
/// callback comes from a background thread (000:581, 003:758); the binding reports where it ran
/// (`delegate.wipeDataForAccountId`'s `mainThread`), reading ``isCurrent`` where a real host reads
/// `Thread.isMainThread`. The reference SDK calls its delegates on its own work queue, never here; only a planted
/// defect hops onto this queue (`SDKRules.Unenroll.callsWipeDelegateInBackground`).
public enum SimulatedMainThread {
    private static let key = DispatchSpecificKey<Bool>()
    private static let queue: DispatchQueue = {
        let queue = DispatchQueue(label: "mamconf.reference.main-thread")
        queue.setSpecific(key: key, value: true)
        return queue
    }()

    /// True while the caller runs on the simulated main thread.
    public static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }

    /// Runs `work` on the simulated main thread and returns its result (at once when already there).
    static func run<T>(_ work: () -> T) -> T {
        isCurrent ? work() : queue.sync(execute: work)
    }
}
