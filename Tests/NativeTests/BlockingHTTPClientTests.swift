import CurlHTTP
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("BlockingHTTPClient against a local server")
struct BlockingHTTPClientTests {
    @Test func getAndPostRoundTripHeadersAndBinaryBody() throws {
        let server = try TestHTTPServer.start()
        defer { #expect(server.stop()) }
        let client = BlockingHTTPClient()

        let get = try client.send(HTTPRequest(url: server.baseURL + "/items?q=a%20b",
                                              headers: [("X-Test", "hello"), ("X-Empty", "")]))
        #expect(get.status == 200)
        #expect(get.header("X-Echo-Method") == "GET")
        #expect(get.headers["x-echo-target"] == "/items?q=a%20b")
        #expect(get.headers["x-echo-req-x-test"] == "hello")
        #expect(get.headers["x-echo-req-x-empty"] == "")
        #expect(get.headers["x-echo-req-expect"] == nil)
        #expect(get.headers["x-multi"] == "one, two")
        #expect(get.headers.keys.allSatisfy { $0 == $0.lowercased() })
        #expect(get.body.isEmpty)

        var payload = Data("before\u{0}after é 日本 😀 ".utf8)
        payload.append(contentsOf: [0x00, 0xFF, 0xFE, 0x00, 0x0D, 0x0A])
        let post = try client.send(HTTPRequest(method: "POST", url: server.baseURL + "/echo",
                                               headers: [("Content-Type", "application/octet-stream")], body: payload))
        #expect(post.status == 200)
        #expect(post.body == payload)
        #expect(post.headers["x-echo-method"] == "POST")
        #expect(post.headers["x-echo-req-content-length"] == String(payload.count))
        #expect(post.headers["x-echo-req-content-type"] == "application/octet-stream")
        #expect(post.headers["x-echo-req-expect"] == nil)
    }

    @Test func customMethodsAndEmptyBodies() throws {
        let server = try TestHTTPServer.start()
        defer { #expect(server.stop()) }
        let client = BlockingHTTPClient()

        let patch = try client.send(.json("PATCH", server.baseURL + "/p", body: Data(#"{"a":1}"#.utf8), bearer: "t0k"))
        #expect(patch.headers["x-echo-method"] == "PATCH")
        #expect(patch.text == #"{"a":1}"#)
        #expect(patch.headers["x-echo-req-authorization"] == "Bearer t0k")
        #expect(patch.headers["x-echo-req-content-type"] == "application/json")

        let delete = try client.send(HTTPRequest(method: "DELETE", url: server.baseURL + "/d"))
        #expect(delete.headers["x-echo-method"] == "DELETE")
        #expect(delete.headers["x-echo-req-content-length"] == nil)

        let emptyPost = try client.send(HTTPRequest(method: "POST", url: server.baseURL + "/e"))
        #expect(emptyPost.headers["x-echo-req-content-length"] == "0")
        // curl's invented form Content-Type is suppressed when the caller sets none.
        #expect(emptyPost.headers["x-echo-req-content-type"] == nil)

        let get = try client.send(HTTPRequest(url: server.baseURL + "/after"))
        #expect(get.headers["x-echo-method"] == "GET")
        #expect(get.headers["x-echo-req-content-length"] == nil)
    }

    @Test func errorStatusesAreResponsesNotErrors() throws {
        let server = try TestHTTPServer.start()
        defer { #expect(server.stop()) }
        let response = try BlockingHTTPClient().send(HTTPRequest(method: "POST", url: server.baseURL + "/status/503",
                                                                 body: Data("x".utf8)))
        #expect(response.status == 503)
        #expect(response.text == "x")
    }

    @Test func hundredSequentialRequestsUseOneConnection() throws {
        let server = try TestHTTPServer.start()
        defer { #expect(server.stop()) }
        let client = BlockingHTTPClient()
        for index in 1...100 {
            let body = Data("request \(index)".utf8)
            let method = index.isMultiple(of: 2) ? "POST" : "GET"
            let response = try client.send(HTTPRequest(method: method, url: server.baseURL + "/n/\(index)",
                                                       body: method == "POST" ? body : nil))
            #expect(response.status == 200)
            #expect(response.headers["x-connection-request"] == String(index))
        }
        #expect(server.acceptedConnections == 1)
        #expect(server.requestsServed == 100)
        #expect(client.connectionsOpened == 1)
    }

    @Test func connectionRefusedIsTransportError7NamingTheURL() throws {
        // A socket that is bound but not listening: the port cannot be taken by anyone else, and a
        // connection to it is refused.
        let (fd, port) = try TestHTTPServer.bindLoopback()
        defer { close(fd) }
        let url = "http://127.0.0.1:\(port)/refused"
        let client = BlockingHTTPClient()

        let error = #expect(throws: HTTPClientError.self) { try client.send(HTTPRequest(url: url)) }
        guard case let .transport(code, message, method, failedURL)? = error else {
            Issue.record("expected .transport, got \(String(describing: error))")
            return
        }
        #expect(code == 7)
        #expect(method == "GET")
        #expect(failedURL == url)
        #expect(!message.isEmpty)
        #expect(error?.description.contains(url) == true)
        #expect(client.connectionsOpened == 0)

        // The same handle still works afterwards (every option is set again per request).
        let server = try TestHTTPServer.start()
        defer { #expect(server.stop()) }
        #expect(try client.send(HTTPRequest(url: server.baseURL + "/ok")).status == 200)
    }

    @Test func totalTimeoutIsTransportError28() throws {
        let server = try TestHTTPServer.start(.silent)
        defer { #expect(server.stop()) }
        let client = BlockingHTTPClient(timeouts: HTTPTimeouts(connect: .seconds(5), total: .milliseconds(300)))
        let url = server.baseURL + "/never"

        let clock = ContinuousClock()
        let started = clock.now
        let error = #expect(throws: HTTPClientError.self) { try client.send(HTTPRequest(url: url)) }
        let elapsed = clock.now - started

        guard case let .transport(code, _, _, failedURL)? = error else {
            Issue.record("expected .transport, got \(String(describing: error))")
            return
        }
        #expect(code == 28)
        #expect(failedURL == url)
        #expect(elapsed >= .milliseconds(250))
        // A bound a hundred times the limit: it catches a limit read in the wrong unit, not a slow machine.
        #expect(elapsed < .seconds(30), "took \(elapsed) for a 300 ms limit")
        #expect(server.acceptedConnections == 1)
        // curl closes the timed-out connection, which ends the server's blocking read: no timers involved.
        #expect(server.waitUntilAllConnectionsClosed())
    }

    @Test func invalidRequestsAreRejectedBeforeSending() throws {
        let server = try TestHTTPServer.start()
        defer { #expect(server.stop()) }
        let client = BlockingHTTPClient()
        let bad: [HTTPRequest] = [
            HTTPRequest(url: server.baseURL, headers: [("X-Bad", "a\r\nInjected: yes")]),
            HTTPRequest(url: server.baseURL, headers: [("Bad Name", "v")]),
            HTTPRequest(method: "GE T", url: server.baseURL),
            HTTPRequest(url: server.baseURL + "/\u{0}x"),
            HTTPRequest(url: ""),
        ]
        for request in bad {
            let error = #expect(throws: HTTPClientError.self) { try client.send(request) }
            guard case .invalidRequest? = error else {
                Issue.record("expected .invalidRequest, got \(String(describing: error))")
                continue
            }
        }
        #expect(server.acceptedConnections == 0)
    }
}
