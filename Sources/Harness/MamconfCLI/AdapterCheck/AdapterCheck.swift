import AdapterProtocol
import ConformanceCore
import Foundation
import AdapterTransports
import Synchronization

/// The first thing a vendor runs: does the bridge speak the protocol? One integration process is taken
/// through the handshake (and what its protocol version means), the error codes, a first policy with its delegate
/// question, large and non-ASCII messages, `sync`, a probe of every method a case may send it and `shutdown`; each
/// row passes or fails with the reason, and one fault fails one row.
struct AdapterCheck {
    /// One line of the result table.
    struct Row: Sendable {
        var name: String
        var checks: String
        var passed: Bool
        var detail: String
    }

    /// Every row, in the order they run.
    static let rows: [(name: String, checks: String)] = [
        ("handshake", "initialize is answered with protocolVersion, implementation, sdk and capabilities; what the version means"),
        ("capabilities", "every declared capability is one the protocol defines"),
        ("unknown-method", "a method the protocol does not define is answered -32601"),
        ("bad-params", "params of the wrong type are answered -32602"),
        ("sync", "sync is answered only after the events already caused were sent"),
        ("delegate-question", "a delegate question is asked, and its answer is followed"),
        ("large-message", "a 1 MiB request is read and acted on"),
        ("non-ascii", "non-ASCII text arrives and comes back unchanged"),
        ("notifications", "every event is a notification (no id) whose params fit its schema"),
        ("methods", "every method a case may send is known: -32601 only to one the integration's protocol predates (its area is then not offered)"),
        ("reset", "reset leaves no signed-in account and no data (required of a network test host)"),
        ("shutdown", "shutdown is answered and the process exits by itself (over the network: the session ends)"),
    ]

    let factory: any SDKAdapterFactory
    let backend: any BackendDriver
    let tenant: TenantFixture
    let policies: [PolicyFixture]
    /// The protocol lines the integration sent, for the notifications row.
    let wire: WireLines
    var timeout: Double = 10
    let workDirectory: String

