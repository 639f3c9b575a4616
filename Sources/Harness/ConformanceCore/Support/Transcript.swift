import Foundation
import Synchronization

/// The ordered record of one case: what the runner sent, what the integration said, what the backend
/// was asked. Lines are redacted when read, so a secret added to the redactor late still never leaks.
public final class Transcript: Sendable {
    private struct State {
        var lines: [String] = []
        var dropped = 0
    }

    private let state = Mutex(State())
    private let origin: Double
    private let clock: any RunClock
    private let redactor: Redactor
    /// Upper bound on kept lines: a babbling integration must not exhaust memory or bloat the report.
    public let capacity: Int

    public init(clock: any RunClock = SystemRunClock(), redactor: Redactor, capacity: Int = 5000) {
        self.clock = clock
        self.origin = clock.monotonicSeconds()
        self.redactor = redactor
        self.capacity = capacity
    }

    /// Seconds since the transcript (the case) started.
    public var elapsed: Double { clock.monotonicSeconds() - origin }

    public func add(_ text: String) {
        let stamp = String(format: "%8.3f", elapsed)
        state.withLock { state in
            if state.lines.count < capacity {
                state.lines.append("[\(stamp)] \(text)")
            } else {
                state.dropped += 1
            }
        }
    }

    /// The redacted lines, with a final marker when lines were dropped.
    public var lines: [String] {
        let (lines, dropped) = state.withLock { ($0.lines, $0.dropped) }
        var out = lines.map { redactor.redact($0) }
        if dropped > 0 { out.append("[transcript capped: \(dropped) later line(s) dropped]") }
        return out
    }
}
