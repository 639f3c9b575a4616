import AdapterProtocol
import ConformanceCore
import Foundation
@testable import SuiteLoader
import Synchronization
import Testing

/// A run keeps results, not definitions: each case's steps are freed once the case is judged, and the plan a report of
/// unrun cases keeps is an outline without them (issue 30: a 10,000-case run held every suite's steps to its end).
@Suite struct PlanReleaseTests {
    static let here = SourceLocation(file: "bundled/release", line: 7, column: 3)

    /// Stands for a case's definition: its steps hold it, and nothing else does.
    final class Marker: Sendable {}

    /// Which markers are still alive; it holds none of them.
    final class Liveness: Sendable {
        private struct Entry: Sendable { weak var marker: Marker? }
        private let entries = Mutex<[Entry]>([])
        /// What each case's probe saw: how many cases' definitions were alive while it ran.
        let seen = Mutex<[String: Int]>([:])

        func track(_ marker: Marker) { entries.withLock { $0.append(Entry(marker: marker)) } }
        var alive: Int { entries.withLock { $0.filter { $0.marker != nil }.count } }
    }

    /// A probe that notes how many definitions are alive while its case runs (its own among them).
    struct CountingProbe: AdapterProbe {
        let caseId: String
        let marker: Marker
        let liveness: Liveness
        var name: String { "counting" }

        func judge(_ context: ProbeContext) async -> ProbeVerdict {
            let alive = liveness.alive
            liveness.seen.withLock { $0[caseId] = alive }
            return .passed(summary: "\(alive) definition(s) alive")
        }
    }

    /// A plan of `count` cases whose only references to their markers are their steps.
    static func plan(_ count: Int, liveness: Liveness) throws -> RunPlan {
        let (tenant, policies, errors) = SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: nil)
            .fixtures(tenant: "contoso", policies: ["no-pin"])
        try #require(errors.isEmpty, "\(errors)")
        let cases = try (1...count).map { index -> TestCase in
            let marker = Marker()
            liveness.track(marker)
            let probe = CountingProbe(caseId: "case-\(index)", marker: marker, liveness: liveness)
            return TestCase(
                id: "case-\(index)", title: "case \(index)", requirements: ["ENR-01"], tenant: try #require(tenant), policies: policies,
                settings: ["MultiIdentity": .bool(false)], capabilities: [], steps: [Step(kind: .probe(probe), location: here)],
                location: here)
        }
        return RunPlan(suites: [Suite(id: "release", title: "release", requirements: [], cases: cases, location: here)])
    }

    @Test func eachCaseDefinitionIsFreedOnceTheCaseIsJudged() async throws {
        let liveness = Liveness()
        let folder = NSTemporaryDirectory() + "mamconf-release-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let runner = Runner(adapter: ScriptedIntegration { _, _, _ throws(AdapterFault) in [:] }, backend: InMemoryBackend(), reporters: [],
                            configuration: RunConfiguration(stepTimeout: .seconds(30), workDirectory: folder, jobs: 1))
        let result = await runner.run(try Self.plan(3, liveness: liveness))
        #expect(result.allCases.map(\.outcome.label) == ["passed", "passed", "passed"], "\(result.allCases.map(\.outcome))")
        // Serial: when case k runs, the cases before k-1 are judged and their definitions freed; case k-1 may still be
        // tearing its tenant down (a serial run does that while the next case runs), so its definition may live on.
        let seen = liveness.seen.withLock { $0 }
        #expect(seen["case-1"] == 3)
        #expect(seen["case-2"] == 2, "the first case is judged before any other starts: \(seen)")
        #expect(seen["case-3"].map { (1...2).contains($0) } == true, "\(seen)")
        #expect(liveness.alive == 0, "the run keeps no definition once it returns")
    }

    @Test func theOutlineKeepsWhatAReportNamesAndDropsWhatOnlyRunningNeeds() throws {
        let liveness = Liveness()
        let plan = try Self.plan(2, liveness: liveness)
        let outline = plan.outline
        let full = plan.suites[0].cases, kept = outline.suites[0].cases
        #expect(kept.map(\.id) == full.map(\.id))
        #expect(kept.map(\.title) == full.map(\.title))
        #expect(kept.map(\.requirements) == full.map(\.requirements))
        #expect(kept.map(\.location.fileAndLine) == full.map(\.location.fileAndLine))
        #expect(kept.allSatisfy { $0.steps.isEmpty && $0.policies.isEmpty && $0.settings.isEmpty })
        #expect(full.allSatisfy { !$0.steps.isEmpty && !$0.policies.isEmpty && !$0.settings.isEmpty }, "the plan itself is untouched")
        #expect(outline.definedCases == plan.definedCases)
        #expect(outline.scheduled.map(\.plannedCases) == plan.scheduled.map(\.plannedCases))
    }
}
