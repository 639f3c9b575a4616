import AdapterProtocol

/// A handler written against the typed vocabulary: each request arrives decoded once, as a ``RunnerCall`` carrying
/// its typed params, and is answered with its own method's result.
///
/// Why a vendor would rather write this than ``AdapterHandler``: a `switch` over the call is checked by the compiler,
/// so a method left unhandled (or added to the protocol later) does not build, and answering a method with another's
/// result does not either (``RunnerRequest/reply(_:)``). The wire is the same: the server still calls the string
/// form, which this protocol implements.
///
/// ```swift
/// final class Host: TypedAdapterHandler {
///     func handle(_ call: RunnerCall, server: AdapterServer) throws(RPCError) -> RunnerReply {
///         switch call {
///         case .appSignIn(let request): return request.reply(try app.signIn(request.params))
///         case .sync(let request): return request.reply()
///         // … every other method, or `throw RPCError.unsupported(…)` for a feature area not offered
///         }
///     }
/// }
/// ```
public protocol TypedAdapterHandler: AdapterHandler {
    /// Called with the method before its params are decoded. Throw `RPCError.unsupported(capability)` for a feature
    /// area the integration does not offer, so the runner reads `-32002` (skip) whatever the params hold; the
    /// default accepts every method.
    func admit(_ method: RunnerMethod) throws(RPCError)

    /// Answers one runner request; the same threading and error rules as ``AdapterHandler/handle(_:params:server:)``.
    func handle(_ call: RunnerCall, server: AdapterServer) throws(RPCError) -> RunnerReply
}

extension TypedAdapterHandler {
    public func admit(_ method: RunnerMethod) throws(RPCError) {}

    /// Decodes the request once: `-32601` for a method the vocabulary lacks, then ``admit(_:)``, then `-32602` for
    /// params that do not fit, then the typed `handle`.
    public func handle(_ method: String, params: JSONValue, server: AdapterServer) throws(RPCError) -> JSONValue {
        guard let known = RunnerMethod(rawValue: method) else {
            throw RPCError(.methodNotFound, "unknown method \(method)")
        }
        try admit(known)
        return try handle(try RunnerCall(known, params: params), server: server).result
    }
}
