import ConformanceCore
import Foundation

/// Where a `ProtocolChannel` writes its lines: a child's stdin, or a socket that may be replaced when the test
/// host relaunches.
protocol ChannelOutput: Sendable {
    /// Writes one line (with its newline) after every line sent before it. When it cannot be written, `failed`
    /// is called with why, on the output's own thread.
    func send(_ line: Data, failed: @escaping @Sendable (AdapterFault) -> Void)
}
