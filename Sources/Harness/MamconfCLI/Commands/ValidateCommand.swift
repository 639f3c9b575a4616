import ArgumentParser
import Foundation

/// Checks suite files without running anything: every error, with its position, then exit 2.
struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate", abstract: "Check suite files and their fixtures; print every error as file:line:column.")

    @OptionGroup var suites: SuiteOptions

    @Argument(help: "Suite files, directories or glob patterns to check (default: every suite in the suites directory). The requirement catalog is not a suite and is skipped.")
    var paths: [String] = []

    func run() async throws {
        let loaded = try suites.loadSuites(paths: paths)
        let cases = loaded.reduce(0) { $0 + $1.cases.count }
        print("\(loaded.count) suite(s), \(cases) case(s): no errors")
    }
}
