import AdapterProtocol
import Foundation

/// Why a case stopped before its last step.
enum CaseStop: Error {
    case failure(CaseFailure)
    case error(message: String, details: String)
    case skip(String)
    /// The adapter could not even be started or initialised: for the first case this aborts the run.
    case adapterUnusable(String)
    /// The backend failed: the case is an error and the run reports a backend problem.
    case backend(BackendFault)
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
    let backendTime = Stopwatch()

    struct Outcome {
        var outcome: CaseOutcome
        var integration: IntegrationInfo?
        var adapterUnusable: String?
        var backendFault: BackendFault?
        /// The integration itself broke the case (exit, protocol violation, failed start).
        var adapterBroke = false
    }

    /// Seconds this case spent waiting for the backend.
    var backendSeconds: Double { backendTime.seconds }

    func run(knownIntegration: IntegrationInfo?) async -> Outcome {
        if let known = knownIntegration, let missing = missingCapabilities(known) {
            return Outcome(outcome: .skipped(reason: missing), integration: known)
        }
        let tenant: ArrangedTenant
        do {
            tenant = try await backendTime.measure { () async throws(BackendFault) in
                try await backend.arrange(tenant: testCase.tenant, policies: testCase.policies, transcript: transcript)
            }
        } catch {
            return Outcome(outcome: .errored(message: error.description, details: ""), backendFault: error)
        }
        let log = CaseEventLog(transcript: transcript)
        let dataDirectory = makeDataDirectory()
        var integration = knownIntegration
        var stop: CaseStop?
        var session: (any SDKAdapterSession)?
        do {
            let started = try await start(dataDirectory: dataDirectory, log: log)
            session = started
            guard configuration.control.attach(started) else { throw CaseStop.error(message: "interrupted", details: "") }
            let info = try await initialize(started, tenant: tenant, dataDirectory: dataDirectory)
            integration = info
            if let missing = missingCapabilities(info) { throw CaseStop.skip(missing) }
            let context = StepContext(session: started, log: log, tenant: tenant)
            for step in testCase.steps {
                try await perform(step, context)
                try checkUnanswered(log, at: step.location)
            }
            // A trailing barrier: questions or faults caused by the last step still count.
            try await barrier(context, location: testCase.location, timeout: configuration.stepTimeout * configuration.deadlineScale)
            try checkUnanswered(log, at: testCase.location)
        } catch let caught as CaseStop {
            stop = caught
        } catch {
            stop = .error(message: "harness error: \(error)", details: "")
        }
        configuration.control.detach()
        if configuration.control.isInterrupted {
            // Whatever the step saw last (a killed adapter, a broken pipe) is a consequence of the interruption.
            stop = .error(message: "interrupted by signal \(configuration.control.interruptedBy ?? 0) while the case was running", details: "")
        }
        if let session {
            let end = await session.terminate(grace: 2 * configuration.deadlineScale)
            transcript.add("adapter ended: \(end.exitDescription)")
            if case .error? = stop, !end.stderrTail.isEmpty {
                transcript.add("last stderr lines:\n" + end.stderrTail.joined(separator: "\n"))
            }
        }
        // What the integration did at the backend, so a failure can be read from both sides.
        if let entries = try? await backendTime.measure({ () async throws(BackendFault) in try await backend.journal(tenant, transcript: transcript) }) {
            for entry in entries {
                transcript.add("journal #\(entry.sequence) \(entry.route) \(entry.method) \(entry.path) → \(entry.status)")
            }
        }
        await backendTime.measure { await backend.teardown(tenant) }
        if !configuration.keepData { try? FileManager.default.removeItem(atPath: dataDirectory) }

        switch stop {
        case nil:
            return Outcome(outcome: .passed, integration: integration)
        case .failure(let failure)?:
            return Outcome(outcome: .failed(describe(failure)), integration: integration)
        case .error(let message, let details)?:
            return Outcome(outcome: .errored(message: message, details: details), integration: integration, adapterBroke: true)
        case .skip(let reason)?:
            return Outcome(outcome: .skipped(reason: reason), integration: integration)
        case .adapterUnusable(let why)?:
            return Outcome(outcome: .errored(message: why, details: ""), integration: integration, adapterUnusable: why, adapterBroke: true)
        case .backend(let fault)?:
            return Outcome(outcome: .errored(message: fault.description, details: ""), integration: integration, backendFault: fault)
        }
    }

