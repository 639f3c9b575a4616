import ConformanceCore
import Dispatch
import JUnitXML
import RunReporters

/// The reporters a run wants. The wiring builds them in one order, JUnit first, then the CI summary and the HTML
/// report, and the console after them, so the console's closing lines name the report only once it was written (and
/// say when the summary was not); GitHub annotations and any extra reporters (a test's recorder) come last. Every
/// reporter redacts with the run's redactor.
public struct ReportChoice: Sendable {
    public var junit: JUnitChoice?
    public var console: ConsoleChoice?
    /// Where to write the Markdown summary for GitHub's step summary (`--github-summary`), or nil.
    public var githubSummary: String?
    /// Where to write the self-contained HTML report (`--html`), or nil.
    public var html: String?
    /// GitHub Actions workflow commands, one per failed case.
    public var githubAnnotations: Bool
    public var extra: [any Reporter]

    /// No reporter at all (the mutation matrix reads the results itself).
    public static let none = ReportChoice()

    public init(junit: JUnitChoice? = nil, console: ConsoleChoice? = nil, githubSummary: String? = nil, html: String? = nil,
                githubAnnotations: Bool = false, extra: [any Reporter] = []) {
        self.junit = junit
        self.console = console
        self.githubSummary = githubSummary
        self.html = html
        self.githubAnnotations = githubAnnotations
        self.extra = extra
    }

    /// The JUnit report: where, for which readers, and the last-resort report that must write the same file when a
    /// second signal ends mamconf mid-run.
    public struct JUnitChoice: Sendable {
        public let path: String
        public let dialect: JUnitDialect
        public let directory: String?
        public let lastResort: LastResortReport?

        /// A report no second signal writes for the run (a run that installs no last-resort report): always
        /// consistent, so it cannot fail.
        public init(path: String, dialect: JUnitDialect = .standard, directory: String? = nil) {
            self.path = path
            self.dialect = dialect
            self.directory = directory
            self.lastResort = nil
        }

        /// Refuses a last-resort report of another path: a second signal would leave this run's verdict elsewhere.
        public init(path: String, dialect: JUnitDialect = .standard, directory: String? = nil,
                    lastResort: LastResortReport?) throws(RunWiringError) {
            if let lastResort, lastResort.path != path {
                throw .guardOfAnotherReport(guarded: lastResort.path, report: path)
            }
            self.path = path
            self.dialect = dialect
            self.directory = directory
            self.lastResort = lastResort
        }
    }

    /// The console: one line per case, the recap and the tally.
    public struct ConsoleChoice: Sendable {
        public var verbose: Bool
        public var style: ConsoleStyle
        /// When the command started (its start-up time is printed with the case times); nil leaves it out.
        public var startedAt: ContinuousClock.Instant?
        /// Where lines and the live progress line go; nil for standard output.
        public var output: (@Sendable (String) -> Void)?
        public var progress: (@Sendable (String) -> Void)?

        public init(verbose: Bool = false, style: ConsoleStyle = .plain, startedAt: ContinuousClock.Instant? = nil,
                    output: (@Sendable (String) -> Void)? = nil, progress: (@Sendable (String) -> Void)? = nil) {
            self.verbose = verbose
            self.style = style
            self.startedAt = startedAt
            self.output = output
            self.progress = progress
        }
    }

    /// The reporters, in report order, for a run redacting with `redactor`.
    func reporters(redactor: Redactor) -> [any Reporter] {
        var built: [any Reporter] = []
        if let junit {
            let reporter = JUnitReporter(path: junit.path, redactor: redactor, dialect: junit.dialect, directory: junit.directory)
            if let lastResort = junit.lastResort { built.append(lastResort.guarding(reporter)) } else { built.append(reporter) }
        }
        if let githubSummary { built.append(GitHubSummaryReporter(path: githubSummary, redactor: redactor, reportPath: junit?.path)) }
        if let html { built.append(HTMLReportReporter(path: html, redactor: redactor)) }
        if let console {
            let startup = console.startedAt.map { ContinuousClock.now - $0 }
            built.append(ConsoleReporter(
                redactor: redactor, verbose: console.verbose, startup: startup, reportPath: junit?.path, style: console.style,
                output: console.output ?? ConsoleReporter.standardOutput, progress: console.progress ?? ConsoleReporter.standardProgress))
        }
        if githubAnnotations { built.append(GitHubAnnotationsReporter(redactor: redactor)) }
        return built + extra
    }
}
