import AdapterKit
import AdapterProtocol
import Foundation
import Testing

@Suite("AdapterKit server")
struct AdapterKitServerTests {
    @Test("a request gets its handler's result, an unknown method its error, shutdown ends run")
    func requestResponse() async throws {
        try await onDedicatedThread { () throws in
            let peer = AdapterKitTestPeer(handler: ClosureHandler { method, params, _ throws(RPCError) in
                switch method {
                case "echo": return params
                case RunnerMethod.shutdown.rawValue: return [:]
                default: throw RPCError(code: RPCError.methodNotFound, message: "unknown method \(method)")
                }
            })
            peer.request(1, "echo", ["x": 1, "s": "a"])
            #expect(try peer.next() == .response(id: .number(1), result: ["x": 1, "s": "a"]))
            peer.request(2, "nope")
            guard case .errorResponse(let id, let error) = try peer.next() else {
                Issue.record("expected an error response"); return
            }
            #expect(id == .number(2))
            #expect(error.code == RPCError.methodNotFound)
            peer.request(3, RunnerMethod.shutdown.rawValue)
            #expect(try peer.next() == .response(id: .number(3), result: [:]))
            #expect(peer.waitForRunToEnd())
            // A request arriving after shutdown still gets its one response.
            peer.request(4, "echo", ["late": true])
            guard case .errorResponse(let lateID, let lateError) = try peer.next() else {
                Issue.record("expected an error response after shutdown"); return
            }
            #expect(lateID == .number(4))
            #expect(lateError.code == RPCError.invalidRequest)
        }
    }

    @Test("notifications keep their order and arrive before the response of the request that sent them")
    func notificationOrder() async throws {
        try await onDedicatedThread { () throws in
            let peer = AdapterKitTestPeer(handler: ClosureHandler { _, _, server throws(RPCError) in
                for i in 0..<200 { server.notify(method: "event.app", params: ["seq": .number(Double(i))]) }
                return "done"
            })
            peer.request(7, "burst")
            for i in 0..<200 {
                #expect(try peer.next() == .notification(method: "event.app", params: ["seq": .number(Double(i))]))
            }
            #expect(try peer.next() == .response(id: .number(7), result: "done"))
        }
    }

    @Test("lines written from many threads at once never interleave")
    func concurrentWriters() async throws {
        try await onDedicatedThread { () throws in
            let peer = AdapterKitTestPeer(handler: ClosureHandler { _, _, _ throws(RPCError) in [:] })
            let padding = JSONValue.string(String(repeating: "x", count: 5000))
            // Written from other threads while this one reads: the lines exceed the pipe's buffer.
            let server = peer.server
            Thread {
                DispatchQueue.concurrentPerform(iterations: 8) { writer in
                    for i in 0..<25 {
                        server.notify(method: "log", params: ["w": .number(Double(writer)), "i": .number(Double(i)), "pad": padding])
                    }
                }
            }.start()
            var lastSeen: [Int: Int] = [:]
            for _ in 0..<(8 * 25) {
                guard case .notification(_, let params) = try peer.next(), let w = params["w"]?.intValue,
                      let i = params["i"]?.intValue else {
                    Issue.record("expected a whole notification line"); return
                }
                #expect(i == (lastSeen[w] ?? -1) + 1, "writer \(w) lines out of order")
                lastSeen[w] = i
            }
        }
    }

    @Test("a handler may block in ask while the answer arrives on the reader thread")
    func askWhileHandlerBlocks() async throws {
        try await onDedicatedThread { () throws in
            let peer = AdapterKitTestPeer(handler: ClosureHandler { method, _, server throws(RPCError) in
                do {
                    let answer = try server.ask(method: Question.pinEntry.rawValue, params: ["accountId": "a1"], timeout: .seconds(5))
                    return ["pin": answer["pin"] ?? .null]
                } catch {
                    throw RPCError(code: RPCError.actionFailed, message: "\(error)")
                }
            })
            peer.request(1, "app.launch")
            guard case .request(let qid, let method, let params) = try peer.next() else {
                Issue.record("expected a question"); return
            }
            #expect(method == Question.pinEntry.rawValue)
            #expect(params == ["accountId": "a1"])
            peer.send(.response(id: qid, result: ["pin": "1234"]))
            #expect(try peer.next() == .response(id: .number(1), result: ["pin": "1234"]))

            // An error answer reaches the asker as an error.
            peer.request(2, "app.launch")
            guard case .request(let qid2, _, _) = try peer.next() else { Issue.record("expected a question"); return }
            #expect(qid2 != qid)
            peer.send(.errorResponse(id: qid2, error: RPCError(code: RPCError.noScriptedAnswer, message: "no answer")))
            guard case .errorResponse(let id, let error) = try peer.next() else {
                Issue.record("expected an error response"); return
            }
            #expect(id == .number(2))
            #expect(error.code == RPCError.actionFailed)
            #expect(error.message.contains("-32001"))
        }
    }

