import AdapterProtocol
import ConformanceCore
import Foundation
import SuiteLoader
import Testing

/// Identities are case-insensitive and an SDK may return another casing (ENR-12, IDS-07): a conformant
/// integration that hands every account ID and UPN back in upper case must pass every suite.
@Suite(.serialized) struct IdentityCasingTests {
    @Test func everySuitePassesWhenEveryIdentityComesBackInAnotherCasing() async throws {
        let suites = try EndToEnd.loadSuites()
        let identities = Set(suites.flatMap { $0.cases.flatMap { $0.tenant.users.flatMap { [$0.objectId.lowercased(), $0.upn.lowercased()] } } })
        let changed = ChangeCounter()
        let run = try await EndToEnd.run(suites, wrap: { CasingFactory(inner: $0, identities: identities, changed: changed) })
        #expect(changed.count > 500, "the wrapper must really change identities (changed \(changed.count))")
        for result in run.result.allCases {
            #expect(result.outcome.label == EndToEnd.cleanVerdict("\(result.suiteId)/\(result.caseId)"), "\(result.suiteId)/\(result.caseId): \(result.outcome)")
        }
    }

    @Test func aFailureShowsTheRawValuesNotTheSameAliasTwice() {
        let problem = Matcher.mismatch(expected: ["accountId": "6c4f-aa"], actual: ["accountId": "6C4F-AB"], schema: RunnerMethod.sdkEnrolledAccount.resultSchema)
        #expect(problem == "accountId: expected \"6c4f-aa\", got \"6C4F-AB\"")
    }
}

/// Counts the identities the wrapper rewrote.
final class ChangeCounter: Sendable {
    private let value = LockedLines()
    func add() { value.append("") }
    var count: Int { value.all.count }
}

/// Rewrites every identity the integration sends (values and object keys) to upper case.
struct CasingFactory: SDKAdapterFactory {
    let inner: any SDKAdapterFactory
    let identities: Set<String>
    let changed: ChangeCounter
    var description: String { inner.description }

    func start(dataDirectory: String, handler: any InboundHandler) async throws(AdapterFault) -> any SDKAdapterSession {
        let session = try await inner.start(dataDirectory: dataDirectory, handler: CasingHandler(inner: handler, flip: flip))
        return CasingSession(inner: session, flip: flip)
    }

    var flip: @Sendable (JSONValue) -> JSONValue {
        { [identities, changed] value in Self.flip(value, identities, changed) }
    }

    static func flip(_ value: JSONValue, _ identities: Set<String>, _ changed: ChangeCounter) -> JSONValue {
        switch value {
        case .string(let text) where identities.contains(text.lowercased()) && text != text.uppercased():
            changed.add()
            return .string(text.uppercased())
        case .array(let items): return .array(items.map { flip($0, identities, changed) })
        case .object(let members):
            var out: [String: JSONValue] = [:]
            for (key, member) in members {
                let newKey = identities.contains(key.lowercased()) ? key.uppercased() : key
                out[newKey] = flip(member, identities, changed)
            }
            return .object(out)
        default: return value
        }
    }
}

struct CasingHandler: InboundHandler {
    let inner: any InboundHandler
    let flip: @Sendable (JSONValue) -> JSONValue
    func notification(method: String, params: JSONValue) { inner.notification(method: method, params: flip(params)) }
    func question(method: String, params: JSONValue) -> Result<JSONValue, RPCError> { inner.question(method: method, params: flip(params)) }
    func diagnostic(_ line: String) { inner.diagnostic(line) }
    func fault(_ fault: AdapterFault) { inner.fault(fault) }
}

struct CasingSession: SDKAdapterSession {
    let inner: any SDKAdapterSession
    let flip: @Sendable (JSONValue) -> JSONValue
    func request(_ method: String, params: JSONValue, timeout: Duration) async throws(AdapterFault) -> JSONValue {
        flip(try await inner.request(method, params: params, timeout: timeout))
    }
    func terminate(grace: Duration) async -> AdapterTermination { await inner.terminate(grace: grace) }
}
