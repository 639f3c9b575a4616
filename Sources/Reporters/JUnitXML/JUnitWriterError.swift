#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a report could not be rendered or written.
public enum JUnitWriterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A libxml2 writer call failed (out of memory, or a bug in the element nesting).
    case libxml(String)
    /// A file-system call failed while writing the report; `errno` is the C error number.
    case io(operation: String, path: String, errno: Int32)
    /// The report cannot go to that path (a directory, an empty path, a FIFO nobody reads).
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .libxml(let what):
            return "libxml2 writer failed: \(what)"
        case let .io(operation, path, code):
            return "\(operation) \(path) failed: \(String(cString: strerror(code))) (errno \(code))"
        case let .unwritable(path, reason):
            return "cannot write the report to '\(path)': \(reason)"
        }
    }
}
