import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a run's case data directories go: memory (`/dev/shm`) when it can hold them, else the temporary folder.
///
/// Every case gets a fresh data directory, and the integration writes its state there again and again: the
/// reference's SDK replaces its state file about twenty times in a case. On a disk file system each replacement
/// (create, write, rename over, the old file freed) cost about 160 µs here, on tmpfs 18 µs (issue 30). The data
/// is scratch, removed when the case ends, so memory is the better place, as long as:
/// - the user did not choose a folder (a `TMPDIR` in the environment is used as it is);
/// - the data is not kept (`--keep-data` leaves it on disk, where keeping it costs no memory);
/// - the memory file system is a tmpfs this user can write, with at least ``minimumFree`` bytes free.
public enum WorkRoot {
    /// The least room the memory file system must have left (Docker gives `/dev/shm` 64 MiB by default: too
    /// little to count on).
    public static let minimumFree: UInt64 = 256 << 20

    /// The folder a run's work directory is created in.
    public static func choose(keepData: Bool, environment: [String: String] = ProcessInfo.processInfo.environment,
                              memory: String = "/dev/shm", minimumFree: UInt64 = minimumFree) -> String {
        let temporary = NSTemporaryDirectory()
        if keepData || environment["TMPDIR"].map({ !$0.isEmpty }) == true { return temporary }
        return isUsableMemoryFolder(memory, minimumFree: minimumFree) ? (memory.hasSuffix("/") ? memory : memory + "/") : temporary
    }

    /// A run's work directory: one per run, not per process, since two runs in one process (tests, a host embedding
    /// mamconf) must not delete each other's case data when the first ends.
    public static func workDirectory(_ label: String, keepData: Bool) -> String {
        choose(keepData: keepData) + "mamconf-\(label.isEmpty ? "" : label + "-")\(getpid())-\(UUID().uuidString.prefix(8))"
    }

    static func isUsableMemoryFolder(_ path: String, minimumFree: UInt64) -> Bool {
        guard fileSystemType(of: path) == "tmpfs", access(path, W_OK | X_OK) == 0,
              let free = (try? FileManager.default.attributesOfFileSystem(forPath: path))?[.systemFreeSize] as? NSNumber
        else { return false }
        return free.uint64Value >= minimumFree
    }

    /// The type of the file system `path` is on, from the mount table (the last mount over the longest matching
    /// mount point); nil without one.
    static func fileSystemType(of path: String) -> String? {
        guard FileManager.default.fileExists(atPath: path),
              let mounts = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8) else { return nil }
        let resolved = (path as NSString).resolvingSymlinksInPath
        var best: (point: String, type: String)?
        for line in mounts.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3 else { continue }
            // The table writes a space in a mount point as \040.
            let point = fields[1].replacingOccurrences(of: "\\040", with: " ")
            guard resolved == point || resolved.hasPrefix(point == "/" ? "/" : point + "/") else { continue }
            if point.count >= (best?.point.count ?? -1) { best = (point, String(fields[2])) }
        }
        return best?.type
    }
}
