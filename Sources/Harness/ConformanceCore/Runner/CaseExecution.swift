import AdapterProtocol
import Foundation

/// Why a case stopped before its last step.
enum CaseStop: Error {
    case failure(CaseFailure)
    case error(CaseError)
    case skip(String, SkipKind)
}

/// Runs one case against a fresh integration process and a fresh tenant.
struct CaseExecution {
    let suite: Suite
    let testCase: TestCase
    let adapterFactory: any SDKAdapterFactory
    let backend: any BackendDriver
    let configuration: RunConfiguration
    let transcript: Transcript
    /// Wall time spent waiting for the backend, reported apart so slow runs can be attributed.
    let backendTime: Stopwatch
    /// What a probe step leaves for the result (its summary; whether it ended the session).
    let notes = CaseNotes()
    /// The case's turn at the run's integration slots, where each case has a tenant and a process of its own: the
    /// case arranges its tenant, then waits for a slot before it starts its integration. Nil where the case starts at
    /// once.
    let ticket: IntegrationSlots.Ticket?
    /// Time spent waiting for a slot, which is not the case's own time.
    let queueTime: Stopwatch

    init(suite: Suite, testCase: TestCase, adapterFactory: any SDKAdapterFactory, backend: any BackendDriver,
         configuration: RunConfiguration, transcript: Transcript, ticket: IntegrationSlots.Ticket? = nil) {
        self.suite = suite
        self.testCase = testCase
        self.adapterFactory = adapterFactory
        self.backend = backend
        self.configuration = configuration
        self.transcript = transcript
        backendTime = Stopwatch(clock: configuration.clock)
        self.ticket = ticket
        queueTime = Stopwatch(clock: configuration.clock)
    }

    struct Outcome {
        var outcome: CaseOutcome
        var integration: IntegrationInfo?
        /// The adapter's last stderr lines (unredacted; the runner redacts them into the result).
        var stderr: [String] = []
        /// What a passing probe saw (nil for a case without one).
        var summary: String?
        /// The case's integration broke it and the case still holds its integration slot: the runner gives it back
        /// once it has judged the case, which may stop the run (the restart budget), so no later case starts its
        /// integration before that decision.
        var keptSlot = false

        /// The adapter could not be started or initialised (for the first case this aborts the run).
        var adapterUnusable: CaseError? {
            if case .errored(let error, _) = outcome, case .adapterUnusable = error { return error }
            return nil
        }

        var backendFault: BackendFault? {
            if case .errored(.backend(let fault), _) = outcome { return fault }
            return nil
        }

        /// The integration itself broke the case (exit, protocol violation, failed start).
        var adapterBroke: Bool {
            if case .errored(let error, _) = outcome { return error.isIntegrationFault }
            return false
        }
    }

    /// `suite/case`: labels the case's objects at the backend and seeds its fault schedule.
    var label: String { "\(suite.id)/\(testCase.id)" }

    /// The time this case spent waiting for the backend.
    var backendDuration: Duration { backendTime.elapsed }

    /// The time this case waited for an integration slot.
    var queuedDuration: Duration { queueTime.elapsed }

