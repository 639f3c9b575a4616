import AdapterProtocol

/// What a vendor's test host implements to answer the runner's requests, by method name and raw params.
///
/// Prefer ``TypedAdapterHandler``, which implements this: the request arrives decoded and the compiler checks that
/// every method is answered with its own result. This form stays for handlers that route by name themselves.
///
/// The server calls `handle` on one dedicated serial queue, one request at a time (the runner sends its next
/// request only after the previous one was answered). The handler may block, for example in
/// `AdapterServer.ask`, because answers to the integration's questions arrive on the server's reader thread.
public protocol AdapterHandler: AnyObject, Sendable {
    /// Answers one runner request. Throw an `RPCError` (e.g. `RPCError.methodNotFound`,
    /// `RPCError.invalidParams`, `RPCError.actionFailed`) to send an error response instead of a result.
    ///
    /// `shutdown` is passed to the handler too, so it can tear the integration down; once it returns, the
    /// answer is written and `AdapterServer.run()` returns.
    func handle(_ method: String, params: JSONValue, server: AdapterServer) throws(RPCError) -> JSONValue
}
