import Foundation
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// Where a standalone mock keeps its tenants between runs (`--state-file`).
///
/// Saving must cost a request nothing. ``MockState`` asks for a write only when none is scheduled
/// (``afterInterval(_:)``), and hands over its tenants (a copy-on-write value) once the interval has passed, so every
/// change of that interval goes out in one write and the tenants are shared with a snapshot at most once an interval
/// (a snapshot taken per request would make the next request copy its tenant's journal). The writer thread then
/// sorts, encodes and writes. ``writeNow(_:)`` is for the mock's stop, so a stopped mock has saved everything; a
/// killed one loses at most the last interval.
///
/// The file is replaced atomically (written and synced beside its target, then renamed over it), so a crash leaves
/// the old state or the new one, never half of one. A symbolic link is written through: the file it points at is
/// replaced and the link stays. Writing happens on a queue of its own, never in the state actor or on the
/// concurrency pool.
final class StateFile: Sendable {
    let path: String
    /// How long a change waits for others to share its write.
    let interval: Duration
    private let logger: Logger?
    /// Told after each write is on disk (tests wait on it instead of on a clock).
    private let onWritten: (@Sendable () -> Void)?
    private let queue = DispatchQueue(label: "mamconf.mock-backend.state-file")

    /// Why the state file could not be used; the mock does not start with it.
    struct Problem: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "state file \(path): \(reason)" }
    }

    /// The on-disk shape, versioned so a future mock can refuse (or migrate) an old file knowingly.
    private struct Contents: Codable {
        var formatVersion: Int
        var tenants: [Tenant]
    }

    static let formatVersion = 1
    /// The default ``interval``: the schedule docs/mock-backend.md promises.
    static let defaultInterval = Duration.seconds(1)

    init(path: String, interval: Duration = StateFile.defaultInterval, logger: Logger? = nil,
         onWritten: (@Sendable () -> Void)? = nil) {
        self.path = path
        self.interval = interval
        self.logger = logger
        self.onWritten = onWritten
    }

    /// The tenants saved last time; none when the file does not exist yet. Every value is checked
    /// (``Tenant/problem``): a file edited by hand or by another program must not bring the mock down later.
    func load() throws(Problem) -> [Tenant] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(path: path, reason: "it exists but cannot be read")
        }
        let contents: Contents
        do { contents = try JSONDecoder().decode(Contents.self, from: data) } catch {
            throw Problem(path: path, reason: "it is not a mock state file (\(error)); move it away or delete it to start empty")
        }
        guard contents.formatVersion == Self.formatVersion else {
            throw Problem(path: path, reason: "format version \(contents.formatVersion) is not \(Self.formatVersion)")
        }
        for tenant in contents.tenants {
            if let problem = tenant.problem {
                throw Problem(path: path, reason: "tenant \(tenant.id): \(problem); fix it, or move the file away or delete it to start empty")
            }
        }
        return contents.tenants
    }

    /// Runs `action` once ``interval`` has passed (it hands the tenants over with ``write(_:)``).
    func afterInterval(_ action: @escaping @Sendable () async -> Void) {
        let (seconds, attoseconds) = interval.components
        let delay = DispatchTimeInterval.nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        queue.asyncAfter(deadline: .now() + delay) { Task { await action() } }
    }

    /// Writes `tenants` on the writer thread, after the writes asked for before.
    func write(_ tenants: [String: Tenant]) {
        queue.async { [self] in write(tenants.values.sorted { $0.id < $1.id }) }
    }

    /// Writes `tenants` after the writes asked for before, and returns once they are on disk.
    func writeNow(_ tenants: [String: Tenant]) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async { [self] in
                write(tenants.values.sorted { $0.id < $1.id })
                continuation.resume()
            }
        }
    }

    private func write(_ tenants: [Tenant]) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do { data = try encoder.encode(Contents(formatVersion: Self.formatVersion, tenants: tenants)) } catch {
            logger?.error("state file not written: the tenants could not be encoded", metadata: ["path": "\(path)", "error": "\(error)"])
            return
        }
        let target = Self.target(of: path)
        let temporary = target + ".tmp-\(getpid())"
        guard Self.writeSynced(data, to: temporary), rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            logger?.error("state file not written", metadata: ["path": "\(target)", "error": "\(reason)"])
            return
        }
        Self.syncDirectory(of: target)
        onWritten?()
    }

    /// The file `path` stands for: itself, or the end of its chain of symbolic links (at most 40, as the kernel
    /// allows), so the rename replaces the file a link points at instead of the link.
    static func target(of path: String) -> String {
        var current = path
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            let folder = (current as NSString).deletingLastPathComponent
            current = destination.hasPrefix("/") || folder.isEmpty ? destination : folder + "/" + destination
        }
        return current
    }

    /// Creates `path` (mode 0600: the state holds tenants' secrets) with `data`, synced to disk.
    private static func writeSynced(_ data: Data, to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let written = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
        return written && fsync(fd) == 0
    }

    /// Makes the rename itself durable.
    private static func syncDirectory(of path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let fd = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