    /// Runs every row. Throws only when the backend cannot arrange the tenant (nothing could be judged).
    func run() async throws(BackendFault) -> [Row] {
        let transcript = Transcript(redactor: Redactor())
        let arranged = try await backend.arrange(TenantRequest(tenant: tenant, policies: policies, label: "adapter-check"), transcript: transcript)
        defer { Task { await backend.teardown(arranged) } }
        var results: [Row] = []
        func record(_ name: String, _ passed: Bool, _ detail: String) {
            let checks = Self.rows.first { $0.name == name }?.checks ?? ""
            results.append(Row(name: name, checks: checks, passed: passed, detail: detail))
        }
        let handler = CheckHandler(answers: [
            .restartApplication: JSONValue(encoding: ReturnAnswer(return: true)),
            .pinSetup: JSONValue(encoding: PinAnswer(pin: "2580")),
            .pinEntry: JSONValue(encoding: PinAnswer(pin: "2580")),
            .restartDialog: [:],
        ])
        let dataDirectory = (workDirectory as NSString).appendingPathComponent("adapter-check")
        try? FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dataDirectory) }

        let session: any SDKAdapterSession
        do {
            session = try await factory.start(dataDirectory: dataDirectory, handler: handler)
        } catch {
            record("handshake", false, error.description)
            return notReached(results, because: "the adapter did not start")
        }

        // handshake
        let network = factory.isolation == .resetBetweenCases
        let params = arranged.initializeParams(bundleId: tenant.bundleId, settings: AppSettings(), dataDirectory: network ? nil : dataDirectory)
        let info: InitializeResult
        do {
            let answer = try await session.request(RunnerMethod.initialize.rawValue, params: JSONValue(encoding: params), timeout: .seconds(timeout))
            let problems = ProtocolSchemas.violations(ofResult: answer, answering: .initialize)
            info = try answer.decode(as: InitializeResult.self)
            if let first = problems.first {
                record("handshake", false, "the answer does not fit the protocol: \(first)")
            } else if let version = ProtocolVersion(rawValue: info.protocolVersion) {
                record("handshake", true, "protocol \(info.protocolVersion); \(info.implementation.name) \(info.implementation.version) on \(info.sdk.name) \(info.sdk.version); "
                    + MethodProbe.meaning(of: version))
            } else {
                record("handshake", false, "unknown protocolVersion \"\(info.protocolVersion)\" (known: \(ProtocolVersion.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
        } catch {
            record("handshake", false, "\(error)")
            return await finish(notReached(results, because: "the handshake failed"), session)
        }

        // capabilities
        let unknown = info.capabilities.filter { Capability(rawValue: $0) == nil }
        record("capabilities", unknown.isEmpty,
               unknown.isEmpty ? "declared: \(info.capabilities.joined(separator: ", "))"
                               : "unknown capability \(unknown.joined(separator: ", ")) (known: \(Capability.allCases.map(\.rawValue).joined(separator: ", ")))")

        // A long-lived test host may hold an earlier run's state: start from a fresh install (judged below).
        if network, info.capabilities.contains(Capability.reset.rawValue) {
            _ = await outcome(session, RunnerMethod.reset.rawValue, [:])
        }

        // unknown-method and bad-params
        let unknownMethod = await outcome(session, "adapterCheck.noSuchMethod", [:])
        record("unknown-method", errorCode(of: unknownMethod) == ErrorCode.methodNotFound.rawValue, describe(unknownMethod, expecting: .methodNotFound))
        // What the integration sends while it handles the bad params (up to a sync) is that row's: an integration
        // that acts on them and reports what it did with the same bad value has made one fault, not two.
        let beforeBad = wire.fromIntegration.count
        let bad = await outcome(session, RunnerMethod.sdkRegisterAndEnroll.rawValue, ["accountId": 42])
        _ = await outcome(session, RunnerMethod.sync.rawValue, [:])
        let badParamsFailed = errorCode(of: bad) != ErrorCode.invalidParams.rawValue
        let causedByBadParams = badParamsFailed ? beforeBad..<wire.fromIntegration.count : beforeBad..<beforeBad
        let sentMeanwhile = wire.fromIntegration[causedByBadParams].filter { (try? JSONValue.parse($0))?["method"] != nil }.count
        let acted = sentMeanwhile == 0 ? "" : "; it acted on them, sending \(sentMeanwhile) event(s) or question(s)"
        record("bad-params", !badParamsFailed, describe(bad, expecting: .invalidParams) + acted)

        // sync: the sign-in's enrollment status must be in before sync answers.
        guard let alice = tenant.users.first else {
            record("sync", false, "the tenant fixture has no user")
            return await finish(notReached(results, because: "no user to sign in"), session)
        }
        let aliceID = AccountID(alice.objectId)
        let launch = await outcome(session, RunnerMethod.appLaunch.rawValue, [:])
        let signIn = await outcome(session, RunnerMethod.appSignIn.rawValue, JSONValue(encoding: SignInParams(upn: UPN(alice.upn), password: alice.password)))
        let synced = await outcome(session, RunnerMethod.sync.rawValue, [:])
        let enrolled = handler.events.contains { event in
            event.event == .status && event.params["request"] == .string(StatusRequest.enrollment.rawValue)
                && Identity.equal(event.params["accountId"]?.stringValue ?? "", aliceID.rawValue)
        }
        if case .failure(let error) = launch {
            record("sync", false, "app.launch failed: \(error)")
        } else if case .failure(let error) = signIn {
            record("sync", false, "app.signIn failed: \(error)")
        } else if case .failure(let error) = synced {
            record("sync", false, "sync failed: \(error)")
        } else {
            record("sync", enrolled, enrolled ? "the enrollment status of \(alice.upn) arrived before sync answered"
                                              : "sync answered before the enrollment status of \(alice.upn) was sent")
        }

        // delegate-question: the first policy makes the SDK ask restartApplication; the answer (true) means the
        // app restarts itself.
        let asked = await handler.first(within: timeout) { $0.question == .restartApplication }
        let restarted = await handler.first(within: timeout) { event in
            event.event == .app && event.params["kind"] == .string(AppEventKind.restarted.rawValue)
        }
        if asked == nil {
            record("delegate-question", false, "\(Question.restartApplication.rawValue) was not asked after the first policy arrived")
        } else if let restarted, let asked, restarted.sequence > asked.sequence {
            record("delegate-question", true, "asked, answered {\"return\": true}, and the app restarted itself")
        } else {
            record("delegate-question", false, "asked and answered {\"return\": true}, but no app restarted event followed")
        }

        // large-message and non-ascii: data written and listed back.
        let large = String(repeating: "x", count: (1 << 20) - 1024)
        let largeProblem = await roundTrip(session, account: aliceID, name: "large.txt", content: large)
        record("large-message", largeProblem == nil, largeProblem ?? "a \(large.utf8.count)-byte content was stored and listed")
        let name = "Grüße 日本 🎉.txt"
        let textProblem = await roundTrip(session, account: aliceID, name: name, content: "Ünïcödé ✓")
        record("non-ascii", textProblem == nil, textProblem ?? "the file \"\(name)\" was stored and listed under that exact name")

        // notifications
        let lines = wire.fromIntegration
        var offences: [String] = []
        var notifications = 0
        for (index, line) in lines.enumerated() where !causedByBadParams.contains(index) {
            guard let json = try? JSONValue.parse(line), let method = json["method"]?.stringValue, let event = EventMethod(rawValue: method) else { continue }
            if json["id"] != nil {
                offences.append("\(method) carries an id (a request, not a notification): \(String(decoding: line.prefix(160), as: UTF8.self))")
                continue
            }
            notifications += 1
            if let first = ProtocolSchemas.violations(of: json, against: "protocol/event/\(event.rawValue).json").first {
                offences.append("\(method): \(first)")
            }
        }
        if let first = offences.first {
            record("notifications", false, "\(offences.count) offending event(s); first: \(first)")
        } else {
            record("notifications", notifications > 0, notifications > 0 ? "\(notifications) events, all notifications fitting their schemas" : "no event was sent at all")
        }
        if sentMeanwhile > 0, let last = results.indices.last {
            results[last].detail += " (not judged here: the \(sentMeanwhile) sent while acting on bad params, counted under bad-params)"
        }

        // methods: after the rows that judge what the integration sent, so whatever a probe sets off changes none.
        let methods = await probeMethods(session, integration: IntegrationInfo(info))
        record("methods", methods.passed, methods.detail)

        // reset: judged where there is something to clear (a signed-in account and its files).
        let reset = await resetClears(session, declared: info.capabilities.contains(Capability.reset.rawValue), network: network)
        record("reset", reset.passed, reset.detail)

        // shutdown
        let answered = await outcome(session, RunnerMethod.shutdown.rawValue, [:])
        let exited = await handler.first(within: timeout) { $0.method == "adapter.exit" }
        if case .failure(let error) = answered {
            record("shutdown", false, "shutdown was not answered: \(error)")
        } else if exited == nil {
            record("shutdown", false, network
                ? "shutdown was answered, but the test host did not end the session within \(Int(timeout)) s"
                : "shutdown was answered, but the process did not exit within \(Int(timeout)) s")
        } else {
            record("shutdown", true, network ? "answered, and the test host ended the session" : "answered, and the process exited")
        }
        _ = await session.terminate(grace: .seconds(1))
        return results
    }

    // MARK: Helpers

    /// Asks the integration about every method a case may send it, with params that cannot fit; judges `-32601`.
    private func probeMethods(_ session: any SDKAdapterSession, integration: IntegrationInfo) async -> (passed: Bool, detail: String) {
        var answers: [(method: RunnerMethod, answer: MethodProbe.Answer)] = []
        var unprobed: [RunnerMethod] = []
        for method in MethodProbe.methods(for: integration) {
            guard let params = MethodProbe.unfitParams(for: method) else {
                unprobed.append(method)
                continue
            }
            let answered = await outcome(session, method.rawValue, params)
            switch answered {
            case .success, .failure(.rejected):
                answers.append((method, MethodProbe.answer(answered)))
            case .failure(let fault):
                return (false, "probing \(method.rawValue) with params that do not fit: \(fault)")
            }
        }
        return MethodProbe.judge(answers, integration: integration, unprobed: unprobed)
    }

    /// Sends `reset` after the earlier rows signed an account in and stored files, then looks at `app.state`.
    private func resetClears(_ session: any SDKAdapterSession, declared: Bool, network: Bool) async -> (passed: Bool, detail: String) {
        guard declared else {
            return network
                ? (false, "the capability \(Capability.reset.rawValue) is not declared: a network test host must reset between cases")
                : (true, "not declared; only a network test host needs it (a local adapter gets a fresh process per case)")
        }
        if case .failure(let error) = await outcome(session, RunnerMethod.reset.rawValue, [:]) {
            return (false, "reset failed: \(error)")
        }
        guard case .success(let state) = await outcome(session, RunnerMethod.appState.rawValue, [:]),
              let snapshot = try? state.decode(as: AppSnapshot.self) else {
            return (false, "app.state after reset failed or does not fit the protocol")
        }
        let files = snapshot.data.entries.flatMap(\.value)
        if !snapshot.signedInAccounts.isEmpty || !files.isEmpty {
            return (false, "after reset the app still shows \(snapshot.signedInAccounts.count) signed-in account(s) and \(files.count) file(s)")
        }
        return (true, "answered; afterwards no account is signed in and no file is left")
    }

    private func outcome(_ session: any SDKAdapterSession, _ method: String, _ params: JSONValue) async -> Result<JSONValue, AdapterFault> {
        do { return .success(try await session.request(method, params: params, timeout: .seconds(timeout))) } catch { return .failure(error) }
    }

    private func errorCode(of outcome: Result<JSONValue, AdapterFault>) -> Int? {
        if case .failure(.rejected(_, let error)) = outcome { return error.code }
        return nil
    }

    private func describe(_ outcome: Result<JSONValue, AdapterFault>, expecting code: ErrorCode) -> String {
        switch outcome {
        case .success(let result): return "answered with a result instead of error \(code.rawValue): \(result.compactText.prefix(120))"
        case .failure(.rejected(_, let error)) where error.code == code.rawValue: return "answered \(code.rawValue): \(error.message)"
        case .failure(.rejected(_, let error)): return "answered \(error.code) instead of \(code.rawValue) (\(code.meaning)): \(error.message)"
        case .failure(let fault): return "\(fault)"
        }
    }

    /// Writes a file for the account and looks for it in `app.state`; nil when it came back, else the problem.
    private func roundTrip(_ session: any SDKAdapterSession, account: AccountID, name: String, content: String) async -> String? {
        let written = await outcome(session, RunnerMethod.appWriteData.rawValue, JSONValue(encoding: WriteDataParams(accountId: account, name: name, content: content)))
        if case .failure(let error) = written { return "app.writeData failed: \(error)" }
        guard case .success(let state) = await outcome(session, RunnerMethod.appState.rawValue, [:]) else { return "app.state failed" }
        guard let snapshot = try? state.decode(as: AppSnapshot.self) else { return "app.state does not fit the protocol" }
        let names = snapshot.data.entries.first { Identity.equal($0.key, account.rawValue) }?.value ?? []
        if names.contains(name) { return nil }
        return "app.state lists \(names.map { "\"\($0)\"" }.joined(separator: ", ")) for the account, not \"\(name.prefix(60))\""
    }

    private func notReached(_ results: [Row], because why: String) -> [Row] {
        var out = results
        for row in Self.rows where !out.contains(where: { $0.name == row.name }) {
            out.append(Row(name: row.name, checks: row.checks, passed: false, detail: "not reached: \(why)"))
        }
        return out
    }

    private func finish(_ results: [Row], _ session: any SDKAdapterSession) async -> [Row] {
        _ = await session.terminate(grace: .seconds(1))
        return results
    }
}

/// The protocol lines an integration sent, collected from the adapter's wire tap.
final class WireLines: Sendable {
    private let lines = Mutex<[Data]>([])

    var tap: WireTap {
        { [self] direction, line in
            if direction == .fromIntegration { lines.withLock { $0.append(line) } }
        }
    }

    var fromIntegration: [Data] { lines.withLock { $0 } }
}
