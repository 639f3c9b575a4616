import ConformanceCore
import Foundation

/// Loads suites from YAML files, with their fixtures, reporting every error with its position.
public struct SuiteLoader {
    public struct Result {
        public var suites: [Suite]
        public var errors: [SuiteError]
    }

    public let fixturesDirectory: String
    public let catalog: RequirementCatalog?
    /// Real accounts that replace the fixtures' users by alias (a Graph run's tenant file).
    public var accounts: TenantProfile?

    public init(fixturesDirectory: String, catalog: RequirementCatalog?) {
        self.fixturesDirectory = fixturesDirectory
        self.catalog = catalog
    }

    /// The suite files of a directory (`*.yaml` except the requirement catalog), sorted by name.
    public static func suiteFiles(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { SuitePaths.isSuiteName($0) }
            .sorted().map { "\(directory)/\($0)" }
    }

    public func load(paths: [String]) -> Result {
        let fixtures = FixtureStore(directory: fixturesDirectory, accounts: accounts)
        var suites: [Suite] = []
        var errors: [SuiteError] = []
        var suiteIDs: [String: SourceLocation] = [:]
        for path in paths {
            let data: Data
            switch InputFile.read(path) {
            case .success(let read): data = read
            case .failure(let problem):
                errors.append(SuiteError(SourceLocation(file: path, line: 1, column: 1), "cannot read suite file: \(SuitePaths.why(problem))"))
                continue
            }
            let document = YAMLDocument(file: path, data: data)
            let suite = SuiteParser(doc: document, fixtures: fixtures, catalog: catalog).parse()
            errors.append(contentsOf: document.errors)
            guard let suite else { continue }
            if let first = suiteIDs[suite.id] {
                errors.append(SuiteError(suite.location, "duplicate suite id '\(suite.id)' (also in \(first.file))"))
                continue
            }
            suiteIDs[suite.id] = suite.location
            suites.append(suite)
        }
        errors.append(contentsOf: fixtures.errors)
        errors.sort { ($0.location.file, $0.location.line, $0.location.column) < ($1.location.file, $1.location.line, $1.location.column) }
        return Result(suites: suites, errors: errors)
    }
}

extension SuiteLoader {
    /// A tenant and policies by fixture name, for tools that arrange a backend without a suite
    /// (`adapter-check`). Errors name the files.
    public func fixtures(tenant: String, policies: [String]) -> (TenantFixture?, [PolicyFixture], [SuiteError]) {
        let store = FixtureStore(directory: fixturesDirectory, accounts: accounts)
        let here = SourceLocation(file: fixturesDirectory, line: 1, column: 1)
        let loaded = store.tenant(tenant, reference: here)
        let found = policies.compactMap { store.policy($0, reference: here) }
        return (loaded, found, store.errors)
    }
}
