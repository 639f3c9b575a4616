import AdapterKit
import AdapterProtocol
import Testing

/// A typed handler answers on the wire as the string-based one does: the same errors in the same order (unknown
/// method, then a feature area not offered, then params that do not fit), and its method's result.
struct TypedAdapterHandlerTests {
    /// Offers `sdk.isManaged` and no clipboard.
    final class ManagedOnly: TypedAdapterHandler {
        func admit(_ method: RunnerMethod) throws(RPCError) {
            if method.capability == .clipboard { throw RPCError.unsupported(.clipboard) }
        }

        func handle(_ call: RunnerCall, server: AdapterServer) throws(RPCError) -> RunnerReply {
            switch call {
            case .sdkIsManaged(let request): return request.reply(ManagedResult(managed: request.params.accountId == AccountID("a-1")))
            default: throw RPCError(.actionFailed, "not in this test")
            }
        }
    }

    @Test(arguments: [
        (RunnerMethod.sdkIsManaged.rawValue, ["accountId": "a-1"] as JSONValue, Result<JSONValue, RPCError>.success(["managed": true])),
        ("sdk.noSuchMethod", [:] as JSONValue, .failure(RPCError(.methodNotFound, "unknown method sdk.noSuchMethod"))),
        // The feature area is refused before the params are read: -32002, whatever they hold.
        (RunnerMethod.appPaste.rawValue, ["accountId": 42] as JSONValue, .failure(RPCError.unsupported(.clipboard))),
        (RunnerMethod.sdkIsManaged.rawValue, ["accountId": 42] as JSONValue, .failure(RPCError(.invalidParams, "parameter \"accountId\" must be a string"))),
    ])
    func aRequestIsAnsweredWithItsResultOrTheProtocolsErrorInOrder(method: String, params: JSONValue, expected: Result<JSONValue, RPCError>) {
        let server = AdapterServer(input: -1, output: -1, diagnostics: { _ in })
        let answer: Result<JSONValue, RPCError>
        do throws(RPCError) { answer = .success(try ManagedOnly().handle(method, params: params, server: server)) } catch {
            answer = .failure(error)
        }
        #expect(answer == expected)
    }
}
