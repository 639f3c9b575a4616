import AdapterProtocol
import ConformanceCore
import Foundation
import Synchronization
import JUnitXML
@testable import MamconfCLI
@testable import RunReporters
import Testing
import TestSupport

/// `--jobs N`: cases run side by side, each with its own integration process and tenant, and the report is the
/// serial run's, case for case, apart from times.
@Suite(.serialized) struct ParallelRunTests {
    /// The report as a reader judges it: every suite and case in order with its verdict, message and type, and the
    /// suites' properties, without what differs between any two runs (times, the backend's port, transcripts).
    static func judged(_ run: EndToEnd.Run) throws -> JUnitDocument {
        let xml = try JUnitWriter.render(JUnitReporter(path: "-", redactor: run.redactor).document(for: run.result))
        var document = try JUnitReader.read(data: xml, source: "report")
        for suite in document.suites.indices {
            document.suites[suite].timestamp = Date(timeIntervalSince1970: 0)
            document.suites[suite].time = 0
            document.suites[suite].properties.removeAll { $0.name == "backend" }
            for index in document.suites[suite].cases.indices {
                var testCase = document.suites[suite].cases[index]
                testCase.time = 0
                testCase.systemOut = nil
                testCase.systemErr = nil
                testCase.attempts = []
                switch testCase.outcome {
                case .failure(let message, let type, _): testCase.outcome = .failure(message: message, type: type, details: "")
                case .error(let message, let type, _): testCase.outcome = .error(message: message, type: type, details: "")
                case .passed, .skipped: break
                }
                document.suites[suite].cases[index] = testCase
            }
        }
        return document
    }

    /// The clean comparison covers every suite; the mutant's, the suites that cite its requirements (RST-06, WIP-08),
    /// where its failures are.
    @Test(arguments: [[], ["--mutant", "sign-out-without-deregister"]])
    func fourJobsReportWhatOneJobReports(adapterArguments: [String]) async throws {
        let suites = adapterArguments.isEmpty
            ? try EndToEnd.loadSuites()
            : try EndToEnd.loadSuites(suiteIDs: ["first-policy-application", "deregister-with-wipe"])
        let serial = adapterArguments.isEmpty ? try await EndToEnd.cleanRun.value : try await EndToEnd.run(suites, arguments: adapterArguments, jobs: 1)
        let parallel = try await EndToEnd.run(suites, arguments: adapterArguments, jobs: 4)
        let expected = try Self.judged(serial)
        let got = try Self.judged(parallel)
        #expect(got.tests == suites.reduce(0) { $0 + $1.cases.count })
        if !adapterArguments.isEmpty { #expect(expected.failures > 0, "the mutant must fail some case, or the comparison proves little") }
        #expect(got == expected)
        for (want, have) in zip(expected.suites.flatMap(\.cases), got.suites.flatMap(\.cases)) where want != have {
            Issue.record("\(want.classname)/\(want.name): serial \(want.outcome), parallel \(have.outcome)")
        }
        // The console lists finished cases in plan order too.
        let finished = { (lines: [String]) in lines.filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") || $0.hasPrefix("ERROR") || $0.hasPrefix("SKIP") }
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.map(String.init) ?? "" } }
        #expect(finished(parallel.console) == finished(serial.console))
    }

    /// Cases side by side really overlap: with four jobs, four integrations are alive at the same moment.
    @Test func fourJobsKeepFourIntegrationsRunningAtOnce() async throws {
        let suites = try EndToEnd.loadSuites(suiteIDs: ["policy-queries"])
        let live = LiveSessions()
        let parallel = try await EndToEnd.run(suites, wrap: { CountingFactory(inner: $0, live: live) }, jobs: 4)
        #expect(parallel.result.counts.passed == suites[0].cases.count)
        #expect(live.peak == 4, "at most \(live.peak) integrations ran at once")
        #expect(live.current == 0, "every integration ended")
    }

    /// An integration that keeps dying stops a parallel run after the same cases as a serial one: the cases already
    /// under way when the budget ran out are reported not run, as a serial run would never have started them.
    @Test func theRestartBudgetStopsAParallelRunWhereItStopsASerialOne() async throws {
        let suites = try EndToEnd.loadSuites(suiteIDs: ["first-policy-application"])
        // How a dying adapter's exit is first noticed (its exit, or the closed pipe of a request) is a race in any
        // run, so adapter errors are compared by type; what was not run, and why, by message.
        var reports: [[String]] = []
        for jobs in [1, 4] {
            let script = try BrokenAdapterTests.adapterThatDiesAfterItsFirstStart()
            defer { BrokenAdapterTests.remove(script) }
            let run = try await EndToEnd.run(suites, command: [script], stepTimeout: .seconds(6), deadlineScale: 1, jobs: jobs)
            #expect(run.result.infrastructureProblems.contains { $0.contains("restart budget") }, "jobs \(jobs)")
            reports.append(try Self.judged(run).suites.flatMap(\.cases).map { testCase in
                switch testCase.outcome {
                case .error(let message, "NotRun", _): return "\(testCase.name): not run: \(message)"
                case .error(_, let type, _): return "\(testCase.name): error \(type)"
                default: return "\(testCase.name): \(testCase.outcome)"
                }
            })
        }
        #expect(reports[0].count { $0.contains("error AdapterUnusable") } == 3, "\(reports[0])")
        // One case passes on the first start, three use up the budget, every later case is not run.
        #expect(reports[0].count { $0.contains("not run: ") } == suites[0].cases.count - 4, "\(reports[0])")
        #expect(reports[1] == reports[0])
    }
}

/// How many integrations are alive now and at most.
final class LiveSessions: Sendable {
    private let counts = Mutex((current: 0, peak: 0))
    var current: Int { counts.withLock { $0.current } }
    var peak: Int { counts.withLock { $0.peak } }
    func started() { counts.withLock { $0.current += 1; $0.peak = max($0.peak, $0.current) } }
    func ended() { counts.withLock { $0.current -= 1 } }
}

/// Starts integrations through another factory and counts them while they live.
struct CountingFactory: SDKAdapterFactory {
    let inner: any SDKAdapterFactory
    let live: LiveSessions
    var description: String { inner.description }

    func start(dataDirectory: String, handler: any InboundHandler) async throws(AdapterFault) -> any SDKAdapterSession {
        let session = try await inner.start(dataDirectory: dataDirectory, handler: handler)
        live.started()
        return CountedSession(inner: session, live: live)
    }
}

struct CountedSession: SDKAdapterSession {
    let inner: any SDKAdapterSession
    let live: LiveSessions

    func request(_ method: String, params: JSONValue, timeout: Duration) async throws(AdapterFault) -> JSONValue {
        try await inner.request(method, params: params, timeout: timeout)
    }

    func terminate(grace: Duration) async -> AdapterTermination {
        defer { live.ended() }
        return await inner.terminate(grace: grace)
    }
}
