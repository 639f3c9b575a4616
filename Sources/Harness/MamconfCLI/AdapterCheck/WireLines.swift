import AdapterTransports
import Foundation
import Synchronization

/// The protocol lines one integration sent, collected from its wire tap, for the `notifications` row, which judges
/// every line as it was sent (the runner's event log keeps only what it understood).
final class WireLines: Sendable {
    private let lines = Mutex<[Data]>([])

    var tap: WireTap {
        { [self] direction, line in
            if direction == .fromIntegration { lines.withLock { $0.append(line) } }
        }
    }

    var fromIntegration: [Data] { lines.withLock { $0 } }
}
