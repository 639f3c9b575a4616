import Foundation

/// The tag every object of one run carries on a real tenant: displayNames start with `mamconf-<runId> `, so
/// `mamconf backend-clean` finds what an interrupted or crashed run left behind, and a person reading the
/// portal sees who made it.
public struct GraphRunTag: Sendable, Hashable, CustomStringConvertible {
    /// 12 lowercase hex digits.
    public let runId: String

    public init(runId: String) {
        self.runId = runId
    }

    /// A fresh tag for a new run.
    public static func random() -> GraphRunTag {
        GraphRunTag(runId: String(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)))
    }

    /// The prefix of every displayName of this run.
    public var prefix: String { "\(Self.marker)\(runId) " }

    /// What every run's names start with.
    public static let marker = "mamconf-"

    public var description: String { runId }

    /// How objects of one case are named: `mamconf-<runId> <suite/case> <name>`.
    func naming(label: String) -> ObjectNaming {
        ObjectNaming(
            displayName: { [prefix] name in "\(prefix)\(label) \(name)" },
            groupDescription: "created by mamconf run \(runId) for \(label); safe to delete")
    }
}
