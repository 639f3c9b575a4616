import CurlHTTP
import Dispatch
import Foundation
import Testing

@Suite("BlockingHTTPClientPool against a local server")
struct BlockingHTTPClientPoolTests {
    @Test func requestsOneAfterAnotherShareOneConnection() throws {
        let server = try TestHTTPServer.start()
        defer { #expect(server.stop()) }
        let pool = BlockingHTTPClientPool()
        for index in 1...20 {
            let response = try pool.send(HTTPRequest(method: "POST", url: server.baseURL + "/n/\(index)", body: Data("\(index)".utf8)))
            #expect(response.status == 200)
            #expect(response.headers["x-connection-request"] == String(index))
        }
        #expect(server.acceptedConnections == 1)
        #expect(pool.connectionsOpened == 1)
    }

    @Test func aRequestMadeWhileAnotherIsInFlightGetsAClientOfItsOwnAndDoesNotWait() throws {
        // The first request goes to a server that never answers: until that server stops, the request cannot end (its
        // limit is far away), so the second request can only be answered over a client of its own.
        let silent = try TestHTTPServer.start(.silent)
        let echo = try TestHTTPServer.start()
        defer { #expect(echo.stop()) }
        let pool = BlockingHTTPClientPool(timeouts: HTTPTimeouts(connect: .seconds(5), total: .seconds(60)))
        let first = Locked<Result<HTTPResponse, HTTPClientError>?>(nil)
        let firstEnded = DispatchSemaphore(value: 0)
        let thread = Thread {
            let result = Result { () throws(HTTPClientError) -> HTTPResponse in try pool.send(HTTPRequest(url: silent.baseURL + "/never")) }
            first.withLock { $0 = result }
            firstEnded.signal()
        }
        thread.start()
        #expect(silent.waitForAcceptedConnections(1), "the first request reached its server")

        let second = try pool.send(HTTPRequest(url: echo.baseURL + "/meanwhile"))
        #expect(second.status == 200)
        #expect(first.withLock { $0 } == nil, "the first request was still in flight when the second was answered")

        #expect(silent.stop())
        #expect(firstEnded.wait(timeout: .now() + .seconds(30)) == .success)
        guard case .failure(.transport)? = first.withLock({ $0 }) else {
            Issue.record("the first request should fail when its server goes away, got \(String(describing: first.withLock { $0 }))")
            return
        }
        #expect(pool.connectionsOpened == 2)
    }

    @Test func aClientGivenBackBeyondTheIdleLimitIsClosed() throws {
        let server = try TestHTTPServer.start()
        defer { #expect(server.stop()) }
        let pool = BlockingHTTPClientPool(idleLimit: 0)
        for _ in 1...3 { #expect(try pool.send(HTTPRequest(url: server.baseURL + "/again")).status == 200) }
        #expect(server.acceptedConnections == 3, "with nothing kept idle, every request opens a connection")
        #expect(pool.connectionsOpened == 3)
    }

    /// The reference's app sign-in, SDK service client and device channel each have limits of their own but share the
    /// process's pool: a connection one of them left open serves the others.
    @Test func poolsLimitedDifferentlyShareTheirClientsAndConnections() throws {
        let server = try TestHTTPServer.start()
        defer { #expect(server.stop()) }
        let pool = BlockingHTTPClientPool()
        let quick = pool.limited(to: HTTPTimeouts(connect: .seconds(2), total: .seconds(5)))
        #expect(quick.timeouts == HTTPTimeouts(connect: .seconds(2), total: .seconds(5)))
        for (index, sender) in [pool, quick, pool, quick].enumerated() {
            let response = try sender.send(HTTPRequest(url: server.baseURL + "/n/\(index)"))
            #expect(response.headers["x-connection-request"] == String(index + 1))
        }
        #expect(server.acceptedConnections == 1)
        #expect(pool.connectionsOpened == 1 && quick.connectionsOpened == 1)
    }

    /// A client lent to a pool with a short limit must not keep that limit for the next caller, nor the reverse.
    @Test func eachRequestRunsUnderTheLimitsOfThePoolItWasSentThrough() throws {
        let silent = try TestHTTPServer.start(.silent)
        let pool = BlockingHTTPClientPool(timeouts: HTTPTimeouts(connect: .seconds(5), total: .seconds(60)))
        let impatient = pool.limited(to: HTTPTimeouts(connect: .seconds(5), total: .milliseconds(200)))
        // The impatient pool's request gives up after its own limit, on a client the patient pool then lends again.
        #expect(throws: HTTPClientError.self) { try impatient.send(HTTPRequest(url: silent.baseURL + "/never")) }
        let patient = Locked<Result<HTTPResponse, HTTPClientError>?>(nil)
        let ended = DispatchSemaphore(value: 0)
        Thread {
            let result = Result { () throws(HTTPClientError) -> HTTPResponse in try pool.send(HTTPRequest(url: silent.baseURL + "/still-never")) }
            patient.withLock { $0 = result }
            ended.signal()
        }.start()
        #expect(silent.waitForAcceptedConnections(2), "the patient request reached the server")
        // Far past the impatient limit, the patient request is still waiting: the lent client took its pool's limits.
        #expect(ended.wait(timeout: .now() + .seconds(1)) == .timedOut)
        #expect(silent.stop())
        #expect(ended.wait(timeout: .now() + .seconds(30)) == .success)
    }
}