    func run(knownIntegration: IntegrationInfo?) async -> Outcome {
        var askedForSlot = false
        // A case that never asks for a slot (skipped, or its arrangement failed) gives its turn up, or the cases after
        // it would wait for it.
        defer { if !askedForSlot { ticket?.pass() } }
        let lacking = testCase.backendNeeds.subtracting(backend.capabilities).map(\.rawValue).sorted()
        if !lacking.isEmpty {
            return Outcome(outcome: .skipped(reason: "the backend lacks capability \(lacking.joined(separator: ", ")) (\(backend.description))", kind: .backendCapability), integration: knownIntegration)
        }
        if let known = knownIntegration, let skip = known.skip(for: testCase) {
            return Outcome(outcome: .skipped(reason: skip.reason, kind: skip.kind), integration: known)
        }
        let fresh = adapterFactory.isolation == .freshProcess
        let log = CaseEventLog(transcript: transcript, strict: configuration.strictProtocol, open: fresh, guards: testCase.guards)
        let dataDirectory = makeDataDirectory()
        var integration = knownIntegration
        var tenant: TenantHandle?
        var stop: CaseStop?
        var session: (any SDKAdapterSession)?
        var holdsSlot = false
        // Interrupting the run cancels the case: the handler ends its integration, which ends any wait on it.
        let canceller = SessionCanceller()
        do { try await withTaskCancellationHandler {
            // Where cases have slots, the tenant is arranged first (while other cases run) and the process started
            // once a slot is free. Otherwise a fresh process is started before the tenant is arranged: it loads while
            // the arrangement's round trips are under way, and it hears nothing until `initialize`, which needs the
            // tenant. A long-lived host is connected only once its case is ready, so no host waits on a slow tenant
            // with a connection open.
            let early = fresh && ticket == nil ? try await start(dataDirectory: dataDirectory, log: log, canceller: canceller) : nil
            session = early
            let arranged = try await arrange()
            tenant = arranged
            if let ticket {
                askedForSlot = true
                try await waitForSlot(ticket)
                holdsSlot = true
            }
            let started: any SDKAdapterSession
            if let early { started = early } else {
                started = try await start(dataDirectory: dataDirectory, log: log, canceller: canceller)
                session = started
            }
            let info = try await initialize(started, tenant: arranged, dataDirectory: fresh ? dataDirectory : nil)
            integration = info
            log.sdkVersion = info.parsedSDKVersion
            if !fresh {
                try await reset(started, info: info)
                log.begin()
            }
            if let skip = info.skip(for: testCase) { throw CaseStop.skip(skip.reason, skip.kind) }
            let context = StepContext(session: started, log: log, tenant: arranged, integration: info)
            for step in testCase.steps {
                // Marks when each suite step began, so the transcript reads against the YAML.
                transcript.add("── step \(step.location.fileAndLine): \(step.kind.label)")
                try await perform(step, context)
                try checkInbound(log, at: step.location)
            }
            // A trailing barrier: questions or faults caused by the last step still count (unless a probe ended
            // the session, after which nothing may be sent).
            if !notes.sessionEnded {
                try await barrier(context, location: testCase.location, timeout: configuration.scaledStepTimeout)
            }
            try checkInbound(log, at: testCase.location)
            // Judged once the case is over: a later step may still expect the wipe or remove its account.
            if let wipe = log.unexpectedWipe() {
                throw CaseStop.failure(wipe.failure(at: testCase.location, details: eventList(log.allEvents())))
            }
        } onCancel: { canceller.cancel() } } catch let caught as CaseStop {
            stop = caught
        } catch {
            stop = .error(.harness("\(error)"))
        }
        if Task.isCancelled, let signal = configuration.control.interruptedBy {
            // Whatever the step saw last (a killed adapter, a broken pipe) is a consequence of the interruption.
            stop = .error(.interrupted(signal: signal))
        }
        var details = ""
        var stderr: [String] = []
        if let session {
            let end = await session.terminate(grace: .seconds(2) * configuration.deadlineScale)
            transcript.add("adapter ended: \(end.exitDescription)")
            stderr = end.stderrTail
            if stop == nil, let crash = end.crash {
                // Every step passed, but the integration crashed on its way out.
                stop = .error(.integration(.exited("it crashed after the case's last step (\(crash))"), at: testCase.location))
            }
            if case .error? = stop, !end.stderrTail.isEmpty {
                details = "last stderr lines:\n" + end.stderrTail.joined(separator: "\n")
            }
        }
        // The integration has ended: the next case may start its own while this one reads its journal and tears
        // down. Unless the integration broke this case: whether the run goes on is the runner's to decide first.
        var keptSlot = false
        if holdsSlot {
            if case .error(let error)? = stop, error.isIntegrationFault { keptSlot = true } else { ticket?.release() }
        }
        // What the integration did at the backend, so a failure can be read from both sides; then the tenant goes.
        if let tenant {
            let entries = await backendTime.measure { [backend, transcript] in
                await uncancelled { await backend.journalAndTeardown(tenant, transcript: transcript) }
            }
            for entry in entries ?? [] {
                let fault = entry.fault.map { " [fault: \($0)]" } ?? ""
                transcript.add("journal #\(entry.sequence) \(entry.route) \(entry.method) \(entry.path) → \(entry.status)\(fault)")
            }
        }
        if !configuration.keepData { try? FileManager.default.removeItem(atPath: dataDirectory) }

        switch stop {
        case nil: return Outcome(outcome: .passed, integration: integration, stderr: stderr, summary: notes.summary)
        case .failure(let failure)?: return Outcome(outcome: .failed(describe(failure)), integration: integration, stderr: stderr)
        case .error(let error)?:
            return Outcome(outcome: .errored(error, details: details), integration: integration, stderr: stderr, keptSlot: keptSlot)
        case .skip(let reason, let kind)?: return Outcome(outcome: .skipped(reason: reason, kind: kind), integration: integration, stderr: stderr)
        }
    }

