import ArgumentParser
import ConformanceCore
import Foundation

/// Lists suites and cases with the requirement IDs they check.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List suites, cases and the requirements they cite.")

    @OptionGroup var suites: SuiteOptions

    func run() async throws {
        for suite in try suites.loadSuites() {
            print("\(suite.id): \(suite.title) [\(suite.requirements.joined(separator: ", "))]")
            for testCase in suite.cases {
                let needs = testCase.capabilities.isEmpty ? "" : " (needs \(testCase.capabilities.sorted().joined(separator: ", ")))"
                print("  \(testCase.id): \(testCase.title) [\(testCase.requirements.joined(separator: ", "))]\(needs)")
            }
        }
    }
}
