import Logging
import Synchronization

/// A logger whose lines are kept, for tests that check what the mock logs (and what it never logs).
final class RecordingLog: Sendable {
    private let lines = Mutex<[String]>([])

    /// Every line logged so far, in order.
    var all: [String] { lines.withLock { $0 } }

    /// A logger writing here at `info` and above.
    var logger: Logger {
        Logger(label: "recording") { _ in Handler(log: self) }
    }

    fileprivate func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    private struct Handler: LogHandler {
        let log: RecordingLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let fields = (event.metadata ?? [:]).merging(metadata) { line, _ in line }
            log.append("\(event.message)" + fields.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined())
        }
    }
}

extension Logger {
    /// A logger for tests that read no log line.
    static var quiet: Logger {
        var logger = Logger(label: "mock-service-tests")
        logger.logLevel = .critical
        return logger
    }
}