    // MARK: Start-up

    /// The case's data directory, inside the run's work directory, which only the user can enter: an
    /// integration keeps tokens there.
    private func makeDataDirectory() -> String {
        let root = configuration.workDirectory
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: root)
        let path = (configuration.workDirectory as NSString)
            .appendingPathComponent("\(sanitize(suite.id))/\(sanitize(testCase.id))")
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func sanitize(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
    }

    /// Creates the case's tenant and arranges its groups and policies, to the end even when the run is interrupted
    /// (the tenant is torn down afterwards either way).
    private func arrange() async throws(CaseStop) -> TenantHandle {
        do {
            return try await backendTime.measure { [backend, testCase, label, transcript] () async throws(BackendFault) in
                try await uncancelled { () async throws(BackendFault) in
                    try await backend.arrange(
                        TenantRequest(tenant: testCase.tenant, policies: testCase.policies, label: label), transcript: transcript)
                }
            }
        } catch {
            throw .error(.backend(error))
        }
    }

    /// Waits for an integration slot; throws when the run stops or is interrupted meanwhile.
    private func waitForSlot(_ ticket: IntegrationSlots.Ticket) async throws(CaseStop) {
        switch await queueTime.measure({ await ticket.acquire() }) {
        case .admitted:
            let waited = queueTime.elapsed
            if waited > .zero {
                let slots = ticket.slots
                let slotsNamed = slots.count == 1 ? "the run's one integration slot" : "one of the run's \(slots.count) integration slots"
                transcript.add("waited \(waited.seconds(decimals: 3)) s for \(slotsNamed)")
            }
        case .closed(let reason):
            throw .error(reason)
        case .cancelled:
            throw .error(.interrupted(signal: configuration.control.interruptedBy ?? 0))
        }
    }

    /// Starts the integration and hands it to `canceller`; a case cancelled first ends it at once.
    private func start(dataDirectory: String, log: CaseEventLog, canceller: SessionCanceller) async throws -> any SDKAdapterSession {
        let started: any SDKAdapterSession
        do {
            started = try await adapterFactory.start(dataDirectory: dataDirectory, handler: log)
        } catch {
            throw CaseStop.error(.adapterUnusable(error))
        }
        guard canceller.hold(started) else {
            _ = await started.terminate(grace: .zero)
            throw CaseStop.error(.interrupted(signal: configuration.control.interruptedBy ?? 0))
        }
        return started
    }

    /// Returns a long-lived test host to a fresh install, so this case never runs on an earlier case's leftovers.
    private func reset(_ session: any SDKAdapterSession, info: IntegrationInfo) async throws {
        guard info.capabilities.contains(Capability.reset.rawValue) else {
            throw CaseStop.error(.adapterUnusable(.launchFailed(
                "\(adapterFactory.description) does not declare the \(Capability.reset.rawValue) capability: a test host that serves every case from one process must reset between cases, or cases cannot be isolated")))
        }
        transcript.add("→ \(RunnerMethod.reset.rawValue)")
        do {
            _ = try await session.send(ResetRequest(), timeout: configuration.scaledStepTimeout)
        } catch {
            throw CaseStop.error(.integration(.rejected(method: RunnerMethod.reset.rawValue, error: RPCError(
                .actionFailed, "the integration could not reset, so this case would run on the previous case's state: \(error.description)")), at: testCase.location))
        }
        transcript.add("← \(RunnerMethod.reset.rawValue) done: the case begins")
    }

