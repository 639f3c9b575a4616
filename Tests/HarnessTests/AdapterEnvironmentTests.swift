import Foundation
import TestSupport
import AdapterTransports
import Testing

/// The integration under test gets what the protocol hands it, not mamconf's environment: ordinary process
/// variables, the ones named with `--adapter-env`, and its data directory. Never a credential of mamconf's.
@Suite struct AdapterEnvironmentTests {
    /// mamconf's environment on a CI machine: the ordinary variables and everything a pipeline puts there.
    static let parent: [String: String] = [
        "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/home/ci", "USER": "ci", "TMPDIR": "/tmp/ci", "LANG": "C.UTF-8",
        "LC_TIME": "en_GB.UTF-8", "TZ": "UTC",
        "MAMCONF_GRAPH_CLIENT_SECRET": "graph-secret-5521", "MAMCONF_GRAPH_TENANT_ID": "tenant-0815",
        "MAMCONF_ADAPTER_TOKEN": "adapter-token-7741", "MAMCONF_MOCK_ADMIN_TOKEN": "admin-token-3310",
        "AWS_SECRET_ACCESS_KEY": "aws-secret-9090", "GITHUB_TOKEN": "ghp-secret-4242", "https_proxy": "http://user:pw@proxy:3128",
        "VENDOR_SETTING": "kept-when-asked",
    ]

    /// (names given with --adapter-env, the variables the adapter gets)
    static let inheritance: [([String], [String: String])] = [
        ([], ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/home/ci", "USER": "ci", "TMPDIR": "/tmp/ci", "LANG": "C.UTF-8",
              "LC_TIME": "en_GB.UTF-8", "TZ": "UTC"]),
        (["VENDOR_SETTING", "NOT_SET_ANYWHERE"], ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/home/ci", "USER": "ci",
                                                  "TMPDIR": "/tmp/ci", "LANG": "C.UTF-8", "LC_TIME": "en_GB.UTF-8", "TZ": "UTC",
                                                  "VENDOR_SETTING": "kept-when-asked"]),
    ]

    @Test(arguments: inheritance)
    func anAdapterGetsTheOrdinaryVariablesAndOnlyThoseNamed(passing names: [String], gets expected: [String: String]) throws {
        #expect(try AdapterEnvironment(passing: names).variables(from: Self.parent) == expected)
    }

    @Test func theProtocolPageListsExactlyTheVariablesEveryAdapterInherits() throws {
        let page = try String(contentsOfFile: "\(Repository.root)/docs/adapter-protocol.md", encoding: .utf8)
        let bullet = try #require(page.range(of: "- **The adapter's environment**").map { page[$0.lowerBound...] })
        let listed = try #require(bullet.range(of: "when mamconf has them (").flatMap { start in
            bullet[start.upperBound...].range(of: "),").map { bullet[start.upperBound..<$0.lowerBound] }
        })
        let documented = Set(listed.split(separator: "`").map(String.init).filter { !$0.contains(",") && !$0.trimmingCharacters(in: .whitespaces).isEmpty })
        #expect(documented == Set(AdapterEnvironment.ordinaryNames + [AdapterEnvironment.localePrefix + "*"]))
    }

    /// (a name given with --adapter-env, what the refusal says)
    static let refusedNames: [(String, String)] = [
        ("MAMCONF_GRAPH_CLIENT_SECRET", "mamconf's own"),
        ("MAMCONF_ADAPTER_TOKEN", "mamconf's own"),
        ("MAMCONF_DATA_DIR", "mamconf's own"),
        ("", "is not an environment variable name"),
        ("VENDOR=value", "is not an environment variable name"),
        ("TWO WORDS", "is not an environment variable name"),
        ("9LIVES", "is not an environment variable name"),
    ]

    @Test(arguments: refusedNames)
    func namesThatCannotBePassedAreRefused(name: String, saying words: String) {
        #expect {
            try AdapterEnvironment(passing: [name])
        } throws: { error in
            (error as? AdapterEnvironment.Problem)?.description.contains(words) == true
        }
    }

    /// (arguments after `mamconf run --junit REPORT`, what the one-line cause says): all exit 2, no case run.
    static let usageCases: [([String], String)] = [
        (["--adapter-env", "MAMCONF_GRAPH_CLIENT_SECRET", "--", "/bin/true"], "MAMCONF_GRAPH_CLIENT_SECRET is mamconf's own"),
        (["--adapter-env", "VENDOR=value", "--", "/bin/true"], "is not an environment variable name"),
        (["--adapter", "tcp://127.0.0.1:8765", "--adapter-env", "HOME"], "--adapter-env applies to an adapter command"),
    ]

    @Test(arguments: usageCases)
    func adapterEnvironmentUsageProblemsAreExitTwoWithTheCause(arguments: [String], saying words: String) async throws {
        try await UsageProblem.expectRefused(arguments, saying: words)
    }

    /// One real run: a shell adapter that writes down its environment, then runs the reference.
    @Test func aStdioAdapterSeesNoneOfMamconfsCredentials() async throws {
        let work = NSTemporaryDirectory() + "mamconf-env-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        let script = "\(work)/dump-env.sh"
        try "#!/bin/sh\nenv > \"$1\"\nshift\nexec \"$@\"\n".write(toFile: script, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in Self.parent where name != "PATH" && name != "HOME" { environment[name] = value }
        let (status, output) = try await runCommand([
            InterruptionTests.mamconf, "run", "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures,
            "--case", "enrollment/registered-accounts-lists-every-account", "--junit", "\(work)/junit.xml",
            "--adapter-env", "VENDOR_SETTING", "--", "/bin/sh", script, "\(work)/env.txt", try EndToEnd.referenceExecutable(),
        ], environment: environment)
        #expect(status == 0, "\(output)")
        let seen = try String(contentsOfFile: "\(work)/env.txt", encoding: .utf8)
        let names = Set(seen.split(separator: "\n").compactMap { $0.split(separator: "=", maxSplits: 1).first.map(String.init) })
        for secret in ["graph-secret-5521", "tenant-0815", "adapter-token-7741", "admin-token-3310", "aws-secret-9090", "ghp-secret-4242", "user:pw"] {
            #expect(!seen.contains(secret), "the adapter was given \(secret)")
        }
        #expect(names.isDisjoint(with: ["MAMCONF_GRAPH_CLIENT_SECRET", "MAMCONF_ADAPTER_TOKEN", "MAMCONF_MOCK_ADMIN_TOKEN", "GITHUB_TOKEN"]), "\(names.sorted())")
        #expect(names.isSuperset(of: ["PATH", "HOME", "LANG", "LC_TIME", "TZ", "MAMCONF_DATA_DIR"]), "\(names.sorted())")
        #expect(seen.contains("VENDOR_SETTING=kept-when-asked"), "\(names.sorted())")
    }
}
