import AdapterProtocol
import ConformanceCore
import CurlHTTP
import Foundation
import JUnitXML
import MamconfCLI
@testable import RunReporters
import Testing

/// Whole-pipeline tests: suites → runner → stdio adapter → mamconf-reference → mock backend → JUnit.
@Suite(.serialized) struct EndToEndTests {
    @Test func cleanReferencePassesEveryCaseAndTheReportIsValidJUnit() async throws {
        let reportPath = NSTemporaryDirectory() + "mamconf-e2e-\(UUID().uuidString)/junit.xml"
        let run = try await EndToEnd.cleanRun.value
        try await JUnitReporter(path: reportPath, redactor: run.redactor).runFinished(run.result)
        let result = run.result
        #expect(result.abortReason == nil)
        for testCase in result.allCases {
            let expected = ReferenceSDKVersionTests.skipped(on: "21.7.1").contains("\(testCase.suiteId)/\(testCase.caseId)") ? "skipped" : "passed"
            #expect(testCase.outcome.label == expected, "\(testCase.suiteId)/\(testCase.caseId): \(testCase.outcome)\n\(testCase.transcript.joined(separator: "\n"))")
        }
        let firstPolicy = result.suites.first { $0.suiteId == "first-policy-application" }
        #expect((firstPolicy?.cases.count ?? 0) >= 8)

        let xml = try Data(contentsOf: URL(fileURLWithPath: reportPath))
        for schema in ["junit-10.xsd", "jenkins-junit.xsd"] {
            let errors = try JUnitSchemaValidator(xsdPath: "\(Repository.schemas)/\(schema)").validate(xml)
            #expect(errors.isEmpty, "\(schema): \(errors)")
        }
        let surefire = try JUnitSchemaValidator(xsdPath: "\(Repository.schemas)/surefire-test-report.xsd").validateEachSuite(xml)
        #expect(surefire.isEmpty, "surefire: \(surefire)")
        let text = String(decoding: xml, as: UTF8.self)
        #expect(text.contains("[[PROPERTY|requirements=ENR-01,ENR-02,RST-01,RST-02]]"), "one line with every ID of the case")
        #expect(text.components(separatedBy: "<property name=\"requirements\"").count - 1 == result.suites.count, "one requirements property per suite")
        #expect(!text.contains("<property name=\"requirement\""))
        #expect(text.contains("[[PROPERTY|source="))
        #expect(!text.contains("hostname="))
        try? FileManager.default.removeItem(atPath: (reportPath as NSString).deletingLastPathComponent)
    }

    @Test func changingOnlyFixturesChangesTheReferenceBehaviour() async throws {
        let fixtures = NSTemporaryDirectory() + "mamconf-fixtures-\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: Repository.fixtures, toPath: fixtures)
        defer { try? FileManager.default.removeItem(atPath: fixtures) }
        // Untarget alice: nobody is in the group the policy is assigned to.
        let tenantPath = "\(fixtures)/tenants/contoso.yaml"
        let tenant = try String(contentsOfFile: tenantPath, encoding: .utf8)
        try tenant.replacingOccurrences(of: "members: [alice]", with: "members: []").write(toFile: tenantPath, atomically: true, encoding: .utf8)
        // And drop the PIN requirement from the policy.
        let policyPath = "\(fixtures)/policies/pin-required.yaml"
        let policy = try String(contentsOfFile: policyPath, encoding: .utf8)
        try policy.replacingOccurrences(of: "pinRequired: true", with: "pinRequired: false").write(toFile: policyPath, atomically: true, encoding: .utf8)

        let untargeted = try EndToEnd.loadSuites(fixtures: fixtures, caseIDs: ["targeted-account-enrolls-and-app-restarts-itself"])
        let run1 = try await EndToEnd.run(untargeted)
        let case1 = try #require(run1.result.allCases.first)
        guard case .failed(let failure) = case1.outcome else {
            Issue.record("expected a failure once alice is untargeted, got \(case1.outcome)")
            return
        }
        #expect(failure.fullMessage.contains("not-targeted"), "\(failure.fullMessage)")

        // Restore targeting, keep the PIN-less policy: the PIN case must now fail at its PIN expectation.
        try tenant.write(toFile: tenantPath, atomically: true, encoding: .utf8)
        let noPin = try EndToEnd.loadSuites(fixtures: fixtures, caseIDs: ["pin-set-up-after-restart-and-asked-on-next-launch"])
        let run2 = try await EndToEnd.run(noPin)
        let case2 = try #require(run2.result.allCases.first)
        guard case .failed(let pinFailure) = case2.outcome else {
            Issue.record("expected a failure once the policy needs no PIN, got \(case2.outcome)")
            return
        }
        #expect(pinFailure.message.contains("pin-setup"), "\(pinFailure.message)")
    }

