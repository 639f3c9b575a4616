#if canImport(Glibc)
import Glibc
#endif
import AdapterProtocol
import AdapterTransports
import Backends
import ConformanceCore
import CurlHTTP
import Foundation
import JUnitXML
import MockMAMService
@testable import RunReporters
import RunWiring
import Testing

/// The one run wiring: what it builds for each backend and adapter choice, that it stops the embedded mock it
/// started, and that it refuses a description that contradicts itself.
struct RunAssemblyTests {
    private static func configuration(work: String = NSTemporaryDirectory() + "mamconf-assembly-\(UUID().uuidString)",
                                      keepData: Bool = false, redactor: Redactor = Redactor()) -> RunConfiguration {
        RunConfiguration(workDirectory: work, keepData: keepData, redactor: redactor)
    }

    /// Whether something accepts TCP connections at the URL's loopback port.
    private static func listens(_ url: String) throws -> Bool {
        let port = try #require(URL(string: url)?.port)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return result == 0
    }

    @Test func theEmbeddedMockListensOnceOpenedAndTheRunsDriverReachesItThere() async throws {
        let assembly = try await RunAssembly.open(.embeddedMock(logger: .quiet))
        let url = try #require(assembly.backendURL)
        #expect(try Self.listens(url))
        let built = assembly.assemble(RunSetup(adapter: try .command(["/bin/true"]), configuration: Self.configuration()))
        let driver = try #require(built.backend as? MockGraphBackend)
        #expect(url.hasPrefix(driver.baseURL))
        await assembly.close()
    }

    @Test func closingStopsTheEmbeddedMockItStartedAndASecondCloseDoesNothing() async throws {
        let assembly = try await RunAssembly.open(.embeddedMock(logger: .quiet))
        let base = try #require(assembly.backendURL).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        // Asked for a tenant only this mock knows. "Nothing listens at the port" was wrong once in CI: another test's
        // server may take a freed port at once.
        let http = HTTPClient(label: "test.assembly")
        let created = try await http.send(.json("POST", "\(base)/_mock/tenants", body: JSONValue.object(["bundleId": "com.contoso.app"]).serialized()))
        let tenant = try #require(try JSONValue.parse(created.body)["tenantId"]?.stringValue)
        let journal = "\(base)/_mock/tenants/\(tenant)/journal"
        #expect(await Self.answers(http, journal), "the mock answers for its tenant while it runs")
        await assembly.close()
        #expect(await !Self.answers(http, journal), "nothing answers for the tenant once the mock is closed")
        await assembly.close()
    }

    /// Whether a GET of `url` is answered 200.
    private static func answers(_ http: HTTPClient, _ url: String) async -> Bool {
        guard let response = try? await http.send(.json("GET", url)) else { return false }
        return response.status == 200
    }

