import Foundation

/// The wall clock, with timers on a DispatchSourceTimer (wall-clock deadlines, so they survive sleep).
public final class SystemClock: MAMClock, Sendable {
    private let queue: DispatchQueue

    public init(label: String = "mamconf.reference-sdk.system-clock") {
        queue = DispatchQueue(label: label)
    }

    public var now: Date { Date() }

    public func schedule(at date: Date, _ work: @escaping @Sendable () -> Void) -> MAMTimer {
        let box = TimerSourceBox(DispatchSource.makeTimerSource(queue: queue))
        let delay = max(0, date.timeIntervalSinceNow)
        box.source.schedule(wallDeadline: .now() + delay)
        box.source.setEventHandler {
            box.source.cancel()
            work()
        }
        box.source.resume()
        return MAMTimer { box.source.cancel() }
    }
}

/// Carries a dispatch timer source into `@Sendable` closures; DispatchSource is thread-safe.
private final class TimerSourceBox: @unchecked Sendable {
    let source: any DispatchSourceTimer
    init(_ source: any DispatchSourceTimer) { self.source = source }
}
