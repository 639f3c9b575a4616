import AdapterProtocol
import Foundation

/// A fingerprint of everything a run's verdicts depend on besides the integration: the suite files, the
/// requirement catalog and the fixtures. Shard reports are merged only when their digests agree, so a report
/// from an older checkout cannot be mixed into a newer run.
///
/// FNV-1a (64 bits) over each file's name relative to its folder and its bytes, in name order: it detects
/// change, it is not meant to resist tampering. Absolute paths stay out, so every machine computes the same value.
public enum SuiteDigest {
    /// `suiteFiles` are digested under their path relative to `suitesDirectory`; every regular file below
    /// `fixturesDirectory` under `fixtures/` and its relative path.
    public static func compute(suiteFiles: [String], suitesDirectory: String, fixturesDirectory: String) -> String {
        var named: [(String, String)] = suiteFiles.map { ("suites/" + relative($0, to: suitesDirectory), $0) }
        let catalog = (suitesDirectory as NSString).appendingPathComponent(SuitePaths.catalogName)
        if FileManager.default.fileExists(atPath: catalog) { named.append(("suites/" + SuitePaths.catalogName, catalog)) }
        if let walker = FileManager.default.enumerator(atPath: fixturesDirectory) {
            for case let path as String in walker {
                let full = (fixturesDirectory as NSString).appendingPathComponent(path)
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                    named.append(("fixtures/" + path, full))
                }
            }
        }
        var fnv = FNV1a()
        for (name, path) in named.sorted(by: { $0.0 < $1.0 }) {
            fnv.combine(Array(name.utf8) + [0])
            fnv.combine(FileManager.default.contents(atPath: path) ?? Data())
            fnv.combine([0xff])
        }
        return "fnv1a64:" + fnv.hex
    }

    private static func relative(_ path: String, to directory: String) -> String {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : (path as NSString).lastPathComponent
    }
}
