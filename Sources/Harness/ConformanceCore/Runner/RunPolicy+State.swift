import AdapterProtocol

extension RunPolicy {
    /// The policy folded over the cases judged so far. Its texts go into the reports as they are: the run's abort
    /// reason, its infrastructure problems and the error of every case not run.
    struct State: Sendable {
        let restartBudget: Int
        /// Who the integration said it is, once a case has started it.
        private(set) var integration: IntegrationInfo?
        /// Set once nothing further can be judged; every case after that is reported with this error.
        private(set) var stop: CaseError?
        /// Why nothing could be judged (the run exits 2).
        private(set) var abortReason: String?
        /// Faults outside the integration: each fails the run.
        private(set) var infrastructureProblems: [String] = []
        private(set) var interrupted = false
        private var backendFailed = false
        private var brokenInARow = 0

        init(restartBudget: Int) {
            self.restartBudget = restartBudget
        }

        /// The backend did not answer before the first case: nothing can be judged.
        mutating func backendUnreachable(_ fault: BackendFault) {
            abortReason = "backend unreachable: \(fault.description)"
            stop = .backend(fault)
        }

        /// Takes the next case in plan order into account and says what the run does next.
        mutating func judge(_ judged: Judged) -> Decision {
            if let stop { return .stop(stop) }
            switch judged {
            case .notStarted(let signal):
                interrupted = true
                let why = CaseError.notRun("the run was interrupted by signal \(signal) before this case started")
                stop = why
                return .stop(why)
            case .finished(let outcome, let known, let wasInterrupted):
                return finished(outcome, integration: known, interrupted: wasInterrupted)
            }
        }

        private mutating func finished(_ outcome: CaseOutcome, integration known: IntegrationInfo?, interrupted wasInterrupted: Bool) -> Decision {
            var decision = Decision.goOn
            let unusable = Self.adapterUnusable(outcome)
            if integration == nil, let why = unusable, !wasInterrupted {
                // The first case decides whether the integration starts at all.
                abortReason = "adapter cannot start: \(why.description)"
                stop = .notRun("the adapter cannot start: \(why.description)")
            }
            if case .errored(.backend(let fault), _) = outcome, !backendFailed {
                backendFailed = true
                let note = "backend failed during the run: \(fault.description)"
                infrastructureProblems.append(note)
                decision = .noteInfrastructureFault(note)
            }
            integration = integration ?? known
            if wasInterrupted { interrupted = true }
            // A case the interruption broke says nothing about the integration.
            brokenInARow = Self.adapterBroke(outcome) && !interrupted ? brokenInARow + 1 : 0
            if brokenInARow >= restartBudget && stop == nil {
                stop = .notRun("the adapter broke \(brokenInARow) cases in a row (restart budget)")
                infrastructureProblems.append(
                    "the adapter broke \(brokenInARow) cases in a row (restart budget); the remaining cases were not run")
                if let why = unusable {
                    // It can no longer even be started or reached (a test host that died): nothing further can be
                    // judged, which is an infrastructure error, not a verdict.
                    abortReason = "the adapter can no longer be started or reached: \(why.description)"
                }
            }
            if let stop { return .stop(stop) }
            return decision
        }

        /// The adapter could not be started or initialised.
        private static func adapterUnusable(_ outcome: CaseOutcome) -> CaseError? {
            if case .errored(let error, _) = outcome, case .adapterUnusable = error { return error }
            return nil
        }

        /// The integration itself broke the case (exit, protocol violation, failed start).
        private static func adapterBroke(_ outcome: CaseOutcome) -> Bool {
            if case .errored(let error, _) = outcome { return error.isIntegrationFault }
            return false
        }
    }
}
