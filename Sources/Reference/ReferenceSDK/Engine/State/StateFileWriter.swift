import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a small state file atomically, readable by its owner only, without `fsync`.
///
/// What the simulated SDK and app persist must survive the app's process ending at any moment (a kill, a crash, a
/// relaunch), as `UserDefaults` and the keychain do on a device: a temporary file renamed over the old one gives
/// that (a reader sees the old file or the new one, never half of one), and the kernel's page cache keeps the
/// file across the death of the process that wrote it. A power cut is the one thing an `fsync` adds, and no case
/// simulates one, so there is none: Foundation's `.atomic` write syncs every file it writes, which cost a case
/// about 30 syncs of 1 to 3 ms each on the CI's disks (issue 30).
public enum StateFileWriter {
    /// A system call that failed, with the path it was about and its `errno`.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        // Internal: public members of ReferenceSDK read as the SDK's look-alike API (IntuneBindingSymbolTests).
        var operation: String
        var path: String
        var code: Int32

        public var description: String { "\(operation) \(path): \(String(cString: strerror(code)))" }
    }

    /// A state file's paths, worked out once: the SDK replaces its state file about a dozen times in a case, and
    /// building them from the URL each time (Foundation's URL and path calls) was an eighth of each replacement.
    struct Destination: Sendable {
        let path: String
        let folder: URL
        /// `mkstemp`'s template for a hidden temporary file beside the target, NUL-terminated.
        let template: [CChar]

        init(_ url: URL) {
            path = url.path
            folder = url.deletingLastPathComponent()
            template = Array((folder.path as NSString).appendingPathComponent(".\(url.lastPathComponent).XXXXXX").utf8CString)
        }

        /// Whether the file is there now (one system call, no Foundation).
        var exists: Bool { access(path, F_OK) == 0 }
    }

    /// Writes `data` to a new file beside `url` (mode 0600: tokens and the PIN's hash are in these files) and
    /// renames it over `url`. On failure `url` is as it was and no temporary file is left.
    public static func replace(_ url: URL, with data: Data) throws(Failure) {
        try replace(Destination(url), with: data)
    }

    /// Replaces the file as the `URL` form does, with the paths worked out already.
    ///
    /// The folder is created (with its parents) only when it is missing: asking for it before every write cost
    /// the SDK a `mkdir` per change, about 20 in a case (issue 30).
    static func replace(_ destination: Destination, with data: Data) throws(Failure) {
        let target = destination.path
        let folder = destination.folder
        var template = destination.template
        let pattern = template
        var fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd < 0, errno == ENOENT {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
                throw Failure(operation: "create the folder of", path: target,
                              code: underlying?.domain == NSPOSIXErrorDomain ? Int32(underlying!.code) : ENOENT)
            }
            template = pattern
            fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        }
        guard fd >= 0 else { throw Failure(operation: "create a temporary file for", path: target, code: errno) }
        // Not inherited by a relaunch's exec.
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var written = 0
        var failure: Int32 = 0
        data.withUnsafeBytes { bytes in
            while written < bytes.count {
                let count = write(fd, bytes.baseAddress! + written, bytes.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += count
            }
        }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw Failure(operation: "write", path: temporary, code: failure)
        }
        guard rename(temporary, target) == 0 else {
            let code = errno
            unlink(temporary)
            throw Failure(operation: "rename", path: target, code: code)
        }
    }
}
