import AdapterProtocol
import ConformanceCore
import Dispatch
import Foundation
import JUnitXML
import Synchronization

/// The run's report as far as it is known, for the moment a second signal ends mamconf at once.
///
/// A person who presses Ctrl-C twice wants out now, and the report path must still hold this run's verdict, not
/// an older run's and not a half-written file. So the run hands over what it knows as it goes (the plan, each
/// case as it is judged), and a second signal writes that: finished cases as they ended, the others as not run.
/// The run's own report writes go through ``writing(_:)``: a second signal during one waits for it to finish
/// (a bounded while) instead of ending the process halfway through it, which would leave a temporary file.
public final class LastResortReport: Sendable {
    public let path: String
    let dialect: JUnitDialect
    let redactor: Redactor
    /// Longest wait, in seconds, for a report write under way when the second signal comes.
    static let writeWait = 10.0

    private enum Phase { case open, writing, written, lastResort }
    private struct State {
        var plan: RunPlan?
        var finished: [CaseResult] = []
        var phase = Phase.open
    }
    private let state = Mutex(State())
    private let writeEnded = DispatchSemaphore(value: 0)

    public init(path: String, dialect: JUnitDialect, redactor: Redactor) {
        self.path = path
        self.dialect = dialect
        self.redactor = redactor
    }

    /// The cases the run plans, once it knows them. Only the plan's outline is kept: the run frees each case's steps
    /// once it is judged, which it could not while this held them.
    public func planned(_ plan: RunPlan) {
        let outline = plan.outline
        let count = outline.scheduled.reduce(0) { $0 + $1.suite.cases.count }
        state.withLock { state in
            state.plan = outline
            // Sized once: grown by doubling, a long run's list of results kept up to half its room empty.
            state.finished.reserveCapacity(count)
        }
    }

    func finished(_ result: CaseResult) {
        state.withLock { $0.finished.append(result) }
    }

    /// Runs one of the run's own report writes, unless a second signal's write has begun (mamconf is then exiting
    /// with that report, and a second writer would only race it).
    public func writing(_ body: () async throws -> Void) async throws {
        let mayWrite = state.withLock { state -> Bool in
            guard state.phase != .lastResort else { return false }
            state.phase = .writing
            return true
        }
        guard mayWrite else { return }
        defer {
            state.withLock { $0.phase = .written }
            writeEnded.signal()
        }
        try await body()
    }

    /// Called on the signal thread when a second signal ends mamconf: writes what is known, or waits for the write
    /// under way. Returns when mamconf may exit.
    public func writeNow(signal: Int32) {
        enum Action { case write(RunPlan?, [CaseResult]), wait, nothing }
        let action = state.withLock { state -> Action in
            switch state.phase {
            case .open:
                state.phase = .lastResort
                return .write(state.plan, state.finished)
            case .writing: return .wait
            case .written, .lastResort: return .nothing
            }
        }
        switch action {
        case .write(let plan, let finished):
            let cause = CaseError.notRun("the run was interrupted by signal \(signal) a second time and ended before this case finished")
            let report = NotJudgedReport(plan: plan, cause: cause, finished: finished, path: path, redactor: redactor)
            do { try report.writeNow(dialect: dialect) } catch {
                StandardStreams.write("mamconf: the report was not written: \(redactor.redact("\(error)"))\n", to: STDERR_FILENO)
            }
        case .wait:
            _ = writeEnded.wait(timeout: .now() + Self.writeWait)
        case .nothing:
            break
        }
    }

    /// The run's JUnit reporter, its cases recorded here and its write guarded.
    public func guarding(_ inner: JUnitReporter) -> some Reporter {
        Guarded(inner: inner, report: self)
    }

    private struct Guarded: Reporter {
        let inner: JUnitReporter
        let report: LastResortReport

        func caseFinished(_ result: CaseResult) async {
            report.finished(result)
            await inner.caseFinished(result)
        }

        func runFinished(_ result: RunResult) async throws {
            try await report.writing { try await inner.runFinished(result) }
        }
    }
}
