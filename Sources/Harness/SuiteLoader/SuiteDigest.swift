import AdapterProtocol
import Foundation

/// A fingerprint of everything a run's verdicts depend on besides the integration: the suite files, the
/// requirement catalog and the fixtures. Shard reports are merged only when their digests agree, so a report
/// from an older checkout cannot be mixed into a newer run.
///
/// FNV-1a (64 bits) over each file's name relative to its folder and its bytes, in name order: it detects
/// change, it is not meant to resist tampering. Absolute paths stay out, so every machine computes the same value.
///
/// Only what the loader can read is digested, and read no further than it would: the fixtures are the
/// `tenants/*.yaml` and `policies/*.yaml` files (not whatever else the folder holds, which may be `/proc`), a file
/// that is not a regular file is left out, and one over ``InputFile/byteLimit`` counts by its size (the loader
/// refuses it, so its bytes cannot change a verdict). A digest never holds more than one file in memory.
public enum SuiteDigest {
    /// The fixture folders the loader reads, and the only ones digested.
    static let fixtureKinds = ["tenants", "policies"]

    /// `suiteFiles` are digested under their path relative to `suitesDirectory`; the fixture files under
    /// `fixtures/` and their path relative to `fixturesDirectory`.
    public static func compute(suiteFiles: [String], suitesDirectory: String, fixturesDirectory: String) -> String {
        var named: [(String, String)] = suiteFiles.map { ("suites/" + relative($0, to: suitesDirectory), $0) }
        let catalog = (suitesDirectory as NSString).appendingPathComponent(SuitePaths.catalogName)
        if FileManager.default.fileExists(atPath: catalog) { named.append(("suites/" + SuitePaths.catalogName, catalog)) }
        for kind in fixtureKinds {
            let folder = (fixturesDirectory as NSString).appendingPathComponent(kind)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasSuffix(".yaml") {
                named.append(("fixtures/\(kind)/\(name)", (folder as NSString).appendingPathComponent(name)))
            }
        }
        var fnv = FNV1a()
        for (name, path) in named.sorted(by: { $0.0 < $1.0 }) {
            switch InputFile.regularFileSize(path) {
            case .failure:
                continue
            case .success(let size) where size > InputFile.byteLimit:
                fnv.combine(Array(name.utf8) + [0])
                fnv.combine(Array("size \(size)".utf8))
            case .success:
                fnv.combine(Array(name.utf8) + [0])
                if case .success(let data) = InputFile.read(path) { fnv.combine(data) }
            }
            fnv.combine([0xff])
        }
        return "fnv1a64:" + fnv.hex
    }

    private static func relative(_ path: String, to directory: String) -> String {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : (path as NSString).lastPathComponent
    }
}
