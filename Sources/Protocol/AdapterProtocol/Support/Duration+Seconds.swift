import Foundation

/// The one place durations become numbers and text. The harness, the mock and the adapter kit keep time as
/// `Duration`; seconds as a `Double` appear only at the edges that are defined that way (the protocol's JSON
/// numbers, JUnit's `time=`, a `Date` or `DispatchTime` deadline, a command-line number), and every report prints a
/// duration through the formats here, so a console line or a failure message reads the same whatever produced the
/// duration. In `AdapterProtocol` because every side of the protocol shares it.
extension Duration {
    /// Seconds as a floating-point number, for the edges only.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// Seconds with `decimals` decimals (`1.250`), right-aligned in `width` characters when given (`   1.250`).
    ///
    /// C's `snprintf` with `%*.*f`, as `String(format:)` would print it, without Foundation's format parsing: every
    /// transcript line is stamped through here, and that parsing was 2.5% of the runner's time (issue 30).
    public func seconds(decimals: Int, width: Int = 0) -> String {
        let value = inSeconds
        let precision = Int32(clamping: max(0, decimals)), minimum = Int32(clamping: max(0, width))
        // Room for any Duration: at most 20 digits and a sign before the point, the decimals after it, the padding. On the
        // stack, and read back as the C string it is: two copies of every stamp on the heap were half of its cost.
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 24 + Int(precision) + Int(minimum)) { out in
            out.initialize(repeating: 0)
            let length = withVaList([minimum, precision, value]) { vsnprintf(out.baseAddress, out.count, "%*.*f", $0) }
            guard length > 0, let start = out.baseAddress else { return "" }
            return String(cString: start)
        }
    }

    /// Whole seconds without decimals (`10`), anything else with one (`2.5`): how the harness quotes a limit.
    public var limitText: String {
        let seconds = inSeconds
        return seconds.rounded() == seconds ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}
