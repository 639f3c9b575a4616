import AdapterProtocol
import Foundation
import Synchronization

/// What one `adapter-check` integration said, seen from outside the runner: its events (with waiting), every line
/// it sent as it sent it, and its raw answer to `initialize` (the runner keeps only its typed reading). The probes
/// judge by it; each integration has its own, so rows can run side by side.
final class CheckRecord: Sendable {
    let handler: CheckHandler
    /// Every line the integration sent, from its own wire tap.
    let wire: WireLines
    private let initialize = Mutex<JSONValue?>(nil)

    init(handler: CheckHandler, wire: WireLines) {
        self.handler = handler
        self.wire = wire
    }

    var initializeAnswer: JSONValue? { initialize.withLock { $0 } }

    func answered(initialize answer: JSONValue) {
        initialize.withLock { $0 = $0 ?? answer }
    }
}