    private func initialize(_ session: any SDKAdapterSession, tenant: TenantHandle, dataDirectory: String?) async throws -> IntegrationInfo {
        let settings: AppSettings
        do { settings = try JSONValue.object(testCase.settings).decode(as: AppSettings.self) } catch {
            throw CaseStop.error(.harness("the case's app settings do not fit the protocol: \(error)"))
        }
        let request = InitializeRequest(tenant.initializeParams(bundleId: testCase.tenant.bundleId, settings: settings, dataDirectory: dataDirectory))
        transcript.add("→ \(request.method.rawValue) \(request.encodedParams.compactText)")
        let answer: InitializeResult
        do {
            answer = try await session.send(request, timeout: configuration.scaledStepTimeout)
        } catch AdapterFault.protocolViolation(let why) {
            // The answer (or what came instead) breaks the protocol: the fault names it, answer included.
            throw CaseStop.error(.adapterUnusable(.protocolViolation(why)))
        } catch {
            throw CaseStop.error(.adapterUnusable(.launchFailed("\(request.method.rawValue) failed: \(error.description)")))
        }
        transcript.add("← \(JSONValue(encoding: answer).compactText)")
        return IntegrationInfo(answer)
    }

    // MARK: Steps

    struct StepContext {
        let session: any SDKAdapterSession
        let log: CaseEventLog
        let tenant: TenantHandle
        /// What the integration said it is: its protocol decides what a `-32601` answer means.
        let integration: IntegrationInfo
    }

    private func perform(_ step: Step, _ context: StepContext) async throws {
        let timeout = configuration.deadline(for: step)
        noteRemovals(step, context.log)
        switch step.kind {
        case .answer(let question, let answer, let times):
            context.log.script(question: question, answer: answer, times: times)

        case .action(let method, let params, let expected):
            // `within` on an action is a claim about the integration, made against delays the suite itself
            // injects: `--deadline-scale` does not stretch it (it would let a blocking call pass).
            let limit = step.within ?? timeout
            let result: JSONValue
            do {
                result = try await call(method, params, context, step: step, timeout: limit)
            } catch CaseStop.error(.integration(.timeout, _)) where step.within != nil {
                // A `within` on an action is the suite's claim that it returns in time (ENR-01: the app keeps
                // working while the enrollment runs), so running past it is a judged failure, not a hang.
                throw CaseStop.failure(CaseFailure(
                    message: "\(method.rawValue) did not return within \(limit.seconds(decimals: 3)) s",
                    observed: "it was still running when the step's 'within' ran out (a call that waits for the backend "
                        + "or for the app blocks its caller)",
                    location: step.location, details: eventList(context.log.allEvents())))
            }
            if let expected, let problem = Matcher.mismatch(expected: expected, actual: result, schema: method.resultSchema) {
                throw CaseStop.failure(CaseFailure(
                    message: "\(method.rawValue) returned an unexpected result: \(problem)", location: step.location,
                    details: "result: \(result.compactText)"))
            }

        case .check(let query, let params, let expected):
            // State is judged once everything the previous steps set off has settled.
            try await barrier(context, location: step.location, timeout: timeout)
            let result = try await call(query, params, context, step: step, timeout: timeout)
            if let problem = Matcher.mismatch(expected: expected, actual: result, schema: query.resultSchema) {
                // The query as it was asked: which account's policy, which key, makes the failure readable alone.
                let asked = params.objectValue?.isEmpty ?? (params == .null) ? query.rawValue : "\(query.rawValue) \(params.compactText)"
                throw CaseStop.failure(CaseFailure(
                    message: "\(asked) does not match: \(problem)", location: step.location,
                    details: "query: \(asked)\nexpected (partial): \(expected.compactText)\nactual: \(result.compactText)"))
            }

        case .expect(let pattern, let count):
            try await expect(pattern, count: count, context, step: step, timeout: timeout)

        case .expectNo(let pattern):
            try await barrier(context, location: step.location, timeout: timeout)
            let found = context.log.consumeAll(matching: pattern)
            if let first = found.first {
                throw CaseStop.failure(CaseFailure(
                    message: "expected no \(pattern)",
                    observed: "the integration reported \(first.summary) (event #\(first.sequence) at \(first.elapsed.seconds(decimals: 3)) s)",
                    location: step.location, details: eventList(context.log.allEvents())))
            }

        case .expectOrder(let patterns):
            try await expectInOrder(patterns, context, step: step, timeout: timeout)

        case .advanceClock(let duration):
            do {
                try await backendTime.measure { () async throws(BackendFault) in
                    try await backend.perform(.advanceClock(by: duration), on: context.tenant, transcript: transcript)
                }
            } catch {
                throw CaseStop.error(.backend(error))
            }
            let advance = ClockAdvanceRequest(ClockAdvanceParams(seconds: duration.inSeconds))
            _ = try await call(advance.method, advance.encodedParams, context, step: step, timeout: timeout)

        case .checkBackend(let expectation):
            try await checkBackend(expectation, context, step: step)

        case .sendRaw(let method, let params, let code):
            try await sendRaw(method, params, expecting: code, context, step: step, timeout: timeout)

        case .probe(let probe):
            try await self.probe(probe, context, step: step, timeout: timeout)

        case .backend(var action):
            if case .faultSchedule(var schedule) = action, schedule.seed == nil {
                schedule.seed = configuration.faultSeed(forCase: label)
                transcript.add("fault schedule seeded \(schedule.seed ?? 0) (run fault seed \(configuration.faultSeed))")
                action = .faultSchedule(schedule)
            }
            do {
                try await backendTime.measure { () async throws(BackendFault) in
                    try await backend.perform(action, on: context.tenant, transcript: transcript)
                }
            } catch {
                throw CaseStop.error(.backend(error))
            }
        }
    }

