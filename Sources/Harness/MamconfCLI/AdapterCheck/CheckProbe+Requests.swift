import AdapterProtocol
import ConformanceCore

extension CheckProbe {
    /// Asks the integration about every method a case may send it, with params that cannot fit; judges `-32601`.
    func methods(_ context: ProbeContext) async -> ProbeVerdict {
        let integration = context.integration
        var answers: [(method: RunnerMethod, answer: MethodProbe.Answer)] = []
        var unprobed: [RunnerMethod] = []
        for method in MethodProbe.methods(for: integration) {
            guard let params = MethodProbe.unfitParams(for: method) else {
                unprobed.append(method)
                continue
            }
            let answered = await outcome(context, method, params)
            switch answered {
            case .success, .failure(.rejected):
                answers.append((method, MethodProbe.answer(answered)))
            case .failure(let fault):
                return .failed("probing \(method.rawValue) with params that do not fit: \(fault)")
            }
        }
        let judged = MethodProbe.judge(answers, integration: integration, unprobed: unprobed)
        return judged.passed ? .passed(summary: judged.detail) : .failed(judged.detail)
    }

    /// Writes a file for `user` (so there is something to clear), sends `reset`, then looks at `app.state`.
    func reset(_ context: ProbeContext, user: UserFixture) async -> ProbeVerdict {
        let network = context.isolation == .resetBetweenCases
        guard context.integration.capabilities.contains(Capability.reset.rawValue) else {
            return network
                ? .failed("the capability \(Capability.reset.rawValue) is not declared: a network test host must reset between cases")
                : .passed(summary: "not declared; only a network test host needs it (a local adapter gets a fresh process per case)")
        }
        // What the sign-in set off (the enrollment) is over before sync answers; reset must not race with it.
        if case .failure(let error) = await outcome(context, .sync) { return .failed("sync before reset failed: \(error)") }
        let written = await outcome(context, .appWriteData, JSONValue(encoding: WriteDataParams(accountId: AccountID(user.objectId), name: "before-reset.txt", content: "x")))
        if case .failure(let error) = written { return .failed("app.writeData before reset failed: \(error)") }
        if case .failure(let error) = await outcome(context, .reset) { return .failed("reset failed: \(error)") }
        guard case .success(let state) = await outcome(context, .appState),
              let snapshot = try? state.decode(as: AppSnapshot.self) else {
            return .failed("app.state after reset failed or does not fit the protocol")
        }
        let files = snapshot.data.entries.flatMap(\.value)
        if !snapshot.signedInAccounts.isEmpty || !files.isEmpty {
            return .failed("after reset the app still shows \(snapshot.signedInAccounts.count) signed-in account(s) and \(files.count) file(s)")
        }
        return .passed(summary: "answered; afterwards no account is signed in and no file is left")
    }

    /// Writes a file for the account and looks for it in `app.state`; nil when it came back, else the problem.
    func roundTrip(_ context: ProbeContext, account: AccountID, name: String, content: String) async -> String? {
        let written = await outcome(context, .appWriteData, JSONValue(encoding: WriteDataParams(accountId: account, name: name, content: content)))
        if case .failure(let error) = written { return "app.writeData failed: \(error)" }
        guard case .success(let state) = await outcome(context, .appState) else { return "app.state failed" }
        guard let snapshot = try? state.decode(as: AppSnapshot.self) else { return "app.state does not fit the protocol" }
        let names = snapshot.data.entries.first { Identity.equal($0.key, account.rawValue) }?.value ?? []
        if names.contains(name) { return nil }
        return "app.state lists \(names.map { "\"\($0)\"" }.joined(separator: ", ")) for the account, not \"\(name.prefix(60))\""
    }

    /// The answer to one request, or why there was none.
    func outcome(_ context: ProbeContext, _ method: RunnerMethod, _ params: JSONValue = [:]) async -> Result<JSONValue, AdapterFault> {
        do { return .success(try await context.session.request(method.rawValue, params: params, timeout: context.timeout)) } catch { return .failure(error) }
    }
}
