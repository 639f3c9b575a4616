import Foundation

/// Which way a protocol line travelled.
public enum WireDirection: Sendable {
    case toIntegration
    case fromIntegration
}

/// Receives protocol lines as they are written and read. Called on the adapter's writer and reader threads:
/// it must not block.
public typealias WireTap = @Sendable (WireDirection, Data) -> Void
