import ArgumentParser
import ConformanceCore
import Foundation
import RunReporters

/// Renders reports from existing JUnit reports, merged as `merge` merges shards: so a sharded CI run gets one HTML
/// report after the fact, without running anything again.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write an HTML report from JUnit reports (shards are merged first).",
        discussion: """
            Each input is a report file or a --junit-dir directory (TEST-*.xml) that mamconf wrote; several are \
            merged as `mamconf merge` merges them, and refused for the same reasons (exit 2, writing nothing). The \
            HTML file is self-contained: it reads offline and prints.
            """)

    @Option(name: .customLong("html"), help: "The HTML report to write (replaced atomically).")
    var html: String

    @Flag(name: .customLong("allow-missing-shards"),
          help: "Report on part of a run: each missing shard and each planned case in no input becomes an errored case.")
    var allowMissingShards = false

    @Argument(help: "The JUnit reports: files or --junit-dir directories.")
    var inputs: [String]

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("name at least one JUnit report") }
    }

    func run() throws {
        let run = SummaryRun(try ReportInputs.merged(inputs, allowMissingShards: allowMissingShards).document, transcripts: true)
        // The reports were redacted when they were written; the redactor still masks the shapes secrets travel in.
        do { try HTMLReportReporter.write(run, redactor: Redactor(), to: html) } catch {
            throw MamconfExit(MamconfExit.notJudged, error.message)
        }
        print("wrote \(html): \(run.counts.total) case(s), \(run.counts.failed) failed, \(run.counts.errored) errored, \(run.counts.skipped) skipped")
    }
}
