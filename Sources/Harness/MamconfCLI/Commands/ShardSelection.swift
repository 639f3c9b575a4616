import Foundation
import ConformanceCore

/// Which shard this process runs: `--shard I/N`, else what the CI system says through its environment.
///
/// - Bazel test sharding: `TEST_TOTAL_SHARDS`, `TEST_SHARD_INDEX` (from 0); the runner touches
///   `TEST_SHARD_STATUS_FILE` to say it understands sharding, and `XML_OUTPUT_FILE` is where Bazel wants the report.
/// - GitLab `parallel: N`: `CI_NODE_TOTAL`, `CI_NODE_INDEX` (from 1).
/// - A Kubernetes indexed Job: `JOB_COMPLETION_INDEX` (from 0); the Job's completions come from `--shard-total`,
///   because the pod is not told them.
struct ShardSelection: Equatable {
    var shard: Shard?
    /// Where the shard came from, for the console.
    var origin: String?
    /// Bazel's `TEST_SHARD_STATUS_FILE`, to be touched.
    var statusFile: String?

    static let none = ShardSelection(shard: nil, origin: nil, statusFile: nil)

    static func resolve(flag: String?, total: Int?, environment: [String: String]) throws -> ShardSelection {
        if let flag {
            if total != nil { throw MamconfExit(MamconfExit.notJudged, "give either --shard I/N or --shard-total N (with JOB_COMPLETION_INDEX), not both") }
            return try ShardSelection(shard: parsed(flag), origin: "--shard", statusFile: nil)
        }
        if let totalText = environment["TEST_TOTAL_SHARDS"] {
            let total = try number(totalText, "TEST_TOTAL_SHARDS")
            let index = try number(environment["TEST_SHARD_INDEX"], "TEST_SHARD_INDEX")
            return try ShardSelection(shard: shard(index: index, total: total), origin: "Bazel (TEST_SHARD_INDEX, TEST_TOTAL_SHARDS)",
                                      statusFile: environment["TEST_SHARD_STATUS_FILE"])
        }
        if let totalText = environment["CI_NODE_TOTAL"] {
            let total = try number(totalText, "CI_NODE_TOTAL")
            let index = try number(environment["CI_NODE_INDEX"], "CI_NODE_INDEX")
            return try ShardSelection(shard: shard(index: index - 1, total: total), origin: "GitLab parallel (CI_NODE_INDEX, CI_NODE_TOTAL)", statusFile: nil)
        }
        if let indexText = environment["JOB_COMPLETION_INDEX"] {
            guard let total else {
                throw MamconfExit(MamconfExit.notJudged, "JOB_COMPLETION_INDEX is set (a Kubernetes indexed Job) but --shard-total is not; pass the Job's completions as --shard-total N")
            }
            let index = try number(indexText, "JOB_COMPLETION_INDEX")
            return try ShardSelection(shard: shard(index: index, total: total), origin: "Kubernetes indexed Job (JOB_COMPLETION_INDEX)", statusFile: nil)
        }
        if total != nil {
            throw MamconfExit(MamconfExit.notJudged, "--shard-total needs JOB_COMPLETION_INDEX (a Kubernetes indexed Job); elsewhere use --shard I/N")
        }
        return .none
    }

    private static func number(_ text: String?, _ variable: String) throws -> Int {
        guard let text, let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw MamconfExit(MamconfExit.notJudged, "\(variable) is \(text.map { "'\($0)'" } ?? "not set"); it must be a whole number")
        }
        return value
    }

    private static func parsed(_ text: String) throws -> Shard {
        do { return try Shard(parsing: text) } catch { throw MamconfExit(MamconfExit.notJudged, error.description) }
    }

    private static func shard(index: Int, total: Int) throws -> Shard {
        do { return try Shard(index: index, total: total) } catch { throw MamconfExit(MamconfExit.notJudged, error.description) }
    }
}
