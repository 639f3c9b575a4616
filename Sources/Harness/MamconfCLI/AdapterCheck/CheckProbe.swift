import AdapterProtocol
import ConformanceCore
import Foundation

/// The rows of `adapter-check` that no step of the suite format can judge, as probes (``AdapterProbe``) of its
/// bundled cases: the raw `initialize` answer, what `sync` promises, waiting for a question or the process's exit,
/// every line against its schema, a probe of every method. Each judges the case's integration through the case's
/// session, which the check's factory made a ``CheckSession`` with the ``CheckRecord`` of what the integration said.
struct CheckProbe: AdapterProbe {
    enum Kind: Sendable {
        /// `initialize` was answered as the protocol says, with a version mamconf knows.
        case handshake
        /// Every declared capability is one the protocol defines.
        case capabilities
        /// The sign-in's enrollment status of `user` is in before `sync` answers.
        case sync(UserFixture)
        /// The first policy's `restartApplication` question is asked, and the answer (true) is followed.
        case delegateQuestion
        /// A file written for `user` is listed back under its exact name; `what` describes it for a pass.
        case roundTrip(UserFixture, name: String, content: String, what: String)
        /// Every event line is a notification that fits its schema.
        case notifications
        /// Every method a case may send is known (``MethodProbe``).
        case methods
        /// `reset` leaves no signed-in account and no file of `user`.
        case reset(UserFixture)
        /// `shutdown` is answered and the integration ends by itself.
        case shutdown
        /// The row cannot be checked at all (the tenant fixture has no user to sign in).
        case cannotCheck(String)
    }

    let kind: Kind

    var name: String {
        switch kind {
        case .handshake: return "handshake"
        case .capabilities: return "capabilities"
        case .sync: return "sync"
        case .delegateQuestion: return "delegate-question"
        case .roundTrip(_, let name, _, _): return "round trip of \(name.prefix(40))"
        case .notifications: return "notifications"
        case .methods: return "methods"
        case .reset: return "reset"
        case .shutdown: return "shutdown"
        case .cannotCheck: return "cannot check"
        }
    }

    var endsSession: Bool {
        if case .shutdown = kind { return true }
        return false
    }

    func judge(_ context: ProbeContext) async -> ProbeVerdict {
        guard let record = (context.session as? CheckSession)?.record else {
            return .failed("\(name) is a probe of adapter-check, which runs it on the sessions of its own factory only")
        }
        switch kind {
        case .handshake: return handshake(record)
        case .capabilities: return capabilities(context, record)
        case .sync(let user): return await sync(context, record, user: user)
        case .delegateQuestion: return await delegateQuestion(context, record)
        case .roundTrip(let user, let name, let content, let what):
            if let problem = await roundTrip(context, account: AccountID(user.objectId), name: name, content: content) { return .failed(problem) }
            return .passed(summary: what)
        case .notifications: return await notifications(context, record)
        case .methods: return await methods(context)
        case .reset(let user): return await reset(context, user: user)
        case .shutdown: return await shutdown(context, record)
        case .cannotCheck(let why): return .failed(why)
        }
    }

    // MARK: Handshake

    private func handshake(_ record: CheckRecord) -> ProbeVerdict {
        guard let answer = record.initializeAnswer else { return .failed("the answer to initialize was not seen") }
        if let first = ProtocolSchemas.violations(ofResult: answer, answering: .initialize).first {
            return .failed("the answer does not fit the protocol: \(first)")
        }
        guard let info = try? answer.decode(as: InitializeResult.self) else {
            return .failed("the answer does not fit the protocol: \(answer.compactText.prefix(160))")
        }
        guard let version = ProtocolVersion(rawValue: info.protocolVersion) else {
            return .failed("unknown protocolVersion \"\(info.protocolVersion)\" (known: \(ProtocolVersion.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return .passed(summary: "protocol \(info.protocolVersion); \(info.implementation.name) \(info.implementation.version) on \(info.sdk.name) \(info.sdk.version); "
            + MethodProbe.meaning(of: version))
    }

    private func capabilities(_ context: ProbeContext, _ record: CheckRecord) -> ProbeVerdict {
        // As declared, in the integration's order; the runner's reading keeps them as a set.
        let declared = (try? record.initializeAnswer?.decode(as: InitializeResult.self))?.capabilities
            ?? context.integration.capabilities.sorted()
        let unknown = declared.filter { Capability(rawValue: $0) == nil }
        guard unknown.isEmpty else {
            return .failed("unknown capability \(unknown.joined(separator: ", ")) (known: \(Capability.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return .passed(summary: "declared: \(declared.joined(separator: ", "))")
    }

    // MARK: Events

    private func sync(_ context: ProbeContext, _ record: CheckRecord, user: UserFixture) async -> ProbeVerdict {
        if case .failure(let error) = await outcome(context, .sync) { return .failed("sync failed: \(error)") }
        let account = AccountID(user.objectId)
        let enrolled = record.handler.events.contains { event in
            event.event == .status && event.params["request"] == .string(StatusRequest.enrollment.rawValue)
                && Identity.equal(event.params["accountId"]?.stringValue ?? "", account.rawValue)
        }
        return enrolled ? .passed(summary: "the enrollment status of \(user.upn) arrived before sync answered")
                        : .failed("sync answered before the enrollment status of \(user.upn) was sent")
    }

    /// The first policy makes the SDK ask `restartApplication`; the case answers true, so the app restarts itself.
    private func delegateQuestion(_ context: ProbeContext, _ record: CheckRecord) async -> ProbeVerdict {
        let handler = record.handler
        let asked = await handler.first(within: context.timeout) { $0.question == .restartApplication }
        let restarted = await handler.first(within: context.timeout) { event in
            event.event == .app && event.params["kind"] == .string(AppEventKind.restarted.rawValue)
        }
        guard let asked else { return .failed("\(Question.restartApplication.rawValue) was not asked after the first policy arrived") }
        if let restarted, restarted.sequence > asked.sequence {
            return .passed(summary: "asked, answered {\"return\": true}, and the app restarted itself")
        }
        return .failed("asked and answered {\"return\": true}, but no app restarted event followed")
    }

    private func notifications(_ context: ProbeContext, _ record: CheckRecord) async -> ProbeVerdict {
        // Everything the earlier steps set off is sent before sync answers.
        if case .failure(let error) = await outcome(context, .sync) { return .failed("sync failed: \(error)") }
        var offences: [String] = []
        var notifications = 0
        for line in record.wire.fromIntegration {
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
        if let first = offences.first { return .failed("\(offences.count) offending event(s); first: \(first)") }
        return notifications > 0 ? .passed(summary: "\(notifications) events, all notifications fitting their schemas") : .failed("no event was sent at all")
    }

    private func shutdown(_ context: ProbeContext, _ record: CheckRecord) async -> ProbeVerdict {
        let network = context.isolation == .resetBetweenCases
        if case .failure(let error) = await outcome(context, .shutdown) { return .failed("shutdown was not answered: \(error)") }
        let exited = await record.handler.first(within: context.timeout) { $0.method == CheckHandler.exitEvent }
        guard exited != nil else {
            return .failed(network
                ? "shutdown was answered, but the test host did not end the session within \(context.timeout.components.seconds) s"
                : "shutdown was answered, but the process did not exit within \(context.timeout.components.seconds) s")
        }
        return .passed(summary: network ? "answered, and the test host ended the session" : "answered, and the process exited")
    }
}