    @Test("ask times out when the runner does not answer, and a late answer is ignored")
    func askTimeout() async throws {
        try await onDedicatedThread { () throws in
            let peer = AdapterKitTestPeer(handler: ClosureHandler { _, _, server throws(RPCError) in
                do {
                    _ = try server.ask(method: Question.signIn.rawValue, timeout: .milliseconds(200))
                    return "answered"
                } catch {
                    return .string("\(error)")
                }
            })
            peer.request(1, "app.signIn")
            guard case .request(let qid, _, _) = try peer.next() else { Issue.record("expected a question"); return }
            guard case .response(_, let result) = try peer.next() else { Issue.record("expected a response"); return }
            #expect(result.stringValue?.contains("within") == true)
            peer.send(.response(id: qid, result: [:]))
            peer.request(2, "app.signIn")
            guard case .request = try peer.next() else { Issue.record("expected a second question"); return }
        }
    }

    @Test("a malformed line gets a parse error response and the server keeps serving")
    func malformedLine() async throws {
        try await onDedicatedThread { () throws in
            let peer = AdapterKitTestPeer(handler: ClosureHandler { _, _, _ throws(RPCError) in "ok" })
            peer.sendRaw(Data("{not json\n".utf8))
            guard case .errorResponse(let id, let error) = try peer.next() else {
                Issue.record("expected an error response"); return
            }
            #expect(id == nil)
            #expect(error.code == RPCError.parseError)
            peer.sendRaw(Data("{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"x\"}\n".utf8))
            guard case .errorResponse(_, let error2) = try peer.next() else {
                Issue.record("expected an error response"); return
            }
            #expect(error2.code == RPCError.invalidRequest)
            peer.request(5, "app.state")
            #expect(try peer.next() == .response(id: .number(5), result: "ok"))
        }
    }

    @Test("a line over the limit is skipped with an error and the next line is served")
    func overlongLine() async throws {
        try await onDedicatedThread { () throws in
            let peer = AdapterKitTestPeer(handler: ClosureHandler { _, _, _ throws(RPCError) in "ok" }, lineLimit: 256)
            // Sent in pieces larger than the limit, so the server must drop it as it goes.
            let big = Data(repeating: UInt8(ascii: "a"), count: 100_000)
            peer.sendRaw(big)
            peer.sendRaw(big)
            peer.sendRaw(Data("\n".utf8))
            guard case .errorResponse(let id, let error) = try peer.next() else {
                Issue.record("expected an error response"); return
            }
            #expect(id == nil)
            #expect(error.code == RPCError.invalidRequest)
            #expect(error.message.contains("200000"))
            peer.request(9, "app.state")
            #expect(try peer.next() == .response(id: .number(9), result: "ok"))
        }
    }

    @Test("a request read just before the input ends is answered before run returns")
    func answersBeforeReturningAtEndOfInput() async throws {
        try await onDedicatedThread { () throws in
            let entered = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let peer = AdapterKitTestPeer(handler: ClosureHandler { method, _, _ throws(RPCError) in
                if method == "shutdown" {
                    entered.signal()
                    _ = release.wait(timeout: .now() + 10)
                }
                return [:]
            })
            peer.request(0, "shutdown")
            #expect(entered.wait(timeout: .now() + 5) == .success)
            peer.closeInput()
            #expect(!peer.waitForRunToEnd(seconds: 0.3), "run returned while the shutdown was still being answered")
            release.signal()
            #expect(peer.waitForRunToEnd())
            #expect(try peer.next(seconds: 1) == .response(id: .number(0), result: [:]))
        }
    }

    @Test("end of input ends run and fails a question still waiting")
    func eofEndsRun() async throws {
        try await onDedicatedThread { () throws in
            let outcome = TestBox<String?>(nil)
            let asked = DispatchSemaphore(value: 0)
            let peer = AdapterKitTestPeer(handler: ClosureHandler { _, _, server throws(RPCError) in
                do {
                    _ = try server.ask(method: Question.restartApplication.rawValue, timeout: .seconds(30))
                    outcome.set("answered")
                } catch {
                    outcome.set("\(error)")
                }
                asked.signal()
                return [:]
            })
            peer.request(1, "sync")
            guard case .request = try peer.next() else { Issue.record("expected a question"); return }
            peer.closeInput()
            #expect(peer.waitForRunToEnd())
            #expect(asked.wait(timeout: .now() + 5) == .success)
            #expect(outcome.get()?.contains("input closed") == true)
        }
    }
}

/// A tiny lock box for test bookkeeping across threads.
final class TestBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func get() -> Value { lock.lock(); defer { lock.unlock() }; return value }
    func set(_ newValue: Value) { lock.lock(); defer { lock.unlock() }; value = newValue }
    func update(_ body: (inout Value) -> Void) { lock.lock(); defer { lock.unlock() }; body(&value) }
}
