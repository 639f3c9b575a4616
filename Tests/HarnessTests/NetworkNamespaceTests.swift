#if canImport(Glibc)
import Glibc
#endif
import AdapterTransports
import Backends
import ConformanceCore
import Foundation
import Logging
import MockMAMService
import RunWiring
import TestSupport
import Testing

/// A network namespace with a veth pair to it: a second host on this machine, so a test can prove that nothing
/// depends on loopback (the integration reaches the backend, and the runner the integration, across a link).
struct NetworkNamespace {
    let name: String
    let outerDevice: String
    let outerAddress: String
    let innerAddress: String

    /// Whether this machine lets us make one (root, iproute2, a kernel that allows network namespaces): checked
    /// once by making and deleting a namespace.
    static let available: Bool = {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip") || FileManager.default.isExecutableFile(atPath: "/sbin/ip") else { return false }
        let probe = "mamconf-probe-\(getpid())"
        guard shell(["ip", "netns", "add", probe]) == 0 else { return false }
        _ = shell(["ip", "netns", "del", probe])
        return true
    }()

    /// Runs a command to completion (blocking; only for set-up and tear-down).
    @discardableResult
    static func shell(_ words: [String]) -> Int32 {
        let nothing = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(nothing) }
        guard let process = try? SpawnedProcess(words, stdin: nothing, stdout: nothing, stderr: nothing) else { return -1 }
        return process.waitForExit()
    }

    /// Creates the namespace and a /30 link to it; throws (after cleaning up) when a step fails.
    static func create() throws -> NetworkNamespace {
        let tag = getpid() % 100_000
        let subnet = Int(getpid() % 250) + 1
        let namespace = NetworkNamespace(
            name: "mamconf-\(tag)", outerDevice: "mcv\(tag)a", outerAddress: "10.213.\(subnet).1", innerAddress: "10.213.\(subnet).2")
        let inner = "mcv\(tag)b"
        let steps: [[String]] = [
            ["ip", "netns", "add", namespace.name],
            ["ip", "link", "add", namespace.outerDevice, "type", "veth", "peer", "name", inner],
            ["ip", "link", "set", inner, "netns", namespace.name],
            ["ip", "addr", "add", "\(namespace.outerAddress)/30", "dev", namespace.outerDevice],
            ["ip", "link", "set", namespace.outerDevice, "up"],
            ["ip", "netns", "exec", namespace.name, "ip", "addr", "add", "\(namespace.innerAddress)/30", "dev", inner],
            ["ip", "netns", "exec", namespace.name, "ip", "link", "set", inner, "up"],
            ["ip", "netns", "exec", namespace.name, "ip", "link", "set", "lo", "up"],
        ]
        for step in steps where shell(step) != 0 {
            namespace.delete()
            throw SpawnedProcess.Failure.cannotStart(step.joined(separator: " "), EPERM)
        }
        return namespace
    }

    func delete() {
        Self.shell(["ip", "netns", "del", name])
        Self.shell(["ip", "link", "del", outerDevice])
    }
}

/// The reference integration in a network namespace of its own, reached over a veth link: a suite runs across
/// it with the verdicts it has over stdio, so the network transport does not secretly depend on loopback.
@Suite(.serialized) struct NetworkNamespaceTests {
    @Test(.enabled(if: NetworkNamespace.available, "needs root and `ip netns` (Debian's iproute2) on a kernel that allows network namespaces"))
    func aSuiteRunsAcrossANetworkNamespaceWithTheVerdictsOfStdio() async throws {
        let namespace = try NetworkNamespace.create()
        defer { namespace.delete() }
        // The backend listens on the link, not on loopback: the integration inside the namespace must reach it.
        let adminToken = "ns-admin-\(UUID().uuidString)"
        let assembly = try await RunAssembly.open(.embeddedMock(
            configuration: MockServiceConfiguration(host: namespace.outerAddress, adminToken: adminToken), logger: .quiet))
        #expect(assembly.backendURL.flatMap(URL.init(string:))?.host == namespace.outerAddress)
        let data = NSTemporaryDirectory() + "mamconf-netns-\(UUID().uuidString.prefix(8))"
        let host = try await ListeningHost.start(["ip", "netns", "exec", namespace.name, try EndToEnd.referenceExecutable(),
                                                  "--listen", "7311", "--host", namespace.innerAddress, "--data-dir", data])
        defer { Task { await host.stop() } }
        #expect(host.stderr.first?.contains("listening on \(namespace.innerAddress):7311") == true, "\(host.stderr)")

        let suites = try EndToEnd.loadSuites(suiteIDs: ["first-policy-application"])
        let overStdio = try await EndToEnd.run(suites)
        let work = NSTemporaryDirectory() + "mamconf-netns-run-\(UUID().uuidString.prefix(8))"
        let across = await assembly.assemble(RunSetup(
            adapter: try .network(AdapterAddress(host: namespace.innerAddress, port: 7311)),
            configuration: RunConfiguration(stepTimeout: .seconds(10), deadlineScale: 3, workDirectory: work))).run(RunPlan(suites: suites))
        await assembly.close()

        let expected = NetworkTransportTests.verdicts(overStdio.result)
        #expect(!expected.isEmpty && expected.allSatisfy { $0.value == EndToEnd.cleanVerdict($0.key) })
        #expect(NetworkTransportTests.verdicts(across) == expected, "\(across.suites.flatMap(\.cases).filter { $0.outcome.label != "passed" }.map { "\($0.caseId): \($0.outcome)" })")
        let relaunched = across.suites.flatMap(\.cases).filter { $0.transcript.contains { $0.contains("reconnected to the relaunched test host") } }
        #expect(!relaunched.isEmpty, "no restart crossed the namespace")
    }
}
