import ConformanceCore
import RunWiring
import Foundation

/// One `adapter-check`: its bundled suite (``AdapterCheck/suite(tenant:policies:)``) run through the normal runner
/// against the check's factory, and its rows read off the results.
struct AdapterCheckRun {
    let factory: CheckAdapterFactory
    /// The backend the rows run on, opened and closed by the run wiring like `run`'s.
    let backend: BackendChoice
    let tenant: TenantFixture
    let policies: [PolicyFixture]
    let redactor: Redactor
    let workDirectory: String
    /// How long each request may take.
    var timeout: Duration = .seconds(10)
    /// Where to write the JUnit report of the rows (none when nil).
    var junit: String?
    /// Rows in flight at once: two per core by default. A row mostly waits (for its integration to start, answer
    /// and end), and a row that waits out a deadline (an adapter that ignores `shutdown`) should not hold up the
    /// others; more at once would crowd the integrations' own deadlines.
    var jobs = min(CheckRow.allCases.count, 2 * ProcessInfo.processInfo.activeProcessorCount)

    /// Runs every row through the one run wiring: the JUnit reporter when a report is asked for (the table is
    /// printed from the results afterwards), and no restart budget short of every row (each row is judged,
    /// whatever broke the one before). The result says what could not be judged (the backend unreachable, a
    /// report not written); a backend that cannot even be started is the thrown fault.
    func run() async throws(BackendFault) -> (rows: [AdapterCheck.Row], result: RunResult) {
        let reports = ReportChoice(junit: junit.map { ReportChoice.JUnitChoice(path: $0) })
        let setup = RunSetup(
            adapter: .factory(factory), reports: reports,
            configuration: RunConfiguration(
                stepTimeout: timeout, workDirectory: workDirectory, redactor: redactor,
                restartBudget: CheckRow.allCases.count + 1, jobs: jobs))
        let result = try await RunAssembly.run(
            RunPlan(suites: [AdapterCheck.suite(tenant: tenant, policies: policies)]), backend: backend, setup: setup)
        return (AdapterCheck.rows(of: result.allCases), result)
    }
}
