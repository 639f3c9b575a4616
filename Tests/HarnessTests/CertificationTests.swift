import AdapterProtocol
import ConformanceCore
import Crypto
import Foundation
import JUnitXML
@testable import MamconfCLI
@testable import SuiteLoader
import Testing

/// `mamconf certify`: the verdict, the manifest's digests, and `--verify` accepting an untouched bundle and naming
/// every changed byte. One real certify of a one-suite folder makes the bundle every test copies.
@Suite struct CertificationTests {
    // MARK: The verdict

    @Test(arguments: [
        (CertificationCounts(passed: 3), [SkipKind](), CertificationVerdict.fullyConformant),
        (CertificationCounts(passed: 3, skipped: 1), [.otherSDKVersion], .fullyConformant),
        (CertificationCounts(passed: 3, skipped: 2), [.integrationCapability, .otherSDKVersion], .conformantForProfile),
        (CertificationCounts(passed: 3, failed: 1), [], .notConformant),
        (CertificationCounts(passed: 3, errored: 1), [], .notConformant),
        (CertificationCounts(passed: 3, notRun: 1), [], .notConformant),
        (CertificationCounts(passed: 3, skipped: 1), [.backendCapability], .notConformant),
        (CertificationCounts(passed: 3, skipped: 1), [.expectedFailure], .notConformant),
        (CertificationCounts(passed: 3, skipped: 2), [.integrationCapability], .notConformant),
        (CertificationCounts(skipped: 2), [.integrationCapability, .integrationCapability], .notConformant),
        (CertificationCounts(passed: 1, skipped: 2), [.integrationCapability, .integrationCapability], .conformantForProfile),
        (CertificationCounts(), [], .notConformant),
    ] as [(CertificationCounts, [SkipKind], CertificationVerdict)])
    func theVerdictIsFullWhenEveryCaseForThisSDKVersionPassedAndProfileOnlyForTheIntegrationsOwnSkips(
        counts: CertificationCounts, kinds: [SkipKind], verdict: CertificationVerdict
    ) {
        #expect(CertificationVerdict.judge(counts, skipKinds: kinds) == verdict)
    }

    // MARK: The manifest

    @Test func theManifestRecordsTheSHA256OfEverySuiteFixtureAndReportFile() async throws {
        let made = try await Self.bundle()
        let manifest = try CertificationManifest.read("\(made.bundle)/manifest.json")
        let suite = try Data(contentsOf: URL(fileURLWithPath: "\(made.suites)/conditional-access.yaml"))
        #expect(manifest.suites["conditional-access.yaml"] == SHA256.hash(data: suite).map { String(format: "%02x", $0) }.joined())
        #expect(Set(manifest.suites.keys) == ["conditional-access.yaml", "requirements.yaml"])
        #expect(Set(manifest.reports.keys) == ["junit.xml", "summary.md", "report.html"])
        #expect(!manifest.fixtures.isEmpty && manifest.fixtures.keys.allSatisfy { !$0.hasPrefix("/") })
        #expect(manifest.integration?.name.isEmpty == false)
        #expect(manifest.counts.total > 0 && manifest.counts.passed == manifest.counts.total)
        #expect(manifest.verdict == .fullyConformant)
        #expect(manifest.backend == "mock")
        // The same manifest gives the same bytes: the signature is over them.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(made.bundle)/manifest.json"))
        #expect(manifest.encoded() == bytes)
    }

