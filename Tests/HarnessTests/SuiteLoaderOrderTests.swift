@testable import ConformanceCore
import Foundation
@testable import SuiteLoader
import Testing

/// Suites are parsed side by side; what loading reports must not depend on which file finished first.
@Suite struct SuiteLoaderOrderTests {
    private func suite(_ id: String, tenant: String = "contoso", policy: String, paddingLines: Int) -> String {
        """
        suite: \(id)
        title: t
        requirements: [ENR-02]
        \(String(repeating: "# padding\n", count: paddingLines))cases:
          - id: one
            title: t
            requirements: [ENR-02]
            tenant: \(tenant)
            policies: [\(policy)]
            steps:
              - do: app.launch
        """
    }

    private func loader() -> SuiteLoader {
        let (catalog, _) = RequirementCatalog.load(path: "\(Repository.suites)/requirements.yaml")
        return SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: catalog)
    }

    /// The first file names the missing fixture far down, the later files near the top: the error is the first
    /// file's, once, as a load of one file at a time reported it.
    @Test func aMissingFixtureIsReportedOnceAtItsFirstReferenceInFileOrder() throws {
        let folder = NSTemporaryDirectory() + "mamconf-order-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var paths: [String] = []
        for index in 0..<24 {
            let path = "\(folder)/s\(String(format: "%02d", index)).yaml"
            try suite("s\(index)", policy: "no-such-policy", paddingLines: index == 0 ? 40 : 0).write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        for _ in 0..<5 {
            let result = loader().load(paths: paths)
            let missing = result.errors.filter { $0.message.hasPrefix("missing policy fixture file") }
            #expect(missing.count == 1, "got instead: \(result.errors)")
            #expect(missing.first?.location.file == paths[0])
            #expect(missing.first?.location.line == 49, "got instead: \(missing)")
            #expect(result.suites.map(\.id) == (0..<24).map { "s\($0)" }, "suites come back in file order")
        }
    }

    /// The store itself, asked out of order: the reference that comes first in file order wins, whenever it arrives.
    @Test func theStoreKeepsTheEarliestReferenceWhateverOrderTheLookupsArriveIn() {
        let store = FixtureStore(directory: Repository.fixtures)
        let late = SourceLocation(file: "b.yaml", line: 3, column: 5)
        let early = SourceLocation(file: "a.yaml", line: 90, column: 7)
        #expect(store.policy("no-such-policy", reference: late, order: .init(document: 1, lookup: 1)) == nil)
        #expect(store.policy("no-such-policy", reference: early, order: .init(document: 0, lookup: 4)) == nil)
        #expect(store.policy("no-such-policy", reference: late, order: .init(document: 2, lookup: 1)) == nil)
        #expect(store.errors.map(\.location) == [early], "got instead: \(store.errors)")
        #expect(store.tenant("contoso", reference: late, order: .init(document: 3, lookup: 1)) != nil)
        #expect(store.errors.count == 1, "a fixture that reads cleanly adds no error")
    }
}
