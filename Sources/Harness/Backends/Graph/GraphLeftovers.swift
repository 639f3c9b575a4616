import AdapterProtocol
import ConformanceCore

/// Objects mamconf runs left in a tenant: found by the run tag at the start of their display names, deleted in
/// teardown order (configurations and policies before the groups and apps they point at).
///
/// Teardown deletes what a case created, also when the case fails or the run is interrupted; this is for what it
/// could not (a killed process, a network outage), run by `mamconf backend-clean`.
public struct GraphLeftovers: Sendable {
    /// One tagged object.
    public struct Leftover: Sendable, Hashable {
        public var kind: GraphObjectKind
        public var id: String
        public var displayName: String
        /// The run that created it.
        public var runId: String
    }

    private let graph: any GraphCalling

    public init(graph: any GraphCalling) {
        self.graph = graph
    }

    /// Every tagged object, or only those of `runId`, in deletion order.
    public func find(runId: String? = nil) async throws(BackendFault) -> [Leftover] {
        var found: [Leftover] = []
        for kind in GraphObjectKind.allCases {
            for object in try await graph.list(kind.collection, transcript: nil) {
                guard let id = object["id"]?.stringValue, let name = object["displayName"]?.stringValue,
                      let run = Self.runId(of: name), runId == nil || run == runId else { continue }
                found.append(Leftover(kind: kind, id: id, displayName: name, runId: run))
            }
        }
        return found
    }

    /// Deletes each leftover; returns those that could not be deleted, with why. An object already gone counts as
    /// deleted.
    public func delete(_ leftovers: [Leftover]) async -> [(Leftover, BackendFault)] {
        var failed: [(Leftover, BackendFault)] = []
        for leftover in leftovers {
            do {
                _ = try await graph.call("DELETE", "\(leftover.kind.collection)/\(leftover.id)", body: nil, expect: 204, transcript: nil)
            } catch {
                if case .status(404, _) = error.reason { continue }
                failed.append((leftover, error))
            }
        }
        return failed
    }

    /// Whether `text` has the shape of a run id (12 lowercase hex digits).
    public static func isRunId(_ text: String) -> Bool {
        text.count == 12 && text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    /// The run id in a display name written by ``GraphRunTag``: `mamconf-` and 12 lowercase hex digits, then a space.
    static func runId(of displayName: String) -> String? {
        guard displayName.hasPrefix(GraphRunTag.marker) else { return nil }
        let rest = displayName.dropFirst(GraphRunTag.marker.count)
        let id = rest.prefix(12)
        guard id.count == 12, id.allSatisfy({ $0.isHexDigit && !$0.isUppercase }), rest.dropFirst(12).first == " " else { return nil }
        return String(id)
    }
}