    @Test func theManifestNamesTheCasesEachMissingCapabilitySkippedAndTheProfile() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "suite".write(toFile: "\(folder)/one.yaml", atomically: true, encoding: .utf8)
        let here = SourceLocation(file: "one.yaml", line: 1, column: 1)
        let (tenant, _, errors) = SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: nil).fixtures(tenant: "contoso", policies: [])
        try #require(errors.isEmpty, "\(errors)")
        func testCase(_ id: String, _ needs: [String]) throws -> TestCase {
            TestCase(id: id, title: id, requirements: [], tenant: try #require(tenant), policies: [], settings: [:],
                     capabilities: Set(try needs.map { try #require(Capability(rawValue: $0)) }), steps: [], location: here)
        }
        let cases = [try testCase("a", ["clipboard", "appConfig"]), try testCase("b", ["clipboard"]), try testCase("c", ["reset"])]
        let plan = RunPlan(suites: [Suite(id: "s", title: "s", requirements: [], cases: cases, location: here)])
        func result(_ id: String, _ outcome: CaseOutcome) -> CaseResult {
            CaseResult(suiteId: "s", caseId: id, title: id, requirements: [], location: here, outcome: outcome, duration: .zero, transcript: [])
        }
        let lacks = CaseOutcome.skipped(reason: "integration lacks a capability", kind: .integrationCapability)
        let run = RunResult(
            suites: [SuiteResult(suiteId: "s", title: "s", requirements: [], started: Date(), duration: .zero,
                                 cases: [result("a", lacks), result("b", lacks), result("c", .passed)])],
            integration: IntegrationInfo(name: "app", version: "1", sdkName: "sdk", sdkVersion: "21.0", capabilities: ["reset"], protocolVersion: "1"),
            backend: "mock", harnessVersion: HarnessVersion.current)
        let manifest = try CertificationBundle(directory: folder).manifest(
            of: run, plan: plan, backend: "mock", started: Date(timeIntervalSince1970: 0), finished: Date(timeIntervalSince1970: 60),
            suitesDirectory: folder, fixturesDirectory: Repository.fixtures)
        #expect(manifest.missingCapabilities == ["clipboard": ["s/a", "s/b"], "appConfig": ["s/a"]])
        #expect(manifest.skippedCases == ["s/a": "integrationCapability", "s/b": "integrationCapability"])
        #expect(manifest.counts == CertificationCounts(passed: 1, skipped: 2))
        #expect(manifest.verdict == .conformantForProfile)
        #expect(manifest.profile == ["reset"])
        #expect(manifest.started == "1970-01-01T00:00:00Z" && manifest.finished == "1970-01-01T00:01:00Z")
        #expect(manifest.suites == ["one.yaml": FileDigests.hex(Data("suite".utf8))])
    }

    @Test func aDigestIsTheStandardSHA256InLowercaseHex() throws {
        #expect(FileDigests.hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    // MARK: --verify

    @Test func verifyAcceptsTheUntouchedBundleWithItsSignature() async throws {
        let made = try await Self.bundle()
        let copy = try Self.copy(made)
        defer { try? FileManager.default.removeItem(atPath: copy.root) }
        #expect(try copy.verifier(publicKey: made.publicKey).differences(in: copy.bundle) == [])
        #expect(await Mamconf.run(["certify", "--verify", copy.bundle, "--suites-dir", copy.suites,
                                   "--fixtures-dir", Repository.fixtures, "--public-key", made.publicKey]) == 0)
    }

    @Test(arguments: [
        ("a suite file", "suites/conditional-access.yaml", Edit.lastByte, "suite file conditional-access.yaml changed"),
        ("junit.xml", "bundle/junit.xml", Edit.lastByte, "report junit.xml changed"),
        ("manifest.json's layout", "bundle/manifest.json", Edit.lastByte, "manifest.json is not as this harness writes it"),
        ("a digest in manifest.json", "bundle/manifest.json", Edit.firstDigitOfReport, "report junit.xml changed"),
        ("a count in manifest.json", "bundle/manifest.json", Edit.digitAfter(#""passed" : "#), "counts.passed: junit.xml has"),
        ("the summary", "bundle/summary.md", Edit.lastByte, "report summary.md changed"),
        ("the HTML report", "bundle/report.html", Edit.lastByte, "report report.html changed"),
    ] as [(String, String, Edit, String)])
    func verifyNamesOneChangedByte(what: String, file: String, edit: Edit, expected: String) async throws {
        let made = try await Self.bundle()
        let copy = try Self.copy(made)
        defer { try? FileManager.default.removeItem(atPath: copy.root) }
        try edit.apply(to: "\(copy.root)/\(file)")
        let differences = try copy.verifier(publicKey: nil).differences(in: copy.bundle)
        #expect(differences.contains { $0.hasPrefix(expected) }, "\(what): \(differences)")
    }

    @Test func verifyExitsOneListingTheDifference() async throws {
        let made = try await Self.bundle()
        let copy = try Self.copy(made)
        defer { try? FileManager.default.removeItem(atPath: copy.root) }
        try Edit.lastByte.apply(to: "\(copy.bundle)/junit.xml")
        #expect(await Mamconf.run(["certify", "--verify", copy.bundle, "--suites-dir", copy.suites, "--fixtures-dir", Repository.fixtures]) == 1)
    }

    @Test func theSignatureFailsAfterOneChangedManifestByteOrWithAnotherKey() async throws {
        let made = try await Self.bundle()
        let copy = try Self.copy(made)
        defer { try? FileManager.default.removeItem(atPath: copy.root) }
        let otherKey = "\(copy.root)/other.pem"
        try P256.Signing.PrivateKey().publicKey.pemRepresentation.write(toFile: otherKey, atomically: true, encoding: .utf8)
        let byAnother = try copy.verifier(publicKey: otherKey).differences(in: copy.bundle)
        #expect(byAnother == ["manifest.json.sig is not a signature of manifest.json by this public key"])

        try Edit.firstDigitOfReport.apply(to: "\(copy.bundle)/manifest.json")
        let edited = try copy.verifier(publicKey: made.publicKey).differences(in: copy.bundle)
        #expect(edited.contains("manifest.json.sig is not a signature of manifest.json by this public key"), "\(edited)")
    }

    @Test(arguments: [
        ("not JSON", "{", "not JSON"),
        ("another format", #"{"format": 9}"#, "missing"),
    ])
    func aMalformedManifestIsAnErrorNamingTheFile(what: String, text: String, reason: String) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try text.write(toFile: "\(folder)/manifest.json", atomically: true, encoding: .utf8)
        let verifier = BundleVerifier(suitesDirectory: Repository.suites, fixturesDirectory: Repository.fixtures)
        #expect {
            _ = try verifier.differences(in: folder)
        } throws: { error in
            guard case .malformedManifest(let path, let why) = error as? CertificationError else { return false }
            return path == "\(folder)/manifest.json" && why.contains(reason)
        }
    }

    @Test func anUnreadableKeyIsAClearErrorThatNeverShowsTheKey() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "-----BEGIN PRIVATE KEY-----\nc2VjcmV0\n-----END PRIVATE KEY-----\n".write(toFile: "\(folder)/key.pem", atomically: true, encoding: .utf8)
        #expect(throws: CertificationError.badKey(path: "\(folder)/key.pem", reason: "not a P-256 private key in PEM")) {
            _ = try ManifestSignature.signingKey(at: "\(folder)/key.pem")
        }
    }

    // MARK: Refusals

    @Test func aNonEmptyOutFolderIsRefusedAndLeftUntouched() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "mine".write(toFile: "\(folder)/notes.txt", atomically: true, encoding: .utf8)
        #expect(await Mamconf.run(["certify", "--out", folder, "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures]) == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["notes.txt"])
        #expect(try String(contentsOfFile: "\(folder)/notes.txt", encoding: .utf8) == "mine")
    }

    @Test(arguments: [
        ["--suite", "enrollment"], ["--case", "x"], ["--shard", "1/2"], ["--expected-failures", "known.yaml"],
        ["--", "/bin/true", "--mutant", "skip-wipe"], ["--", "/bin/true", "--variant=late-check-in"],
        ["--adapter", "/bin/true --mutant skip-wipe"],
    ])
    func aSubsetAListOrAMutantIsRefused(arguments: [String]) async throws {
        let root = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let out = "\(root)/bundle"
        #expect(await Mamconf.run(["certify", "--out", out, "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures] + arguments) == 2)
        #expect(!FileManager.default.fileExists(atPath: out), "\(arguments): the bundle folder was made")
    }

    // MARK: Support

    /// One byte changed in a file.
    enum Edit: Sendable, CustomStringConvertible {
        /// The final newline becomes a space.
        case lastByte
        /// The first character after `marker`, changed to another digit.
        case digitAfter(String)

        /// The first hex digit of the manifest's `junit.xml` digest.
        static let firstDigitOfReport = Edit.digitAfter(#""junit.xml" : ""#)

        var description: String {
            switch self {
            case .lastByte: return "last byte"
            case .digitAfter(let marker): return "the digit after \(marker)"
            }
        }

        func apply(to path: String) throws {
            var data = try Data(contentsOf: URL(fileURLWithPath: path))
            let index: Int
            switch self {
            case .lastByte:
                index = data.count - 1
            case .digitAfter(let marker):
                let text = String(decoding: data, as: UTF8.self)
                let key = try #require(text.range(of: marker))
                index = text.utf8.distance(from: text.startIndex, to: key.upperBound)
            }
            data[index] = data[index] == UInt8(ascii: "0") ? UInt8(ascii: "1") : (data[index] == 0x0A ? 0x20 : UInt8(ascii: "0"))
            try data.write(to: URL(fileURLWithPath: path))
        }
    }

    struct Made: Sendable {
        var root: String
        var suites: String
        var bundle: String
        var publicKey: String

        func verifier(publicKey: String?) -> BundleVerifier {
            BundleVerifier(suitesDirectory: suites, fixturesDirectory: Repository.fixtures, publicKeyPath: publicKey)
        }
    }

    /// The one real certify: one suite, the bundled reference, the embedded mock, signed.
    private static let made = Task<Made, any Error> {
        let root = try temporaryFolder()
        let suites = "\(root)/suites"
        try FileManager.default.createDirectory(atPath: suites, withIntermediateDirectories: true)
        for name in ["conditional-access.yaml", "requirements.yaml"] {
            try FileManager.default.copyItem(atPath: "\(Repository.suites)/\(name)", toPath: "\(suites)/\(name)")
        }
        let key = P256.Signing.PrivateKey()
        try key.pemRepresentation.write(toFile: "\(root)/key.pem", atomically: true, encoding: .utf8)
        try key.publicKey.pemRepresentation.write(toFile: "\(root)/public.pem", atomically: true, encoding: .utf8)
        let code = await Mamconf.run(["certify", "--out", "\(root)/bundle", "--suites-dir", suites, "--fixtures-dir", Repository.fixtures,
                                      "--sign-key", "\(root)/key.pem", "--jobs", "2"])
        try #require(code == 0, "certify exited \(code)")
        return Made(root: root, suites: suites, bundle: "\(root)/bundle", publicKey: "\(root)/public.pem")
    }

    static func bundle() async throws -> Made { try await made.value }

    /// A copy of the bundle and its suites folder to edit.
    static func copy(_ made: Made) throws -> Made {
        let root = try temporaryFolder()
        try FileManager.default.copyItem(atPath: made.suites, toPath: "\(root)/suites")
        try FileManager.default.copyItem(atPath: made.bundle, toPath: "\(root)/bundle")
        return Made(root: root, suites: "\(root)/suites", bundle: "\(root)/bundle", publicKey: made.publicKey)
    }

    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "mamconf-certify-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
