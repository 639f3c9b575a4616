import AdapterProtocol
import ArgumentParser
import ConformanceCore
import Crypto
import Foundation
import JUnitXML
import RunReporters
import RunWiring

/// `mamconf certify`: runs every suite of the suites folder and writes a certification bundle (JUnit, summary,
/// manifest of digests and verdict, optional detached signature); `--verify` checks one. See docs/certification.md.
struct CertifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "certify", abstract: "Run every suite and write a certification bundle, or verify one.",
        discussion: """
            A bundle holds junit.xml, summary.md, report.html and manifest.json: the harness version, the SHA-256 of every suite, \
            fixture and report file, the integration's identity and capabilities, the counts and the verdict \
            (fully-conformant, conformant-for-profile, not-conformant). It always runs every suite: there is no \
            --suite, --case, --shard, --expected-failures, --mutant or --variant, and an adapter command that switches \
            on a mutant or a variant is refused. --verify DIR recomputes every digest, the counts and the verdict, and \
            exits 0 when all match, 1 listing each difference, 2 when the bundle cannot be read.
            """)

    @OptionGroup var suites: SuiteOptions

    @Option(help: "The folder to write the bundle into: new or empty.")
    var out: String?

    @Option(help: "Verify the bundle in this folder instead of running.")
    var verify: String?

    @Option(name: .customLong("sign-key"), help: "A P-256 private key (PEM): also write manifest.json.sig, the base64 of a DER ECDSA signature over manifest.json.")
    var signKey: String?

    @Option(name: .customLong("public-key"), help: "With --verify: the P-256 public key (PEM) manifest.json.sig must verify with.")
    var publicKey: String?

    @OptionGroup var adapter: AdapterOptions

    @OptionGroup var backend: BackendOptions

    @Option(name: .customLong("step-timeout"), help: "Default seconds a step may take (above 0, at most \(Int(RunCommand.stepTimeoutLimit))).")
    var stepTimeout = 10.0

    @Option(name: .shortAndLong, help: "Integrations running at once (default: the number of cores), as for run.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    /// Adapter words that switch on a defect or another reading of the guides: a bundle certifies the integration as built.
    static let refusedAdapterFlags = ["--mutant", "--variant", "--list-mutants"]

    func run() async throws {
        if let verify { return try verifyBundle(verify) }
        guard let out else { throw MamconfExit(MamconfExit.notJudged, "give --out DIR to certify, or --verify DIR to check a bundle") }
        for problem in usageProblems() { throw MamconfExit(MamconfExit.notJudged, problem) }
        signal(SIGPIPE, SIG_IGN)
        let key = try Self.typed { () throws(CertificationError) in try signKey.map { path throws(CertificationError) in try ManifestSignature.signingKey(at: path) } }
        let adapterChoice = try adapter.choice(limits: .init(), deadlineScale: 1)
        if let flag = try refusedFlag() {
            throw MamconfExit(MamconfExit.notJudged, "the adapter command switches on \(flag): certify judges the integration as built")
        }
        let (profile, tenantErrors) = backend.tenantProfile()
        try SuiteOptions.stopOnErrors(tenantErrors)
        let loaded = try suites.load(accounts: profile)
        try SuiteOptions.stopOnErrors(loaded.errors)
        let bundle = try Self.typed { () throws(CertificationError) in try CertificationBundle.prepare(out) }
        let plan = RunPlan(suites: loaded.suites, suitesDigest: loaded.digest)

        let started = Date()
        let redactor = Redactor()
        if let token = adapter.token() { redactor.add([token]) }
        let control = RunControl()
        SignalTrap.shared.attach(control)
        defer { SignalTrap.shared.detach() }
        let assembly: RunAssembly
        do throws(BackendFault) {
            assembly = try await RunAssembly.open(backend.choice(redactor: redactor, profile: profile, verbose: false))
        } catch {
            throw MamconfExit(MamconfExit.notJudged, redactor.redact(error.description))
        }
        let reports = ReportChoice(
            junit: .init(path: bundle.junitPath),
            console: .init(style: ConsoleStyle.detect(), startedAt: ContinuousClock.now),
            githubSummary: bundle.summaryPath, html: bundle.htmlPath)
        let result = await assembly.assemble(RunSetup(
            adapter: adapterChoice, reports: reports,
            configuration: RunConfiguration(
                stepTimeout: .seconds(stepTimeout),
                workDirectory: WorkRoot.workDirectory("", keepData: false),
                redactor: redactor, control: control, faultSeed: backend.resolvedFaultSeed(), jobs: jobs))).run(plan)
        await assembly.close()

        if let signalNumber = control.interruptedBy {
            throw MamconfExit(signalNumber == SIGTERM ? MamconfExit.terminated : MamconfExit.interrupted, "interrupted; no manifest written")
        }
        if let reason = result.abortReason { throw MamconfExit(MamconfExit.notJudged, redactor.redact(reason) + "; no manifest written") }
        if let failure = result.reportFailures.first {
            throw MamconfExit(MamconfExit.notJudged, "a report was not written: \(failure.message); no manifest written")
        }
        let manifest = try Self.typed { () throws(CertificationError) in
            let manifest = try bundle.manifest(
                of: result, plan: plan, backend: backend.isGraph ? "graph" : "mock", started: started, finished: Date(),
                suitesDirectory: suites.suitesDirectory, fixturesDirectory: suites.fixturesDirectory)
            try bundle.write(manifest, signingKey: key)
            return manifest
        }
        StandardStreams.write("certify: \(manifest.verdict.rawValue); bundle written to \(out)\n", to: STDOUT_FILENO)
        if manifest.counts.failed + manifest.counts.errored + manifest.counts.notRun > 0 || !result.infrastructureProblems.isEmpty {
            throw MamconfExit(MamconfExit.failed)
        }
    }

    /// What is wrong with the options for writing a bundle.
    func usageProblems() -> [String] {
        var problems: [String] = []
        if publicKey != nil { problems.append("--public-key goes with --verify") }
        if !(stepTimeout > 0 && stepTimeout <= RunCommand.stepTimeoutLimit) {
            problems.append("--step-timeout must be above 0 and at most \(Int(RunCommand.stepTimeoutLimit)) seconds, not \(stepTimeout)")
        }
        if jobs < 1 { problems.append("--jobs must be at least 1") }
        return problems + backend.usageProblems()
    }

    /// The first adapter word that selects a mutant or a variant, if any.
    func refusedFlag() throws -> String? {
        guard case .command(let words) = try adapter.target() else { return nil }
        for word in words.dropFirst() {
            if let flag = Self.refusedAdapterFlags.first(where: { word == $0 || word.hasPrefix($0 + "=") }) { return flag }
        }
        return nil
    }

    private func verifyBundle(_ directory: String) throws {
        if out != nil || signKey != nil { throw MamconfExit(MamconfExit.notJudged, "--verify takes no --out or --sign-key") }
        let verifier = BundleVerifier(suitesDirectory: suites.suitesDirectory, fixturesDirectory: suites.fixturesDirectory, publicKeyPath: publicKey)
        let differences = try Self.typed { () throws(CertificationError) in try verifier.differences(in: directory) }
        guard differences.isEmpty else {
            StandardStreams.write(differences.map { "\($0)\n" }.joined(), to: STDOUT_FILENO)
            throw MamconfExit(MamconfExit.failed, "\(differences.count) difference(s) in \(directory)")
        }
        StandardStreams.write("certify: \(directory) verifies: every digest, the counts and the verdict match\n", to: STDOUT_FILENO)
    }

    /// Renders a bundle error as exit 2 with its message.
    private static func typed<T>(_ body: () throws(CertificationError) -> T) throws -> T {
        do { return try body() } catch { throw MamconfExit(MamconfExit.notJudged, error.description) }
    }
}
