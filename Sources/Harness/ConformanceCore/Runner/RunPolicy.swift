import AdapterProtocol

/// What a run does after each judged case: go on, note an infrastructure fault, or stop with the reason every
/// remaining case is reported not run.
///
/// Kept apart from scheduling, the clock and the reporters so each rule (the first case's abort, the restart
/// budget, interruption, a backend that fails) can be tested as a table of outcomes instead of through whole
/// runs, and so a parallel run applies exactly the rules a serial one does, in plan order.
struct RunPolicy: Sendable {
    /// After this many cases in a row broken by the integration itself, the run stops.
    var restartBudget: Int

    init(restartBudget: Int) {
        self.restartBudget = restartBudget
    }

    /// The run's state before its first case.
    func start() -> State { State(restartBudget: restartBudget) }

    /// What the policy learns about a case, in plan order.
    enum Judged: Sendable {
        /// The run was interrupted before the case started.
        case notStarted(signal: Int32)
        /// The case ran. `interrupted`: the run had been interrupted by the time it was judged (whatever the
        /// case saw last, a killed adapter for one, is then a consequence of that, not the integration's fault).
        case finished(CaseOutcome, integration: IntegrationInfo?, interrupted: Bool)
    }

    /// What the run does next.
    enum Decision: Sendable {
        case goOn
        /// Go on, with a fault outside the integration noted once for the run (it fails the run).
        case noteInfrastructureFault(String)
        /// Launch nothing more: every case not yet judged is reported not run with this error.
        case stop(CaseError)
    }
}
