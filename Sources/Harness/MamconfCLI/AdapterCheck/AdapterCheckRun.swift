import ConformanceCore
import Foundation

/// One `adapter-check`: its bundled suite (``AdapterCheck/suite(tenant:policies:)``) run through the normal runner
/// against the check's factory, and its rows read off the results.
struct AdapterCheckRun {
    let factory: CheckAdapterFactory
    let backend: any BackendDriver
    let tenant: TenantFixture
    let policies: [PolicyFixture]
    let redactor: Redactor
    let workDirectory: String
    /// Seconds each request may take.
    var timeout: Double = 10
    /// Where to write the JUnit report of the rows (none when nil).
    var junit: String?
    /// Rows in flight at once: two per core by default. A row mostly waits (for its integration to start, answer
    /// and end), and a row that waits out a deadline (an adapter that ignores `shutdown`) should not hold up the
    /// others; more at once would crowd the integrations' own deadlines.
    var jobs = min(CheckRow.allCases.count, 2 * ProcessInfo.processInfo.activeProcessorCount)

    /// Runs every row. The result says what could not be judged (the backend unreachable, a report not written).
    func run() async -> (rows: [AdapterCheck.Row], result: RunResult) {
        let runner = Self.makeRunner(
            adapter: factory, backend: backend, junit: junit, redactor: redactor, timeout: timeout,
            workDirectory: workDirectory, jobs: jobs)
        let result = await runner.run([AdapterCheck.suite(tenant: tenant, policies: policies)])
        return (AdapterCheck.rows(of: result.allCases), result)
    }

    /// The check's run wiring, built the way `run` builds its own: the JUnit reporter when a report is asked for
    /// (the table is printed from the results afterwards), and no restart budget short of every row (each row is
    /// judged, whatever broke the one before).
    static func makeRunner(
        adapter: any SDKAdapterFactory, backend: any BackendDriver, junit: String?, redactor: Redactor, timeout: Double,
        workDirectory: String, jobs: Int
    ) -> Runner {
        Runner(
            adapter: adapter, backend: backend,
            reporters: junit.map { [JUnitReporter(path: $0, redactor: redactor)] } ?? [],
            configuration: RunConfiguration(
                stepTimeout: timeout, workDirectory: workDirectory, redactor: redactor,
                restartBudget: CheckRow.allCases.count + 1, jobs: jobs))
    }
}
