import ConformanceCore
import Crypto
import Foundation

/// The folder `certify --out` fills: `junit.xml`, `summary.md`, `report.html`, then `manifest.json` (and `manifest.json.sig`)
/// last, so a manifest only exists beside the reports it describes.
struct CertificationBundle: Sendable {
    static let junitName = "junit.xml"
    static let summaryName = "summary.md"
    static let htmlName = "report.html"
    /// The reports the manifest lists, in the order the run writes them.
    static let reportNames = [junitName, summaryName, htmlName]

    let directory: String

    var junitPath: String { path(Self.junitName) }
    var summaryPath: String { path(Self.summaryName) }
    var htmlPath: String { path(Self.htmlName) }
    var manifestPath: String { path(CertificationManifest.fileName) }
    var signaturePath: String { path(CertificationManifest.signatureFileName) }

    func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }

    /// Makes the folder when it does not exist; refuses one that holds anything, so nothing mamconf did not write
    /// is replaced or removed.
    static func prepare(_ directory: String) throws(CertificationError) -> CertificationBundle {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .outputNotEmpty(path: directory) }
            let entries: [String]
            do { entries = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
                throw .unreadable(path: directory, reason: "\(error.localizedDescription)")
            }
            guard entries.isEmpty else { throw .outputNotEmpty(path: directory) }
        } else {
            do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
                throw .unwritable(path: directory, reason: "\(error.localizedDescription)")
            }
        }
        return CertificationBundle(directory: directory)
    }

    /// The manifest of a finished run of `plan`, with the digests of the suites, the fixtures and this bundle's reports.
    func manifest(of result: RunResult, plan: RunPlan, backend: String, started: Date, finished: Date,
                  suitesDirectory: String, fixturesDirectory: String) throws(CertificationError) -> CertificationManifest {
        let testCases = Dictionary(plan.suites.flatMap { suite in suite.cases.map { ("\(suite.id)/\($0.id)", $0) } },
                                   uniquingKeysWith: { first, _ in first })
        var skipped: [String: String] = [:]
        var missing: [String: [String]] = [:]
        for caseResult in result.allCases {
            guard case .skipped(_, let kind) = caseResult.outcome else { continue }
            skipped[caseResult.qualifiedName] = kind.rawValue
        }
        let integration = result.integration
        for (name, kind) in skipped where kind == SkipKind.integrationCapability.rawValue {
            guard let testCase = testCases[name] else { continue }
            let lacking = testCase.capabilities.filter { integration?.offers($0) != true }.map(\.rawValue)
            for capability in lacking { missing[capability, default: []].append(name) }
        }
        for key in missing.keys { missing[key]?.sort() }
        let counts = CertificationCounts(result.counts)
        let verdict = CertificationVerdict.judge(counts, skipKinds: skipped.values.compactMap(SkipKind.init(rawValue:)))
        var reports: [String: String] = [:]
        for name in Self.reportNames where FileManager.default.fileExists(atPath: path(name)) {
            reports[name] = try FileDigests.file(path(name))
        }
        return CertificationManifest(
            format: CertificationManifest.currentFormat, harnessVersion: HarnessVersion.current,
            started: Self.timestamp(started), finished: Self.timestamp(finished), backend: backend,
            integration: integration.map(CertificationManifest.Integration.init), missingCapabilities: missing,
            skippedCases: skipped, counts: counts, verdict: verdict,
            profile: verdict == .conformantForProfile ? integration?.capabilities.sorted() : nil,
            suites: try FileDigests.tree(suitesDirectory), fixtures: try FileDigests.tree(fixturesDirectory), reports: reports)
    }

    /// Writes the manifest, and its signature when a key is given.
    func write(_ manifest: CertificationManifest, signingKey: P256.Signing.PrivateKey?) throws(CertificationError) {
        let bytes = manifest.encoded()
        try Self.write(bytes, to: manifestPath)
        if let signingKey { try Self.write(try ManifestSignature.sign(bytes, with: signingKey), to: signaturePath) }
    }

    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false).timeSeparator(.colon).timeZone(separator: .omitted))
    }

    private static func write(_ data: Data, to path: String) throws(CertificationError) {
        guard FileManager.default.createFile(atPath: path, contents: data) else {
            throw .unwritable(path: path, reason: "the file cannot be created")
        }
    }

    /// A file's bytes, refusing one over `limit`: a bundle is input from others.
    static func readBounded(_ path: String, limit: Int) throws(CertificationError) -> Data {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable(path: path, reason: "no such file, or not readable") }
        defer { try? handle.close() }
        let data: Data
        do { data = try handle.read(upToCount: limit + 1) ?? Data() } catch {
            throw .unreadable(path: path, reason: "\(error.localizedDescription)")
        }
        guard data.count <= limit else { throw .unreadable(path: path, reason: "larger than \(limit) bytes") }
        return data
    }
}
