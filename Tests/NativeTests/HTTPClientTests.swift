import CurlHTTP
import Foundation
import TestSupport
import Testing

@Suite("HTTPClient (actor on its own queue)")
struct HTTPClientTests {
    @Test func manyConcurrentTasksShareOneConnection() async throws {
        let server = try TestHTTPServer.start()
        defer { #expect(server.stop()) }
        let client = HTTPClient(label: "test.http.concurrent")
        let url = server.baseURL + "/concurrent"

        let results = await withTaskGroup(of: Bool.self, returning: [Bool].self) { group in
            for index in 0..<64 {
                group.addTask {
                    let body = Data("task \(index) \u{0} ü".utf8)
                    do {
                        let response = try await client.send(HTTPRequest(method: "POST", url: url, body: body))
                        return response.status == 200 && response.body == body
                    } catch {
                        return false
                    }
                }
            }
            var all: [Bool] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 64)
        #expect(results.allSatisfy { $0 })
        #expect(server.acceptedConnections == 1)
        #expect(await client.connectionsOpened == 1)
    }

    @Test func errorsAreTypedAndTheClientRecovers() async throws {
        let (fd, port) = try TestHTTPServer.bindLoopback()
        defer { close(fd) }
        let client = HTTPClient()
        do {
            _ = try await client.send(HTTPRequest(url: "http://127.0.0.1:\(port)/"))
            Issue.record("expected a transport error")
        } catch {
            guard case let .transport(code, _, _, _) = error else {
                Issue.record("expected .transport, got \(error)")
                return
            }
            #expect(code == 7)
        }
        let server = try TestHTTPServer.start()
        defer { #expect(server.stop()) }
        #expect(try await client.send(HTTPRequest(url: server.baseURL)).status == 200)
    }

    /// Blocked transfers must not occupy Swift's cooperative pool: with three clients stuck on a server
    /// that never answers, a fourth request still completes before any of the stuck ones time out.
    /// (If `curl_easy_perform` ran on the pool, which has two threads on CI, it could not.) The stuck ones give up
    /// after 6 s, a margin a loaded machine needs for the free one.
    @Test func blockedTransfersDoNotStarveTheConcurrencyPool() async throws {
        let silent = try TestHTTPServer.start(.silent)
        defer { #expect(silent.stop()) }
        let echo = try TestHTTPServer.start()
        defer { #expect(echo.stop()) }
        let events = Locked<[String]>([])
        // The stuck requests' limit only has to outlast the free request on a loaded machine: the order is the
        // point, not how soon they give up.
        let stuck = (0..<3).map { HTTPClient(label: "test.http.stuck.\($0)",
                                             timeouts: HTTPTimeouts(connect: .seconds(20), total: .seconds(20))) }
        let free = HTTPClient(label: "test.http.free")

        await withTaskGroup(of: Void.self) { group in
            for client in stuck {
                group.addTask {
                    let outcome: String
                    do throws(HTTPClientError) {
                        _ = try await client.send(HTTPRequest(url: silent.baseURL + "/hang"))
                        outcome = "stuck: answered"
                    } catch {
                        if case let .transport(code, _, _, _) = error {
                            outcome = "stuck: \(code)"
                        } else {
                            outcome = "stuck: \(error)"
                        }
                    }
                    events.withLock { $0.append(outcome) }
                }
            }
            group.addTask {
                // Wait for the event "all three stuck requests are connected" (with a deadline), on a
                // plain thread so that the wait itself does not hold a pool thread.
                let allStuck = await offPool { silent.waitForAcceptedConnections(3) }
                #expect(allStuck)
                let status = (try? await free.send(HTTPRequest(url: echo.baseURL + "/free")))?.status ?? -1
                events.withLock { $0.append("free: \(status)") }
            }
        }
        let order = events.withLock { $0 }
        #expect(order.count == 4)
        #expect(order.first == "free: 200", "completion order: \(order)")
        #expect(order.filter { $0 == "stuck: 28" }.count == 3, "completion order: \(order)")
    }
}
