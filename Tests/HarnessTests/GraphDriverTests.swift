import AdapterProtocol
import ClientAssertion
import Foundation
import JUnitXML
import TestSupport
import Testing

/// `mamconf run --backend graph` aimed at the mock's Graph face: the real driver, the real CLI, a tenant that
/// only answers what Graph and Entra answer.
@Suite(.serialized) struct GraphDriverTests {
    static var mamconf: String {
        ((try? EndToEnd.referenceExecutable()).map { ($0 as NSString).deletingLastPathComponent } ?? ".") + "/mamconf"
    }

    @Test func everySuitePassesThroughTheGraphDriverLeavingNothingBehindAndNoSecretInAnyOutput() async throws {
        let tenant = try await GraphTenantOnMock.start()
        defer { Task { await tenant.stop() } }
        let reports = tenant.directory + "/reports"
        let run = try await runCommand(
            [Self.mamconf, "run", "--suites-dir", Repository.suites, "--junit", "\(reports)/junit.xml", "--junit-dir", reports, "-v"] + tenant.arguments,
            environment: tenant.environment())
        #expect(run.status == 0, "\(runProblems(run.output))")
        let xml = try String(contentsOfFile: "\(reports)/junit.xml", encoding: .utf8)
        #expect(xml.contains("failures=\"0\" errors=\"0\""), "\(xml.prefix(400))")
        let passed = run.output.split(separator: "\n").filter { $0.hasPrefix("PASS") }.count
        #expect(passed >= 30, "the Graph driver passed only \(passed) cases")
        // What it cannot do is skipped with the capability it lacks, never failed.
        // Cases of older SDKs skip for the version the reference reports.
        for line in run.output.split(separator: "\n") where line.hasPrefix("SKIP") {
            #expect(line.contains("the backend lacks capability") || line.contains("the integration reports SDK"), "\(line)")
        }
        #expect(try await tenant.remainingObjects() == [])
        var everything = run.output + xml
        for file in try FileManager.default.contentsOfDirectory(atPath: reports) {
            everything += (try? String(contentsOfFile: "\(reports)/\(file)", encoding: .utf8)) ?? ""
        }
        for secret in [tenant.secret] + tenant.passwords.values {
            #expect(!everything.contains(secret), "a secret reached the console or a report")
        }
    }

    @Test func everySuitePassesThroughTheGraphDriverWithCertificateCredentialsAndTheKeyNeverShows() async throws {
        let certificate = try TestCertificate.make()
        let tenant = try await GraphTenantOnMock.start(certificate: certificate)
        defer { Task { await tenant.stop() } }
        let reports = tenant.directory + "/reports"
        let run = try await runCommand(
            [Self.mamconf, "run", "--suites-dir", Repository.suites, "--junit", "\(reports)/junit.xml", "-v"] + tenant.arguments,
            environment: tenant.environment())
        #expect(run.status == 0, "\(runProblems(run.output))")
        #expect(try await tenant.remainingObjects() == [])
        let keyBody = certificate.privateKeyPEM.split(separator: "\n").dropFirst().first.map(String.init) ?? "?"
        let everything = run.output + (try String(contentsOfFile: "\(reports)/junit.xml", encoding: .utf8))
        #expect(!everything.contains(keyBody), "the private key reached the console or the report")
        #expect(!everything.contains("client_assertion="), "nor an assertion")
    }

