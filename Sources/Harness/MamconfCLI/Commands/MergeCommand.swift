import AdapterProtocol
import ArgumentParser
import Foundation
import JUnitXML

/// Merges the JUnit reports of shards (or of a `--junit-dir` directory) into one report.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the JUnit reports of shards into one report.",
        discussion: """
            Each input is a report file or a --junit-dir directory (TEST-*.xml), in any dialect. Suites of the same \
            name are combined; suites and cases are put back in the order of the unsharded run (the suite.index and \
            cases properties), times are summed and the earliest timestamp kept. Exit 2, writing nothing, when the \
            inputs were made from different suite files (their suites.digest differs), when a case is in two \
            inputs, or when an input cannot be read. Missing shards are reported on stderr but do not stop the merge.
            """)

    @Option(name: .customLong("junit-dialect"), help: "The dialect of the merged report (see docs/reports.md).")
    var dialect: JUnitDialect = .standard

    @Argument(help: "The merged report to write (replaced atomically).")
    var output: String

    @Argument(help: "The reports to merge: files or --junit-dir directories.")
    var inputs: [String]

    func run() throws {
        let documents = try inputs.map { JUnitMerger.Input(source: $0, document: try ReportInputs.read($0)) }
        let merged: JUnitMerger.Result
        do {
            merged = try JUnitMerger.merge(documents)
        } catch {
            throw MamconfExit(MamconfExit.notJudged, error.description)
        }
        for warning in merged.warnings {
            StandardStreams.write("mamconf: warning: \(warning)\n", to: STDERR_FILENO)
        }
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
        print("merged \(inputs.count) report(s) into \(output): \(document.suites.count) suite(s), \(document.tests) case(s), "
              + "\(document.failures) failed, \(document.errors) errored, \(document.skipped) skipped")
    }
}
