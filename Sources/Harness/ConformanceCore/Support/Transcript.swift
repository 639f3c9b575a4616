import AdapterProtocol
import Foundation
import Synchronization

/// The ordered record of one case: what the runner sent, what the integration said, what the backend
/// was asked. Lines are redacted when read, so a secret added to the redactor late still never leaks.
public final class Transcript: Sendable {
    private struct State {
        var lines: [String] = []
        /// The newest lines once `lines` is full, oldest first after `tailStart`: how a case ended is never lost.
        var tail: [String] = []
        var tailStart = 0
        var dropped = 0
    }

    private let state = Mutex(State())
    private let origin: ContinuousClock.Instant
    private let clock: any HarnessClock
    private let redactor: Redactor
    /// Upper bound on kept lines: a babbling integration must not exhaust memory or bloat the report. The
    /// first lines and the last `capacity / 5` are kept; what lies between is counted and dropped.
    public let capacity: Int

    public init(clock: any HarnessClock = SystemHarnessClock(), redactor: Redactor, capacity: Int = 5000) {
        self.clock = clock
        self.origin = clock.now()
        self.redactor = redactor
        self.capacity = capacity
    }

    /// Time since the transcript (the case) started.
    public var elapsed: Duration { clock.elapsed(since: origin) }

    public func add(_ text: String) {
        let stamp = elapsed.seconds(decimals: 3, width: 8)
        let line = "[\(stamp)] \(text)"
        let tailCapacity = max(1, capacity / 5)
        state.withLock { state in
            if state.lines.count < capacity - tailCapacity {
                state.lines.append(line)
            } else if state.tail.count < tailCapacity {
                state.tail.append(line)
            } else {
                state.tail[state.tailStart] = line
                state.tailStart = (state.tailStart + 1) % tailCapacity
                state.dropped += 1
            }
        }
    }

    /// The redacted lines, with a marker where lines were dropped.
    public var lines: [String] {
        let (head, tail, start, dropped) = state.withLock { ($0.lines, $0.tail, $0.tailStart, $0.dropped) }
        var out = head.map { redactor.redact($0) }
        if dropped > 0 { out.append("[transcript capped: \(dropped) line(s) dropped here]") }
        out += (tail[start...] + tail[..<start]).map { redactor.redact($0) }
        return out
    }
}
