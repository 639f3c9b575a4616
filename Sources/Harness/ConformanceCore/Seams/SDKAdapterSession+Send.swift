import AdapterProtocol

extension SDKAdapterSession {
    /// Sends one of the runner's own requests (`initialize`, `reset`, `sync`, …) and reads the answer as its method's
    /// result: the method, the params and the result type come from the request type (``RunnerRequest``), so no
    /// caller can pair a method with another's params or misread its answer. Steps a suite scripts stay untyped
    /// (`request(_:params:timeout:)`): their params come from YAML and their results are matched as JSON.
    ///
    /// An answer that does not fit the result type is a `protocolViolation` naming the method and the member at fault.
    public func send<Request: RunnerRequest>(_ request: Request, timeout: Duration) async throws(AdapterFault) -> Request.Result {
        let answer = try await self.request(Request.method.rawValue, params: request.encodedParams, timeout: timeout)
        do { return try Request.result(from: answer) } catch {
            throw .protocolViolation("the \(Request.method.rawValue) answer does not fit the protocol: \(error) (answer: \(answer.compactText))")
        }
    }
}
