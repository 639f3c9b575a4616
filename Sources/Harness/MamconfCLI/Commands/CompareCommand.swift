import ArgumentParser
import Foundation
import JUnitXML

/// Compares two JUnit reports of the same suites, e.g. before and after an SDK upgrade.
struct CompareCommand: ParsableCommand {
    /// How the comparison is printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text
        case markdown
    }

    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two JUnit reports: regressions, fixes, new, removed and newly skipped cases.",
        discussion: """
            Each report is a file or a --junit-dir directory, in any dialect, merged or not. Cases are matched by \
            classname and name. Exit 1 when a case that passed in BASE fails or errors in NEW, 0 otherwise, \
            2 when a report cannot be read.
            """)

    @Option(help: "Output: text, or markdown for a pull-request comment.")
    var format: Format = .text

    @Argument(help: "The report to compare against (e.g. the run with the old SDK).")
    var base: String

    @Argument(help: "The report to judge (e.g. the run with the new SDK).")
    var new: String

    func run() throws {
        let comparison = ReportComparison(base: try ReportInputs.read(base), new: try ReportInputs.read(new))
        switch format {
        case .text: print(comparison.text(base: base, new: new), terminator: "")
        case .markdown: print(comparison.markdown(base: base, new: new), terminator: "")
        }
        if comparison.hasRegressions {
            throw MamconfExit(MamconfExit.failed)
        }
    }
}