    private func expect(_ pattern: EventPattern, count: CountRange?, _ context: StepContext, step: Step, timeout: Duration) async throws {
        if let count {
            try await barrier(context, location: step.location, timeout: timeout)
            let found = context.log.consumeAll(matching: pattern)
            guard count.contains(found.count) else {
                let got = found.isEmpty ? nil : "got: " + found.map(\.summary).joined(separator: "; ")
                throw CaseStop.failure(CaseFailure(
                    message: "expected \(count) × \(pattern), got \(found.count)",
                    observed: got ?? gotInstead(context.log), location: step.location, details: eventList(context.log.allEvents())))
            }
            return
        }
        if context.log.consumeFirst(matching: pattern) != nil { return }
        // `sync` returns only once every event caused so far was sent: if the event is still missing
        // afterwards it is not coming, and waiting out the deadline would only slow the run.
        try await barrier(context, location: step.location, timeout: timeout)
        if context.log.consumeFirst(matching: pattern) != nil { return }
        throw CaseStop.failure(CaseFailure(
            message: "expected \(pattern)", observed: gotInstead(context.log) ?? "nothing further was reported",
            location: step.location, details: eventList(context.log.allEvents())))
    }

    /// Events in the given order: tried at once, then again after `sync` (when everything caused so far has
    /// arrived); the failure says which pattern broke the order and where its event was instead.
    private func expectInOrder(_ stages: [[EventPattern]], _ context: StepContext, step: Step, timeout: Duration) async throws {
        if case .matched = context.log.consumeInOrder(stages) { return }
        try await barrier(context, location: step.location, timeout: timeout)
        guard case .missing(_, let pattern, let previous, let early) = context.log.consumeInOrder(stages) else { return }
        let order = EventPattern.describe(stages)
        let observed: String
        switch (previous, early) {
        case (let previous?, let early?):
            observed = "\(early.summary) arrived as event #\(early.sequence), before \(previous.summary) (event #\(previous.sequence)), not after it"
        case (let previous?, nil):
            observed = "nothing matching \(pattern) arrived after \(previous.summary) (event #\(previous.sequence))"
        case (nil, _):
            observed = gotInstead(context.log) ?? "nothing further was reported"
        }
        throw CaseStop.failure(CaseFailure(
            message: "expected in order: \(order)", observed: observed,
            location: step.location, details: eventList(context.log.allEvents())))
    }

    /// "got instead: …" with the events that arrived after the last matched step, or nil when none did.
    private func gotInstead(_ log: CaseEventLog) -> String? {
        let (events, earlier) = log.gotInstead()
        guard !events.isEmpty || earlier > 0 else { return nil }
        let older = earlier == 0 ? "" : " (and \(earlier) earlier unmatched event(s), in the event list)"
        if events.isEmpty { return "nothing arrived after the last matched event\(older)" }
        return "got instead: " + events.map(\.summary).joined(separator: "; ") + older
    }

    /// Sends `sync`; afterwards every event the integration caused so far is in the log.
    private func barrier(_ context: StepContext, location: SourceLocation, timeout: Duration) async throws {
        let sync = SyncRequest()
        _ = try await call(sync.method, sync.encodedParams, context, location: location, timeout: timeout, quiet: true)
    }

    private func call(_ method: RunnerMethod, _ params: JSONValue, _ context: StepContext, step: Step, timeout: Duration) async throws -> JSONValue {
        try await call(method, params, context, location: step.location, timeout: timeout, quiet: false)
    }

