/// Why shard reports cannot be merged into one.
public enum JUnitMergeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Two inputs carry different ``JUnitRunProperty/suitesDigest`` values: they were run from different suites.
    case differentSuites(source: String, digest: String, firstSource: String, firstDigest: String)
    /// The same case (suite, classname and name) is in two inputs, so the shards overlapped.
    case duplicateCase(suite: String, classname: String, name: String, firstSource: String, source: String)
    /// Nothing to merge.
    case noInputs

    public var description: String {
        switch self {
        case let .differentSuites(source, digest, firstSource, firstDigest):
            return "\(source) was made from different suites (digest \(digest)) than \(firstSource) (digest \(firstDigest)); "
                + "rerun the shards from the same commit"
        case let .duplicateCase(suite, classname, name, firstSource, source):
            let what = classname == suite || classname.isEmpty ? "\(suite)/\(name)" : "\(suite)/\(classname)/\(name)"
            return "case \(what) is in both \(firstSource) and \(source); "
                + "each case must come from exactly one shard (were two shards run with the same shard number, or a report given twice?)"
        case .noInputs:
            return "no reports to merge"
        }
    }
}