    @Test func aRunInterruptedMidCaseDeletesWhatTheCaseCreatedBeforeItExits() async throws {
        let tenant = try await GraphTenantOnMock.start()
        defer { Task { await tenant.stop() } }
        let state = tenant.directory + "/state"
        let fifo = tenant.directory + "/ready"
        #expect(mkfifo(fifo, 0o600) == 0)
        var environment = tenant.environment()
        environment["FAULTY_READY_FIFO"] = fifo
        let nothing = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(nothing) }
        let process = try await BackgroundProcess.start([
            Self.mamconf, "run", "--case", "first-policy-application/targeted-account-enrolls-and-app-restarts-itself", "--junit", "\(tenant.directory)/junit.xml", "--step-timeout", "120",
            "--adapter-env", "FAULTY_READY_FIFO",
            "--adapter", "\(ProcessChecks.faultyAdapter) silent-after 3 \(state) 1 -- \(try EndToEnd.referenceExecutable())",
        ] + tenant.arguments, environment: environment, directory: Repository.root, stdin: nothing, stdout: nothing, stderr: nothing)
        // The adapter tells through the FIFO that it went silent mid-case: the case's objects exist by then.
        let reached = await offPool { () -> Bool in
            let ready = DispatchSemaphore(value: 0)
            let reader = Thread {
                if let handle = FileHandle(forReadingAtPath: fifo) {
                    _ = handle.readData(ofLength: 6)
                    try? handle.close()
                }
                ready.signal()
            }
            reader.start()
            return ready.wait(timeout: .now() + 60) == .success
        }
        #expect(reached, "the adapter never reached the silent state")
        #expect(try await !tenant.remainingObjects().isEmpty, "the case had arranged its objects")
        process.send(SIGINT)
        #expect(await process.exitCode() == 130)
        #expect(try await tenant.remainingObjects() == [])
    }

    @Test(arguments: [
        ("alice: {upn: a@x, objectId: 1}\n  bob: {upn: b@x, objectId: 2}", "names no account for alias 'carol'"),
        ("alice: {upn: a@x, objectId: 1}\n  bob: {upn: b@x, objectId: 2}\n  carol: {upn: c@x, objectId: 3}", "'carol' must be an unlicensed account"),
        ("alice: {upn: a@x, objectId: 1, passwordEnv: NOT_SET_ANYWHERE}", "NOT_SET_ANYWHERE is not set"),
        ("alice: {upn: a@x}", "missing required key 'objectId'"),
    ])
    func aTenantFileThatCannotStandInForTheFixturesStopsTheRunWithItsPlace(accounts: String, message: String) async throws {
        let directory = NSTemporaryDirectory() + "mamconf-tenantfile-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/tenant.yaml"
        try "accounts:\n  \(accounts)\nintegration: {clientId: app}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let run = try await runCommand([Self.mamconf, "run", "--suites-dir", Repository.suites, "--suite", "enrollment",
                                        "--junit", "\(directory)/junit.xml", "--backend", "graph", "--tenant-file", path])
        #expect(run.status == 2, "\(run.output)")
        #expect(run.output.contains(message), "\(run.output)")
        #expect(run.output.contains("\(path):") || run.output.contains("fixtures/tenants/contoso.yaml:"), "errors name their file and line: \(run.output)")
    }

    @Test func missingCredentialsAreAnInfrastructureErrorThatNamesTheVariables() async throws {
        let tenant = try await GraphTenantOnMock.start()
        defer { Task { await tenant.stop() } }
        var arguments = tenant.arguments
        let index = try #require(arguments.firstIndex(of: "--credentials-file"))
        arguments.removeSubrange(index...index + 1)
        var environment = tenant.environment()
        for name in environment.keys where name.hasPrefix("MAMCONF_GRAPH_") { environment[name] = nil }
        let run = try await runCommand([Self.mamconf, "run", "--suites-dir", Repository.suites, "--suite", "enrollment",
                                        "--junit", "\(tenant.directory)/junit.xml"] + arguments, environment: environment)
        #expect(run.status == 2, "\(run.output)")
        #expect(run.output.contains("MAMCONF_GRAPH_TENANT_ID"), "\(run.output)")
    }

    @Test func theSecretIsRefusedOnTheCommandLine() async throws {
        let run = try await runCommand([Self.mamconf, "run", "--backend", "graph", "--tenant-file", "/dev/null", "--client-secret", "s3cret"])
        #expect(run.status == 2)
        #expect(run.output.contains("Unknown option '--client-secret'"), "\(run.output)")
    }
}