    @Test func journalShowsACheckInBeforeEveryPolicyEvent() async throws {
        let suites = try EndToEnd.loadSuites(suiteIDs: ["first-policy-application"])
        let probe = CheckInProbe()
        let run = try await EndToEnd.run(suites, wrap: { JournalProbingFactory(inner: $0, probe: probe) })
        #expect(run.result.allCases.allSatisfy { $0.outcome.label == "passed" })
        let observations = probe.observations
        #expect(observations.count >= 8, "policy events seen: \(observations.count)")
        for observation in observations {
            #expect(observation.checkInsBefore >= observation.policyEventNumber,
                    "policy event #\(observation.policyEventNumber) in tenant \(observation.tenant) came with only \(observation.checkInsBefore) check-in(s) in the journal")
        }
    }

    @Test func backendClientKeepsOneConnectionAndNoSecretReachesAnyOutput() async throws {
        let suites = try EndToEnd.loadSuites()
        let reportPath = NSTemporaryDirectory() + "mamconf-secrets-\(UUID().uuidString).xml"
        let run = try await EndToEnd.run(suites, reporters: [JUnitReporter(path: reportPath, redactor: Redactor())])
        defer { try? FileManager.default.removeItem(atPath: reportPath) }
        // Hundreds of backend calls over the whole run, on kept-alive connections: one for the case that runs and one
        // for the next, which arranges its tenant meanwhile.
        #expect((1...2).contains(run.backendConnections), "backend driver opened \(run.backendConnections) connections")

        var secrets = run.redactor.knownSecrets
        secrets += try EndToEnd.loadSuites().flatMap { $0.cases.flatMap { $0.tenant.users.map(\.password) } }
        secrets.append("2580")  // the PIN the suites answer with
        #expect(secrets.count >= 4)
        let report = try String(contentsOfFile: reportPath, encoding: .utf8)
        let transcripts = run.result.allCases.flatMap(\.transcript).joined(separator: "\n")
        let console = run.console.joined(separator: "\n")
        for secret in Set(secrets) {
            #expect(!report.contains(secret), "a secret leaked into the JUnit report")
            #expect(!transcripts.contains(secret), "a secret leaked into a transcript")
            #expect(!console.contains(secret), "a secret leaked to the console")
        }
        #expect(!report.contains("Bearer ey"))
        #expect(report.contains(Redactor.mask), "the transcript should show where secrets were removed")
    }
}

/// Counts successful check-ins in the tenant's journal at the moment each policy event arrives.
final class CheckInProbe: Sendable {
    struct Observation: Sendable {
        var tenant: String
        var policyEventNumber: Int
        var checkInsBefore: Int
    }

    private let lines = LockedObservations()
    var observations: [Observation] { lines.all }
    func add(_ observation: Observation) { lines.append(observation) }
}

import Synchronization

final class LockedObservations: Sendable {
    private let items = Mutex<[CheckInProbe.Observation]>([])
    func append(_ item: CheckInProbe.Observation) { items.withLock { $0.append(item) } }
    var all: [CheckInProbe.Observation] { items.withLock { $0 } }
}

/// Wraps the stdio adapter so that every policy status event is checked against the backend journal
/// at the instant it arrives.
struct JournalProbingFactory: SDKAdapterFactory {
    let inner: any SDKAdapterFactory
    let probe: CheckInProbe
    var description: String { inner.description }

    func start(dataDirectory: String, handler: any InboundHandler) async throws(AdapterFault) -> any SDKAdapterSession {
        let probing = ProbingHandler(inner: handler, probe: probe)
        let session = try await inner.start(dataDirectory: dataDirectory, handler: probing)
        return ProbingSession(inner: session, handler: probing)
    }
}

final class ProbingHandler: InboundHandler {
    let inner: any InboundHandler
    let probe: CheckInProbe
    private let state = Mutex<(journalURL: String?, policyEvents: Int)>((nil, 0))

    init(inner: any InboundHandler, probe: CheckInProbe) {
        self.inner = inner
        self.probe = probe
    }

    func learn(mamServiceURL: String) {
        // http://127.0.0.1:PORT/{tenant}/mam/v1 → http://127.0.0.1:PORT/_mock/tenants/{tenant}/journal
        guard let url = URL(string: mamServiceURL), let tenant = url.pathComponents.dropFirst().first,
              let scheme = url.scheme, let host = url.host, let port = url.port else { return }
        state.withLock { $0.journalURL = "\(scheme)://\(host):\(port)/_mock/tenants/\(tenant)/journal" }
    }

    func notification(method: String, params: JSONValue) {
        if method == EventMethod.status.rawValue, params["request"]?.stringValue == "policy" {
            let (url, number) = state.withLock { state -> (String?, Int) in
                state.policyEvents += 1
                return (state.journalURL, state.policyEvents)
            }
            if let url {
                // This runs on the adapter's reader thread, which is not the concurrency pool.
                let client = BlockingHTTPClient()
                if let response = try? client.send(HTTPRequest.json("GET", url)),
                   let body = try? JSONValue.parse(response.body) {
                    let checkIns = (body["entries"]?.arrayValue ?? []).filter {
                        $0["route"]?.stringValue == "mam.checkin" && $0["status"]?.intValue == 200
                    }.count
                    probe.add(.init(tenant: url, policyEventNumber: number, checkInsBefore: checkIns))
                }
            }
        }
        inner.notification(method: method, params: params)
    }

    func question(method: String, params: JSONValue) -> Result<JSONValue, RPCError> { inner.question(method: method, params: params) }
    func diagnostic(_ line: String) { inner.diagnostic(line) }
    func fault(_ fault: AdapterFault) { inner.fault(fault) }
}

struct ProbingSession: SDKAdapterSession {
    let inner: any SDKAdapterSession
    let handler: ProbingHandler

    func request(_ method: String, params: JSONValue, timeout: Duration) async throws(AdapterFault) -> JSONValue {
        if method == RunnerMethod.initialize.rawValue, let url = params["backend"]?["mamServiceURL"]?.stringValue {
            handler.learn(mamServiceURL: url)
        }
        return try await inner.request(method, params: params, timeout: timeout)
    }

    func terminate(grace: Duration) async -> AdapterTermination { await inner.terminate(grace: grace) }
}