    private func call(
        _ method: RunnerMethod, _ params: JSONValue, _ context: StepContext, location: SourceLocation, timeout: Duration, quiet: Bool
    ) async throws -> JSONValue {
        let name = method.rawValue
        transcript.add("→ \(name) \(params.compactText)")
        let result: JSONValue
        do {
            result = try await context.session.request(name, params: params, timeout: timeout)
        } catch {
            switch error {
            case .rejected(_, let rpc) where rpc.known == .unsupported:
                // The integration says it does not offer this feature area: nothing can be judged, and
                // nothing is wrong either.
                throw notOffered(method, because: rpc.message)
            case .rejected(_, let rpc) where rpc.known == .methodNotFound && context.integration.predates(method):
                // An integration of an older protocol answers -32601 to a method that came later, as that
                // protocol told it to: the same "not offered", never a fault (and never spends the restart budget).
                throw notOffered(method, because: "protocol \(context.integration.protocolVersion) predates it "
                    + "(it came in protocol \(method.since.rawValue)) and the integration answered -32601: \(rpc.message)")
            case .rejected(_, let rpc) where rpc.known == .actionFailed:
                throw CaseStop.failure(CaseFailure(
                    message: "\(name) failed in the integration: \(rpc.message) (code \(rpc.code))", location: location))
            case .rejected, .timeout, .exited, .protocolViolation, .launchFailed, .notReading, .connectionLost:
                // The integration refused the request, stopped answering or broke the protocol: nothing about
                // its behaviour can be judged any more, so this is an error, not a failed expectation.
                throw CaseStop.error(.integration(error, at: location))
            }
        }
        if !quiet || result != .object([:]) { transcript.add("← \(name) \(result.compactText)") } else { transcript.add("← \(name) done") }
        if configuration.strictProtocol, let first = ProtocolSchemas.violations(ofResult: result, answering: method).first {
            throw CaseStop.failure(CaseFailure(
                message: "protocol violation in the answer to \(name): \(first)", location: location,
                details: "answer: \(result.compactText)"))
        }
        return result
    }

    /// The integration does not offer `method`'s feature area: the case is skipped with the reason.
    func notOffered(_ method: RunnerMethod, because why: String) -> CaseStop {
        let area = method.capability.map { " (capability \($0.rawValue))" } ?? ""
        return CaseStop.skip("the integration does not support \(method.rawValue)\(area): \(why)", .integrationCapability)
    }

    private func checkBackend(_ expectation: BackendExpectation, _ context: StepContext, step: Step) async throws {
        switch expectation {
        case .registration(let accountId, let exists):
            let budget = backend.observation
            let started = configuration.clock.now()
            var looks = 0
            while true {
                looks += 1
                let registrations: [BackendRegistration]
                do { registrations = try await backendTime.measure { () async throws(BackendFault) in try await backend.registrations(context.tenant, transcript: transcript) } } catch { throw CaseStop.error(.backend(error)) }
                let found = registrations.contains { $0.userId.lowercased() == accountId.lowercased() }
                if found == exists { return }
                let waited = configuration.clock.elapsed(since: started)
                // A real service shows a check-in minutes later: look again within the driver's budget. The wait
                // is the clock's, so it ends when the run is interrupted (the case's task is cancelled).
                if waited + budget.interval <= budget.total * configuration.deadlineScale, !Task.isCancelled {
                    do { try await configuration.clock.sleep(for: budget.interval) } catch {
                        throw CaseStop.error(.interrupted(signal: configuration.control.interruptedBy ?? 0))
                    }
                    continue
                }
                let lookedFor = looks > 1 ? " after \(looks) looks over \(Int(waited.inSeconds.rounded())) s" : ""
                throw CaseStop.failure(CaseFailure(
                    message: "expected the backend to \(exists ? "hold" : "hold no") MAM registration for \(accountId), but it \(found ? "does" : "does not")\(lookedFor)",
                    location: step.location,
                    details: "registrations: " + registrations.map { "\($0.userId) (device \($0.deviceTag ?? "-"))" }.joined(separator: ", ")))
            }
        case .journalCount(let route, let count, let atLeast, let signIn):
            // Like `check`: the journal is judged once everything the previous steps set off has settled
            // (telemetry, for one, goes out after the status the case last expected).
            try await barrier(context, location: step.location, timeout: configuration.deadline(for: step))
            let entries: [JournalEntry]
            do { entries = try await backendTime.measure { () async throws(BackendFault) in try await backend.journal(context.tenant, transcript: transcript) } } catch { throw CaseStop.error(.backend(error)) }
            let endpoints = context.tenant.endpoints
            let matching = entries.filter { $0.route == route.rawValue && $0.succeeded && (signIn?.matches($0, endpoints: endpoints) ?? true) }
            let wanted = count.map { "exactly \($0)" } ?? "at least \(atLeast ?? 0)"
            if (count.map { matching.count != $0 } ?? false) || (atLeast.map { matching.count < $0 } ?? false) {
                let narrowed = signIn.map { " (\($0))" } ?? ""
                throw CaseStop.failure(CaseFailure(
                    message: "expected \(wanted) successful \(route.rawValue) request(s)\(narrowed) at the backend, got \(matching.count)",
                    location: step.location,
                    details: entries.map { entry in
                        let client = entry.clientId.map { id in
                            " client \(SignInFilter.registration(of: id, endpoints: endpoints)?.rawValue ?? id)" } ?? ""
                        let authority = entry.authority.map { segment in
                            " authority \(SignInFilter.authority(of: segment, endpoints: endpoints)?.rawValue ?? segment)" } ?? ""
                        return "#\(entry.sequence) \(entry.method) \(entry.path) → \(entry.status)\(client)\(authority)"
                    }.joined(separator: "\n")))
            }
        }
    }

