import AdapterProtocol

extension CaseExecution {
    /// The raw-message step: sends `method` with `params` as written and judges only the code of the error the
    /// integration answers. A result or another code is a failed expectation (the integration did answer, just not
    /// as the protocol says); no answer at all is an integration error, as for every request.
    ///
    /// `-32002`, and `-32601` to a method the integration's protocol predates, mean "not offered" here as for any
    /// step, so a probe of an area the integration does not offer skips the case instead of failing it.
    func sendRaw(_ method: RawMethod, _ params: JSONValue, expecting code: ErrorCode, _ context: StepContext, step: Step, timeout: Duration) async throws {
        let name = method.name
        transcript.add("→ \(name) \(params.compactText) (raw: expecting error \(code.rawValue))")
        let answered: JSONValue
        do {
            answered = try await context.session.request(name, params: params, timeout: timeout)
        } catch .rejected(_, let rpc) {
            transcript.add("← \(name) error \(rpc.code): \(rpc.message)")
            if rpc.code == code.rawValue {
                notes.probePassed("answered \(code.rawValue): \(rpc.message)")
                return
            }
            if let defined = method.method, rpc.known == .unsupported {
                throw notOffered(defined, because: rpc.message)
            }
            if let defined = method.method, rpc.known == .methodNotFound, context.integration.predates(defined) {
                throw notOffered(defined, because: "protocol \(context.integration.protocolVersion) predates it "
                    + "(it came in protocol \(defined.since.rawValue)) and the integration answered -32601: \(rpc.message)")
            }
            throw CaseStop.failure(CaseFailure(
                message: "\(name) answered \(rpc.code) instead of \(code.rawValue) (\(code.meaning)): \(rpc.message)",
                location: step.location, details: "sent: \(name) \(params.compactText)"))
        } catch {
            throw CaseStop.error(.integration(error, at: step.location))
        }
        transcript.add("← \(name) \(answered.compactText)")
        throw CaseStop.failure(CaseFailure(
            message: "\(name) answered with a result instead of error \(code.rawValue): \(answered.compactText.prefix(120))",
            location: step.location, details: "sent: \(name) \(params.compactText)\nresult: \(answered.compactText)"))
    }
}
