/// One slice of a run's planned cases, so several machines can share a run (Bazel's test sharding, GitLab's
/// `parallel`, a Kubernetes indexed Job) and `mamconf merge` can put the slices back together.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// Zero-based, as Bazel and Kubernetes count.
    public let index: Int
    public let total: Int

    public init(index: Int, total: Int) throws(ShardError) {
        guard total >= 1 else { throw .badTotal(total) }
        guard (0..<total).contains(index) else { throw .indexOutOfRange(index: index, total: total) }
        self.index = index
        self.total = total
    }

    /// Parses `I/N` with `I` counted from 1 (`--shard 1/4` is the first of four), as GitLab's `CI_NODE_INDEX`.
    public init(parsing text: String) throws(ShardError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let number = Int(parts[0]), let total = Int(parts[1]) else { throw .malformed(text) }
        try self.init(index: number - 1, total: total)
    }

    /// `I/N`, counted from 1.
    public var description: String { "\(index + 1)/\(total)" }

    /// Whether the case at `position` in the run's planned order (all selected suites, in order) belongs to this
    /// shard. Round robin: the same suites give the same split on every machine and run, and shards differ in
    /// size by at most one case, which a hash of the names would not promise for a few dozen cases.
    public func includes(position: Int) -> Bool { position % total == index }
}

public enum ShardError: Error, Equatable, CustomStringConvertible {
    case malformed(String)
    case badTotal(Int)
    case indexOutOfRange(index: Int, total: Int)

    public var description: String {
        switch self {
        case .malformed(let text): return "shard '\(text)' is not I/N (e.g. 1/4 for the first of four)"
        case .badTotal(let total): return "a run cannot be split into \(total) shard(s); the total must be at least 1"
        case .indexOutOfRange(let index, let total): return "shard \(index + 1) of \(total) does not exist (shards count from 1 to \(total))"
        }
    }
}
