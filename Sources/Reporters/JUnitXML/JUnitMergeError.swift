/// Why shard reports cannot be merged into one. Text that comes from the inputs (names, digests, labels) is
/// shown cut to a few dozen characters: reports come from other machines.
public enum JUnitMergeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Two inputs carry different ``JUnitRunProperty/suitesDigest`` values: they were run from different suites.
    case differentSuites(source: String, digest: String, firstSource: String, firstDigest: String)
    /// An input has no ``JUnitRunProperty/suitesDigest`` while another has one.
    case missingDigest(source: String, firstSource: String, firstDigest: String)
    /// The same case (suite, classname and name) is in two inputs, or twice in one, so the shards overlapped.
    case duplicateCase(suite: String, classname: String, name: String, firstSource: String, source: String)
    /// One report is given twice (the same path, or two paths of the same file).
    case sameInput(source: String, other: String)
    /// A ``JUnitRunProperty/shard`` label is not `I/N` with 1 ≤ I ≤ N ≤ ``JUnitMerger/shardLimit``.
    case badShard(source: String, label: String)
    /// Two inputs are shards of runs split into different numbers of shards.
    case differentSplits(source: String, label: String, firstSource: String, firstLabel: String)
    /// One shard is in two inputs.
    case duplicateShard(label: String, firstSource: String, source: String)
    /// Shards of the run, or planned cases, are in no input: the merged report would pass for the whole run.
    case incomplete(missingShards: [String], missingCases: [String])
    /// Nothing to merge.
    case noInputs

    public var description: String {
        switch self {
        case let .differentSuites(source, digest, firstSource, firstDigest):
            return "\(source) was made from different suites (digest \(Self.cut(digest))) than \(firstSource) (digest \(Self.cut(firstDigest))); "
                + "rerun the shards from the same commit"
        case let .missingDigest(source, firstSource, firstDigest):
            let which = source == firstSource
                ? "\(source) has suites without \(JUnitRunProperty.suitesDigest) beside suites with one"
                : "\(source) has no \(JUnitRunProperty.suitesDigest) but \(firstSource) has one"
            return which + " (\(Self.cut(firstDigest))): "
                + "every report must come from a mamconf run of the same suites; rerun the shards from the same commit"
        case let .duplicateCase(suite, classname, name, firstSource, source):
            let what = classname == suite || classname.isEmpty
                ? "\(Self.cut(suite))/\(Self.cut(name))" : "\(Self.cut(suite))/\(Self.cut(classname))/\(Self.cut(name))"
            if firstSource == source {
                return "case \(what) is twice in \(source); each case must be in the merged reports once"
            }
            return "case \(what) is in both \(firstSource) and \(source); "
                + "each case must come from exactly one shard (were two shards run with the same shard number, or a report given twice?)"
        case let .sameInput(source, other):
            return (source == other ? "\(source) is given twice" : "\(source) and \(other) are the same report")
                + "; each shard's report must be merged once"
        case let .badShard(source, label):
            return "\(source): shard '\(Self.cut(label, 40))' is not I/N with 1 ≤ I ≤ N ≤ \(JUnitMerger.shardLimit)"
        case let .differentSplits(source, label, firstSource, firstLabel):
            return "\(source) is shard \(label) but \(firstSource) is shard \(firstLabel): they come from runs split differently"
        case let .duplicateShard(label, firstSource, source):
            return "shard \(label) is in both \(firstSource) and \(source); were two shards run with the same shard number?"
        case let .incomplete(missingShards, missingCases):
            let what: String
            if !missingShards.isEmpty {
                what = Self.shardPhrase(missingShards)
            } else {
                let shown = missingCases.prefix(10).map { Self.cut($0) }.joined(separator: ", ")
                    + (missingCases.count > 10 ? ", … (\(missingCases.count) in all)" : "")
                what = missingCases.count == 1 ? "planned case \(shown) is in no input" : "planned cases \(shown) are in no input"
            }
            return what + ": the merged report would show part of the run as all of it; "
                + "merge the report of every shard, or pass --allow-missing-shards to write it marked incomplete"
        case .noInputs:
            return "no reports to merge"
        }
    }

    /// `shard 2/4 is missing` or `shards 2/4, 3/4 are missing` (at most ten named).
    static func shardPhrase(_ labels: [String]) -> String {
        let shown = labels.prefix(10).joined(separator: ", ") + (labels.count > 10 ? ", … (\(labels.count) in all)" : "")
        return labels.count == 1 ? "shard \(shown) is missing" : "shards \(shown) are missing"
    }

    /// At most `limit` characters of text from an input, marked with `…` when cut.
    private static func cut(_ text: String, _ limit: Int = 80) -> String {
        text.count > limit ? String(text.prefix(limit)) + "…" : text
    }
}
