import AdapterProtocol
import ConformanceCore
import Synchronization
import Testing

/// The runner's own requests go out as their request types say and come back as their method's result.
struct TypedSendTests {
    /// Answers every request with one canned answer and keeps what it was sent.
    final class CannedSession: SDKAdapterSession {
        struct Sent: Sendable {
            let method: String
            let params: JSONValue
        }

        let answer: JSONValue
        let sent = Mutex<[Sent]>([])
        init(answer: JSONValue) { self.answer = answer }

        func request(_ method: String, params: JSONValue, timeout: Duration) async throws(AdapterFault) -> JSONValue {
            sent.withLock { $0.append(Sent(method: method, params: params)) }
            return answer
        }

        func terminate(grace: Duration) async -> AdapterTermination { AdapterTermination(exitDescription: "", stderrTail: []) }
    }

    @Test func aRequestGoesOutAsItsMethodAndParamsAndItsAnswerComesBackTyped() async throws {
        let session = CannedSession(answer: ["now": "2026-01-01T08:00:00Z"])
        let result = try await session.send(ClockAdvanceRequest(ClockAdvanceParams(seconds: 5)), timeout: .seconds(1))
        #expect(result == ClockAdvanceResult(now: "2026-01-01T08:00:00Z"))
        let sent = session.sent.withLock { $0 }
        #expect(sent.map(\.method) == [RunnerMethod.clockAdvance.rawValue])
        #expect(sent.map(\.params) == [["seconds": 5]])
    }

    @Test func anAnswerThatDoesNotFitIsAProtocolViolationNamingTheMethodTheMemberAndTheAnswer() async throws {
        let session = CannedSession(answer: ["now": 5])
        do {
            _ = try await session.send(ClockAdvanceRequest(ClockAdvanceParams(seconds: 5)), timeout: .seconds(1))
            Issue.record("an unfit answer was accepted")
        } catch {
            guard case .protocolViolation(let why) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(why == "the \(RunnerMethod.clockAdvance.rawValue) answer does not fit the protocol: parameter \"now\" must be a string (answer: {\"now\":5})")
        }
    }
}
