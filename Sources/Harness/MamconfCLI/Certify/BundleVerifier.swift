import ConformanceCore
import Foundation
import JUnitXML

/// `certify --verify`: recomputes what a bundle's manifest states and lists every difference. The digests show the
/// bundle is unedited and matches this harness's suites; only the signature says who vouches for it.
struct BundleVerifier: Sendable {
    var suitesDirectory: String
    var fixturesDirectory: String
    /// `--public-key`: when set, the manifest's detached signature must verify with it.
    var publicKeyPath: String?

    /// Every difference, one line each (empty when the bundle holds). Throws only when the bundle cannot be read
    /// at all: no manifest, a malformed one, or an unreadable key.
    func differences(in directory: String) throws(CertificationError) -> [String] {
        let bundle = CertificationBundle(directory: directory)
        let manifestBytes = try CertificationBundle.readBounded(bundle.manifestPath, limit: CertificationManifest.sizeLimit)
        let manifest = try CertificationManifest.read(bundle.manifestPath)
        let publicKey = try publicKeyPath.map { path throws(CertificationError) in try ManifestSignature.publicKey(at: path) }
        var lines: [String] = []
        // Digests cover everything but the manifest itself; its bytes must be the ones this harness writes for its
        // content, so an edit that leaves the values alone (spacing, order, an added key) is named too.
        if manifestBytes != manifest.encoded() {
            lines.append("\(CertificationManifest.fileName) is not as this harness writes it: it was edited after it was written")
        }
        if manifest.harnessVersion != HarnessVersion.current {
            lines.append("the manifest was written by harness \(manifest.harnessVersion); this is \(HarnessVersion.current)")
        }
        lines += reportDifferences(manifest, bundle)
        lines += resultDifferences(manifest, bundle)
        lines += FileDigests.differences(recorded: manifest.suites, actual: treeOrEmpty(suitesDirectory), what: "suite file",
                                         actualPlace: "this harness's suites (\(suitesDirectory))")
        lines += FileDigests.differences(recorded: manifest.fixtures, actual: treeOrEmpty(fixturesDirectory), what: "fixture file",
                                         actualPlace: "this harness's fixtures (\(fixturesDirectory))")
        if let publicKey {
            if let signature = try? CertificationBundle.readBounded(bundle.signaturePath, limit: ManifestSignature.sizeLimit) {
                if !ManifestSignature.isValid(signature, over: manifestBytes, for: publicKey) {
                    lines.append("\(CertificationManifest.signatureFileName) is not a signature of \(CertificationManifest.fileName) by this public key")
                }
            } else {
                lines.append("\(CertificationManifest.signatureFileName) is missing or unreadable")
            }
        }
        return lines
    }

    /// Each report's digest, and any file in the bundle the manifest does not list.
    private func reportDifferences(_ manifest: CertificationManifest, _ bundle: CertificationBundle) -> [String] {
        var actual: [String: String] = [:]
        let present = (try? FileManager.default.contentsOfDirectory(atPath: bundle.directory)) ?? []
        let own: Set = [CertificationManifest.fileName, CertificationManifest.signatureFileName]
        for name in present where !own.contains(name) {
            actual[name] = (try? FileDigests.file(bundle.path(name))) ?? "unreadable"
        }
        return FileDigests.differences(recorded: manifest.reports, actual: actual, what: "report", actualPlace: "the bundle")
    }

    /// The counts and the verdict, recomputed from `junit.xml`.
    private func resultDifferences(_ manifest: CertificationManifest, _ bundle: CertificationBundle) -> [String] {
        let document: JUnitDocument
        do { document = try JUnitReader.read(path: bundle.junitPath) } catch {
            return ["\(CertificationBundle.junitName) cannot be read, so the counts cannot be recomputed: \(error.description)"]
        }
        let counts = CertificationCounts(document)
        var lines = counts.differences(from: manifest.counts).map {
            "counts.\($0.name): \(CertificationBundle.junitName) has \($0.mine), the manifest says \($0.theirs)"
        }
        if manifest.skippedCases.count != counts.skipped {
            lines.append("skippedCases: the manifest lists \(manifest.skippedCases.count), \(CertificationBundle.junitName) has \(counts.skipped) skipped")
        }
        let verdict = CertificationVerdict.judge(counts, skipKinds: manifest.skipKinds)
        if verdict != manifest.verdict {
            lines.append("verdict: recomputed \(verdict.rawValue), the manifest says \(manifest.verdict.rawValue)")
        }
        return lines
    }

    private func treeOrEmpty(_ directory: String) -> [String: String] {
        (try? FileDigests.tree(directory)) ?? [:]
    }
}
