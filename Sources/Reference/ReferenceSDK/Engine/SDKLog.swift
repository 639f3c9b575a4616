import Foundation
import Locking

/// The SDK's logger: forwards to the platform, and scrubs every secret the SDK has seen.
///
/// Flows never format secrets into messages; the scrub list (tokens, refresh tokens, passwords, PINs)
/// is a second line of defence so a secret that slips into an error text still never reaches the log.
final class SDKLog: Sendable {
    private struct State {
        var secrets: Set<String> = []
        /// `ValuesToScrubFromLogging` (CFG-06): masked like secrets, but whatever their length.
        var scrubbed: Set<String> = []
        var sink: (@Sendable (IntuneMAMLogLevel, String) -> Void)?
    }

    private let state: Locked<State>
    /// `VerboseLoggingEnabled`: verbose lines are emitted at all.
    private let verboseEnabled: Bool
    /// The `verboseLinesUnscrubbed` defect: verbose lines skip the scrub list (secrets are still masked).
    private let verboseUnscrubbed: Bool

    init(verbose: Bool = false, verboseUnscrubbed: Bool = false, sink: @escaping @Sendable (IntuneMAMLogLevel, String) -> Void) {
        state = Locked(State(sink: sink))
        verboseEnabled = verbose
        self.verboseUnscrubbed = verboseUnscrubbed
    }

    /// Remembers a secret so it is replaced by `<redacted>` in any later message.
    func registerSecret(_ secret: String?) {
        guard let secret, secret.count >= 3 else { return }
        state.withLock { _ = $0.secrets.insert(secret) }
    }

    /// Remembers a value the app listed in `ValuesToScrubFromLogging`: replaced by `***` in every later
    /// message (CFG-06).
    func registerScrubbedValue(_ value: String) {
        guard !value.isEmpty else { return }
        state.withLock { _ = $0.scrubbed.insert(value) }
    }

    /// Stops logging (after terminate the runtime talks to no one).
    func detach() {
        state.withLock { $0.sink = nil }
    }

    func verbose(_ message: String) { emit(.verbose, message) }
    func info(_ message: String) { emit(.info, message) }
    func warning(_ message: String) { emit(.warning, message) }
    func error(_ message: String) { emit(.error, message) }

    private func emit(_ level: IntuneMAMLogLevel, _ message: String) {
        if level == .verbose && !verboseEnabled { return }
        let scrub = level != .verbose || !verboseUnscrubbed
        let (target, masks) = state.read { state in
            var masks = scrub ? Dictionary(uniqueKeysWithValues: state.scrubbed.map { ($0, "***") }) : [:]
            for secret in state.secrets { masks[secret] = "<redacted>" }
            return (state.sink, masks)
        }
        guard let target else { return }
        target(level, LogMask.apply(message, masks))
    }
}
