/// One runner request, typed: its method, the params it carries and the result it is answered with, bound once.
///
/// Several methods share a params type (`AccountParams`, `Empty`), so the binding is a type per method
/// (`AppSignOutRequest`, `SDKPolicyRequest`, …, in `RunnerRequests.swift`) rather than the params types themselves.
/// `RunnerMethod.requestType` maps every method to its type, and `paramsType`, `resultType` and the schemas are read
/// off it, so nothing else can pair a method with other types. On the wire a request is only its params: the
/// typed form changes nothing there.
public protocol RunnerRequest: Sendable, Hashable {
    associatedtype Params: Codable & Sendable & Hashable
    associatedtype Result: Codable & Sendable
    /// The method this type is the request of.
    static var method: RunnerMethod { get }
    var params: Params { get }
    init(_ params: Params)
}

extension RunnerRequest {
    public var method: RunnerMethod { Self.method }

    /// The request from its params on the wire, or the protocol's `-32602` naming the member at fault.
    public init(decoding params: JSONValue) throws(RPCError) {
        self.init(try params.params(Params.self))
    }

    /// The params type, for tables read off the request type (`RunnerMethod.paramsType`).
    public static var paramsType: any (Codable & Sendable).Type { Params.self }
    /// The result type.
    public static var resultType: any (Codable & Sendable).Type { Result.self }

    /// The params as they go on the wire.
    public var encodedParams: JSONValue { JSONValue(encoding: params) }

    /// The answer to this request. Only a `Result` of this method fits, so a handler cannot answer one method with
    /// another's result.
    public func reply(_ result: Result) -> RunnerReply { RunnerReply(result: JSONValue(encoding: result)) }

    /// The integration's answer read as this method's result.
    public static func result(from answer: JSONValue) throws(WireDecodingError) -> Result {
        try answer.decode(as: Result.self)
    }
}

extension RunnerRequest where Params == Empty {
    /// A request without params (`sync`, `app.launch`, `sdk.identity`, …).
    public init() { self.init(Empty()) }
}

extension RunnerRequest where Result == Empty {
    /// The empty answer of a request that returns nothing but its completion.
    public func reply() -> RunnerReply { reply(Empty()) }
}

/// A typed handler's answer to one request: made only by ``RunnerRequest/reply(_:)``, so it is always the result
/// type of the request it answers.
public struct RunnerReply: Sendable, Hashable {
    /// The result as it goes on the wire.
    public let result: JSONValue

    init(result: JSONValue) { self.result = result }
}