    /// Tells the log which accounts a step removes before it runs, so a wipe question it sets off has its cause
    /// (RUN-01): a sign-out, a deregistration with wipe, an administrator's selective wipe.
    private func noteRemovals(_ step: Step, _ log: CaseEventLog) {
        let account: String?
        switch step.kind {
        case .action(.appSignOut, let params, _): account = params["accountId"]?.stringValue
        case .action(.sdkDeregisterAndUnenroll, let params, _) where params["wipe"] != .bool(false): account = params["accountId"]?.stringValue
        case .backend(.selectiveWipe(let accountId)): account = accountId
        default: account = nil
        }
        guard let account else { return }
        // The UPN too: an SDK before the move to object IDs names the account by it.
        let upn = testCase.tenant.users.first { $0.objectId.lowercased() == account.lowercased() }?.upn
        log.caseRemoves([account] + (upn.map { [$0] } ?? []))
    }

    /// Fails the case on what the integration sent since the last step: a prompt loop (RUN-02), a question no
    /// answer was scripted for, or (with `--strict-protocol`) a message that breaks the protocol's schemas.
    private func checkInbound(_ log: CaseEventLog, at location: SourceLocation) throws {
        if let loop = log.takePromptLoop() {
            throw CaseStop.failure(loop.failure(at: location, details: eventList(log.allEvents())))
        }
        if let violation = log.takeProtocolViolation() {
            throw CaseStop.failure(CaseFailure(
                message: "protocol violation: \(violation.problem)", location: location,
                details: "message: \(violation.message)"))
        }
        let unanswered = log.takeUnanswered()
        guard let first = unanswered.first else { return }
        throw CaseStop.failure(CaseFailure(
            message: "the integration asked \(first.method) \(first.params.compactText), which this case does not expect (no scripted answer)",
            location: location, details: eventList(log.allEvents())))
    }

    // MARK: Messages

    private func eventList(_ events: [ObservedEvent]) -> String {
        guard !events.isEmpty else { return "events: none" }
        let events = events.filter { $0.event != .log }
        guard !events.isEmpty else { return "events: none (log lines aside)" }
        return "events:\n" + events.map { "  #\($0.sequence) \($0.elapsed.seconds(decimals: 3)) s  \($0.summary)" }.joined(separator: "\n")
    }

    /// Replaces account object IDs by `$alias`, so a failure reads in the suite's own words. Only the exact
    /// spelling is replaced: an identity the integration returned in another casing stays as it was sent,
    /// so "expected \"$alice\", got \"6C4F…\"" shows what really differed.
    private func describe(_ failure: CaseFailure) -> CaseFailure {
        var out = failure
        for user in testCase.tenant.users {
            out.message = out.message.replacingOccurrences(of: user.objectId, with: "$\(user.alias)")
            out.observed = out.observed?.replacingOccurrences(of: user.objectId, with: "$\(user.alias)")
            out.details = out.details.replacingOccurrences(of: user.objectId, with: "$\(user.alias)")
        }
        return out
    }
}
