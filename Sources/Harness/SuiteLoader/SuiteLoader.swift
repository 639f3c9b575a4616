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
        // A batch at a time: a parsed document is several times the size of its file, and thousands held at once
        // made loading the largest use of memory in a run.
        let batches = stride(from: 0, to: paths.count, by: Self.batchSize).lazy
            .map { Array(paths[$0..<min($0 + Self.batchSize, paths.count)]) }
            .flatMap { batch in zip(batch, Self.documents(batch)) }
        for (path, read) in batches {
            let document: YAMLDocument
            switch read {
            case .success(let read): document = read
            case .failure(let problem):
                errors.append(SuiteError(SourceLocation(file: path, line: 1, column: 1), "cannot read suite file: \(SuitePaths.why(problem))"))
                continue
            }
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
    /// How many files are read and parsed at once.
    static let batchSize = 16

    /// Each file read and its YAML parsed, in the order of `paths`. Files do not depend on each other, and this is
    /// about half of loading the suites (a tenth of a second for the bundled ones, seconds for thousands of cases), so
    /// it runs on every core; the suites are then built one at a time, in order, so errors read the same (issue 30).
    static func documents(_ paths: [String]) -> [Swift.Result<YAMLDocument, InputFile.Problem>] {
        var documents = [Swift.Result<YAMLDocument, InputFile.Problem>?](repeating: nil, count: paths.count)
        documents.withUnsafeMutableBufferPointer { slots in
            // Each iteration writes its own slot, and the document it makes is used by no one else until all are done.
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: paths.count) { index in
                slots[index] = InputFile.read(paths[index]).map { YAMLDocument(file: paths[index], data: $0) }
            }
        }
        return documents.map { $0! }
    }

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
