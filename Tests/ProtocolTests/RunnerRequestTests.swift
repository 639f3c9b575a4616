import AdapterProtocol
import Foundation
import Testing

/// The typed requests bind each method to its params and result once; the wire stays what it was.
struct RunnerRequestTests {
    @Test(arguments: RunnerMethod.allCases)
    func everyMethodsRequestTypeNamesThatMethod(method: RunnerMethod) {
        #expect(method.requestType.method == method)
    }

    @Test func aRequestWithoutParamsDecodesIntoItsOwnCaseForEveryMethodThatTakesNone() throws {
        let parameterless = RunnerMethod.allCases.filter { $0.paramsType == Empty.self }
        #expect(parameterless.contains(.sync) && parameterless.contains(.sdkIdentity))
        for method in parameterless {
            #expect(try RunnerCall(method, params: [:]).method == method)
        }
    }

    @Test func aDecodedRequestCarriesItsTypedParams() throws {
        let call = try RunnerCall(method: RunnerMethod.sdkDeregisterAndUnenroll.rawValue, params: ["accountId": "a-1", "wipe": true])
        guard case .sdkDeregisterAndUnenroll(let request) = call else {
            Issue.record("decoded as \(call)")
            return
        }
        #expect(request.params == DeregisterParams(accountId: AccountID("a-1"), wipe: true))
    }

    @Test(arguments: [
        ("no.such.method", ["accountId": "a"] as JSONValue, RPCError(.methodNotFound, "unknown method no.such.method")),
        (RunnerMethod.appSignOut.rawValue, [:] as JSONValue, RPCError(.invalidParams, "parameter \"accountId\" is missing")),
        (RunnerMethod.clockAdvance.rawValue, ["seconds": "soon"] as JSONValue, RPCError(.invalidParams, "parameter \"seconds\" must be a number")),
    ])
    func anUnknownMethodOrUnfitParamsAreTheProtocolsErrors(method: String, params: JSONValue, error: RPCError) {
        #expect(throws: error) { try RunnerCall(method: method, params: params) }
    }

    @Test func theWireFormIsTheParamsAndTheResultAlone() {
        let request = SDKIsManagedRequest(AccountParams(accountId: AccountID("a-1")))
        #expect(request.encodedParams == JSONValue(encoding: AccountParams(accountId: AccountID("a-1"))))
        #expect(request.reply(ManagedResult(managed: true)).result == ["managed": true])
        #expect(SyncRequest().reply().result == [:])
    }

    @Test func anAnswerIsReadAsTheMethodsResultOrNamesTheMemberAtFault() throws {
        #expect(try ClockAdvanceRequest.result(from: ["now": "2026-01-01T00:00:00Z"]) == ClockAdvanceResult(now: "2026-01-01T00:00:00Z"))
        #expect(throws: WireDecodingError.self) { try ClockAdvanceRequest.result(from: ["now": 5]) }
    }

    /// A `default:` in a table over the methods would let a new method through unclassified (an action without a
    /// capability, say); every table lists every method.
    @Test func theMethodTablesHaveNoDefaultBranch() throws {
        var folder = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { folder.deleteLastPathComponent() }
        let vocabulary = folder.appendingPathComponent("Sources/Protocol/AdapterProtocol/Vocabulary")
        for file in ["RunnerMethod.swift", "ProtocolHistory.swift", "RunnerCall.swift"] {
            let text = try String(contentsOf: vocabulary.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("default:"), "\(file) has a default branch")
        }
    }
}
