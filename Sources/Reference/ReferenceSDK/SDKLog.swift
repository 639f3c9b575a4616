import Foundation

/// The SDK's logger: forwards to the platform, and scrubs every secret the SDK has seen.
///
/// Flows never format secrets into messages; the scrub list (tokens, refresh tokens, passwords, PINs)
/// is a second line of defence so a secret that slips into an error text still never reaches the log.
final class SDKLog: @unchecked Sendable {
    private let lock = NSLock()
    private var secrets: Set<String> = []
    /// `ValuesToScrubFromLogging` (CFG-06): masked like secrets, but whatever their length.
    private var scrubbed: Set<String> = []
    private var sink: (@Sendable (IntuneMAMLogLevel, String) -> Void)?

    init(sink: @escaping @Sendable (IntuneMAMLogLevel, String) -> Void) {
        self.sink = sink
    }

    /// Remembers a secret so it is replaced by `<redacted>` in any later message.
    func registerSecret(_ secret: String?) {
        guard let secret, secret.count >= 3 else { return }
        lock.lock()
        secrets.insert(secret)
        lock.unlock()
    }

    /// Remembers a value the app listed in `ValuesToScrubFromLogging`: replaced by `***` in every later
    /// message (CFG-06).
    func registerScrubbedValue(_ value: String) {
        guard !value.isEmpty else { return }
        lock.lock()
        scrubbed.insert(value)
        lock.unlock()
    }

    /// Stops logging (after terminate the runtime talks to no one).
    func detach() {
        lock.lock()
        sink = nil
        lock.unlock()
    }

    func verbose(_ message: String) { emit(.verbose, message) }
    func info(_ message: String) { emit(.info, message) }
    func warning(_ message: String) { emit(.warning, message) }
    func error(_ message: String) { emit(.error, message) }

    private func emit(_ level: IntuneMAMLogLevel, _ message: String) {
        lock.lock()
        let target = sink
        var masks = Dictionary(uniqueKeysWithValues: scrubbed.map { ($0, "***") })
        for secret in secrets { masks[secret] = "<redacted>" }
        lock.unlock()
        guard let target else { return }
        target(level, LogMask.apply(message, masks))
    }
}
