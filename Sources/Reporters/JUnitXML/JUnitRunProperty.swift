/// Names of the suite properties mamconf writes so that shard reports can be merged again
/// (see ``JUnitMerger``). They are plain `<property>` elements, which every JUnit reader keeps.
public enum JUnitRunProperty {
    /// A digest of the suite files the run was made from. Shards of one run have the same digest; reports
    /// with different digests come from different suite files and are not merged.
    public static let suitesDigest = "suites.digest"
    /// The suite's position in the whole (unsharded) run, an integer; the merged report orders suites by it.
    public static let suiteIndex = "suite.index"
    /// The suite's planned case IDs for the whole (unsharded) run, in suite order, comma-separated; the
    /// merged report orders each suite's cases by it.
    public static let cases = "cases"
    /// `I/N` when the report is shard I of N; absent when the run was not sharded. Dropped by the merge.
    public static let shard = "shard"
    /// The name of the suite without cases that the report of a shard that ran no case holds (a run split into
    /// more shards than it has cases), so that its report still carries the run properties, `shard` among them.
    /// The merge drops it.
    public static let emptyShard = "mamconf-empty-shard"
}