    // MARK: Start-up

    private func missingCapabilities(_ info: IntegrationInfo) -> String? {
        let missing = testCase.capabilities.subtracting(info.capabilities).sorted()
        guard !missing.isEmpty else { return nil }
        return "integration lacks capability \(missing.joined(separator: ", "))"
    }

    private func makeDataDirectory() -> String {
        let path = (configuration.workDirectory as NSString)
            .appendingPathComponent("\(sanitize(suite.id))/\(sanitize(testCase.id))")
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func sanitize(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
    }

    private func start(dataDirectory: String, log: CaseEventLog) async throws -> any SDKAdapterSession {
        do {
            return try await adapterFactory.start(dataDirectory: dataDirectory, handler: log)
        } catch {
            throw CaseStop.adapterUnusable(error.description)
        }
    }

    private func initialize(_ session: any SDKAdapterSession, tenant: ArrangedTenant, dataDirectory: String) async throws -> IntegrationInfo {
        let params: JSONValue = [
            "protocolVersion": .string(ProtocolVersion.current),
            "dataDir": .string(dataDirectory),
            "app": [
                "bundleId": .string(testCase.tenant.bundleId),
                "settings": .object(testCase.settings),
            ],
            "backend": [
                "tokenURL": .string(tenant.tokenURL),
                "mamServiceURL": .string(tenant.mamServiceURL),
                "mamResource": .string(tenant.mamResource),
                "clientId": .string(tenant.appClientId),
                "deviceConfigURL": tenant.deviceConfigURL.map { .string($0) } ?? .null,
            ],
            "clock": ["mode": "virtual", "now": .string(tenant.now)],
        ]
        transcript.add("→ initialize \(params.compactText)")
        let result: JSONValue
        do {
            result = try await session.request(Method.initialize, params: params, timeout: configuration.stepTimeout * configuration.deadlineScale)
        } catch {
            throw CaseStop.adapterUnusable("initialize failed: \(error.description)")
        }
        transcript.add("← \(result.compactText)")
        let capabilities = Set((result["capabilities"]?.arrayValue ?? []).compactMap(\.stringValue))
        return IntegrationInfo(
            name: result["implementation"]?["name"]?.stringValue ?? "unknown",
            version: result["implementation"]?["version"]?.stringValue ?? "unknown",
            sdkName: result["sdk"]?["name"]?.stringValue ?? "unknown",
            sdkVersion: result["sdk"]?["version"]?.stringValue ?? "unknown",
            capabilities: capabilities)
    }

    // MARK: Steps

    struct StepContext {
        let session: any SDKAdapterSession
        let log: CaseEventLog
        let tenant: ArrangedTenant
    }

    private func perform(_ step: Step, _ context: StepContext) async throws {
        let timeout = configuration.deadline(for: step)
        switch step.kind {
        case .answer(let question, let answer, let times):
            context.log.script(question: question, answer: answer, times: times)

        case .action(let method, let params, let expected):
            let result = try await call(method, params, context, step: step, timeout: timeout)
            if let expected, let problem = Matcher.mismatch(expected: expected, actual: result) {
                throw CaseStop.failure(CaseFailure(
                    message: "\(method) returned an unexpected result: \(problem)", location: step.location,
                    details: "result: \(result.compactText)"))
            }

        case .check(let query, let params, let expected):
            // State is judged once everything the previous steps set off has settled.
            try await barrier(context, location: step.location, timeout: timeout)
            let result = try await call(query, params, context, step: step, timeout: timeout)
            if let problem = Matcher.mismatch(expected: expected, actual: result) {
                throw CaseStop.failure(CaseFailure(
                    message: "\(query) does not match: \(problem)", location: step.location,
                    details: "expected (partial): \(expected.compactText)\nactual: \(result.compactText)"))
            }

        case .expect(let pattern, let count):
            try await expect(pattern, count: count, context, step: step, timeout: timeout)

        case .expectNo(let pattern):
            try await barrier(context, location: step.location, timeout: timeout)
            let found = context.log.consumeAll(matching: pattern)
            if let first = found.first {
                throw CaseStop.failure(CaseFailure(
                    message: "expected no \(pattern), but the integration reported \(first.summary) (event #\(first.sequence) at \(format(first.elapsed)) s)",
                    location: step.location, details: eventList(context.log.allEvents())))
            }

        case .advanceClock(let seconds):
            do {
                try await backendTime.measure { () async throws(BackendFault) in try await backend.advanceClock(context.tenant, seconds: seconds, transcript: transcript) }
            } catch {
                throw CaseStop.backend(error)
            }
            _ = try await call(Method.clockAdvance, ["seconds": .number(seconds)], context, step: step, timeout: timeout)

        case .checkBackend(let expectation):
            try await checkBackend(expectation, context, step: step)

        case .backend(let action):
            do {
                try await backendTime.measure { () async throws(BackendFault) in
                    try await backend.perform(action, on: context.tenant, transcript: transcript)
                }
            } catch {
                throw CaseStop.backend(error)
            }
        }
    }

    private func expect(_ pattern: EventPattern, count: Int?, _ context: StepContext, step: Step, timeout: Double) async throws {
        if let count {
            try await barrier(context, location: step.location, timeout: timeout)
            let found = context.log.consumeAll(matching: pattern)
            guard found.count == count else {
                let got = found.isEmpty ? "" : ": " + found.map(\.summary).joined(separator: "; ")
                let others = context.log.unconsumed()
                let instead = found.isEmpty && !others.isEmpty ? "; got instead: " + others.map(\.summary).joined(separator: "; ") : ""
                throw CaseStop.failure(CaseFailure(
                    message: "expected \(count) × \(pattern), got \(found.count)\(got)\(instead)",
                    location: step.location, details: eventList(context.log.allEvents())))
            }
            return
        }
        if context.log.consumeFirst(matching: pattern) != nil { return }
        // `sync` returns only once every event caused so far was sent: if the event is still missing
        // afterwards it is not coming, and waiting out the deadline would only slow the run.
        try await barrier(context, location: step.location, timeout: timeout)
        if context.log.consumeFirst(matching: pattern) != nil { return }
        let others = context.log.unconsumed()
        let instead = others.isEmpty ? "nothing further was reported" : "got instead: " + others.map(\.summary).joined(separator: "; ")
        throw CaseStop.failure(CaseFailure(
            message: "expected \(pattern), but \(instead)", location: step.location,
            details: eventList(context.log.allEvents())))
    }

    /// Sends `sync`; afterwards every event the integration caused so far is in the log.
    private func barrier(_ context: StepContext, location: SourceLocation, timeout: Double) async throws {
        _ = try await call(Method.sync, [:], context, location: location, timeout: timeout, quiet: true)
    }

    private func call(_ method: String, _ params: JSONValue, _ context: StepContext, step: Step, timeout: Double) async throws -> JSONValue {
        try await call(method, params, context, location: step.location, timeout: timeout, quiet: false)
    }

    private func call(
        _ method: String, _ params: JSONValue, _ context: StepContext, location: SourceLocation, timeout: Double, quiet: Bool
    ) async throws -> JSONValue {
        transcript.add("→ \(method) \(params.compactText)")
        do {
            let result = try await context.session.request(method, params: params, timeout: timeout)
            if !quiet || result != .object([:]) { transcript.add("← \(method) \(result.compactText)") } else { transcript.add("← \(method) done") }
            return result
        } catch {
            switch error {
            case .rejected(_, let rpc) where rpc.code == RPCError.methodNotFound || rpc.code == RPCError.unsupported:
                // The bridge does not offer what the step needs: nothing about the SDK can be judged.
                throw CaseStop.error(
                    message: "the integration does not implement \(method): \(rpc.message) (code \(rpc.code), at \(location.fileAndLine))",
                    details: "")
            case .rejected(_, let rpc):
                throw CaseStop.failure(CaseFailure(
                    message: "\(method) failed in the integration: \(rpc.message) (code \(rpc.code))", location: location))
            case .timeout, .exited, .protocolViolation, .launchFailed:
                // The integration stopped answering or broke the protocol: nothing about its
                // behaviour can be judged any more, so this is an error, not a failed expectation.
                throw CaseStop.error(message: "\(error.description) (at \(location.fileAndLine))", details: "")
            }
        }
    }

    private func checkBackend(_ expectation: BackendExpectation, _ context: StepContext, step: Step) async throws {
        switch expectation {
        case .registration(let accountId, let exists):
            let registrations: [BackendRegistration]
            do { registrations = try await backendTime.measure { () async throws(BackendFault) in try await backend.registrations(context.tenant, transcript: transcript) } } catch { throw CaseStop.backend(error) }
            let found = registrations.contains { $0.userId.lowercased() == accountId.lowercased() }
            if found != exists {
                throw CaseStop.failure(CaseFailure(
                    message: "expected the backend to \(exists ? "hold" : "hold no") MAM registration for \(accountId), but it \(found ? "does" : "does not")",
                    location: step.location,
                    details: "registrations: " + registrations.map { "\($0.userId) (device \($0.deviceTag ?? "-"))" }.joined(separator: ", ")))
            }
        case .journalCount(let route, let count, let atLeast):
            let entries: [JournalEntry]
            do { entries = try await backendTime.measure { () async throws(BackendFault) in try await backend.journal(context.tenant, transcript: transcript) } } catch { throw CaseStop.backend(error) }
            let matching = entries.filter { $0.route == route && (200..<300).contains($0.status) }
            let wanted = count.map { "exactly \($0)" } ?? "at least \(atLeast ?? 0)"
            if (count.map { matching.count != $0 } ?? false) || (atLeast.map { matching.count < $0 } ?? false) {
                throw CaseStop.failure(CaseFailure(
                    message: "expected \(wanted) successful \(route) request(s) at the backend, got \(matching.count)",
                    location: step.location,
                    details: entries.map { "#\($0.sequence) \($0.method) \($0.path) → \($0.status)" }.joined(separator: "\n")))
            }
        }
    }

    private func checkUnanswered(_ log: CaseEventLog, at location: SourceLocation) throws {
        let unanswered = log.takeUnanswered()
        guard let first = unanswered.first else { return }
        throw CaseStop.failure(CaseFailure(
            message: "the integration asked \(first.method) \(first.params.compactText), which this case does not expect (no scripted answer)",
            location: location, details: eventList(log.allEvents())))
    }

    // MARK: Messages

    private func eventList(_ events: [ObservedEvent]) -> String {
        guard !events.isEmpty else { return "events: none" }
        let events = events.filter { $0.method != Method.log }
        guard !events.isEmpty else { return "events: none (log lines aside)" }
        return "events:\n" + events.map { "  #\($0.sequence) \(format($0.elapsed)) s  \($0.summary)" }.joined(separator: "\n")
    }

    private func format(_ seconds: Double) -> String { String(format: "%.3f", seconds) }

    /// Replaces account object IDs by `$alias`, so a failure reads in the suite's own words.
    private func describe(_ failure: CaseFailure) -> CaseFailure {
        var out = failure
        for user in testCase.tenant.users {
            out.message = replacingCaseInsensitive(user.objectId, with: "$\(user.alias)", in: out.message)
            out.details = replacingCaseInsensitive(user.objectId, with: "$\(user.alias)", in: out.details)
        }
        return out
    }

    private func replacingCaseInsensitive(_ target: String, with replacement: String, in text: String) -> String {
        text.replacingOccurrences(of: target, with: replacement, options: .caseInsensitive)
    }
}
