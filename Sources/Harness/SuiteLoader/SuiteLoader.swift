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
            .flatMap { start in
                let batch = Array(paths[start..<min(start + Self.batchSize, paths.count)])
                return zip(batch, Self.parsed(batch, from: start, fixtures: fixtures, catalog: catalog))
            }
        for (path, read) in batches {
            let document: YAMLDocument, parsed: Suite?
            switch read {
            case .success(let read): (document, parsed) = read
            case .failure(let problem):
                errors.append(SuiteError(SourceLocation(file: path, line: 1, column: 1), "cannot read suite file: \(SuitePaths.why(problem))"))
                continue
            }
            errors.append(contentsOf: document.errors)
            guard let suite = parsed else { continue }
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

    /// Each file read, its YAML composed and its suite built, in the order of `paths` (the `start`th file onwards of
    /// those loaded together). Files do not depend on each other, and this is all of loading the suites (a tenth of a
    /// second for the bundled ones, seconds for thousands of cases), so it runs on every core (issue 30). What it
    /// reports does not depend on which file finished first: each suite's errors are its document's, fixture errors
    /// go to the reference that comes first in `paths` order (``FixtureStore``), and the caller takes the suites in
    /// order, so duplicate ids name the same file as a one-at-a-time load.
    static func parsed(
        _ paths: [String], from start: Int, fixtures: FixtureStore, catalog: RequirementCatalog?
    ) -> [Swift.Result<(YAMLDocument, Suite?), InputFile.Problem>] {
        var results = [Swift.Result<(YAMLDocument, Suite?), InputFile.Problem>?](repeating: nil, count: paths.count)
        results.withUnsafeMutableBufferPointer { slots in
            // Each iteration writes its own slot, and the document it makes is used by no one else until all are done.
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: paths.count) { index in
                slots[index] = InputFile.read(paths[index]).map { data in
                    let document = YAMLDocument(file: paths[index], data: data)
                    let lookup = FixtureLookup(fixtures, document: start + index)
                    return (document, SuiteParser(doc: document, fixtures: lookup, catalog: catalog).parse())
                }
            }
        }
        return results.map { $0! }
    }

    /// A tenant and policies by fixture name, for tools that arrange a backend without a suite
    /// (`adapter-check`). Errors name the files.
    public func fixtures(tenant: String, policies: [String]) -> (TenantFixture?, [PolicyFixture], [SuiteError]) {
        let store = FixtureStore(directory: fixturesDirectory, accounts: accounts)
        let lookup = FixtureLookup(store, document: 0)
        let here = SourceLocation(file: fixturesDirectory, line: 1, column: 1)
        let loaded = lookup.tenant(tenant, reference: here)
        let found = policies.compactMap { lookup.policy($0, reference: here) }
        return (loaded, found, store.errors)
    }
}
