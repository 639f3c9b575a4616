import Foundation

/// Checks about processes the tests start, without polling: /proc is read once per question.
enum ProcessChecks {
    /// True when the process no longer runs (gone, or a zombie nobody has reaped yet).
    static func isGone(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return true }
        let state = status.split(separator: "\n").first { $0.hasPrefix("State:") } ?? ""
        return state.contains("Z") || state.contains("X")
    }

    static func pids(in stateDirectory: String) -> [Int32] {
        let text = (try? String(contentsOfFile: "\(stateDirectory)/pids", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { Int32($0) }
    }

    static var faultyAdapter: String { "\(Repository.testData)/adapters/faulty_adapter.py" }

    /// How many descriptors `pid` holds open (its entries in /proc/PID/fd); nil when it cannot be read.
    static func openDescriptors(of pid: Int32) -> Int? {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"))?.count
    }
}
