import AdapterProtocol
import ArgumentParser
import ConformanceCore
import Foundation
import JUnitXML
import RunReporters

/// Merges the JUnit reports of shards (or of a `--junit-dir` directory) into one report.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the JUnit reports of shards into one report.",
        discussion: """
            Each input is a report file or a --junit-dir directory (TEST-*.xml), in any dialect. Suites of the same \
            name are combined; suites and cases are put back in the order of the unsharded run (the suite.index and \
            cases properties), times are summed and the earliest timestamp kept. Exit 2, writing nothing, when the \
            inputs were made from different suite files (their suites.digest differs, or some have none), when a \
            report is given twice or a case is in two inputs (or twice in one), when shard labels are malformed, \
            of different splits or repeated, when a shard or a planned case is in no input (unless \
            --allow-missing-shards), or when an input cannot be read.
            """)

    @Option(name: .customLong("junit-dialect"), help: "The dialect of the merged report (see docs/reports.md).")
    var dialect: JUnitDialect = .standard

    @Flag(name: .customLong("allow-missing-shards"),
          help: "Merge part of a run: each missing shard and each planned case in no input becomes an <error> case.")
    var allowMissingShards = false

    @Option(name: .customLong("github-summary"), help: "Also write a Markdown summary of the merged report here, for GitHub's step summary (\"$GITHUB_STEP_SUMMARY\"); never over 65,535 bytes.")
    var githubSummary: String?

    @Argument(help: "The merged report to write (replaced atomically).")
    var output: String

    @Argument(help: "The reports to merge: files or --junit-dir directories.")
    var inputs: [String]

    func run() throws {
        let merged = try ReportInputs.merged(inputs, allowMissingShards: allowMissingShards)
        let directory = (output as NSString).deletingLastPathComponent
        do {
            if !directory.isEmpty {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            try JUnitWriter.write(merged.document, to: URL(fileURLWithPath: output), dialect: dialect)
        } catch {
            throw MamconfExit(MamconfExit.notJudged, "cannot write \(output): \(error)")
        }
        let document = merged.document
        if let githubSummary {
            // The reports were redacted when they were written; the redactor still masks the shapes secrets travel in.
            do { try GitHubSummaryReporter.write(SummaryRun(document, reportPath: output), redactor: Redactor(), to: githubSummary) } catch {
                throw MamconfExit(MamconfExit.notJudged, error.message)
            }
        }
        print("merged \(inputs.count) report(s) into \(output): \(document.suites.count) suite(s), \(document.tests) case(s), "
              + "\(document.failures) failed, \(document.errors) errored, \(document.skipped) skipped")
    }
}