    @Test func anEmbeddedMockThatCannotStartIsTheBackendFaultOfTheStart() async throws {
        // Bound off loopback without an admin token, the mock refuses to start (its controls hand out credentials).
        let refused = MockServiceConfiguration(host: "0.0.0.0")
        await #expect {
            _ = try await RunAssembly.open(.embeddedMock(configuration: refused, logger: .quiet))
        } throws: { error in
            (error as? BackendFault)?.request == "start the embedded mock backend"
        }
    }

    @Test func aRunningMockIsNotStartedAndItsDriverCarriesTheControlToken() async throws {
        let assembly = try await RunAssembly.open(.runningMock(url: "http://127.0.0.1:9/", controlToken: "admin"))
        #expect(assembly.backendURL == "http://127.0.0.1:9/")
        let built = assembly.assemble(RunSetup(adapter: try .command(["/bin/true"]), configuration: Self.configuration()))
        let driver = try #require(built.backend as? MockGraphBackend)
        #expect(driver.baseURL == "http://127.0.0.1:9")
        await assembly.close()
    }

    @Test func aGraphBackendIsBuiltWithTheRunsRedactorHoldingTheSecretAndThePasswords() async throws {
        let profile = TenantProfile(
            accounts: ["alice": UserFixture(alias: "alice", upn: "alice@example.com", objectId: "1", licensed: true, password: "pa55-alice")],
            integration: .init(clientId: "app"), path: "tenant.yaml")
        let setup = GraphBackendSetup(
            credentials: GraphCredentials(tenantId: "tenant", clientId: "client", clientSecret: "s3cret-value"), profile: profile,
            graphURL: "https://graph.example/v1.0", loginURL: "https://login.example", observation: .immediate)
        let assembly = try await RunAssembly.open(.graph(setup))
        #expect(assembly.backendURL == nil)
        let redactor = Redactor()
        let built = assembly.assemble(RunSetup(adapter: try .command(["/bin/true"]), configuration: Self.configuration(redactor: redactor)))
        #expect(built.backend is GraphBackend)
        let redacted = redactor.redact("secret s3cret-value, password pa55-alice")
        #expect(!redacted.contains("s3cret-value") && !redacted.contains("pa55-alice"), "\(redacted)")
    }

    @Test func aCommandBecomesAStdioFactoryATestHostANetworkOneAndAGivenFactoryStaysAsItIs() async throws {
        let assembly = try await RunAssembly.open(.driver(InMemoryBackend()))
        let stdio = assembly.assemble(RunSetup(adapter: try .command(["adapter", "--flag"]), configuration: Self.configuration()))
        #expect(stdio.runner.adapter is StdioAdapterFactory)
        #expect(stdio.backend is InMemoryBackend)
        let network = assembly.assemble(RunSetup(adapter: try .network(AdapterAddress(host: "127.0.0.1", port: 7311)), configuration: Self.configuration()))
        #expect(network.runner.adapter is NetworkAdapterFactory)
        let given = assembly.assemble(RunSetup(adapter: .factory(ScriptedIntegration()), configuration: Self.configuration()))
        #expect(given.runner.adapter is ScriptedIntegration)
    }

    @Test func aMutantsArgumentsFollowTheCommandAndLeaveATestHostAsItIs() throws {
        #expect(try AdapterChoice.command(["adapter", "-v"]).appending(["--mutant", "m"]).commandWords == ["adapter", "-v", "--mutant", "m"])
        #expect(try AdapterChoice.network(AdapterAddress(host: "127.0.0.1", port: 7311)).appending(["--mutant", "m"]).commandWords == nil)
    }

    @Test func reportersComeJUnitFirstThenTheConsoleNamingItThenAnnotationsThenExtras() async throws {
        let assembly = try await RunAssembly.open(.driver(InMemoryBackend()))
        let reports = ReportChoice(
            junit: .init(path: "/tmp/report.xml"), console: .init(output: { _ in }, progress: { _ in }),
            githubAnnotations: true, extra: [RecordingReporter()])
        let built = assembly.assemble(RunSetup(adapter: try .command(["adapter"]), reports: reports, configuration: Self.configuration()))
        let reporters = built.runner.reporters
        #expect(reporters.count == 4)
        #expect((reporters[0] as? JUnitReporter)?.path == "/tmp/report.xml")
        #expect((reporters[1] as? ConsoleReporter)?.reportPath == "/tmp/report.xml")
        #expect(reporters[2] is GitHubAnnotationsReporter)
        #expect(reporters[3] is RecordingReporter)
        #expect(assembly.assemble(RunSetup(adapter: try .command(["adapter"]), configuration: Self.configuration())).runner.reporters.isEmpty)
    }

    @Test(arguments: [false, true])
    func theWorkDirectoryIsRemovedAfterTheRunUnlessItsDataIsKept(keepData: Bool) async throws {
        let work = NSTemporaryDirectory() + "mamconf-assembly-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        let result = try await RunAssembly.run(
            RunPlan(suites: []), backend: .driver(InMemoryBackend()),
            setup: RunSetup(adapter: .factory(ScriptedIntegration()), configuration: Self.configuration(work: work, keepData: keepData)))
        #expect(result.allCases.isEmpty)
        #expect(FileManager.default.fileExists(atPath: work) == keepData)
    }

    /// Descriptions that contradict themselves, each with the typed error that refuses it.
    static let inconsistent: [(String, RunWiringError, @Sendable () throws -> Void)] = [
        ("no words", .emptyAdapterCommand, { _ = try AdapterChoice.command([]) }),
        ("an empty program", .emptyAdapterCommand, { _ = try AdapterChoice.command(["", "--flag"]) }),
        ("a zero connect deadline", .deadlineNotPositive("the connect deadline"),
         { _ = try AdapterChoice.network(AdapterAddress(host: "h", port: 1), deadlines: .init(connect: .zero)) }),
        ("a negative handshake deadline", .deadlineNotPositive("the handshake deadline"),
         { _ = try AdapterChoice.network(AdapterAddress(host: "h", port: 1), deadlines: .init(handshake: .seconds(-1))) }),
        ("a zero relaunch deadline", .deadlineNotPositive("the relaunch deadline"),
         { _ = try AdapterChoice.network(AdapterAddress(host: "h", port: 1), deadlines: .init(relaunch: .zero)) }),
        ("a last resort for another report", .guardOfAnotherReport(guarded: "elsewhere.xml", report: "reports/junit.xml"), {
            _ = try ReportChoice.JUnitChoice(path: "reports/junit.xml", lastResort: LastResortReport(path: "elsewhere.xml", dialect: .standard, redactor: Redactor()))
        }),
    ]

    @Test(arguments: 0..<inconsistent.count)
    func anInconsistentDescriptionIsRefusedWithATypedError(index: Int) {
        let (what, expected, describe) = Self.inconsistent[index]
        #expect(throws: expected, "\(what)") { try describe() }
    }
}

/// A reporter that only has to be there (its place in the order is what is checked).
private struct RecordingReporter: Reporter {
    func caseFinished(_ result: CaseResult) async {}
    func runFinished(_ result: RunResult) async throws {}
}
