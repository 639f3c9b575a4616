import Backends
import ConformanceCore
import Foundation
import Logging
import MockMAMService
import AdapterTransports
import Testing

/// A backend that is unreachable is an infrastructure problem (exit 2), not a test failure; one lost
/// mid-run makes the affected cases errors naming the request, and the run still completes.
@Suite(.serialized) struct BackendFaultTests {
    @Test func unreachableBackendAtStartAbortsNamingTheURL() async throws {
        let server = MockMAMServer(configuration: MockServiceConfiguration(), logger: .quiet)
        let url = try await server.start()
        await server.stop()  // the port is now closed
        let suites = try EndToEnd.loadSuites(caseIDs: ["untargeted-account-stays-unmanaged"])
        let run = try await EndToEnd.run(suites, backendURL: url.absoluteString)
        let reason = try #require(run.result.abortReason)
        #expect(reason.contains("backend unreachable"), "\(reason)")
        #expect(reason.contains("\(url.host ?? ""):\(url.port ?? 0)"), "the cause must name the URL: \(reason)")
        // Every planned case is reported, each an error naming the backend, so no report reader shows green.
        #expect(run.result.allCases.count == suites.reduce(0) { $0 + $1.cases.count })
        for result in run.result.allCases {
            guard case .errored(.backend(let fault), _) = result.outcome else {
                Issue.record("\(result.qualifiedName): expected a backend error, got \(result.outcome)")
                continue
            }
            #expect(fault.description.contains("\(url.port ?? 0)"))
        }
    }

    @Test func backendLostMidRunErrorsTheAffectedCasesAndTheRunGoesOn() async throws {
        let server = MockMAMServer(configuration: MockServiceConfiguration(), logger: .quiet)
        let url = try await server.start()
        let suites = try EndToEnd.loadSuites(caseIDs: [
            "untargeted-account-stays-unmanaged", "unlicensed-account-reported-not-licensed",
            "targeted-account-enrolls-and-app-restarts-itself",
        ])
        let killer = StopAfterFirstCase(server: server)
        let run = try await EndToEnd.run(suites, reporters: [killer], backendURL: url.absoluteString)
        let cases = run.result.allCases
        try #require(cases.count == 3)
        #expect(cases[0].outcome.label == "passed")
        for lost in cases.dropFirst() {
            guard case .errored(let error, _) = lost.outcome else {
                Issue.record("\(lost.caseId) should be an error once the backend is gone, got \(lost.outcome)")
                continue
            }
            let message = error.description
            #expect(error.kind == "BackendError")
            #expect(message.contains("POST"), "the request must be named: \(message)")
            // Refused (7) for a new connection; when the kept-alive one is cut, a reset seen while sending (55) or
            // receiving (56), depending on timing: whichever, named.
            #expect(["curl error 7:", "curl error 55:", "curl error 56:"].contains { message.contains($0) },
                    "the curl error must be named: \(message)")
        }
        #expect(run.result.infrastructureProblems.contains { $0.contains("backend failed") })
    }
}

/// Stops the mock backend as soon as the first case has finished.
actor StopAfterFirstCase: Reporter {
    let server: MockMAMServer
    private var stopped = false

    init(server: MockMAMServer) {
        self.server = server
    }

    func caseFinished(_ result: CaseResult) async {
        guard !stopped else { return }
        stopped = true
        await server.stop()
    }

    func runFinished(_ result: RunResult) async throws {}
}
