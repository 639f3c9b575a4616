import ArgumentParser
import ConformanceCore
import AdapterProtocol
import Foundation
import SuiteLoader

/// Where suites and fixtures come from; shared by run, list and validate.
struct SuiteOptions: ParsableArguments {
    @Option(name: .customLong("suites-dir"), help: "Directory holding the suite files and requirements.yaml.")
    var suitesDirectory = "Suites"

    @Option(name: .customLong("fixtures-dir"), help: "Directory holding tenants/ and policies/ (default: the fixtures folder beside the suites directory, else ./fixtures).")
    var fixturesOption: String?

    /// The fixtures in use: as given, else `fixtures/` beside the suites directory (so `--suites-dir` alone
    /// works from any folder), else `./fixtures`.
    var fixturesDirectory: String {
        if let fixturesOption { return fixturesOption }
        let beside = ((suitesDirectory as NSString).deletingLastPathComponent as NSString).appendingPathComponent("fixtures")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: beside, isDirectory: &isDirectory), isDirectory.boolValue { return beside }
        return "fixtures"
    }

    /// What loading found: the suites that loaded, every error, and the digest of the files read.
    struct Loaded {
        var suites: [Suite]
        var errors: [SuiteError]
        var digest: String
    }

    /// Loads the catalog and the given suite files (all suites when none are given) and returns every error
    /// instead of stopping at them, for a caller that must still report what was planned.
    func load(paths: [String] = [], accounts: TenantProfile? = nil) throws -> Loaded {
        let catalogPath = "\(suitesDirectory)/requirements.yaml"
        var errors: [SuiteError] = []
        var catalog: RequirementCatalog?
        if FileManager.default.fileExists(atPath: catalogPath) {
            let loaded = RequirementCatalog.load(path: catalogPath)
            catalog = loaded.0
            errors += loaded.1
        }
        let expanded = SuitePaths.expand(paths.isEmpty ? [suitesDirectory] : paths)
        errors += expanded.errors
        let files = expanded.files
        if files.isEmpty && errors.isEmpty {
            throw MamconfExit(MamconfExit.notJudged, "no suite files found in \(suitesDirectory) (looked in \(FileManager.default.currentDirectoryPath)/\(suitesDirectory); set --suites-dir)")
        }
        var loader = SuiteLoader(fixturesDirectory: fixturesDirectory, catalog: catalog)
        loader.accounts = accounts
        let result = loader.load(paths: files)
        errors += result.errors
        return Loaded(suites: result.suites, errors: errors, digest: digest(files: files))
    }

    /// The digest of every suite file, the catalog and the fixtures, without parsing any of them.
    func digest(files: [String]? = nil) -> String {
        SuiteDigest.compute(suiteFiles: files ?? SuitePaths.expand([suitesDirectory]).files,
                            suitesDirectory: suitesDirectory, fixturesDirectory: fixturesDirectory)
    }

    /// Loads the catalog and the given suite files (all suites when none are given). Errors are
    /// printed as `file:line:column: message`; any error ends the command with exit 2.
    func loadSuites(paths: [String] = []) throws -> [Suite] {
        let loaded = try load(paths: paths)
        try Self.stopOnErrors(loaded.errors)
        return loaded.suites
    }

    /// Prints every error and ends the command with exit 2 when there is any.
    static func stopOnErrors(_ errors: [SuiteError]) throws {
        guard !errors.isEmpty else { return }
        for error in errors { StandardStreams.write("\(error)\n", to: STDERR_FILENO) }
        throw MamconfExit(MamconfExit.notJudged, summary(of: errors))
    }

    /// `N error(s) in FILE, FILE; nothing was run`: the files say which input to fix (a suite, the known-failures
    /// list, the tenant file), where "in suites" would send a person to the wrong one.
    static func summary(of errors: [SuiteError]) -> String {
        var files: [String] = []
        for error in errors where !files.contains(error.location.file) { files.append(error.location.file) }
        let named = files.count > 3 ? files.prefix(3).joined(separator: ", ") + " and \(files.count - 3) more file(s)" : files.joined(separator: ", ")
        return "\(errors.count) error(s) in \(named); nothing was run"
    }
}
