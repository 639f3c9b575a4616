#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SuiteLoader

/// An earlier run's report at the path this run writes to.
///
/// Left in place while this run cannot replace it (an early exit, a report that cannot be written, a killed
/// process), a CI would publish the older verdict as this run's, green or "no test results found". So `run`
/// removes it before anything else, and then writes this run's report, not-judged or judged. Only a report
/// mamconf wrote is removed: any other file at the path is left for the run to replace with its report, as a
/// run always would.
public enum StaleReport {
    /// How much of a file is read to recognise a report: its root element and first properties.
    static let headBytes = 64 << 10

    /// Removes the report at `path` (a symbolic link followed) when mamconf wrote it; returns whether it did.
    @discardableResult
    public static func remove(at path: String) -> Bool {
        let target = AtomicText.target(of: path)
        guard isMamconfReport(at: target) else { return false }
        return unlink(target) == 0
    }

    /// Whether `path` is a regular file holding a report mamconf wrote: its root is `<testsuites>` named
    /// `mamconf`, or (Ant's dialect allows no attributes there) its first suite carries mamconf's
    /// `harness.version` property.
    static func isMamconfReport(at path: String) -> Bool {
        guard case .success(let size) = InputFile.regularFileSize(path), size > 0 else { return false }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: min(size, headBytes))
        var count = 0
        while count < buffer.count {
            let read = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if read > 0 { count += read } else if read < 0 && errno == EINTR { continue } else { break }
        }
        let head = String(decoding: buffer[0..<count], as: UTF8.self)
        guard let root = head.range(of: "<testsuites") else { return false }
        let rest = head[root.upperBound...]
        let attributes = rest[..<(rest.firstIndex(of: ">") ?? rest.endIndex)]
        return attributes.contains("name=\"mamconf\"") || rest.contains("<property name=\"harness.version\"")
    }
}
